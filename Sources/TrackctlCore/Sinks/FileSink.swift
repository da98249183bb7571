#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `file:PATH` — appends JSON lines to a file, flushed and synced (`fsync`) at the end. Writes
/// only whole lines, so the file never ends with a partial one.
public final class FileSink: FileDescriptorSink {
    public override var capabilities: SinkCapabilities { [.flush, .close] }
    public let path: String
    private var isClosed = false

    /// Opens (creating if needed) `path` for appending.
    public init(path: String) throws(SinkError) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .failed("cannot open '\(path)' for appending: \(String(cString: strerror(errno)))")
        }
        super.init(descriptor: fd)
    }

    public func close() throws(SinkError) {
        guard !isClosed else { return }
        isClosed = true
        defer { _ = Glibc.close(descriptor) }
        try flush()
        if fsync(descriptor) != 0 { throw .failed("cannot sync '\(path)': \(String(cString: strerror(errno)))") }
    }
}
