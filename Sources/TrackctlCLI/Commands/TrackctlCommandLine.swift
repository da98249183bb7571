import TrackctlCore
import TrackctlModel

/// The command tree: dispatches `trackctl COMMAND …` (and `trackctl catalog scan …`), handles
/// `--help`, `--version` and usage errors, and returns the exit code for `main`.
package enum TrackctlCommandLine {
    /// Reported by `--version` and in every event's `context.library`.
    package static let version = TrackctlVersion.current

    static var commands: [CommandEntry] {
        [
            CommandEntry(ValidateCommand.self), CommandEntry(ReplayCommand.self), CommandEntry(SimulateCommand.self),
            CommandEntry(CollectCommand.self),
            CommandEntry(DiffCommand.self), CommandEntry(MergeCommand.self), CommandEntry(DevicesCommand.self),
            CommandEntry(XcfilelistCommand.self),
            CommandEntry(HelpCommand.self)
        ]
    }
    static var groups: [CommandGroup] {
        [
            CommandGroup(
                name: "catalog", abstract: "Build the catalog of the app's classes.",
                commands: [CommandEntry(CatalogScanCommand.self)]),
            CommandGroup(
                name: "plan", abstract: "Check a tracking plan and recorded calls against it.",
                commands: [
                    CommandEntry(PlanCheckCommand.self), CommandEntry(PlanImportCommand.self),
                    CommandEntry(PlanExportCommand.self),
                    CommandEntry(PlanInferCommand.self)
                ]),
            CommandGroup(
                name: "sdk", abstract: "Look up the iOS SDK model: classes, protocols, selectors, Swift names.",
                commands: [CommandEntry(SDKShowCommand.self), CommandEntry(SDKFindCommand.self)])
        ]
    }

    /// What the first words of the arguments name.
    enum Resolution {
        case command(CommandEntry, rest: [String])
        case group(CommandGroup, rest: [String])
        case unknown(UsageError)
    }

    static func resolve(_ words: [String]) -> Resolution {
        guard let first = words.first else { return .unknown(UsageError(message: "no command given")) }
        if let command = commands.first(where: { $0.name == first }) {
            return .command(command, rest: Array(words.dropFirst()))
        }
        if let group = groups.first(where: { $0.name == first }) {
            guard let second = words.dropFirst().first, !second.hasPrefix("-") else {
                return .group(group, rest: Array(words.dropFirst()))
            }
            if let command = group.command(named: second) { return .command(command, rest: Array(words.dropFirst(2))) }
            let names = group.commands.map { String($0.name.dropFirst(group.name.count + 1)) }
            return .unknown(
                UsageError(
                    message: "unknown command '\(group.name) \(Spelling.quote(second))'"
                        + Spelling.didYouMean(second, among: names)
                        + " (the \(group.name) commands: \(names.joined(separator: ", ")))"))
        }
        // What other tools spell the version with.
        if ["-v", "-V", "version"].contains(first) {
            return .unknown(UsageError(message: "unknown command '\(first)'; did you mean '--version'?"))
        }
        let names = commands.map(\.name) + groups.map(\.name)
        return .unknown(
            UsageError(
                message: "unknown command '\(Spelling.quote(first))'" + Spelling.didYouMean(first, among: names)
                    + " (the commands: \(names.joined(separator: ", ")))"))
    }

    static var overview: String {
        var lines = [
            "trackctl \(version) — validate analytics SPOC files and replay UIKit navigation into tracking events.",
            "",
            "USAGE: trackctl COMMAND [ARGUMENTS] [OPTIONS]",
            "",
            "COMMANDS:"
        ]
        for command in commands {
            lines.append(HelpLayout.row(command.name, command.abstract, width: 14))
        }
        for group in groups {
            for command in group.commands {
                lines.append(HelpLayout.row(command.name, command.abstract, width: 14))
            }
        }
        lines += [
            "", "OPTIONS:", "  --help        Show help (also after any command).", "  --version     Show the version.",
            "",
            "Run 'trackctl help COMMAND' for a command's options."
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs trackctl with `arguments` (without the program name).
    package static func run(_ arguments: [String], terminal: Terminal) -> ExitCode {
        guard let first = arguments.first else {
            terminal.writeErr(overview)
            return .usage
        }
        switch first {
        case "--help", "-h":
            terminal.writeOut(overview)
            return .success
        case "--version":
            terminal.writeOut("trackctl \(version)\n")
            return .success
        default:
            break
        }
        switch resolve(arguments) {
        case .command(let command, let rest):
            return command.main(rest, terminal)
        case .group(let group, let rest):
            if rest.first == "--help" || rest.first == "-h" {
                terminal.writeOut(group.helpText)
                return .success
            }
            terminal.writeErr("error: '\(group.name)' needs a subcommand\n" + group.helpText)
            return .usage
        case .unknown(let error):
            report(error, usage: "trackctl COMMAND [ARGUMENTS] [OPTIONS]", help: "trackctl help", terminal: terminal)
            return .usage
        }
    }

    /// A usage error: the message, the short usage, and where the whole help is.
    static func report(_ error: UsageError, usage: String, help: String, terminal: Terminal) {
        terminal.writeErr("error: \(error.message)\nusage: \(usage)\nSee '\(help)' for more.\n")
    }
}
