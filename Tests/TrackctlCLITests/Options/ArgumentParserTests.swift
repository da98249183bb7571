import Testing

@testable import TrackctlCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    func parseValidate(_ arguments: [String]) throws(UsageError) -> ValidateCommand.Options? {
        try ArgumentParser.parse(arguments, commandName: "validate", as: ValidateCommand.Options.self)
    }

    @Test func optionsFlagsAndPositionalsFillTheOptionsStruct() throws {
        let options = try #require(
            try parseValidate(["a.json", "--catalog", "x.json", "--catalog=y.json", "--strict", "--format", "json"]))
        #expect(options.config == "a.json")
        #expect(options.inputs.catalogs == ["x.json", "y.json"])
        #expect(options.strict)
        #expect(options.format == .json)
    }

    @Test func dashIsAPositional() throws {
        #expect(try parseValidate(["-"])?.config == "-")
    }

    @Test func helpParsesToNoOptions() throws {
        #expect(try parseValidate(["--help"]) == nil)
        #expect(try parseValidate(["x.json", "-h"]) == nil)
    }

    /// `--source A B` takes the paths that follow; a config file after them stays CONFIG.
    @Test func sourceTakesTheFoldersThatFollow() throws {
        let options = try #require(
            try parseValidate([
                "--source", "Fixtures/source/swift-app", "Fixtures/source/objc-app", "Config/analytics.plist"
            ]))
        #expect(options.inputs.sources == ["Fixtures/source/swift-app", "Fixtures/source/objc-app"])
        #expect(options.config == "Config/analytics.plist")
    }

    /// Help never cuts a name: every option's full spelling in every command's help is followed
    /// by two spaces or a line break (Foundation's padding(toLength:) cut `--app NAME@VERSION(BUI`).
    @Test func helpNeverCutsAnOptionsName() {
        let entries = TrackctlCommandLine.commands + TrackctlCommandLine.groups.flatMap(\.commands)
        #expect(entries.count >= 9)
        for entry in entries {
            let help = entry.helpText
            for label in entry.argumentLabels + ["--help"] {
                #expect(
                    help.contains("  " + label + "  ") || help.contains("  " + label + "\n"),
                    "\(entry.name): '\(label)' is cut or missing")
            }
        }
        let overview = TrackctlCommandLine.overview
        for entry in entries { #expect(overview.contains("  " + entry.name + "  "), "\(entry.name) in the overview") }
        #expect(
            HelpLayout.row("--a-very-long-option-name VALUE", "What it does", width: 22)
                == "  --a-very-long-option-name VALUE\n                        What it does")
        #expect(HelpLayout.cell("unverifiable-selector-x", width: 8) == "unverifiable-selector-x  ")
    }

    /// A single-value option given twice takes the last value (SPEC §7, as git and CLI11 do);
    /// repeatable ones accumulate.
    @Test func aRepeatedSingleValueOptionTakesTheLastValue() throws {
        let validate = try #require(
            try parseValidate(["--format", "json", "--format", "github", "--catalog", "a.json", "--catalog", "b.json"]))
        #expect(validate.format == .github)
        #expect(validate.inputs.catalogs == ["a.json", "b.json"])
        let replay = try #require(
            try ArgumentParser.parse(
                ["s", "--seed", "1", "--seed", "2", "--sink", "null", "--sink", "stdout"],
                commandName: "replay", as: ReplayCommand.Options.self))
        #expect(replay.seed == 2)
        #expect(replay.run.sinks.count == 2)
    }

    @Test(arguments: [
        (["--strcit"], "unknown option '--strcit' for 'validate'; did you mean '--strict'?"),
        (["--catalog"], "'--catalog' needs a value (FILE)"),
        (["a", "b"], "unexpected argument 'b' for 'validate'"),
        (["--strict=yes"], "'--strict' takes no value"),
        (["--format", "xml"], "unknown format 'xml'; use one of text, json, github, xcode"),
        (["--format", "jsn"], "unknown format 'jsn'; use one of text, json, github, xcode; did you mean 'json'?"),
        (["--module", "App"], "'--module' names the module of scanned sources; add --source PATH"),
        (["--stamp", "-"], "'--stamp' names a file the build system checks, not stdout ('-')"),
        (
            ["-", "--source-list", "-"],
            "standard input ('-') is given for two inputs, and it can be read only once; save one to a file"
        ),
        (
            ["-", "--catalog", "-"],
            "standard input ('-') is given for two inputs, and it can be read only once; save one to a file"
        )
    ])
    func usageErrorsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try parseValidate(arguments) }
        do { _ = try parseValidate(arguments) } catch { #expect(error.message == message) }
    }

    /// Values are typed when parsed: a bad seed or clock is a usage error before anything runs.
    @Test(arguments: [
        (["s", "--seed", "abc"], "'--seed' needs a whole number from 0 to 18446744073709551615; not 'abc'"),
        (
            ["s", "--clock", "tomorrow"],
            "'--clock' needs an ISO 8601 time such as 2026-01-01T00:00:00Z or 2026-01-01T10:00:00+02:00, or 'now'; "
                + "not 'tomorrow'"
        ),
        (
            ["s", "--sink", "stdot"],
            "unknown sink 'stdot'; use one of stdout, stderr, file:PATH, http://HOST:PORT/PATH, null; did you mean "
                + "'stdout'?"
        ),
        ([], "missing SCRIPT for 'replay'"),
        (["-", "-"], "standard input ('-') is given for two inputs, and it can be read only once; save one to a file")
    ])
    func replayValuesAreCheckedWhenParsed(arguments: [String], message: String) {
        do {
            _ = try ArgumentParser.parse(arguments, commandName: "replay", as: ReplayCommand.Options.self)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        for option in ValidateCommand.Options.arguments { #expect(ValidateCommand.helpText.contains(option.name)) }
        #expect(ValidateCommand.helpText.contains("unknown-selector"))
        #expect(ValidateCommand.usage.hasPrefix("trackctl validate [CONFIG] [--catalog FILE]... [--source PATH...]"))
        for option in CatalogScanCommand.Options.arguments {
            #expect(CatalogScanCommand.helpText.contains(option.name))
        }
    }

    /// `replay` and `simulate` declare their common options once (RunFlags): the same names,
    /// the same help, so the two commands cannot drift apart again.
    @Test func replayAndSimulateDescribeTheirCommonOptionsAlike() {
        let replay = Dictionary(
            ReplayCommand.Options.arguments.map { ($0.name, $0.help) }, uniquingKeysWith: { first, _ in first })
        let simulate = Dictionary(
            SimulateCommand.Options.arguments.map { ($0.name, $0.help) }, uniquingKeysWith: { first, _ in first })
        // What differs by design: one run's seed, device, time zone and locale against many
        // users' (weighted in simulate).
        let common = Set(replay.keys).intersection(simulate.keys).subtracting([
            "SCRIPT", "--seed", "--device", "--timezone", "--locale"
        ])
        #expect(
            common.isSuperset(of: [
                "--config", "--catalog", "--source", "--sink", "--trace", "--strict", "--app", "--retries", "--header"
            ]))
        for name in common.sorted() { #expect(replay[name] == simulate[name], "\(name)") }
    }

    /// A bound is declared with its option and said by its message, at both ends.
    @Test(arguments: [
        (["s", "--user", "-1"], "'--user' needs a whole number from 0 to 999999999999; not '-1'"),
        (["s", "--user", "x"], "'--user' needs a whole number from 0 to 999999999999; not 'x'")
    ])
    func aBoundedOptionSaysItsBounds(arguments: [String], message: String) {
        #expect(throws: UsageError.self) {
            try ArgumentParser.parse(arguments, commandName: "replay", as: ReplayCommand.Options.self)
        }
        do {
            _ = try ArgumentParser.parse(arguments, commandName: "replay", as: ReplayCommand.Options.self)
        } catch {
            #expect(error.message == message)
        }
    }

    /// One duration syntax everywhere (review 2026-11-27, newcomer #6): a bare number is seconds,
    /// a unit may follow, and a timeout in seconds takes the same words as a span.
    @Test func everyDurationOptionTakesTheSameSyntax() throws {
        let collect = try #require(
            try ArgumentParser.parse(
                ["--idle-timeout", "2m", "--request-timeout", "45"], commandName: "collect",
                as: CollectCommand.Options.self))
        #expect(collect.idleTimeout.seconds == 120)
        #expect(collect.requestTimeout.seconds == 45)
        #expect(DurationText.parse("30")?.milliseconds == 30_000)
        #expect(DurationText.parse("2.5")?.milliseconds == 2_500)
        #expect(DurationText.parse("500ms")?.milliseconds == 500)
        #expect(DurationText.parse("1.2.3") == nil)
        let span = try Span(argument: "86400", for: "--span")
        #expect(span.milliseconds == 86_400_000)
        for (text, message) in [
            ("1500ms", "'--idle-timeout' needs whole seconds from 1s to 1h, such as 30, 30s or 2m; not '1500ms'"),
            ("2h", "'--idle-timeout' needs whole seconds from 1s to 1h, such as 30, 30s or 2m; not '2h'"),
            ("0", "'--idle-timeout' needs whole seconds from 1s to 1h, such as 30, 30s or 2m; not '0'")
        ] {
            do {
                _ = try ArgumentParser.parse(
                    ["--idle-timeout", text], commandName: "collect", as: CollectCommand.Options.self)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.message == message)
            }
        }
    }
}
