import Foundation
import TrackctlModel

/// One call of an event stream (a replay's output, what `collect` received, a Segment export),
/// as `diff` reports it: where it is and what names it.
public struct EventCall: Sendable {
    /// 1-based line in its file.
    public var line: Int
    /// `track`, `screen`, …; empty when absent.
    public var type: String
    /// What names it: a track's `event`, a screen's or page's `name`, else empty.
    public var name: String

    /// `track "Order Completed"`, for messages.
    public var title: String {
        let kind = type.isEmpty ? "call" : type
        return name.isEmpty ? kind : "\(kind) \(JSONText.quoted(name))"
    }
}

/// A JSON-lines stream of calls, held as a few words per call — where its line is, its
/// canonical hash (`CallHasher`) and what names it — not as parsed trees: two streams of a
/// million calls compare in well under a gigabyte (SPEC §13). A call's value is parsed again
/// from its line only when a difference is reported.
public final class EventStream: @unchecked Sendable {
    // Safe to share: every stored property is set in `init` and only read after, except the
    // descriptor's position, which `value(at:)` never moves (it reads with `pread`).

    /// One call.
    struct Record {
        var offset: Int64
        var length: Int32
        var line: Int32
        /// The canonical hash, ignored paths left out: equal calls have equal hashes.
        var hash: UInt64
        /// Hashes of the type and name together, and of the type alone (the alignment's
        /// second and third tiers).
        var title: UInt64
        var type: UInt64
        /// Index into `titles`.
        var titleIndex: Int32
    }

    public let file: String
    let records: [Record]
    /// Each distinct (type, name), by `Record.titleIndex`.
    private let titles: [(type: String, name: String)]
    private let source: LineSource

    init(file: String, records: [Record], titles: [(type: String, name: String)], source: LineSource) {
        self.file = file
        self.records = records
        self.titles = titles
        self.source = source
    }

    public var count: Int { records.count }

    /// The call at `index`, as reports name it.
    public func call(_ index: Int) -> EventCall {
        let record = records[index]
        let title = titles[Int(record.titleIndex)]
        return EventCall(line: Int(record.line), type: title.type, name: title.name)
    }

    /// The call at `index` parsed again from its line (it parsed when the stream was read).
    public func value(_ index: Int) -> SourceValue {
        let record = records[index]
        let bytes = source.bytes(at: record.offset, count: Int(record.length))
        var reader = JSONDocumentReader(bytes: bytes, start: 0, firstLine: Int(record.line))
        return (try? reader.read()) ?? SourceValue(.null, at: SourcePosition(line: Int(record.line), column: 1))
    }
}

/// Where a stream's lines are: a file (read twice, then by offset for what is reported), or
/// bytes in memory (standard input, which cannot be read twice).
package enum LineSource: Sendable {
    case file(path: String, descriptor: Int32)
    case memory([UInt8])

    package static func open(_ path: String) throws(DocumentError) -> LineSource {
        if path == "-" {
            return .memory(Array(FileHandle.standardInput.readDataToEndOfFile()))
        }
        try MissingPath.requireExisting(path)
        if Platform.isDirectory(path) { throw DocumentError(file: path, message: "cannot be read: is a directory") }
        let descriptor = Platform.open(path, Platform.readOnly)
        guard descriptor >= 0 else {
            throw DocumentError(file: path, message: "cannot be read: \(Platform.lastErrorMessage)")
        }
        return .file(path: path, descriptor: descriptor)
    }

    /// Every line with its 1-based number and byte offset, without its `\n` (a `\r` stays).
    package func forEachLine(
        in file: String, _ body: (UnsafeRawBufferPointer, Int, Int64) throws(DocumentError) -> Void
    ) throws(DocumentError) {
        switch self {
        case .file(let path, _):
            let reader: LineReader
            do {
                reader = try LineReader(path: path, maximumLineLength: .max)
            } catch {
                if case .unreadable(let reason) = error {
                    throw DocumentError(file: file, message: "cannot be read: \(reason)")
                }
                throw DocumentError(file: file, message: "cannot be read")
            }
            var offset: Int64 = 0
            while true {
                let next: UnsafeRawBufferPointer?
                do { next = try reader.next() } catch { throw DocumentError(file: file, message: "cannot be read") }
                guard let line = next else { return }
                try body(line, reader.lineNumber, offset)
                offset += Int64(line.count) + 1
            }
        case .memory(let bytes):
            // `withUnsafeBytes` rethrows untyped errors: the body's error is carried out by hand.
            var failure: DocumentError?
            bytes.withUnsafeBytes { all in
                var start = 0
                var number = 0
                while start < all.count {
                    var end = start
                    while end < all.count, all[end] != 0x0A { end += 1 }
                    number += 1
                    do throws(DocumentError) {
                        try body(UnsafeRawBufferPointer(rebasing: all[start..<end]), number, Int64(start))
                    } catch {
                        failure = error
                        return
                    }
                    start = end + 1
                }
            }
            if let failure { throw failure }
        }
    }

    /// `count` bytes at `offset`.
    func bytes(at offset: Int64, count: Int) -> [UInt8] {
        switch self {
        case .memory(let bytes):
            return Array(bytes[Int(offset)..<min(bytes.count, Int(offset) + count)])
        case .file(_, let descriptor):
            var result = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = result.withUnsafeMutableBytes {
                    // Not nil: filled < count in the loop: the buffer is not empty.
                    // swift-format-ignore: NeverForceUnwrap
                    Platform.read(descriptor, $0.baseAddress! + filled, count - filled, at: offset + Int64(filled))
                }
                if read < 0, Platform.errorNumber == Platform.interrupted { continue }
                if read <= 0 { break }
                filled += read
            }
            return Array(result[0..<filled])
        }
    }
}

