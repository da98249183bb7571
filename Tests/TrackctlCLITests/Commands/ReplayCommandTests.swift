import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// `trackctl replay` as a user runs it: the failing scripts of Fixtures/replay/errors with
/// their exact messages, the closed pipe, golden comparison, standard input.
@Suite("Replay command")
struct ReplayCommandTests {
    struct ErrorCase: CustomStringConvertible {
        var file: String
        var code: Int32
        var lines: Int
        var message: String
        var description: String { file }
    }

    /// Fixtures/replay/errors/EXPECTED.tsv: file, exit code, event lines written before the stop, stderr.
    static let errorCases: [ErrorCase] = {
        let text =
            (try? String(contentsOfFile: RepositoryPaths.path("Fixtures/replay/errors/EXPECTED.tsv"), encoding: .utf8))
            ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let fields = row.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            return ErrorCase(
                file: fields[0], code: Int32(fields[1]) ?? -1, lines: Int(fields[2]) ?? -1, message: fields[3])
        }
    }()

    static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-\(UUID().uuidString).jsonl").path
    }

    @Test(arguments: errorCases)
    func aBrokenScriptStopsAtItsLineAndKeepsWholeLines(errorCase: ErrorCase) throws {
        let output = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/errors/" + errorCase.file, "--sink", "file:" + output
        ])
        #expect(result.code == errorCase.code)
        #expect(result.err == errorCase.message + "\n")
        let written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(written.split(separator: "\n").count == errorCase.lines)
        #expect(written.isEmpty || written.hasSuffix("\n"), "the last line is complete")
        for line in written.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    /// `--help` lists every step with the usage the parser declares (one table, issue 38).
    @Test func theHelpListsEveryStepAsTheParserDeclaresIt() {
        let help = CommandRunner.inProcess(["replay", "--help"]).out
        for step in ScriptParser.steps { #expect(help.contains(step.usage) || step.isBlock, "\(step.keyword)") }
    }

    @Test func everyBrokenScriptIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Fixtures/replay/errors"))
            .filter { $0 != "EXPECTED.tsv" }
        #expect(Set(files) == Set(Self.errorCases.map(\.file)))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let path = Self.temporaryFile().replacingOccurrences(of: ".jsonl", with: ".trackscript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let steps =
            "launch ZOCMainViewController in navigation\n"
            + String(repeating: "push ZOCFeedViewController\npop\n", count: 3000)
        try steps.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CommandRunner.binary(
            ["-c", "'\(RepositoryPaths.binary.path)' replay '\(path)' | head -1; echo \"status ${PIPESTATUS[0]}\" >&2"],
            executable: "/bin/bash")
        #expect(result.out.split(separator: "\n").count == 1)
        #expect(result.out.hasPrefix("{\"type\":\"screen\",\"name\":\"Main screen\""))
        #expect(result.err == "status 0\n")
    }

    @Test func theGoldenFileMatchesAndAMismatchShowsTheFirstDifference() throws {
        let golden = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let produced = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript"])
        try produced.out.write(toFile: golden, atomically: true, encoding: .utf8)
        let same = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--expect", golden, "--sink", "null"
        ])
        #expect(same.code == 0)
        #expect(same.err.isEmpty)
        let other = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--expect", golden, "--sink", "null", "--seed", "2"
        ])
        #expect(other.code == 1)
        // One style with diff's (review D13): which side is the golden is said.
        #expect(
            other.err.hasPrefix(
                "\(golden): line 1: messageId: \"6d1db36c-cba9-42d2-b4a0-472e578069ae\" expected, emitted \""))
        // Volatile keys can be skipped: with the ids ignored, another seed gives the same events.
        let ignoring = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--expect", golden, "--sink", "null", "--seed", "2",
            "--expect-ignore", "messageId", "--expect-ignore", "anonymousId"
        ])
        #expect(ignoring.code == 0, "\(ignoring.err)")
        // A different device is named by its key path.
        let device = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--expect", golden, "--sink", "null", "--device", "iphone-15"
        ])
        #expect(device.code == 1)
        #expect(
            device.err == "\(golden): line 1: context.device.model: \"iPhone18,3\" expected, emitted \"iPhone15,4\"\n")
    }

    @Test func standardInputIsAScriptAndTheDefaultsApply() throws {
        let result = try CommandRunner.binary(
            ["replay", "-"], stdin: Data("launch ZOCMainViewController\ncall shareButtonPressed:\n".utf8))
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        let names = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        .map { ($0["name"] ?? $0["event"]) as? String }
        #expect(names == ["Main screen", "Share button", "Share sheet"])
    }

    /// Segment rejects an event without a name: one whose label renders empty is dropped with a
    /// warning at its step (the screen view, the call, the `set`), and `once` is not used up.
    @Test func anEventWhoseNameRendersEmptyIsDroppedWithALocatedWarning() throws {
        let config = "Fixtures/replay/empty-label.config.json"
        let result = CommandRunner.inProcess(["replay", "Fixtures/replay/empty-label.trackscript", "--config", config])
        #expect(result.code == 0)
        let names = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        .map { ($0["name"] ?? $0["event"]) as? String }
        #expect(names == ["Main screen", "timeout", "Latest", "Main screen"])
        let warnings = result.err.split(separator: "\n").map(String.init)
        #expect(
            warnings.map { $0.prefix { $0 != " " } } == [
                "Fixtures/replay/empty-label.trackscript:5:", "Fixtures/replay/empty-label.trackscript:8:",
                "Fixtures/replay/empty-label.trackscript:9:", "Fixtures/replay/empty-label.trackscript:12:"
            ])
        let expected: String =
            "Fixtures/replay/empty-label.trackscript:5: warning: track event not emitted: its label "
            + "'{arg.handleError}' "
            + "(trackedEvents[0].label, \(config):8) rendered empty here, and Segment rejects an event without a name"
        #expect(warnings.first == expected)
    }

    @Test func strictStopsAtTheFirstEventWithAnEmptyName() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/empty-label.trackscript", "--config", "Fixtures/replay/empty-label.config.json",
            "--strict"
        ])
        #expect(result.code == 1)
        #expect(result.out.split(separator: "\n").count == 1)
        #expect(
            result.err.hasPrefix(
                "Fixtures/replay/empty-label.trackscript:5: error: track event not emitted: its label "
                    + "'{arg.handleError}'"
            ))
        #expect(result.err.split(separator: "\n").count == 1)
    }

    @Test func strictRefusesAnEmptyScript() {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/errors/empty.trackscript", "--strict", "--sink", "null"
        ])
        #expect(result.code == 1)
        #expect(
            result.err
                == "Fixtures/replay/errors/empty.trackscript:1: error: the script has no steps (only blank lines "
                + "and comments): nothing is replayed\n"
        )
    }

    /// `replay --help` lists every step the parser knows, so the help never falls behind.
    @Test func theHelpListsEveryStep() {
        let result = CommandRunner.inProcess(["replay", "--help"])
        #expect(result.code == 0)
        for keyword in ScriptParser.keywords {
            #expect(
                result.out.contains(keyword + " ") || result.out.contains(keyword + ";"),
                "\(keyword) missing from replay --help")
        }
    }

    @Test func theDemoReplaysWithItsKnownFirstLine() throws {
        let result = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript"])
        #expect(result.code == 0)
        #expect(result.out.split(separator: "\n").count == 16)
        let first = String(result.out.prefix { $0 != "\n" })
        #expect(
            first
                == #"{"type":"screen","name":"Main "#
                + #"screen","properties":{"class":"ZOCMainViewController"},"context":{"app":{"name":"Demo","#
                + #""version":"1.0","build":"1","namespace":"com.example.demo"},"#
                + #""device":{"manufacturer":"Apple","model":"iPhone18,3","type":"ios"},"#
                + #""os":{"name":"iOS","version":"26.1"},"screen":{"width":402,"height":874,"#
                + #""density":3},"locale":"en-US","timezone":"UTC","library":{"name":"trackctl","#
                + #""version":"0.2.0"},"navigation":{"screen":"Main "#
                + #"screen","previousScreen":null,"stack":["Main "# + #"screen"]},"step":2},"#
                + #""messageId":"6d1db36c-cba9-42d2-b4a0-472e578069ae","#
                + #""anonymousId":"e99ff867-dbf6-42c9-b82f-f84cb27281e9","#
                + #""timestamp":"2026-01-01T00:00:00.000Z","# + #""originalTimestamp":"2026-01-01T00:00:00.000Z"}"#
        )
    }

    @Test func anInvalidSPOCIsRefusedWithItsFindings() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--config", "Fixtures/config/invalid/unknown-selector.json"
        ])
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(
            result.err.hasSuffix(
                "replay refused: Fixtures/config/invalid/unknown-selector.json has 1 error; fix it first (trackctl "
                    + "validate)\n"
            ))
    }

    /// The refusal names the file the errors are in, each with its count.
    @Test func aRefusedReplayNamesTheFilesTheErrorsAreIn() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript",
            "--catalog", "Config/catalog.json", "--catalog", "Fixtures/catalog/invalid/malformed-selector.json"
        ])
        #expect(result.code == 1)
        #expect(
            result.err.hasSuffix(
                "\nreplay refused: Fixtures/catalog/invalid/malformed-selector.json has 1 error; fix it first "
                    + "(trackctl validate)\n"
            ))
    }

    /// Outputs are opened only once every input is checked: a refused replay, or one whose
    /// script does not parse, leaves no file behind.
    @Test(arguments: [
        ["--config", "Fixtures/config/invalid/unknown-selector.json"],
        ["Fixtures/replay/errors/unknown-class.trackscript"]
    ])
    func aRefusedReplayCreatesNoOutputFile(arguments: [String]) throws {
        let output = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let script = arguments.first?.hasSuffix(".trackscript") == true ? [] : ["Fixtures/scripts/demo.trackscript"]
        let result = CommandRunner.inProcess(["replay"] + script + arguments + ["--sink", "file:" + output])
        #expect(result.code == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aSinkThatCannotBeOpenedExitsTwo() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:Fixtures/no-such-folder/out.jsonl"
        ])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(
            result.err
                == "error: cannot open 'Fixtures/no-such-folder/out.jsonl' for appending: no such folder "
                + "'Fixtures/no-such-folder'; create it first\n"
        )
    }

    @Test(arguments: [
        (["replay"], "error: missing SCRIPT for 'replay'"),
        (
            ["replay", "x", "--sink", "stdot"],
            "error: unknown sink 'stdot'; use one of stdout, stderr, file:PATH, http://HOST:PORT/PATH, null; did "
                + "you mean 'stdout'?"
        ),
        (
            ["replay", "x", "--seed", "abc"],
            "error: '--seed' needs a whole number from 0 to 18446744073709551615; not 'abc'"
        ),
        (
            ["replay", "x", "--clock", "tomorrow"],
            "error: '--clock' needs an ISO 8601 time such as 2026-01-01T00:00:00Z or 2026-01-01T10:00:00+02:00, or "
                + "'now'; not 'tomorrow'"
        ),
        (
            ["replay", "x", "--coverage", "json:nodir/cov.json"],
            "error: '--coverage json:nodir/cov.json': no such folder 'nodir' for the report; create it first"
        )
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) {
        let result = CommandRunner.inProcess(arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message + "\n"))
    }

    @Test func aMissingScriptIsUnreadableInput() {
        let result = CommandRunner.inProcess(["replay", "Fixtures/scripts/nope.trackscript", "--sink", "null"])
        #expect(result.code == 2)
        #expect(result.err == "Fixtures/scripts/nope.trackscript: error: no such file\n")
    }

    @Test func theClockAndTheFileSinkWork() throws {
        let output = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/replay/launch-bare.trackscript", "--clock", "2030-06-01T12:00:00Z", "--sink",
            "file:" + output, "--sink", "null"
        ])
        #expect(result.code == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        // Launch is not animated: the first screen view is at the clock's start.
        #expect(text.contains("\"timestamp\":\"2030-06-01T12:00:00.000Z\""))
    }

    /// SPEC §8: the virtual clock refuses times past 9999-12-31 with a located error; the
    /// events before the step stay whole, and no timestamp wraps to year 0000.
    @Test(arguments: [
        (
            "past-the-last-year.trackscript", "9999-12-31T23:59:59Z", 4,
            "cannot wait 1s: the virtual clock would pass 9999-12-31T23:59:59.999Z (it is "
                + "9999-12-31T23:59:59.000Z); start it earlier with --clock"
        ),
        (
            "animation-past-the-last-year.trackscript", "9999-12-31T23:59:59.800Z", 3,
            "cannot animate this step: the virtual clock would pass 9999-12-31T23:59:59.999Z (it is "
                + "9999-12-31T23:59:59.800Z); start it earlier with --clock"
        )
    ])
    func theClockStopsAtTheLastWritableTime(file: String, clock: String, line: Int, message: String) throws {
        let path = "Fixtures/replay/clock/" + file
        let result = CommandRunner.inProcess(["replay", path, "--clock", clock])
        #expect(result.code == 1)
        #expect(result.err == "\(path):\(line): error: \(message)\n")
        let lines = result.out.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.contains("\"timestamp\":\"9999-12-31T23:59:59.")) }
    }

    /// A long run of the largest waits ends at the clock's bound with an error, never a trap.
    @Test func theLargestWaitsNeverOverflowTheClock() throws {
        let path = Self.temporaryFile().replacingOccurrences(of: ".jsonl", with: ".trackscript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("launch ZOCMainViewController\n" + String(repeating: "wait 525600m\n", count: 8_000)).write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = CommandRunner.inProcess(["replay", path, "--sink", "null"])
        #expect(result.code == 1)
        #expect(result.err.contains("the virtual clock would pass 9999-12-31T23:59:59.999Z"))
    }
}

