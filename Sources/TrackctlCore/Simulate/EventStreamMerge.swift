import TrackctlModel

/// `trackctl merge`: JSON-lines event files merged by their `timestamp` — each file's lines in
/// their own order, a tie going to the earlier file. What the shards of `simulate --order
/// time` need to make the unsharded stream again (SPEC §12): within a shard, a tie is already
/// in user order, and earlier shards hold the lower users.
///
/// Fast: a line is not parsed, only scanned for its top-level `"timestamp"` (strings skipped
/// whole, nesting counted), and handed on from the reader's own buffer. Strict: a file whose
/// timestamps go back is refused at that line (it was not written in time order, so no merge
/// of it can be), and any ISO 8601 form is read (`ISO8601Instant`). Files are read line by
/// line, never held whole: memory is a chunk per file.
public enum EventStreamMerge {
    private final class Stream {
        let file: String
        let order: Int
        let reader: LineReader
        /// The current line: valid until the next `advance()`.
        var line = UnsafeRawBufferPointer(start: nil, count: 0)
        var time = ISO8601Instant(seconds: .min, nanoseconds: 0)
        private var previousLine = 0

        init(file: String, order: Int) throws(DocumentError) {
            self.file = file
            self.order = order
            try MissingPath.requireExisting(file)
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
                let position = SourcePosition(line: reader.lineNumber, column: 1)
                let value: Range<Int>
                switch TimestampField.locate(in: bytes) {
                case .blank: continue
                case .notAnObject:
                    throw DocumentError(
                        file: file, message: "not a JSON object; merge reads JSON lines of events", position: position)
                case .missing:
                    throw DocumentError(
                        file: file, message: "the event has no \"timestamp\" string to merge by", position: position)
                case .found(let range): value = range
                }
                guard let time = ISO8601Instant.parse(UnsafeRawBufferPointer(rebasing: bytes[value])) else {
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[value]), as: UTF8.self)
                    throw DocumentError(
                        file: file,
                        message:
                            "\"timestamp\" is '\(UserText.quoted(text))', not an ISO 8601 date-time with a zone "
                            + "(such as 2026-01-01T08:30:00.250Z)",
                        position: SourcePosition(line: reader.lineNumber, column: value.lowerBound))
                }
                if time < self.time {
                    throw DocumentError(
                        file: file,
                        message:
                            "the timestamp \(time) goes back from \(self.time) on line \(previousLine): merge needs "
                            + "each file in time order — was it written with 'simulate --order time'?",
                        position: SourcePosition(line: reader.lineNumber, column: value.lowerBound))
                }
                self.time = time
                previousLine = reader.lineNumber
                line = bytes
                return true
            }
        }

        private static func failure(_ failure: LineReader.Failure, file: String) -> DocumentError {
            switch failure {
            case .unreadable(let reason): return DocumentError(file: file, message: "cannot be read: \(reason)")
            case .lineTooLong(let line):
                return DocumentError(
                    file: file, message: "a line longer than 1 MiB; is this a JSON-lines file?",
                    position: SourcePosition(line: line, column: 1))
            }
        }
    }

    /// Merges `files`, handing each line (without its newline) to `write` in order — the bytes
    /// are valid only during the call; stops early when `write` returns false. Returns the
    /// number of lines written.
    @discardableResult
    public static func merge(_ files: [String], write: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) -> Int {
        var streams: [Stream] = []
        // The heap holds each stream's next time and its place in `streams` (its order, which
        // breaks ties): plain values, so sifting them retains nothing.
        var heap = MinHeap<Head> { ($0.time, $0.order) < ($1.time, $1.order) }
        for (order, file) in files.enumerated() {
            let stream = try Stream(file: file, order: order)
            streams.append(stream)
            if try stream.advance() { heap.insert(Head(time: stream.time, order: order)) }
        }
        var written = 0
        while let earliest = heap.first {
            let stream = streams[earliest.order]
            guard write(stream.line) else { return written }
            written += 1
            if try stream.advance() {
                heap.replaceFirst(with: Head(time: stream.time, order: earliest.order))
            } else {
                _ = heap.popFirst()
            }
        }
        return written
    }

    private struct Head {
        let time: ISO8601Instant
        let order: Int
    }
}