/// Reads the two streams of a `diff` (SPEC §13), each on its own core: a first pass checks
/// every line and notes which key paths each stream has, a second hashes every call with the
/// ignored paths left out — those given, and, unless every key is compared, the keys one side
/// writes by nature that the other stream never has (`context.step` of a replay,
/// `context.network` of an SDK).
public enum EventStreamReader {
    public struct Pair: Sendable {
        public var expected: EventStream
        public var actual: EventStream
        /// The key paths left out because one side only has them, sorted.
        public var leftOut: [String]
        /// What the comparison of two calls skips: the patterns given and `leftOut`.
        public var ignoring: IgnoredPaths
    }

    public static func read(expected: String, actual: String, ignoring patterns: [String], allKeys: Bool = false)
        throws(DocumentError) -> Pair
    {
        let given = IgnoredPaths(patterns)
        let sources = (try LineSource.open(expected), try LineSource.open(actual))
        let firstPass = Parallel.both(
            { Result { () throws(DocumentError) in try paths(of: sources.0, file: expected, ignoring: given) } },
            { Result { () throws(DocumentError) in try paths(of: sources.1, file: actual, ignoring: given) } })
        let expectedPaths = try firstPass.0.get(), actualPaths = try firstPass.1.get()
        let leftOut = allKeys ? [] : oneSided(expectedPaths, actualPaths)
        let ignoring = IgnoredPaths(patterns + leftOut)
        let secondPass = Parallel.both(
            { stream(from: sources.0, file: expected, ignoring: ignoring) },
            { stream(from: sources.1, file: actual, ignoring: ignoring) })
        return Pair(expected: secondPass.0, actual: secondPass.1, leftOut: leftOut, ignoring: ignoring)
    }

    /// Reads lines of calls from bytes in memory (tests, and `--expect`'s golden files).
    static func read(expectedLines: [String], actualLines: [String], ignoring patterns: [String], allKeys: Bool = false)
        throws(DocumentError) -> Pair
    {
        let expected = LineSource.memory(Array(expectedLines.joined(separator: "\n").utf8))
        let actual = LineSource.memory(Array(actualLines.joined(separator: "\n").utf8))
        let given = IgnoredPaths(patterns)
        let leftOut =
            allKeys
            ? []
            : oneSided(
                try paths(of: expected, file: "expected", ignoring: given),
                try paths(of: actual, file: "actual", ignoring: given))
        let ignoring = IgnoredPaths(patterns + leftOut)
        return Pair(
            expected: stream(from: expected, file: "expected", ignoring: ignoring),
            actual: stream(from: actual, file: "actual", ignoring: ignoring), leftOut: leftOut, ignoring: ignoring)
    }

    /// The normalized key paths (`items[*].sku`) the stream's calls have, ignored ones aside;
    /// every line checked: a located error for the first that is not a JSON object.
    private static func paths(of source: LineSource, file: String, ignoring: IgnoredPaths) throws(DocumentError) -> Set<
        String
    > {
        let table = CallPathTable { ignoring.contains($0.path) }
        var hasher = CallHasher(paths: table)
        try source.forEachLine(in: file) { (raw, number, _) throws(DocumentError) in
            let line = trimmed(raw)
            guard !isBlank(line) else { return }
            if !hasher.collectPaths(ofLine: line) {
                hasher.collectPaths(of: try parse(line, number: number, file: file))
            }
        }
        var result = Set<String>()
        for (index, present) in hasher.present.enumerated() where present && !table.ignored[index] {
            result.insert(table.entries[index].normalized)
        }
        return result
    }

