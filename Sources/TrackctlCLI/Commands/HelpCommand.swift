/// `trackctl help [COMMAND...]`
enum HelpCommand: Command {
    struct Options: ParsableOptions {
        var words: [String] = []

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "COMMAND", \.words, required: false, help: "The command to explain (validate, catalog scan)")
            ]
        }
    }

    static let name = "help"
    static let abstract = "Show help for trackctl or one of its commands."

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard !options.words.isEmpty else {
            terminal.writeOut(TrackctlCommandLine.overview)
            return .success
        }
        switch TrackctlCommandLine.resolve(options.words) {
        case .command(let command, let rest) where rest.isEmpty:
            terminal.writeOut(command.helpText)
            return .success
        case .group(let group, let rest) where rest.isEmpty:
            terminal.writeOut(group.helpText)
            return .success
        case .command(_, let rest), .group(_, let rest):
            TrackctlCommandLine.report(
                UsageError(message: "unexpected '\(rest[0])' after the command's name"), usage: usage,
                help: "trackctl help", terminal: terminal)
            return .usage
        case .unknown(let error):
            TrackctlCommandLine.report(error, usage: usage, help: "trackctl help", terminal: terminal)
            return .usage
        }
    }
}
