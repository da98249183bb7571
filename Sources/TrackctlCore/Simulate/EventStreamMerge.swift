/// `trackctl merge`: JSON-lines event files merged by their `timestamp` — each file's lines in
/// their own order, a tie going to the earlier file. What the shards of `simulate --order
/// time` need to make the unsharded stream again (SPEC §12): within a shard, a tie is already
/// in user order, and earlier shards hold the lower users.
///
/// Files are read line by line, never held whole: memory is one line per file.
public enum EventStreamMerge {
    private final class Stream {
        let file: String
        let order: Int
        let reader: LineReader
        var line: [UInt8] = []
        var time: Int64 = 0

        init(file: String, order: Int) throws(DocumentError) {
            self.file = file
            self.order = order
            do { reader = try LineReader(path: file) } catch {
                throw Self.failure(error, file: file)
            }
        }

        /// Reads the next line that is not blank; false at the end of the file.
        func advance() throws(DocumentError) -> Bool {
            while true {
                let next: UnsafeRawBufferPointer?
                do { next = try reader.next() } catch { throw Self.failure(error, file: file) }
                guard var bytes = next else { return false }
                if bytes.last == 0x0D { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
                if bytes.allSatisfy(RawJSON.isSpace) { continue }
                line = Array(bytes)
                guard RawJSON.isValid(line) else {
                    throw DocumentError(
                        file: file, message: "not a JSON object; merge reads JSON lines of events", position: SourcePosition(line: reader.lineNumber, column: 1)
                    )
                }
                let fields = CallFields(bytes: line, range: 0..<line.count)
                guard fields.isObject, let text = fields.string("timestamp"), let time = Timestamp.parse(text) else {
                    throw DocumentError(
                        file: file, message: "the event has no ISO 8601 \"timestamp\" to merge by",
                        position: SourcePosition(line: reader.lineNumber, column: 1))
                }
                self.time = time
                return true
            }
        }

        func precedes(_ other: Stream) -> Bool { (time, order) < (other.time, other.order) }

        private static func failure(_ failure: LineReader.Failure, file: String) -> DocumentError {
            switch failure {
            case .unreadable(let reason): return DocumentError(file: file, message: "cannot be read: \(reason)")
            case .lineTooLong(let line):
                return DocumentError(
                    file: file, message: "a line longer than 1 MiB; is this a JSON-lines file?", position: SourcePosition(line: line, column: 1))
            }
        }
    }

    /// Merges `files`, handing each line (with its newline) to `write` in order; stops early
    /// when `write` returns false. Returns the number of lines written.
    @discardableResult
    public static func merge(_ files: [String], write: ([UInt8]) -> Bool) throws(DocumentError) -> Int {
        var heap = MinHeap<Stream> { $0.precedes($1) }
        for (order, file) in files.enumerated() {
            let stream = try Stream(file: file, order: order)
            if try stream.advance() { heap.insert(stream) }
        }
        var written = 0
        while let earliest = heap.popFirst() {
            guard write(earliest.line + [0x0A]) else { return written }
            written += 1
            if try earliest.advance() { heap.insert(earliest) }
        }
        return written
    }
}
