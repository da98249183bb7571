/// `--progress` / `--no-progress`, said once for every long-running command (simulate, merge,
/// replay, catalog scan, plan check): a live status line on stderr when it is a terminal.
struct ProgressFlags {
    var force = false
    var suppress = false

    static func declarations<Options>(_ path: WritableKeyPath<Options, ProgressFlags>) -> [ArgumentDeclaration<Options>]
    {
        [
            .flag(
                "--progress", path.appending(path: \.force),
                help: "A live status line on stderr (done, rate, elapsed, ETA) even when stderr is not a terminal"),
            .flag(
                "--no-progress", path.appending(path: \.suppress),
                help: "No status line, even on a terminal (where it is shown by default)")
        ]
    }

    /// The line for this run, or nil when none is wanted.
    func line(_ label: String, terminal: Terminal) -> ProgressLine? {
        ProgressLine.wanted(force: force, suppress: suppress, terminal: terminal)
            ? ProgressLine(label, terminal: terminal, eager: force) : nil
    }
}