/// Where a JSON line's top-level `"timestamp"` string is, found without parsing the line:
/// strings are skipped whole (escapes honoured), nesting is counted, and only a key at depth 1
/// followed by a string counts — a `timestamp` inside `properties` is not the event's.
///
/// Events put their timestamp near the end (Segment's order, and `simulate`'s), so the line is
/// first searched from its end for `"timestamp":"`; that match is taken when what follows its
/// value closes exactly one level, at the line's last byte — which, in a JSON line, holds only
/// for a key of the top-level object. Anything else (a compact match nested deeper, spaces
/// around the colon, a key early in a long line) falls back to the scan from the start.
enum TimestampField {
    enum Location: Equatable {
        case blank
        case notAnObject
        case missing
        /// The bytes between the value's quotes (escapes left as written).
        case found(Range<Int>)
    }

    private static let key = Array("timestamp".utf8)

    private static let compactKey = Array("\"timestamp\":\"".utf8)

    static func locate(in bytes: UnsafeRawBufferPointer) -> Location {
        if let value = lastCompactKeyClosingTheLine(bytes) { return .found(value) }
        return scan(bytes)
    }

    /// The value of the line's last `"timestamp":"`, when what follows it closes the top-level
    /// object at the line's end; nil when there is none or it is not provably at depth 1.
    private static func lastCompactKeyClosingTheLine(_ bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let count = bytes.count
        let length = compactKey.count
        guard count > length, let base = bytes.baseAddress else { return nil }
        var start = count - length
        let found: Int? = compactKey.withUnsafeBytes { key in
            while start > 0 {
                // Not nil: the key is a non-empty constant.
                // swift-format-ignore: NeverForceUnwrap
                if bytes[start] == UInt8(ascii: "\""),
                    Platform.equalBytes(key.baseAddress!, base + start, count: length)
                {
                    return start
                }
                start -= 1
            }
            return nil
        }
        // A quote after a backslash is inside a string (or the line is not JSON): scan instead.
        guard let keyStart = found, bytes[keyStart - 1] != UInt8(ascii: "\\") else { return nil }
        let valueStart = keyStart + length
        let valueEnd = endOfString(bytes, from: valueStart)
        guard valueEnd < count else { return nil }
        // What follows must close one level exactly at the last non-space byte.
        var index = valueEnd + 1
        var depth = 0
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index + 1) + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 {
                    var rest = index + 1
                    while rest < count, isSpace(bytes[rest]) { rest += 1 }
                    return rest == count ? valueStart..<valueEnd : nil
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The scan from the line's start: every string skipped, every level counted.
    private static func scan(_ bytes: UnsafeRawBufferPointer) -> Location {
        let count = bytes.count
        var index = 0
        while index < count, isSpace(bytes[index]) { index += 1 }
        guard index < count else { return .blank }
        guard bytes[index] == UInt8(ascii: "{") else { return .notAnObject }
        var depth = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                let end = endOfString(bytes, from: start)
                guard end < count else { return .missing }
                index = end + 1
                guard depth == 1, end - start == key.count, equals(bytes, start) else { continue }
                // A key at depth 1 is followed by a colon; a string value at depth 1 is not.
                var next = index
                while next < count, isSpace(bytes[next]) { next += 1 }
                guard next < count, bytes[next] == UInt8(ascii: ":") else { continue }
                next += 1
                while next < count, isSpace(bytes[next]) { next += 1 }
                guard next < count, bytes[next] == UInt8(ascii: "\"") else { return .missing }
                let valueEnd = endOfString(bytes, from: next + 1)
                guard valueEnd < count else { return .missing }
                return .found((next + 1)..<valueEnd)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            default:
                index += 1
            }
        }
        return .missing
    }

    /// The index of the quote that closes the string whose first byte is at `start` (or
    /// `bytes.count` when none does).
    @inline(__always)
    private static func endOfString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            // Not nil: index < count in the loop: the line is not empty.
            // swift-format-ignore: NeverForceUnwrap
            guard let found = Platform.find(UInt8(ascii: "\""), in: bytes.baseAddress! + index, count: count - index)
            else { return count }
            // Not nil: the line is not empty (a quote was found in it).
            // swift-format-ignore: NeverForceUnwrap
            let quote = found - bytes.baseAddress!
            // Escaped when an odd number of backslashes comes just before.
            var backslashes = 0
            while quote - backslashes - 1 >= start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote }
            index = quote + 1
        }
        return count
    }

    @inline(__always)
    private static func equals(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Bool {
        // Not nil: the key is a non-empty constant, and start is inside the line.
        // swift-format-ignore: NeverForceUnwrap
        key.withUnsafeBytes { Platform.equalBytes($0.baseAddress!, bytes.baseAddress! + start, count: $0.count) }
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