/// `--clock` (and simulate's `--start`) read an ISO 8601 time with an offset as its instant in
/// UTC, as `merge` does (review 2026-11-27 newcomer #15).
@Suite("Clock with an offset")
struct ClockOffsetTests {
    @Test func anOffsetIsTheSameInstantInUTC() throws {
        let run = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--clock", "2026-01-01T10:00:00+02:00"
        ])
        #expect(run.code == 0)
        #expect(run.out.split(separator: "\n").first?.contains("\"timestamp\":\"2026-01-01T08:00:00.000Z\"") == true)
    }
}

/// Every bad step of a script in one run, in line order, as `validate` lists every finding
/// (review 2026-11-27 newcomer #14): a selector nobody declares, an unknown step, an unknown class.
@Suite("Every bad step at once")
struct EveryBadStepTests {
    @Test func aScriptSaysEachBadLine() {
        let run = CommandRunner.inProcess(["replay", "Fixtures/replay/several/bad-steps.trackscript"])
        #expect(run.code == 1)
        #expect(
            run.err == """
                Fixtures/replay/several/bad-steps.trackscript:2: error: no class in the catalog declares \
                'notASelector:'; did you mean 'setSelector:'?
                Fixtures/replay/several/bad-steps.trackscript:3: error: unknown step 'presnt'; did you mean 'present'?
                Fixtures/replay/several/bad-steps.trackscript:4: error: unknown class 'NoSuchController'; add it to a \
                catalog file (--catalog)

                """)
    }

    /// Review 2026-11-27 (newcomer #3): a `{self.KEY}` that renders empty because nothing set
    /// KEY is a warning — once per SPOC entry and key — with the ways to give the controller its
    /// state; `select-row S R KEY=VALUE` is one, and that row's screen view carries it.
    @Test func aTemplateThatRendersEmptyIsSaidOnce() throws {
        let result = CommandRunner.inProcess(["replay", "Fixtures/replay/select-row-state.trackscript"])
        #expect(result.code == 0)
        #expect(
            result.err
                == "Fixtures/replay/select-row-state.trackscript:9: warning: '{self.postId}' of the SPOC's 'Post "
                + "detail' (Config/analytics.plist:25) "
                + "rendered empty: no 'postId' was set on 'ZOCDetailViewController' when it fired; give it one "
                + "before it appears "
                + "(push ZOCDetailViewController postId=…) or with 'set postId=…'\n")
        #expect(
            result.out.contains(#""name":"Post detail","properties":{"class":"ZOCDetailViewController","post":42}"#))
        let strict = CommandRunner.inProcess([
            "replay", "Fixtures/replay/select-row-state.trackscript", "--strict", "--sink", "null"
        ])
        #expect(strict.code == 1)
    }

}
