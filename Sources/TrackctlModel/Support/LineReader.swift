/// A file read line by line in 64 KiB chunks, never held whole: a replay script of a million
/// steps, a golden file of a million events.
///
/// Fast path. Owner: one reader (a `ScriptSource` pass, a `GoldenComparator`); one thread.
/// Lifetime: a line returned by `next()` points into the reader's chunk or its pending
/// buffer, so it is valid only until the next call to `next()` (or the reader's end); callers
/// that keep a line copy it (the step cache copies a line it has not seen).
package final class LineReader {
    /// Why reading stopped early.
    package enum Failure: Error {
        /// The file could not be opened or read.
        case unreadable(String)
        /// A line longer than `maximumLineLength`: not a text file of lines.
        case lineTooLong(line: Int)
    }

    static let chunkSize = 64 * 1024
    /// The longest line accepted, newline excluded.
    let maximumLineLength: Int

    private let descriptor: Int32
    private let chunk: UnsafeMutableRawBufferPointer
    /// The unread part of the chunk.
    // One owner, one thread: no dynamic exclusivity checks per line.
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    /// The start of a line that continues in the next chunk.
    private let pending = LineBuffer(capacity: 4096)
    /// The pending line was handed out: forget it on the next call.
    @exclusivity(unchecked) private var pendingHandedOut = false
    @exclusivity(unchecked) private var atEnd = false
    /// Lines returned so far: the number of the last one.
    @exclusivity(unchecked) package private(set) var lineNumber = 0

    package init(path: String, maximumLineLength: Int = 1 << 20) throws(Failure) {
        descriptor = Platform.open(path, Platform.readOnly)
        guard descriptor >= 0 else { throw .unreadable(Platform.lastErrorMessage) }
        self.maximumLineLength = maximumLineLength
        chunk = .allocate(byteCount: Self.chunkSize, alignment: 8)
    }

    deinit {
        chunk.deallocate()
        Platform.close(descriptor)
    }

    /// The next line, without its `\n` (a `\r` before it stays), or nil after the last line.
    /// The last line needs no `\n`.
    @inline(__always)
    package func next() throws(Failure) -> UnsafeRawBufferPointer? {
        // The common case inline: a whole line in the chunk.
        if !pendingHandedOut, pending.count == 0, start < end {
            // Not nil: the chunk is allocated once with a positive capacity.
            // swift-format-ignore: NeverForceUnwrap
            let base = chunk.baseAddress!
            if let newline = Platform.find(0x0A, in: base + start, count: end - start) {
                let lineEnd = newline - UnsafeRawPointer(base)
                if lineEnd - start <= maximumLineLength {
                    lineNumber += 1
                    defer { start = lineEnd + 1 }
                    return UnsafeRawBufferPointer(start: base + start, count: lineEnd - start)
                }
            }
        }
        return try nextCrossingChunks()
    }

    /// `next()` when the line continues in the next chunk, or is the last, or too long.
    private func nextCrossingChunks() throws(Failure) -> UnsafeRawBufferPointer? {
        if pendingHandedOut {
            pending.removeAll()
            pendingHandedOut = false
        }
        // Not nil: the chunk is allocated once with a positive capacity.
        // swift-format-ignore: NeverForceUnwrap
        let base = chunk.baseAddress!
        while true {
            if start < end, let newline = Platform.find(0x0A, in: base + start, count: end - start) {
                let lineEnd = newline - UnsafeRawPointer(base)
                defer { start = lineEnd + 1 }
                lineNumber += 1
                if pending.count == 0 {
                    guard lineEnd - start <= maximumLineLength else { throw .lineTooLong(line: lineNumber) }
                    return UnsafeRawBufferPointer(start: base + start, count: lineEnd - start)
                }
                pending.append((base + start).assumingMemoryBound(to: UInt8.self), count: lineEnd - start)
                guard pending.count <= maximumLineLength else { throw .lineTooLong(line: lineNumber) }
                pendingHandedOut = true
                return pending.bytes
            }
            // No newline in what is left: keep it, read on.
            if start < end {
                pending.append((base + start).assumingMemoryBound(to: UInt8.self), count: end - start)
                if pending.count > maximumLineLength { throw .lineTooLong(line: lineNumber + 1) }
            }
            start = 0
            end = 0
            if atEnd { break }
            let count = Platform.read(descriptor, base, chunk.count)
            if count < 0 {
                if Platform.errorNumber == Platform.interrupted { continue }
                throw .unreadable(Platform.lastErrorMessage)
            }
            if count == 0 { atEnd = true } else { end = count }
        }
        guard pending.count > 0 else { return nil }
        lineNumber += 1
        pendingHandedOut = true
        return pending.bytes
    }
}
