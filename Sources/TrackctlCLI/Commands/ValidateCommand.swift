import TrackctlCore

/// `trackctl validate [CONFIG] [--catalog FILE]... [--format text|json|github] [--strict]`
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check every class and selector of a SPOC file against the catalog.",
        positionals: [
            PositionalSpec(name: "CONFIG", help: "SPOC file: JSON, XML or binary plist; '-' reads stdin (default: \(Defaults.config))", optional: true),
        ],
        options: [
            OptionSpec(name: "--catalog", valueName: "FILE", help: "Catalog of the app's classes, JSON or plist; repeat to merge (default: \(Defaults.catalog) when it exists)", repeatable: true),
            OptionSpec(name: "--format", valueName: "FORMAT", help: "text (default, stderr), json (stdout) or github (Actions annotations)"),
            OptionSpec(name: "--strict", valueName: nil, help: "Treat warnings as errors."),
        ],
        discussion: """
            EXIT CODES: 0 no errors, 1 findings, 2 usage error or unreadable/malformed file.

            RULES:
            \(RuleID.allCases.map { "  " + $0.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0) + "\($0.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode {
        let format = try Defaults.format(arguments.value("--format"))
        let config = arguments.positionals.first ?? Defaults.config
        let catalogs = Defaults.catalogs(arguments.all("--catalog"))
        let policy = DiagnosticPolicy(strict: arguments.flag("--strict"))
        let result: ValidationRun.Result
        do {
            result = try ValidationRun.run(config: config, catalogs: catalogs, policy: policy)
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        ProcessLifetime.keepUntilExit(result)
        let rendered = format.renderer.render(result.report)
        if format.writesToStdout {
            terminal.writeOut(rendered)
        } else {
            terminal.writeErr(rendered)
            terminal.writeErr(summary(result, config: config) + "\n")
        }
        return result.report.hasErrors ? .findings : .success
    }

    static func summary(_ result: ValidationRun.Result, config: String) -> String {
        let spoc = result.spoc
        let report = result.report
        let counts = "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning"))"
        return "\(spoc.file): \(plural(spoc.screens.count, "screen")), \(plural(spoc.events.count, "event")), "
            + "\(plural(spoc.properties.count, "property", "properties")) checked against \(plural(result.catalogClassCount, "class", "classes")): \(counts)"
    }
}

/// "1 error", "2 errors".
func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : (pluralForm ?? singular + "s"))"
}

import Foundation
