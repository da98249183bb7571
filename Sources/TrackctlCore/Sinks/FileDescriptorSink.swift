#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON lines to a file descriptor (stdout, stderr, or a file opened by `FileSink`), through a
/// 64 KiB buffer that only ever holds whole lines, so a partial line is never written.
public class FileDescriptorSink: EventSink {
    public var capabilities: SinkCapabilities { [.flush] }

    let descriptor: Int32
    private let buffer: LineBuffer
    private let bufferLimit = 256 * 1024

    /// Writes to `descriptor` without owning it. When it is a pipe, asks Linux for a 1 MiB pipe
    /// buffer (F_SETPIPE_SZ), so a fast reader and writer switch less; harmless if refused.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = LineBuffer(capacity: bufferLimit + 4096)
        #if os(Linux)
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            _ = fcntl(descriptor, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        }
        #endif
    }

    /// The sink for the process's standard output.
    public static func standardOutput() -> FileDescriptorSink { FileDescriptorSink(descriptor: 1) }

    /// The sink for the process's standard error.
    public static func standardError() -> FileDescriptorSink { FileDescriptorSink(descriptor: 2) }

    public func receive(_ line: UnsafeRawBufferPointer, event: Event?) throws(SinkError) {
        buffer.append(line)
        if buffer.count >= bufferLimit { try flush() }
    }

    public func flush() throws(SinkError) {
        var offset = 0
        defer { buffer.removeAll() }
        while offset < buffer.count {
            let written = write(descriptor, buffer.base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .closed }
                throw .failed(String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
