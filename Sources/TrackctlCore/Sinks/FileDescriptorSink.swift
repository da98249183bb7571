/// JSON lines to a file descriptor (stdout, stderr, or a file opened by `FileSink`), through a
/// 256 KiB buffer that only ever holds whole lines, so a partial line is never written. Once a
/// buffer fills, a `BackgroundWriter` writes it while the next one fills.
public class FileDescriptorSink: EventSink {
    public var capabilities: SinkCapabilities { [.flush] }

    let descriptor: Int32
    // One producer thread: no dynamic exclusivity checks per line.
    @exclusivity(unchecked) private var buffer: LineBuffer
    private let bufferLimit = 256 * 1024
    /// Started at the first full buffer: short outputs are written at `flush`, on this thread.
    @exclusivity(unchecked) private var writer: BackgroundWriter?

    /// Writes to `descriptor` without owning it. When it is a pipe, asks Linux for a 1 MiB pipe
    /// buffer (F_SETPIPE_SZ), so a fast reader and writer switch less; harmless if refused.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = LineBuffer(capacity: bufferLimit + 4096)
        if Platform.identity(of: descriptor)?.isPipe == true {
            Platform.enlargePipeBuffer(descriptor, to: 1 << 20)
        }
    }

    deinit { writer?.stop() }

    /// The sink for the process's standard output.
    public static func standardOutput() -> FileDescriptorSink { FileDescriptorSink(descriptor: 1) }

    /// The sink for the process's standard error.
    public static func standardError() -> FileDescriptorSink { FileDescriptorSink(descriptor: 2) }

    public func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        buffer.append(line.checked)
        if buffer.count >= bufferLimit { try handOff() }
    }

    private func handOff() throws(SinkError) {
        let writer = self.writer ?? BackgroundWriter(descriptor: descriptor)
        self.writer = writer
        try writer.handOff(&buffer)
    }

    public func flush() throws(SinkError) {
        if let writer {
            if buffer.count > 0 { try writer.handOff(&buffer) }
            try writer.drain()
        } else {
            defer { buffer.removeAll() }
            if let error = BackgroundWriter.write(buffer, to: descriptor) { throw error }
        }
    }
}
