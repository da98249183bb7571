/// A command: a name, a one-line abstract, an options struct (from whose declarations the
/// parser and `--help` are made), and a run that returns an exit code. Only `main` exits.
protocol Command {
    associatedtype Options: ParsableOptions
    /// As typed after `trackctl`: `validate`, `catalog scan`.
    static var name: String { get }
    static var abstract: String { get }
    /// Paragraphs after the options in `--help`: exit codes, formats, examples.
    static var discussion: String { get }
    /// Runs with options already parsed and validated.
    static func run(_ options: Options, terminal: Terminal) -> ExitCode
}

extension Command {
    static var discussion: String { "" }

    static var usage: String {
        (["trackctl", name] + Options.arguments.filter { !$0.isAlternative }.map(\.usage)).joined(separator: " ")
    }

    /// What a usage error shows: the arguments the command needs, then `[OPTIONS]`.
    static var shortUsage: String {
        let essential = Options.arguments.filter(\.isEssential).map(\.usage)
        let hasOptions = Options.arguments.contains { !$0.isEssential }
        return (["trackctl", name] + essential + (hasOptions ? ["[OPTIONS]"] : [])).joined(separator: " ")
    }

    static var helpText: String {
        var lines = ["trackctl \(name) — \(abstract)", "", "USAGE: \(usage)", ""]
        let positionals = Options.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in positionals { lines.append(Self.helpLine(argument.label, argument.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in Options.arguments where !option.isPositional {
            lines.append(Self.helpLine(option.label, option.help))
        }
        lines.append(Self.helpLine("--help", "Show this help."))
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func helpLine(_ label: String, _ help: String) -> String {
        HelpLayout.row(label, help, width: 22)
    }

    /// Parses `arguments` (those after the command's name), answers `--help`, runs.
    static func main(_ arguments: [String], terminal: Terminal) -> ExitCode {
        do {
            guard let options = try ArgumentParser.parse(arguments, commandName: name, as: Options.self) else {
                terminal.writeOut(helpText)
                return .success
            }
            return run(options, terminal: terminal)
        } catch {
            TrackctlCommandLine.report(error, usage: shortUsage, help: "trackctl help \(name)", terminal: terminal)
            return .usage
        }
    }
}

/// A command as the tree holds it: its name, abstract, help and entry point, without its
/// options type.
struct CommandEntry {
    let name: String
    let abstract: String
    /// Built only when asked for (`--help`, a usage error): every run resolves its command
    /// through the whole list, and formatting every command's help costs a millisecond.
    private let makeHelpText: () -> String
    private let makeUsage: () -> String
    private let makeLabels: () -> [String]
    let main: ([String], Terminal) -> ExitCode

    var helpText: String { makeHelpText() }
    var usage: String { makeUsage() }
    /// What its help lists: `--app NAME@VERSION(BUILD)`, `SCRIPT`.
    var argumentLabels: [String] { makeLabels() }

    init<C: Command>(_ command: C.Type) {
        name = C.name
        abstract = C.abstract
        makeHelpText = { C.helpText }
        makeUsage = { C.usage }
        makeLabels = { C.Options.arguments.map(\.label) }
        main = { arguments, terminal in C.main(arguments, terminal: terminal) }
    }
}

/// Commands under one word (`trackctl catalog scan`): the group lists them.
struct CommandGroup {
    let name: String
    let abstract: String
    let commands: [CommandEntry]

    /// The command named by the word after the group's (`scan`), if any.
    func command(named word: String) -> CommandEntry? {
        commands.first { $0.name == "\(name) \(word)" }
    }

    var helpText: String {
        var lines = [
            "trackctl \(name) — \(abstract)", "", "USAGE: trackctl \(name) SUBCOMMAND [ARGUMENTS] [OPTIONS]", "",
            "SUBCOMMANDS:"
        ]
        for command in commands {
            let word = String(command.name.dropFirst(name.count + 1))
            lines.append(HelpLayout.row(word, command.abstract, width: 12))
        }
        lines += ["", "Run 'trackctl \(name) SUBCOMMAND --help' for its options."]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The two columns of help text and tables: a name, then its description from column `width`.
/// A name too long for its column is never cut (Foundation's `padding(toLength:)` cuts it):
/// it gets a line of its own and the description goes below, aligned, as swift-argument-parser
/// lays out help.
enum HelpLayout {
    static func row(_ name: String, _ description: String, width: Int) -> String {
        if name.count + 2 <= width {
            return "  " + name + String(repeating: " ", count: width - name.count) + description
        }
        return "  " + name + "\n  " + String(repeating: " ", count: width) + description
    }

    /// `text` padded to `width`, or followed by two spaces when it is as long or longer: a
    /// table cell that is never cut.
    static func cell(_ text: String, width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 2))
    }
}
