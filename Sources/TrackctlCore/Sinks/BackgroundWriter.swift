import Foundation
import TrackctlModel

/// Writes full buffers to a file descriptor on a thread of its own, in order, so that the
/// replay fills the next buffer while the kernel copies the previous one into the pipe or file:
/// on two cores that copy then costs the replay nothing.
///
/// Two buffers in all — the one being filled and the one being written — so memory stays
/// bounded; a hand-off waits while the writer is still busy. A failed write is reported by the
/// next hand-off or drain (`SinkError.closed` when the reader went away), and nothing handed
/// off after it is written.
///
/// Fast path. Owner: one `FileDescriptorSink`; two threads — the sink's (hand-off, drain,
/// stop) and the writer's own — meeting only under `condition`'s lock. A buffer handed off
/// belongs to the writer until it comes back as the next spare. Lifetime: from the first full
/// buffer to `stop()`, which writes what was handed off and ends the thread (the sink's
/// `deinit` calls it). `SinkTests` checks order across a pipe, a closed reader, and stop.
final class BackgroundWriter: @unchecked Sendable {
    // Everything below is shared with the writing thread and guarded by `condition`'s lock
    // (hence `@unchecked Sendable`).
    private let descriptor: Int32
    /// How messages name the output.
    private let label: String
    /// Whether a partial line left by a failed write is cut away (regular files).
    private let truncatesPartialLines: Bool
    private let condition = NSCondition()
    /// The buffer handed off and not written yet.
    private var pending: LineBuffer?
    /// The buffer written last, to be filled again.
    private var spare: LineBuffer?
    private var failure: SinkError?
    private var isRunning = false
    private var isStopping = false

    init(descriptor: Int32, label: String, truncatesPartialLines: Bool) {
        self.descriptor = descriptor
        self.label = label
        self.truncatesPartialLines = truncatesPartialLines
    }

    /// Hands the full `buffer` to the writer and puts an empty one in its place: the caller's
    /// only reference to the buffer being written is gone, so it cannot write into it while the
    /// writer reads it. Throws the error of an earlier write (then `buffer` is left as it was).
    func handOff(_ buffer: inout LineBuffer) throws(SinkError) {
        buffer = try exchange(buffer)
    }

    private func exchange(_ full: LineBuffer) throws(SinkError) -> LineBuffer {
        condition.lock()
        defer { condition.unlock() }
        if !isRunning {
            isRunning = true
            Thread { [self] in run() }.start()
        }
        while pending != nil, failure == nil { condition.wait() }
        if let failure { throw failure }
        pending = full
        condition.broadcast()
        guard let next = spare else { return LineBuffer(capacity: full.capacity) }
        spare = nil
        next.removeAll()
        return next
    }

    /// Waits until everything handed off is written; throws the error of a write that failed.
    func drain() throws(SinkError) {
        condition.lock()
        defer { condition.unlock() }
        while pending != nil, failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Writes what was handed off, then ends the thread.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        isStopping = true
        condition.broadcast()
        while isRunning { condition.wait() }
    }

    private func run() {
        condition.lock()
        while true {
            while pending == nil, !isStopping { condition.wait() }
            guard let buffer = pending else { break }
            condition.unlock()
            let error =
                failure == nil
                ? Self.write(buffer, to: descriptor, label: label, truncatesPartialLines: truncatesPartialLines) : nil
            condition.lock()
            if let error { failure = error }
            pending = nil
            spare = buffer
            condition.broadcast()
        }
        isRunning = false
        condition.broadcast()
        condition.unlock()
    }

    /// Writes the whole buffer, retrying interrupted and partial writes. When a write fails
    /// part-way (a full disk, a file-size limit) and `truncatesPartialLines`, the file is cut
    /// back to the end of the last whole line written: it never ends with half an event.
    static func write(_ buffer: LineBuffer, to descriptor: Int32, label: String, truncatesPartialLines: Bool)
        -> SinkError?
    {
        let start = truncatesPartialLines ? Platform.fileSize(descriptor) : nil
        let result = Platform.writeAll(buffer.base, count: buffer.count, to: descriptor)
        guard let error = result.error else { return nil }
        if error == Platform.brokenPipe { return .closed }
        if let start { cutPartialLine(descriptor, start: start, written: result.written, buffer: buffer) }
        return .failed(
            label == "stdout" || label == "stderr"
                ? "cannot write to \(label): \(Platform.message(for: error))"
                : "cannot write to '\(label)': \(Platform.message(for: error))")
    }

    /// Truncates the file to `start` plus the bytes of `buffer` up to the last newline among
    /// the `written` first ones.
    private static func cutPartialLine(_ descriptor: Int32, start: Int64, written: Int, buffer: LineBuffer) {
        var whole = written
        while whole > 0, buffer.base[whole - 1] != 0x0A { whole -= 1 }
        _ = Platform.truncate(descriptor, to: start + Int64(whole))
    }
}
