import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// One golden replay per emission template of lifecycle §9 and per step kind: a script
/// under Fixtures/replay and the exact JSON lines it must produce, traces included, so every
/// callback's order is checked. A `NAME.config.json` beside a script (or one named by a prefix of
/// its name: `config(for:)`) replaces the demo SPOC. Set TRACKCTL_RECORD=1 to rewrite the .jsonl
/// files, then review the diff like code.
@Suite("Golden replays")
struct ReplayGoldenTests {
    static let scripts = RepositoryPaths.files(in: "Fixtures/replay", extensions: ["trackscript"])

    /// The SPOC of a golden script: `NAME.config.json` beside it, else that of the longest
    /// prefix of its name ending before a `-` (`dwell.config.json` for every `dwell-….trackscript`),
    /// else the demo's.
    static func config(for script: String) -> String {
        var name = String(script.dropLast(".trackscript".count))
        while true {
            let candidate = RepositoryPaths.path("Fixtures/replay/\(name).config.json")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard let dash = name.lastIndex(of: "-") else { return RepositoryPaths.path("Config/analytics.plist") }
            name = String(name[..<dash])
        }
    }

    static func replay(_ script: String, seed: UInt64 = 1, trace: Bool = true) -> (ReplayRun.Outcome, MemorySink) {
        let sink = MemorySink()
        return (replay(script, seed: seed, trace: trace, into: sink), sink)
    }

    static func replay(_ script: String, seed: UInt64 = 1, trace: Bool = true, into sink: EventSink)
        -> ReplayRun.Outcome
    {
        var options = ReplayRun.Options(
            scripts: [RepositoryPaths.path("Fixtures/replay/" + script)],
            config: config(for: script),
            catalogs: [RepositoryPaths.path("Config/catalog.json"), RepositoryPaths.path("Fixtures/catalog/extra.json")]
        )
        options.trace = trace
        options.seed = seed
        return ReplayRun.run(options, sink: sink)
    }

    /// Keeps lines only, as stdout and files do: events are then never built as values, and
    /// templated properties are written ahead — the fast path, which must give the same bytes.
    final class LinesOnlySink: EventSink {
        let capabilities: SinkCapabilities = []
        var text = ""
        func receive(_ line: EventLine, event: Event?) throws(SinkError) {
            #expect(event == nil)
            text += String(decoding: line.bytes, as: UTF8.self)
        }
    }

    /// Compared with the value path of the same run, not with the golden file, which record
    /// mode rewrites while this test runs.
    @Test(arguments: scripts)
    func theLinesOnlyPathWritesTheSameBytes(script: String) throws {
        let linesOnly = LinesOnlySink()
        guard case .completed(let count) = Self.replay(script, into: linesOnly) else {
            Issue.record("\(script) did not complete"); return
        }
        let (outcome, values) = Self.replay(script)
        guard case .completed(let valueCount) = outcome else { Issue.record("\(script): \(outcome)"); return }
        #expect(count == valueCount)
        #expect(linesOnly.text == values.lines.map { $0 + "\n" }.joined(), "\(script)")
    }

    @Test(arguments: scripts)
    func replayMatchesGolden(script: String) throws {
        let (outcome, sink) = Self.replay(script)
        guard case .completed(let count) = outcome else { Issue.record("\(script): \(outcome)"); return }
        #expect(count == sink.lines.count)
        let golden = "Fixtures/replay/" + script.replacingOccurrences(of: ".trackscript", with: ".jsonl")
        if let problem = Golden.mismatch(sink.lines.map { $0 + "\n" }.joined(), golden: golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func sameSeedSameBytesOtherSeedOtherIDs() {
        let (_, first) = Self.replay("calls.trackscript")
        let (_, second) = Self.replay("calls.trackscript")
        let (_, other) = Self.replay("calls.trackscript", seed: 7)
        #expect(first.lines == second.lines)
        #expect(first.lines != other.lines)
        func withoutIDs(_ sink: MemorySink) -> [String] {
            sink.events.map {
                var e = $0; e.messageID = nil; return EventEncoder(anonymousID: UUIDValue(high: 0, low: 0)).line(e)
            }
        }
        #expect(withoutIDs(first) == withoutIDs(other))
        let ids = first.events.compactMap(\.messageID)
        #expect(Set(ids).count == ids.count, "messageIds are unique")
    }

    @Test func everyLineIsOneJSONObjectWithTheSegmentKeys() throws {
        let (_, sink) = Self.replay("calls.trackscript", trace: false)
        for line in sink.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let type = try #require(object["type"] as? String)
            #expect(type == "screen" || type == "track")
            #expect(object[type == "screen" ? "name" : "event"] is String)
            for key in ["properties", "context", "messageId", "anonymousId", "timestamp"] {
                #expect(object[key] != nil, "\(key)")
            }
        }
    }

    /// Each pair writes one script twice, text and JSON, the JSON one line lower throughout.
    /// `identify` also shows JSON numbers and booleans typed as the text form's unquoted ones.
    @Test(arguments: [
        ("Fixtures/scripts/demo", 16), ("Fixtures/scripts/containment", 35), ("Fixtures/scripts/identify", 9)
    ])
    func theJSONFormEmitsTheSameEvents(script base: String, count: Int) throws {
        let config = base.hasSuffix("identify") ? "Fixtures/replay/identify.config.json" : "Config/analytics.plist"
        func run(_ script: String) throws -> [String] {
            var options = ReplayRun.Options(
                scripts: [RepositoryPaths.path(script)], config: RepositoryPaths.path(config),
                catalogs: [RepositoryPaths.path("Config/catalog.json")])
            options.trace = base.hasSuffix("containment")
            let sink = MemorySink()
            let outcome = ReplayRun.run(options, sink: sink)
            guard case .completed(let count) = outcome else {
                throw ReplayFailed(script: script, outcome: "\(outcome)")
            }
            #expect(count == sink.lines.count)
            return sink.lines
        }
        let text = try run(base + ".trackscript"), json = try run(base + ".json")
        #expect(text.count == count)
        // `context.step` is the step's line in its own file: demo.json has each step one line
        // lower than demo.trackscript (its "[" comes first). Everything else is the same bytes.
        func step(_ line: String) -> Int? {
            guard let range = line.range(of: "\"step\":") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        func withoutStep(_ line: String) -> String {
            line.replacingOccurrences(of: "\"step\":\(step(line) ?? -1)}", with: "}")
        }
        #expect(text.map(withoutStep) == json.map(withoutStep))
        #expect(text.map { step($0).map { $0 + 1 } } == json.map(step))
    }

    struct ReplayFailed: Error, CustomStringConvertible {
        var script: String
        var outcome: String
        var description: String { "\(script): \(outcome)" }
    }
}
