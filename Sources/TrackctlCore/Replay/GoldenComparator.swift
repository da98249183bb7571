/// `--expect FILE.jsonl`: compares the emitted events with a golden file as they are emitted,
/// streaming both, as JSON values rather than bytes (SPEC §5, issue 13): key order and white
/// space do not matter, `10` equals `10.0`, and the first difference names the line and the key
/// path that differs (`line 4: context.navigation.screen: "Feed" ≠ "Main screen"`). Key paths
/// in `ignoring` (`--expect-ignore messageId`) are skipped, so events recorded elsewhere can be
/// compared without their volatile keys.
final class GoldenComparator {
    let file: String
    private let reader: LineReader
    private var lineNumber = 0
    private let ignoring: Set<String>
    private(set) var firstDifference: String?

    init(path: String, ignoring: [String] = []) throws(DocumentError) {
        do {
            // Golden lines can be long (an event with many properties): no line limit but memory.
            reader = try LineReader(path: path, maximumLineLength: .max)
        } catch {
            if case .unreadable(let reason) = error { throw DocumentError(file: path, message: "cannot be read: \(reason)") }
            throw DocumentError(file: path, message: "cannot be read")
        }
        self.file = path
        self.ignoring = Set(ignoring)
    }

    /// The next non-blank line of the golden file, without its line end.
    private func nextLine() -> [UInt8]? {
        while let line = try? reader.next() {
            lineNumber += 1
            let bytes = Array(line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            return bytes
        }
        return nil
    }

    /// Compares one emitted line (its newline included or not).
    func compare(_ line: UnsafeRawBufferPointer) {
        guard firstDifference == nil else { return }
        let emitted = Array(line.last == 0x0A ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line)
        guard let expected = nextLine() else {
            firstDifference = "\(file): the replay emitted more events than the file has; first extra event:\n  emitted: \(String(decoding: emitted, as: UTF8.self))"
            return
        }
        let expectedValue: SourceValue
        do {
            var parser = JSONDocumentReader(bytes: expected, start: 0)
            expectedValue = try parser.read()
        } catch {
            let reason = (error as? SyntaxError).map { error in error.message + (error.position.map { " (column \($0.column))" } ?? "") } ?? "not JSON"
            firstDifference = "\(file):\(lineNumber): the expected line is not a JSON object: \(reason)"
            return
        }
        var parser = JSONDocumentReader(bytes: emitted, start: 0)
        guard let emittedValue = try? parser.read() else {
            firstDifference = "\(file):\(lineNumber): the emitted line is not JSON:\n  emitted: \(String(decoding: emitted, as: UTF8.self))"
            return
        }
        if let difference = Self.difference(expectedValue, emittedValue, path: "", ignoring: ignoring) {
            firstDifference = "\(file): line \(lineNumber): \(difference)"
        }
    }

    /// After the replay: events left in the golden file are a difference too.
    func finish() {
        guard firstDifference == nil, let expected = nextLine() else { return }
        firstDifference = "\(file):\(lineNumber): the replay ended before this event:\n  expected: \(String(decoding: expected, as: UTF8.self))"
    }

    /// The first difference between two JSON values, in document order of the expected one
    /// (then keys only the emitted one has): `path: expected ≠ emitted`, or nil when equal.
    static func difference(_ expected: SourceValue, _ emitted: SourceValue, path: String, ignoring: Set<String>) -> String? {
        if ignoring.contains(path) { return nil }
        let shown = path.isEmpty ? "the event" : path
        switch (expected.content, emitted.content) {
        case (.dictionary(let left), .dictionary(let right)):
            for member in left {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                guard let other = right.first(where: { $0.key == member.key }) else {
                    if ignoring.contains(memberPath) { continue }
                    return "\(memberPath): \(render(member.value)) expected, missing"
                }
                if let difference = difference(member.value, other.value, path: memberPath, ignoring: ignoring) { return difference }
            }
            for member in right where !left.contains(where: { $0.key == member.key }) {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                if ignoring.contains(memberPath) { continue }
                return "\(memberPath): not expected, emitted \(render(member.value))"
            }
            return nil
        case (.array(let left), .array(let right)):
            for (index, pair) in zip(left, right).enumerated() {
                if let difference = difference(pair.0, pair.1, path: "\(path)[\(index)]", ignoring: ignoring) { return difference }
            }
            if left.count != right.count { return "\(shown): \(left.count) elements expected, \(right.count) emitted: \(render(expected)) ≠ \(render(emitted))" }
            return nil
        default:
            return sameScalar(expected.content, emitted.content) ? nil : "\(shown): \(render(expected)) ≠ \(render(emitted))"
        }
    }

    /// Equal JSON scalars: numbers by value (`10` and `10.0`), the rest by kind and value.
    private static func sameScalar(_ left: SourceValue.Content, _ right: SourceValue.Content) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .real(let b)), (.real(let b), .integer(let a)): return Double(a) == b
        case (.real(let a), .real(let b)): return a == b
        default: return false
        }
    }

    /// A value as JSON, shortened for a message.
    static func render(_ value: SourceValue) -> String {
        let text: String
        switch value.content {
        case .string(let s): text = JSONText.quoted(s)
        case .integer(let i): text = String(i)
        case .real(let r): text = JSONNumber.format(r)
        case .bool(let b): text = b ? "true" : "false"
        case .null: text = "null"
        case .array(let elements): text = "[" + elements.map(render).joined(separator: ",") + "]"
        case .dictionary(let members): text = "{" + members.map { JSONText.quoted($0.key) + ":" + render($0.value) }.joined(separator: ",") + "}"
        case .date, .data: text = value.typeDescription
        }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
