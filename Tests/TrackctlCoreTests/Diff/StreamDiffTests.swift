import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The alignment and the ignore patterns behind `trackctl diff` (SPEC §13).
@Suite("Stream diff")
struct StreamDiffTests {
    private func diff(
        _ expected: [String], _ actual: [String], ignoring: [String] = [], allKeys: Bool = false,
        unordered: Bool = false
    ) throws -> StreamDiff {
        StreamDiff(
            try EventStreamReader.read(
                expectedLines: expected, actualLines: actual, ignoring: ignoring, allKeys: allKeys),
            unordered: unordered)
    }

    private func track(_ name: String, _ properties: String = "{}") -> String {
        "{\"type\":\"track\",\"event\":\"\(name)\",\"properties\":\(properties)}"
    }

    private func summary(_ diff: StreamDiff) -> [String] {
        diff.differences.map { "\($0.kind.rawValue) \($0.expected?.line ?? 0) \($0.actual?.line ?? 0)" }
    }

    @Test func aLongestCommonSubsequenceAlignsTheCalls() {
        // A B C D against A C B D: three aligned, one left on each side.
        #expect(SequenceAlignment.commonSubsequence([0, 1, 2, 3], [0, 2, 1, 3]).count == 3)
        #expect(SequenceAlignment.commonSubsequence([], [1]).isEmpty)
        #expect(
            SequenceAlignment.commonSubsequence([1, 2, 3], [1, 2, 3]).map { [$0.0, $0.1] } == [[0, 0], [1, 1], [2, 2]])
        #expect(SequenceAlignment.commonSubsequence([5, 1, 2, 9], [1, 2]).map { [$0.0, $0.1] } == [[1, 0], [2, 1]])
    }

    /// Myers' alignment is a longest common subsequence: on random sequences of few symbols
    /// (many repeats, many edits) it pairs as many as the dynamic-programming table says, each
    /// pair equal and in order on both sides.
    @Test func theAlignmentIsAsLongAsTheTablesLongest() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<300 {
            let left = (0..<Int(random.next() % 40)).map { _ in random.next() % 4 }
            let right = (0..<Int(random.next() % 40)).map { _ in random.next() % 4 }
            let pairs = SequenceAlignment.commonSubsequence(left, right)
            #expect(pairs.count == Self.tableLength(left, right), "\(left) \(right)")
            #expect(pairs.allSatisfy { left[$0.0] == right[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
        }
    }

    private static func tableLength(_ left: [UInt64], _ right: [UInt64]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                table[i][j] = left[i] == right[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test func eachKindOfDifferenceIsNamedWithBothLines() throws {
        let expected = [track("A"), track("B"), track("C", "{\"n\":1}"), track("D"), track("E")]
        // E is a track; where it was, a screen came: not the same call renamed.
        let actual = [
            track("B"), track("A"), track("C", "{\"n\":2}"), track("Renamed"), "{\"type\":\"screen\",\"name\":\"X\"}"
        ]
        let result = try diff(expected, actual)
        #expect(summary(result) == ["moved 1 2", "changed 3 3", "changed 4 4", "extra 0 5", "missing 5 0"])
        #expect(result.differences[1].changes.map(\.path) == ["properties.n"])
        #expect(result.differences[2].changes.map(\.path) == ["event"])
        #expect(result.same == 1)
    }

    /// The review's case (2026-11-25, simulate-diff §4): past a few thousand calls the old table
    /// gave up and one dropped call made every later call of its name "moved".
    @Test func oneDroppedCallInALongStreamIsOneMissingCall() throws {
        let expected = (0..<20_000).map { track("Step", "{\"n\":\($0 % 7)}") }
        var actual = expected
        actual.remove(at: 3_000)
        actual[15_000] = track("Step", "{\"n\":99}")
        let result = try diff(expected, actual)
        #expect(summary(result) == ["missing 3001 0", "changed 15002 15001"])
        #expect(result.same == 19_998)
    }

    /// Of two calls of one name, one dropped and one changed, the dropped one is called missing.
    @Test func theAlikeCallPairsAndTheDroppedOneIsMissing() throws {
        let expected = [
            track("Home"), track("Buy", "{\"sku\":\"a\",\"n\":1}"), track("Buy", "{\"sku\":\"b\",\"n\":1}"),
            track("End")
        ]
        let actual = [track("Home"), track("Buy", "{\"sku\":\"b\",\"n\":2}"), track("End")]
        #expect(summary(try diff(expected, actual)) == ["missing 2 0", "changed 3 2"])
        #expect(summary(try diff(expected, actual, unordered: true)) == ["missing 2 0", "changed 3 2"])
    }

    @Test func unorderedStreamsCompareAsMultisets() throws {
        let expected = [track("A"), track("B"), track("B")]
        let actual = [track("B"), track("A"), track("B")]
        #expect(try diff(expected, actual, unordered: true).isEmpty)
        #expect(try !diff(expected, actual).isEmpty)
        let fewer = [track("B"), track("A")]
        #expect(try diff(expected, fewer, unordered: true).differences.map(\.kind) == [.missing])
        // A call of another name is never paired with a leftover one.
        #expect(
            summary(try diff([track("A"), track("B")], [track("A"), track("C")], unordered: true)) == [
                "extra 0 2", "missing 2 0"
            ])
    }

    @Test func ignoredPathsTakeTheirSubtreesAndStars() {
        let ignored = IgnoredPaths(["messageId", "context.library", "properties.*.id", "properties.items[*].sku"])
        #expect(ignored.contains("messageId"))
        #expect(ignored.contains("context.library.version"))
        #expect(ignored.contains("properties.cart.id"))
        #expect(!ignored.contains("properties.cart.total"))
        #expect(!ignored.contains("context"))
        #expect(!ignored.contains("messageIdentifier"))
        #expect(ignored.contains("properties.items[0].sku"))
        #expect(ignored.contains("properties.items[12].sku"))
        #expect(!ignored.contains("properties.items[0].price"))
        #expect(!ignored.contains("properties.items"))
    }

    @Test func numbersCompareByValueAndKeyOrderDoesNotMatter() throws {
        let expected = ["{\"type\":\"track\",\"event\":\"A\",\"properties\":{\"n\":10,\"m\":\"x\",\"z\":-0}}"]
        let actual = ["{\"properties\":{\"m\":\"\\u0078\",\"z\":0.0,\"n\":10.0},\"event\":\"A\",\"type\":\"track\"}"]
        #expect(try diff(expected, actual).isEmpty)
        #expect(try diff(expected, actual, unordered: true).isEmpty)
    }

    /// SPEC §13, "diff against a real app": keys one stream never has are left out and named;
    /// a key both have is compared; `--all-keys` compares everything.
    @Test func keysOnlyOneSideHasAreLeftOutAndCounted() throws {
        let replay = [
            "{\"type\":\"screen\",\"name\":\"Home\",\"properties\":{\"class\":\"HomeVC\"},\"context\":{\"step\":1,"
                + "\"locale\":\"en\"}}",
            "{\"type\":\"screen\",\"name\":\"Feed\",\"properties\":{\"class\":\"FeedVC\"},\"context\":{\"step\":2,"
                + "\"locale\":\"en\"}}"
        ]
        let app = [
            "{\"type\":\"screen\",\"name\":\"Home\",\"properties\":{},\"context\":{\"network\":{\"wifi\":true},"
                + "\"locale\":\"en\"}}",
            "{\"type\":\"screen\",\"name\":\"Feed\",\"properties\":{},\"context\":{\"network\":{\"wifi\":true},"
                + "\"locale\":\"fr\"}}"
        ]
        let result = try diff(replay, app)
        #expect(result.leftOut == ["context.network", "context.step", "properties.class"])
        #expect(summary(result) == ["changed 2 2"])
        #expect(result.differences[0].changes.map(\.path) == ["context.locale"])
        let everything = try diff(replay, app, allKeys: true)
        #expect(everything.leftOut.isEmpty)
        #expect(everything.count(.changed) == 2)
    }

    @Test func arrayElementsAreIgnoredWithAStar() throws {
        let expected = [track("Cart", "{\"items\":[{\"sku\":\"a\",\"n\":1},{\"sku\":\"b\",\"n\":2}]}")]
        let actual = [track("Cart", "{\"items\":[{\"sku\":\"x\",\"n\":1},{\"sku\":\"y\",\"n\":2}]}")]
        #expect(try !diff(expected, actual).isEmpty)
        #expect(try diff(expected, actual, ignoring: ["properties.items[*].sku"]).isEmpty)
    }
}
