/// A subcommand: a declaration (from which `--help` is generated) and a run that returns an
/// exit code. Only `main` exits.
protocol Command {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments; usage problems found late throw `UsageError`.
    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode
}
