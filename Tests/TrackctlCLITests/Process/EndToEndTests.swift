import Foundation
import Testing
import TrackctlTestSupport

/// The command line as a user runs it — in process, and the built binary where standard input
/// is the point: stdout, stderr and exit code checked together.
@Suite("End to end")
struct EndToEndTests {
    /// Review 2026-11-27 (newcomer #13): a missing file is worded one way by every command, with
    /// the closest name in its folder when one is a slip away, and a missing folder is named.
    @Test(arguments: [
        (
            ["validate", "Config/analytics.plst"],
            "Config/analytics.plst: error: no such file; did you mean 'Config/analytics.plist'?\n"
        ),
        (["validate", "no-folder/analytics.plist"], "no-folder/analytics.plist: error: no such folder 'no-folder'\n"),
        (["validate", "--source", "Source"], "Source: error: no such file or folder; did you mean 'Sources'?\n"),
        (
            ["replay", "Fixtures/scripts/journey.trackscrpt"],
            "Fixtures/scripts/journey.trackscrpt: error: no such file; did you mean "
                + "'Fixtures/scripts/journey.trackscript'?\n"
        ),
        (
            ["replay", "Fixtures/scripts/journey.trackscript", "--expect", "Fixtures/expected/jorney.golden"],
            "Fixtures/expected/jorney.golden: error: no such file\n"
        ),
        (["merge", "Fixtures/replay/nowhere.jsonl"], "Fixtures/replay/nowhere.jsonl: error: no such file\n")
    ])
    func aMissingFileIsNamedWithTheClosestOne(arguments: [String], message: String) {
        let result = CommandRunner.inProcess(arguments)
        #expect(result.code == 2)
        #expect(result.err.hasSuffix(message), "\(result.err)")
    }

