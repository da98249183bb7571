import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Generated scripts replayed twice: into a sink that reads events as values (the runtime
/// keeps templated properties with their values and builds every `Event`) and into one that
/// keeps lines only (the fast path: properties written ahead, renderings memoized per step).
/// Both must give the same bytes and end the same way, whatever the script does.
@Suite("Differential replay")
struct DifferentialReplayTests {
    static let configs = ["Fixtures/config/valid/differential.json", "Config/analytics.plist"]

    /// The outcome and the bytes of one replay.
    static func replay(_ script: String, config: String, sink: EventSink) -> ReplayRun.Outcome {
        var options = ReplayRun.Options(
            scripts: [script], config: RepositoryPaths.path(config),
            catalogs: [RepositoryPaths.path("Config/catalog.json")])
        options.trace = false
        return ReplayRun.run(options, sink: sink)
    }

    static func describe(_ outcome: ReplayRun.Outcome) -> String {
        switch outcome {
        case .completed(let events): return "completed \(events)"
        case .failed(let error, let events): return "failed at line \(error.line) after \(events): \(error.message)"
        default: return "\(outcome)"
        }
    }

    @Test(arguments: configs)
    func valuesAndLinesOnlyGiveTheSameBytes(config: String) throws {
        var generator = ScriptGenerator(seed: 2026)
        var completed = 0, events = 0
        for round in 0..<60 {
            let text = generator.script(steps: 30 + round * 2)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trackctl-generated-\(UUID().uuidString).trackscript"
            ).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            // TRACKCTL_KEEP_SCRIPTS=FOLDER keeps them, to replay a failing one with the binary.
            if let folder = ProcessInfo.processInfo.environment["TRACKCTL_KEEP_SCRIPTS"] {
                try text.write(toFile: "\(folder)/generated-\(round).trackscript", atomically: true, encoding: .utf8)
            }
            let values = MemorySink(), linesOnly = ReplayGoldenTests.LinesOnlySink()
            let valueOutcome = Self.replay(path, config: config, sink: values)
            let linesOutcome = Self.replay(path, config: config, sink: linesOnly)
            #expect(Self.describe(valueOutcome) == Self.describe(linesOutcome), "round \(round)")
            #expect(values.lines.map { $0 + "\n" }.joined() == linesOnly.text, "round \(round), seed 2026:\n\(text)")
            if case .completed(let count) = valueOutcome {
                completed += 1
                events += count
            }
        }
        // The model keeps scripts valid: most run to the end, and they emit a lot.
        #expect(completed >= 55, "\(completed) of 60 scripts completed")
        #expect(events >= 2_000, "\(events) events")
    }
}
