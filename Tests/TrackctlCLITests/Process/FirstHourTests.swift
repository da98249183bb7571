import Foundation
import Testing
import TrackctlTestSupport

/// What a newcomer met in their first hour (../shared/reviews/2026-11-25-newcomer.md, the
/// D-numbers), each now answered with a message that says what to do.
@Suite("The first hour")
struct FirstHourTests {
    /// D2: outside this repository there is no default SPOC; the message says which file was
    /// meant and how to name one.
    @Test func aMissingDefaultSPOCSaysHowToNameOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.binary(
            ["-c", "cd '\(folder.path)' && '\(RepositoryPaths.binary.path)' validate"], executable: "/bin/sh")
        #expect(result.code == 2)
        #expect(
            result.err.hasPrefix(
                "error: no SPOC given, and the default 'Config/analytics.plist' is not in this folder; name yours: "
                    + "trackctl validate PATH/TO/SPOC"
            ))
        let replay = try CommandRunner.binary(
            ["-c", "cd '\(folder.path)' && '\(RepositoryPaths.binary.path)' replay x.trackscript"],
            executable: "/bin/sh")
        #expect(replay.err.contains("name yours: trackctl replay SCRIPT --config PATH/TO/SPOC"))
    }

    /// D3: a collector that does not answer is said at the first failed attempt, not after
    /// every retry is spent.
    @Test func aFailedDeliveryIsSaidAtOnce() throws {
        let deadLetter = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-dl-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: deadLetter) }
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "http://127.0.0.1:1/v1/batch",
            "--retries", "1", "--backoff", "10ms", "--dead-letter", deadLetter
        ])
        #expect(result.code == 1)
        #expect(
            result.err.hasPrefix(
                "note: http://127.0.0.1:1/v1/batch: Connection refused; retrying (up to 1 time a batch, with "
                    + "backoff); what cannot be delivered goes to \(deadLetter)\n"
            ))
    }

    /// D7: `--format json` as every other command spells it (`--json` still works).
    @Test func devicesTakeFormatJSON() throws {
        let format = CommandRunner.inProcess(["devices", "--format", "json"])
        let flag = CommandRunner.inProcess(["devices", "--json"])
        #expect(format.code == 0)
        #expect(format.out == flag.out)
        #expect(format.out.hasPrefix("{\"devices\":["))
    }

    /// D8: a bare path as a sink suggests `file:`; appending to a file that has lines is said.
    @Test func fileSinksAreSuggestedAndAppendsSaid() throws {
        let bare = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript", "--sink", "events.jsonl"])
        #expect(bare.code == 2)
        #expect(
            bare.err.hasPrefix(
                "error: unknown sink 'events.jsonl'; use one of stdout, stderr, file:PATH, http://HOST:PORT/PATH, "
                    + "null; did you mean 'file:events.jsonl'?"
            ))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-append-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:" + output]
        )
        #expect(first.err.isEmpty)
        let second = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:" + output
        ])
        #expect(second.err.hasPrefix("note: --sink file:\(output) appends to what the file holds ("))
    }

    /// D15: what a command needs is written without brackets.
    @Test func requiredArgumentsAreShownAsRequired() throws {
        #expect(
            CommandRunner.inProcess(["sdk", "show", "--help"]).out.contains(
                "USAGE: trackctl sdk show NAME [--format FORMAT]"))
        #expect(CommandRunner.inProcess(["sdk", "find", "--help"]).out.contains("USAGE: trackctl sdk find QUERY"))
        #expect(
            CommandRunner.inProcess(["simulate", "--help"]).out.contains(
                "USAGE: trackctl simulate SCRIPT... (--users N | --rate N/s|N/min|N/h) [--arrivals SHAPE]"))
    }

    /// D10: the summary is given when the reader goes away too, of the users that ran.
    @Test func aSimulationCutShortStillSummarizes() throws {
        let result = try CommandRunner.binary(
            [
                "-c",
                "'\(RepositoryPaths.binary.path)' simulate Fixtures/scripts/journey.trackscript --users 1000 "
                    + "--summary | head -1 >/dev/null"
            ],
            executable: "/bin/bash")
        #expect(result.err.contains("simulated "))
        #expect(result.err.contains(" users, "))
    }

    /// D11: an old-style plist is named as such, with the command that converts it.
    @Test func anOpenStepPlistIsNamed() throws {
        let result = CommandRunner.inProcess(["validate", "Fixtures/malformed/openstep.plist"])
        #expect(result.code == 2)
        #expect(
            result.err.contains(
                "an old-style (OpenStep) property list, which trackctl does not read; convert it to XML (plutil "
                    + "-convert xml1 FILE)"
            ))
    }

    /// D16: messages without `?;`, nested parentheses or Foundation's words for a missing folder.
    @Test(arguments: [
        (["replya"], "error: unknown command 'replya'; did you mean 'replay'? (the commands: validate, replay"),
        (["catalog", "foo"], "error: unknown command 'catalog foo' (the catalog commands: scan)"),
        (["version"], "error: unknown command 'version'; did you mean '--version'?"),
        (["-v"], "error: unknown command '-v'; did you mean '--version'?"),
        (
            ["replay", "Fixtures/scripts/demo.trackscript", "--seed", "x"],
            "error: '--seed' needs a whole number from 0 to 18446744073709551615; not 'x'"
        ),
        (
            ["catalog", "scan", "Fixtures/source/swift-app", "--output", "/no/such/folder/x.json"],
            "/no/such/folder/x.json: error: cannot be written: the folder '/no/such/folder' does not exist"
        )
    ])
    func messagesReadWell(arguments: [String], prefix: String) throws {
        let result = CommandRunner.inProcess(arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(prefix), "\(result.err)")
    }

    @Test func theWholeDocumentOfTheWrongKindIsSaidPlainly() throws {
        let result = try CommandRunner.binary(["validate", "-"], stdin: Data("[]".utf8))
        #expect(result.err.hasPrefix("<stdin>:1:1: error: the SPOC must be a dictionary, not an array [wrong-type]\n"))
        // Standard input has no file an annotation could name.
        let github = try CommandRunner.binary(
            ["validate", "-", "--format", "github"],
            stdin: Data(#"{"trackedScreens":[{"class":"X","label":"a"}]}"#.utf8))
        #expect(github.err.hasPrefix("::error title=trackctl unknown-class::<stdin>:1: unknown class 'X'"))
    }
}
