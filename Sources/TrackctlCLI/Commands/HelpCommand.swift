/// `trackctl help [COMMAND]`
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for trackctl or one of its commands.",
        positionals: [PositionalSpec(name: "COMMAND", help: "The command to explain.", optional: true)],
        options: [])

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode {
        guard let name = arguments.positionals.first else {
            terminal.writeOut(TrackctlCommandLine.overview)
            return .success
        }
        guard let command = TrackctlCommandLine.command(named: name) else {
            throw TrackctlCommandLine.unknownCommand(name)
        }
        terminal.writeOut(command.spec.helpText)
        return .success
    }
}
