import TrackctlCore

/// The command tree: dispatches `trackctl COMMAND …`, handles `--help`, `--version` and usage
/// errors, and returns the exit code for `main`.
public enum TrackctlCommandLine {
    /// Reported by `--version` and in every event's `context.library`.
    public static let version = TrackctlVersion.current

    static var commands: [any Command.Type] { [ValidateCommand.self, ReplayCommand.self, HelpCommand.self] }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    static var overview: String {
        var lines = [
            "trackctl \(version) — validate analytics SPOC files and replay UIKit navigation into tracking events.",
            "",
            "USAGE: trackctl COMMAND [ARGUMENTS] [OPTIONS]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            lines.append("  " + command.spec.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.spec.abstract)
        }
        lines += ["", "OPTIONS:", "  --help      Show help (also after any command).", "  --version   Show the version.", "",
                  "Run 'trackctl help COMMAND' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map { $0.spec.name }
        let suggestion = Suggestions.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(message: "unknown command '\(name)'\(suggestion); commands are \(names.joined(separator: ", "))")
    }

    /// Runs trackctl with `arguments` (without the program name).
    public static func run(_ arguments: [String], terminal: Terminal) -> ExitCode {
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
        guard let command = command(named: first) else {
            report(unknownCommand(first), usage: "trackctl COMMAND [ARGUMENTS] [OPTIONS]", terminal: terminal)
            return .usage
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.flag("--help") {
                terminal.writeOut(command.spec.helpText)
                return .success
            }
            return try command.run(parsed, terminal: terminal)
        } catch {
            report(error, usage: command.spec.usage, terminal: terminal)
            return .usage
        }
    }

    private static func report(_ error: UsageError, usage: String, terminal: Terminal) {
        terminal.writeErr("error: \(error.message)\nusage: \(usage)\nSee 'trackctl help' for more.\n")
    }
}

import Foundation