    @Test func theDemoConfigValidatesCleanly() throws {
        let result = CommandRunner.inProcess(["validate"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(
            result.err == """
                Config/analytics.plist: 8 screens, 10 events, 1 property checked against 4431 classes: 0 errors, 0 \
                warnings
                Config/tracking-plan.json: joined with the SPOC's 19 entries: 0 errors, 0 warnings

                """)
    }

    /// The summary counts what the file lists, broken entries too, and says how many could not
    /// be read; the message names the entry in the singular ("a tracked property").
    @Test func theSummaryCountsBrokenEntries() throws {
        let result = CommandRunner.inProcess(["validate", "Fixtures/config/invalid/wrong-type-property-entry.json"])
        #expect(result.code == 1)
        #expect(
            result.err
                == "Fixtures/config/invalid/wrong-type-property-entry.json:5:5: error: 'trackedProperties[0]' must "
                + "be a dictionary (a tracked property), not a string (trackedProperties[0]) [wrong-type]\n"
                + "Fixtures/config/invalid/wrong-type-property-entry.json: 0 screens, 0 events, 1 property (1 "
                + "unreadable) checked against 4431 classes: 1 error, 0 warnings\n"
        )
    }

    @Test func findingsExitOneWithLocatedMessages() throws {
        let result = CommandRunner.inProcess(["validate", "Fixtures/config/invalid/unknown-selector.json"])
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(
            result.err.hasPrefix(
                "Fixtures/config/invalid/unknown-selector.json:11:19: error: unknown selector 'shareButtonPresed:' "
                    + "on 'ZOCMainViewController'; did you mean 'shareButtonPressed:'? (trackedEvents[0].selector) "
                    + "[unknown-selector]\n"
            ))
    }

    @Test func standardInputIsReadForDash() throws {
        let config = try Data(
            contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Fixtures/config/invalid/unknown-class.json")))
        let result = try CommandRunner.binary(["validate", "-", "--format", "json"], stdin: config)
        #expect(result.code == 1)
        #expect(
            result.out.contains("\"file\":\"<stdin>\",\"line\":8,\"column\":16,\"path\":\"trackedScreens[1].class\""))
        #expect(result.err.isEmpty)
    }

    @Test func malformedInputExitsTwoWithoutATrace() throws {
        let result = CommandRunner.inProcess(["validate", "Fixtures/malformed/deep-nesting.json"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "Fixtures/malformed/deep-nesting.json:1:530: error: nesting deeper than 512 levels\n")
    }

    @Test func aBrokenCatalogIsNamed() throws {
        let result = CommandRunner.inProcess(["validate", "--catalog", "Fixtures/malformed/broken-catalog.json"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("Fixtures/malformed/broken-catalog.json:4:5: error: expected ',' or ']'"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = CommandRunner.inProcess(["validate", "--format", "xml"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        // The short usage and where the whole help is (review D14), not every option.
        #expect(
            result.err
                == "error: unknown format 'xml'; use one of text, json, github, xcode\n"
                + "usage: trackctl validate [CONFIG] [OPTIONS]\nSee 'trackctl help validate' for more.\n"
        )
    }

    @Test func helpAndVersion() throws {
        let help = CommandRunner.inProcess(["validate", "--help"])
        #expect(help.code == 0)
        #expect(
            help.out.contains(
                "USAGE: trackctl validate [CONFIG] [--catalog FILE]... [--source PATH...] [--source-list FILE]... "
                    + "[--module NAME] [--exclude GLOB]... [--platform PLATFORM] [--target NAME]... "
                    + "[--configuration NAME] [--format FORMAT] [--strict] [--settings FILE] [--stamp FILE] "
                    + "[--plan FILE] [--require-all] [--config FILE]"
            ))
        let helpCommand = CommandRunner.inProcess(["help", "validate"])
        #expect(helpCommand.out == help.out)
        let version = CommandRunner.inProcess(["--version"])
        #expect(version.out == "trackctl 0.2.0\n")
        let bare = CommandRunner.inProcess([])
        #expect(bare.code == 2)
        #expect(bare.err.contains("COMMANDS:"))
        let unknown = CommandRunner.inProcess(["valdate"])
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("error: unknown command 'valdate'; did you mean 'validate'?"))
    }

    /// Control characters in values and keys are escaped: a finding is one line of text.
    @Test func aFindingStaysOnOneLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-controls-\(UUID().uuidString).json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"trackedScreens":[{"class":"Bad\nName\u0000X","label":"x","we\nird":1}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = CommandRunner.inProcess(["validate", path])
        #expect(result.code == 1)
        let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "two findings, the summary, the final newline")
        #expect(result.err.contains("unknown class 'Bad\\nName\\u{0}X'"))
        #expect(result.err.contains(#"(trackedScreens[0]["we\nird"])"#))
        #expect(!result.err.utf8.contains(0), "no raw NUL")
    }

    @Test func strictTurnsTheWarningIntoAFailure() throws {
        let args = [
            "validate", "Fixtures/config/invalid/unverifiable-selector.json", "--catalog", "Config/catalog.json",
            "--catalog", "Fixtures/catalog/extra.json"
        ]
        #expect(CommandRunner.inProcess(args).code == 0)
        #expect(CommandRunner.inProcess(args + ["--strict"]).code == 1)
    }
}

/// A catalog entry without a superclass for a class defined elsewhere says how to add to it
/// (review 2026-11-27 newcomer #7): mark it a category.
@Suite("Adding to a class")
struct AddingToAClassTests {
    @Test func theConflictNamesTheCategoryFix() {
        let run = CommandRunner.inProcess([
            "validate", "--catalog", "Config/catalog.json", "--catalog",
            "Fixtures/catalog/invalid/conflicting-class-category.json"
        ])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "is listed without a superclass but was defined at Config/catalog.json:21:16 as a subclass of "
                    + "'UITableViewController'; to add transitions or selectors to it, mark the entry \"category\": "
                    + "true"
            ))
    }
}
