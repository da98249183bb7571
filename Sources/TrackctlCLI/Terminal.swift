import Foundation
import TrackctlCore
import TrackctlModel

/// Where a command writes: stdout carries the product (events, the JSON report), stderr
/// carries messages. Injected so tests can run commands in process and read both.
package protocol Terminal: AnyObject {
    /// Writes the product; false when it could not be written (a closed or full output).
    @discardableResult
    func writeOut(_ text: String) -> Bool
    func writeErr(_ text: String)
    /// Why the last failed write failed ("No space left on device"), if known.
    var lastWriteError: String? { get }
    /// Whether stderr is a terminal: a live progress line is shown there by default.
    var errorIsTerminal: Bool { get }
    /// The descriptor that `--sink stdout` and merged lines are written to: 1, the process's
    /// stdout, but for a terminal that captures them.
    var outputDescriptor: Int32 { get }
}

extension Terminal {
    package var lastWriteError: String? { nil }
    package var errorIsTerminal: Bool { false }
    package var outputDescriptor: Int32 { 1 }
}

/// The process's real stdout and stderr, written with `write(2)` so that a closed pipe
/// (`trackctl … | head -1`) is noticed as EPIPE instead of killing the process.
package final class StandardTerminal: Terminal {
    /// Set once stdout could not be written (closed by the reader, closed when the process
    /// started, full); later writes are dropped.
    package private(set) var stdoutClosed = false
    package private(set) var lastWriteError: String?
    private let stderrClosed: Bool

    package init() {
        // A closed pipe must be an error code, not a signal that ends the process mid-line.
        Platform.ignoreBrokenPipeSignal()
        let closedAtStart = Platform.standardDescriptorsClosedAtStart
        if closedAtStart.contains(1) {
            stdoutClosed = true
            lastWriteError = "stdout is closed"
        }
        stderrClosed = closedAtStart.contains(2)
    }

    package var errorIsTerminal: Bool { !stderrClosed && Platform.isTerminal(2) }

    @discardableResult
    package func writeOut(_ text: String) -> Bool {
        guard !stdoutClosed else { return false }
        if let error = Self.writeAll(fd: 1, text) {
            stdoutClosed = true
            lastWriteError = error
        }
        return !stdoutClosed
    }

    package func writeErr(_ text: String) {
        guard !stderrClosed else { return }
        _ = Self.writeAll(fd: 2, text)
    }

    /// Writes every byte, retrying short writes and EINTR; the error when it cannot.
    static func writeAll(fd: Int32, _ text: String) -> String? {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                // Not nil: offset < buffer.count in the loop: the buffer is not empty.
                // swift-format-ignore: NeverForceUnwrap
                let written = Platform.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if Platform.errorNumber == Platform.interrupted { continue }
                    return Platform.lastErrorMessage
                }
                offset += written
            }
            return nil
        }
    }
}

/// Collects both streams, for tests and embedding: stderr in memory; stdout — the product and
/// the lines sinks write to it — in a temporary file, in the order they were written, as one
/// descriptor would have them.
package final class CapturingTerminal: Terminal {
    package private(set) var err = ""
    private let path: String
    package let outputDescriptor: Int32

    package init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-out-\(UUID().uuidString)").path
        outputDescriptor = Platform.open(path, Platform.truncateCreateWriteOnly)
    }

    deinit {
        if outputDescriptor >= 0 { _ = Platform.close(outputDescriptor) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// What was written to stdout so far.
    package var out: String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @discardableResult
    package func writeOut(_ text: String) -> Bool {
        StandardTerminal.writeAll(fd: outputDescriptor, text) == nil
    }

    package func writeErr(_ text: String) { err += text }
}
