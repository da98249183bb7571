import Foundation
import Testing
import TrackctlTestSupport

/// `replay --coverage` and `--min-coverage` (SPEC §11) as a user runs them: a suite of three
/// scripts under Fixtures/coverage (two relaunching the app, one continuing) counted together,
/// the text and JSON reports compared with golden files, and the exit codes. Set
/// TRACKCTL_RECORD=1 to rewrite the goldens.
@Suite("Coverage")
struct CoverageCommandTests {
    static let suite = [
        "Fixtures/coverage/login.trackscript", "Fixtures/coverage/feed.trackscript",
        "Fixtures/coverage/feed-continued.trackscript"
    ]

    static func compare(_ produced: String, golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        if let problem = Golden.mismatch(produced, golden: golden) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    @Test func theTextReportListsWhatNeverFiredWithFileAndLine() throws {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--coverage", "--sink", "null"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        try Self.compare(result.err, golden: "Fixtures/coverage/suite.txt")
        #expect(result.err.contains("Config/analytics.plist:179: trackedProperties[0]"))
    }

    @Test func theJSONReportGoesToStdoutWhenNoSinkUsesIt() throws {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--coverage", "json", "--sink", "null"])
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        try Self.compare(result.out, golden: "Fixtures/coverage/suite.json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(report["fired"] as? Int == 12)
        #expect(report["total"] as? Int == 19)
        #expect((report["neverFired"] as? [String])?.count == 7)
    }

    @Test func jsonOnStdoutBesideEventsOnStdoutIsAUsageErrorThatSaysHowToGetBoth() {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--coverage", "json"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("'--coverage json:FILE'"))
    }

    @Test func aReportFileAndTheEventsOnStdoutTogether() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--coverage", "json:" + file])
        #expect(result.code == 0)
        #expect(result.out.split(separator: "\n").count > 10, "the events")
        try Self.compare(try String(contentsOfFile: file, encoding: .utf8), golden: "Fixtures/coverage/suite.json")
    }

    /// 12 of 19 entries is 63.15…%: 63 passes, 63.2 fails (compared exactly, not as shown).
    @Test(arguments: [("63", Int32(0)), ("63.15", 0), ("63.2", 1), ("80%", 1), ("0", 0)])
    func minCoverageExitsOneBelowTheMinimum(minimum: String, code: Int32) {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--min-coverage", minimum, "--sink", "null"])
        #expect(result.code == code)
        if code == 1 {
            #expect(
                result.err
                    == "error: coverage 63.1% (12 of 19 SPOC entries fired) is below --min-coverage "
                    + "\(minimum.replacingOccurrences(of: "%", with: ""))%; add --coverage to see which never fired\n"
            )
        } else {
            #expect(result.err.isEmpty)
        }
    }

    @Test(arguments: ["120", "-5", "lots", "80%%"])
    func aMinimumThatIsNotAPercentageIsAUsageError(minimum: String) {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--min-coverage", minimum])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: '--min-coverage' needs a percentage from 0 to 100"))
    }

    @Test func coverageWithoutAValueLeavesTheNextScriptAScript() {
        let result = CommandRunner.inProcess(["replay", "--coverage"] + Self.suite + ["--sink", "null"])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("coverage: 12 of 19 SPOC entries fired (63.1%) over 3 scripts\n"))
    }

    @Test func anUnknownFormatIsAUsageError() {
        let result = CommandRunner.inProcess(["replay"] + Self.suite + ["--coverage=xml"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: '--coverage' takes text, json, text:FILE or json:FILE; not 'xml'"))
    }

    /// A replay stopped by a step still reports what it covered, and keeps its own exit code.
    @Test func aStoppedReplayStillReportsItsCoverage() {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/errors/pop-on-root.trackscript", "--coverage", "--sink", "null"
        ])
        #expect(result.code == 1)
        #expect(result.err.contains("error: cannot pop"))
        #expect(result.err.contains("coverage: 2 of 19 SPOC entries fired (10.5%) over 1 script\n"))
    }
}
