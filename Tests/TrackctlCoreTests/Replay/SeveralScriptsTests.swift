import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Several scripts given at once run as one install of the app (SPEC §4): one clock, one
/// anonymousId; a script that starts with `launch` kills and relaunches the app, one that does
/// not continues it. The golden is Fixtures/suite/suite.jsonl (TRACKCTL_RECORD=1 rewrites it).
@Suite("Several scripts")
struct SeveralScriptsTests {
    static let scripts = ["1-first", "2-relaunch", "3-continue"].map {
        RepositoryPaths.path("Fixtures/suite/\($0).trackscript")
    }

    func replay() throws -> MemorySink {
        var options = ReplayRun.Options(
            scripts: Self.scripts, config: RepositoryPaths.path("Fixtures/suite/suite.config.json"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")])
        options.trace = true
        let sink = MemorySink()
        let outcome = ReplayRun.run(options, sink: sink)
        guard case .completed = outcome else {
            throw ReplayGoldenTests.ReplayFailed(script: "suite", outcome: "\(outcome)")
        }
        return sink
    }

    @Test func theSuiteMatchesItsGolden() throws {
        // `context.script` is the path as given, absolute here: the golden has it relative to the
        // repository, wherever it is cloned.
        let produced = try replay().lines.map { $0 + "\n" }.joined().replacingOccurrences(
            of: RepositoryPaths.root.path + "/", with: "")
        if let problem = Golden.mismatch(produced, golden: "Fixtures/suite/suite.jsonl") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func aRelaunchDropsTimersAndStopwatchesAndStartsOnceOver() throws {
        let events = try replay().events.filter { $0.kind != .trace }
        let summary = events.map {
            "\($0.context.step) \($0.name) \(Timestamp.string($0.timestamp).dropFirst(14).dropLast())"
        }
        #expect(
            summary == [
                "2 Application Opened 00:00.000", "2 Main screen 00:00.000", "2 Application Foregrounded 00:00.000",
                "3 Screen Time 00:00.350",
                // killed at 5.35 s: no Feed, no Screen Time; the clock goes on
                "3 Application Opened 00:05.350", "3 Main screen 00:05.350", "3 Application Foregrounded 00:05.350",
                "5 Screen Time 00:25.700",
                // the continuing script: the dwell due at 35.70 s fires during its wait
                "4 Feed 00:35.700", "6 Screen Time 00:37.050", "6 Post detail 00:37.050"
            ])
        #expect(Set(events.map(\.context.step)).isSuperset(of: [2, 3, 4, 5, 6]))
        let anonymousIDs = try replay().lines.compactMap { line -> String? in
            guard let range = line.range(of: "\"anonymousId\":\"") else { return nil }
            return String(line[range.upperBound...].prefix(36))
        }
        #expect(Set(anonymousIDs).count == 1, "one install, one anonymousId")
    }

    @Test func instanceNumbersStartOverAfterARelaunch() throws {
        let loads = try replay().events.filter { $0.name == "viewDidLoad" }.map {
            "\($0.property("class")!.text)#\($0.property("instance")!.text)"
        }
        #expect(
            loads == [
                "UINavigationController#1", "ZOCMainViewController#2", "ZOCFeedViewController#3",
                "UINavigationController#1", "ZOCMainViewController#2", "ZOCFeedViewController#3",
                "ZOCDetailViewController#4"
            ])
    }
}
