import TrackctlModel

/// `file:PATH` — appends JSON lines to a file, flushed and synced (`fsync`) at the end. Writes
/// only whole lines, so the file never ends with a partial one, even when a write fails.
package final class FileSink: FileDescriptorSink {
    package override var capabilities: SinkCapabilities { [.flush, .close] }
    package let path: String
    private var isClosed = false

    /// Opens (creating if needed) `path` for appending.
    package init(path: String) throws(SinkError) {
        self.path = path
        let fd = Platform.open(path, Platform.appendCreateWriteOnly)
        guard fd >= 0 else {
            let reason = Platform.lastErrorMessage
            // The common case named plainly: the folder the file would go in does not exist.
            if let slash = path.lastIndex(of: "/"), slash > path.startIndex,
                !Platform.isDirectory(String(path[..<slash]))
            {
                throw .failed(
                    "cannot open '\(path)' for appending: no such folder '\(path[..<slash])'; create it first")
            }
            throw .failed("cannot open '\(path)' for appending: \(reason)")
        }
        super.init(descriptor: fd, label: path)
    }

    /// Writes what is buffered, syncs it to disk and closes the file, once.
    package override func close() throws(SinkError) {
        guard !isClosed else { return }
        isClosed = true
        defer { Platform.close(descriptor) }
        try super.close()
        if Platform.fsync(descriptor) != 0 { throw .failed("cannot sync '\(path)': \(Platform.lastErrorMessage)") }
    }
}