    /// The keys of `IgnoredPaths.oneSidedByNature` (or under one) that one side has and the
    /// other never has, whose parent both have (or that are top-level keys): a replay's
    /// `context.step`, an SDK's `context.network`. Any other key is compared: a property only
    /// the app sends is a difference.
    static func oneSided(_ left: Set<String>, _ right: Set<String>) -> [String] {
        func parent(_ path: String) -> String? {
            if path.hasSuffix("[*]") { return String(path.dropLast(3)) }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            return String(path[..<dot])
        }
        func byNature(_ path: String) -> Bool {
            IgnoredPaths.oneSidedByNature.contains {
                path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[")
            }
        }
        return left.symmetricDifference(right).filter { path in
            guard byNature(path) else { return false }
            guard let parent = parent(path) else { return true }
            // A call sent without `properties` has empty ones (analytics-swift's `track(name:)`).
            if ValueComparison.omittableWhenEmpty.contains(parent), left.contains(parent) || right.contains(parent) {
                return true
            }
            return left.contains(parent) && right.contains(parent)
        }.sorted()
    }

    private static func stream(from source: LineSource, file: String, ignoring: IgnoredPaths) -> EventStream {
        let table = CallPathTable { ignoring.contains($0.path) }
        var hasher = CallHasher(paths: table)
        var records: [EventStream.Record] = []
        var titles: [(type: String, name: String)] = []
        var titleIndex: [String: Int32] = [:]
        // The first pass read every line: nothing here can fail.
        try? source.forEachLine(in: file) { (raw, number, offset) throws(DocumentError) in
            let line = trimmed(raw)
            guard !isBlank(line) else { return }
            let hash: UInt64
            if let fast = hasher.hashLine(line) {
                hash = fast
            } else {
                guard let tree = try? parse(line, number: number, file: file) else { return }
                hash = hasher.hash(tree)
            }
            let type = hasher.type ?? "", name = hasher.event ?? hasher.name ?? ""
            let title = type + "\u{1F}" + name
            let index: Int32
            if let known = titleIndex[title] {
                index = known
            } else {
                index = Int32(titles.count)
                titles.append((type, name))
                titleIndex[title] = index
            }
            var titleText = title, typeText = type
            records.append(
                EventStream.Record(
                    offset: offset, length: Int32(line.count), line: Int32(number), hash: hash,
                    title: titleText.withUTF8 { CallHasher.bytesHash(UnsafeRawBufferPointer($0)) },
                    type: typeText.withUTF8 { CallHasher.bytesHash(UnsafeRawBufferPointer($0)) }, titleIndex: index))
        }
        return EventStream(file: file, records: records, titles: titles, source: source)
    }

    /// A line's value, or its located error.
    private static func parse(_ line: UnsafeRawBufferPointer, number: Int, file: String) throws(DocumentError)
        -> SourceValue
    {
        let bytes = Array(line)
        // Bytes that are not UTF-8 are bad input, not text to repair: two calls differing only
        // there would compare equal once both were replaced (review 2026-11-27 N6).
        if let bad = TextChecks.firstInvalidUTF8(bytes, from: 0) {
            throw DocumentError(
                file: file,
                message:
                    "not UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) here); a call is UTF-8 JSON",
                position: SourcePosition(line: number, column: String(decoding: bytes[..<bad], as: UTF8.self).count + 1)
            )
        }
        var reader = JSONDocumentReader(bytes: bytes, start: 0, firstLine: number)
        let value: SourceValue
        do {
            value = try reader.read()
        } catch {
            let syntax = error as? SyntaxError
            throw DocumentError(
                file: file, message: "not a JSON line: \(syntax?.message ?? "unreadable")",
                position: SourcePosition(line: number, column: syntax?.position?.column ?? 1))
        }
        guard case .dictionary = value.content else {
            throw DocumentError(
                file: file, message: "a call must be a JSON object, found \(value.typeDescription)",
                position: SourcePosition(line: number, column: 1))
        }
        return value
    }

    private static func trimmed(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
    }

    private static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
