import Testing
@testable import TrackctlCore

/// The alignment and the ignore patterns behind `trackctl diff` (SPEC §13).
@Suite("Stream diff")
struct StreamDiffTests {
    private func calls(_ lines: [String]) throws -> [EventCall] {
        try lines.enumerated().map { index, line in
            var parser = JSONDocumentReader(bytes: Array(line.utf8), start: 0)
            return EventCall(line: index + 1, value: try parser.read())
        }
    }

    private func track(_ name: String, _ properties: String = "{}") -> String {
        "{\"type\":\"track\",\"event\":\"\(name)\",\"properties\":\(properties)}"
    }

    @Test func aLongestCommonSubsequenceAlignsTheCalls() {
        // A B C D against A C B D: three aligned, one left on each side.
        #expect(Alignment.commonSubsequence([0, 1, 2, 3], [0, 2, 1, 3]).count == 3)
        #expect(Alignment.commonSubsequence([], [1]).isEmpty)
        #expect(Alignment.commonSubsequence([1, 2, 3], [1, 2, 3]).map { [$0.0, $0.1] } == [[0, 0], [1, 1], [2, 2]])
        #expect(Alignment.commonSubsequence([5, 1, 2, 9], [1, 2]).map { [$0.0, $0.1] } == [[1, 0], [2, 1]])
    }

    @Test func eachKindOfDifferenceIsNamedWithBothLines() throws {
        let expected = try calls([track("A"), track("B"), track("C", "{\"n\":1}"), track("D"), track("E")])
        // E is a track; where it was, a screen came: not the same call renamed.
        let actual = try calls([track("B"), track("A"), track("C", "{\"n\":2}"), track("Renamed"), "{\"type\":\"screen\",\"name\":\"X\"}"])
        let diff = StreamDiff(expected: expected, actual: actual, ignoring: .none)
        let summary = diff.differences.map { "\($0.kind.rawValue) \($0.expected?.line ?? 0) \($0.actual?.line ?? 0)" }
        #expect(summary == ["moved 1 2", "changed 3 3", "changed 4 4", "extra 0 5", "missing 5 0"])
        #expect(diff.differences[1].changes.map(\.path) == ["properties.n"])
        #expect(diff.differences[2].changes.map(\.path) == ["event"])
        #expect(diff.same == 1)
    }

    @Test func unorderedStreamsCompareAsMultisets() throws {
        let expected = try calls([track("A"), track("B"), track("B")])
        let actual = try calls([track("B"), track("A"), track("B")])
        #expect(StreamDiff(expected: expected, actual: actual, ignoring: .none, unordered: true).isEmpty)
        #expect(!StreamDiff(expected: expected, actual: actual, ignoring: .none).isEmpty)
        let fewer = try calls([track("B"), track("A")])
        #expect(StreamDiff(expected: expected, actual: fewer, ignoring: .none, unordered: true).differences.map(\.kind) == [.missing])
    }

    @Test func ignoredPathsTakeTheirSubtreesAndStars() {
        let ignored = IgnoredPaths(["messageId", "context.library", "properties.*.id"])
        #expect(ignored.contains("messageId"))
        #expect(ignored.contains("context.library.version"))
        #expect(ignored.contains("properties.cart.id"))
        #expect(!ignored.contains("properties.cart.total"))
        #expect(!ignored.contains("context"))
        #expect(!ignored.contains("messageIdentifier"))
    }

    @Test func numbersCompareByValueAndKeyOrderDoesNotMatter() throws {
        let expected = try calls(["{\"type\":\"track\",\"event\":\"A\",\"properties\":{\"n\":10,\"m\":\"x\"}}"])
        let actual = try calls(["{\"properties\":{\"m\":\"x\",\"n\":10.0},\"event\":\"A\",\"type\":\"track\"}"])
        #expect(StreamDiff(expected: expected, actual: actual, ignoring: .none).isEmpty)
        #expect(StreamDiff(expected: expected, actual: actual, ignoring: .none, unordered: true).isEmpty)
    }
}
