import TrackctlCore

/// Where a command writes: stdout carries the product (events, the JSON report), stderr
/// carries messages. Injected so tests can run commands in process and read both.
public protocol Terminal: AnyObject {
    /// Writes the product; false when it could not be written (a closed or full output).
    @discardableResult
    func writeOut(_ text: String) -> Bool
    func writeErr(_ text: String)
}

/// The process's real stdout and stderr, written with `write(2)` so that a closed pipe
/// (`trackctl … | head -1`) is noticed as EPIPE instead of killing the process.
public final class StandardTerminal: Terminal {
    /// Set once stdout has been closed by the reader; later writes are dropped.
    public private(set) var stdoutClosed = false

    public init() {
        // A closed pipe must be an error code, not a signal that ends the process mid-line.
        Platform.ignoreBrokenPipeSignal()
    }

    @discardableResult
    public func writeOut(_ text: String) -> Bool {
        guard !stdoutClosed else { return false }
        if !Self.writeAll(fd: 1, text) { stdoutClosed = true }
        return !stdoutClosed
    }

    public func writeErr(_ text: String) {
        _ = Self.writeAll(fd: 2, text)
    }

    /// Writes every byte, retrying short writes and EINTR; false when the reader has gone.
    @discardableResult
    static func writeAll(fd: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Platform.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if Platform.errorNumber == Platform.interrupted { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Collects both streams in memory; for tests and embedding.
public final class CapturingTerminal: Terminal {
    public private(set) var out = ""
    public private(set) var err = ""

    public init() {}

    @discardableResult
    public func writeOut(_ text: String) -> Bool { out += text; return true }
    public func writeErr(_ text: String) { err += text }
}
