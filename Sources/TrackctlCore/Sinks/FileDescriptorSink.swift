import TrackctlModel

/// JSON lines to a file descriptor (stdout, stderr, or a file opened by `FileSink`), through a
/// 256 KiB buffer that only ever holds whole lines. Once a buffer fills, a `BackgroundWriter`
/// writes it while the next one fills.
///
/// A write that fails ends the sink with an error naming it (`cannot write to 'out.jsonl': No
/// space left on device`); on a regular file the partial line it may have left is truncated
/// away, so the file ends with a whole line (SPEC §6).
package class FileDescriptorSink: EventSink {
    package var capabilities: SinkCapabilities { [.flush] }

    let descriptor: Int32
    /// How messages name the output: `stdout`, `stderr`, or the file's path.
    package let label: String
    /// Whether the descriptor is a regular file, whose partial last line can be cut away.
    private let isRegularFile: Bool
    // One producer thread: no dynamic exclusivity checks per line.
    @exclusivity(unchecked) private var buffer: LineBuffer
    private let bufferLimit = 256 * 1024
    /// Started at the first full buffer: short outputs are written at `flush`, on this thread.
    @exclusivity(unchecked) private var writer: BackgroundWriter?

    /// Writes to `descriptor` without owning it. When it is a pipe, asks Linux for a 1 MiB pipe
    /// buffer (F_SETPIPE_SZ), so a fast reader and writer switch less; harmless if refused.
    package init(descriptor: Int32, label: String) {
        self.descriptor = descriptor
        self.label = label
        buffer = LineBuffer(capacity: bufferLimit + 4096)
        let identity = Platform.identity(of: descriptor)
        isRegularFile = identity?.isRegularFile ?? false
        if identity?.isPipe == true {
            Platform.enlargePipeBuffer(descriptor, to: 1 << 20)
        }
    }

    deinit { writer?.stop() }

    /// The sink for the process's standard output.
    package static func standardOutput() -> FileDescriptorSink { FileDescriptorSink(descriptor: 1, label: "stdout") }

    /// The sink for the process's standard error.
    package static func standardError() -> FileDescriptorSink { FileDescriptorSink(descriptor: 2, label: "stderr") }

    package func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        buffer.append(line.checked)
        if buffer.count >= bufferLimit { try handOff() }
    }

    private func handOff() throws(SinkError) {
        let writer =
            self.writer ?? BackgroundWriter(descriptor: descriptor, label: label, truncatesPartialLines: isRegularFile)
        self.writer = writer
        try writer.handOff(&buffer)
    }

    package func flush() throws(SinkError) {
        if let writer {
            if buffer.count > 0 { try writer.handOff(&buffer) }
            try writer.drain()
        } else {
            defer { buffer.removeAll() }
            if let error = BackgroundWriter.write(
                buffer, to: descriptor, label: label, truncatesPartialLines: isRegularFile)
            {
                throw error
            }
        }
    }

    /// Writes what is buffered and ends the writer's thread; the descriptor stays open (it is
    /// not this sink's). A requirement of `EventSink` implemented here, so that `FileSink`'s
    /// override is what `any EventSink` calls.
    package func close() throws(SinkError) {
        defer { writer?.stop() }
        try flush()
    }
}
