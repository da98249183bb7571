import Foundation

/// The terminal's error output for other threads (the collector's connections, the HTTP sink's
/// delivery): one message at a time.
///
/// Owner: the command's `run`, for as long as those threads run. Threads: any; `lock`
/// serializes these threads' messages, so each is written whole. `run`'s own thread may write
/// to the terminal at the same time: `StandardTerminal.writeErr` reads only a constant and
/// calls `write(2)` once per message.
final class LockedErrorOutput: @unchecked Sendable {
    // Safe: `terminal` is used only inside `lock`.
    private let terminal: Terminal
    private let lock = NSLock()

    init(_ terminal: Terminal) { self.terminal = terminal }

    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        terminal.writeErr(text)
    }
}
