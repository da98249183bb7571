import Testing
@testable import TrackctlCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    let spec = ValidateCommand.spec

    @Test func optionsFlagsAndPositionalsParse() throws {
        let parsed = try ArgumentParser.parse(["a.json", "--catalog", "x.json", "--catalog=y.json", "--strict", "--format", "json"], for: spec)
        #expect(parsed.positionals == ["a.json"])
        #expect(parsed.all("--catalog") == ["x.json", "y.json"])
        #expect(parsed.flag("--strict"))
        #expect(parsed.value("--format") == "json")
    }

    @Test func dashIsAPositional() throws {
        #expect(try ArgumentParser.parse(["-"], for: spec).positionals == ["-"])
    }

    @Test(arguments: [
        (["--strcit"], "unknown option '--strcit' for 'validate'; did you mean '--strict'?"),
        (["--catalog"], "'--catalog' needs a value (FILE)"),
        (["a", "b"], "unexpected argument 'b' for 'validate'"),
        (["--format", "json", "--format", "text"], "'--format' is given twice; give it once"),
        (["--strict=yes"], "'--strict' takes no value"),
    ])
    func usageErrorsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, for: spec) }
        do { _ = try ArgumentParser.parse(arguments, for: spec) } catch { #expect(error.message == message) }
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        for option in spec.options { #expect(spec.helpText.contains(option.name)) }
        #expect(spec.helpText.contains("unknown-selector"))
    }
}
