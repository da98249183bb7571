import TrackctlModel

/// `--expect FILE.jsonl`: compares the emitted events with a golden file as they are emitted,
/// streaming both, as JSON values rather than bytes (SPEC §5, issue 13): key order and white
/// space do not matter, `10` equals `10.0`, and the first difference names the line and the key
/// path that differs (`line 4: context.navigation.screen: "Feed" expected, emitted "Main screen"`:
/// the same words as `diff`'s "expected, received"). Key paths
/// in `ignoring` (`--expect-ignore messageId`, `*` for any key) are skipped, so events recorded
/// elsewhere can be compared without their volatile keys. The comparison is `ValueComparison`'s.
final class GoldenComparator {
    let file: String
    private let reader: LineReader
    private var lineNumber = 0
    private let ignoring: IgnoredPaths
    private(set) var firstDifference: String?
    /// The golden file's line that is not a JSON object: bad input (exit 2), not a mismatch.
    private(set) var malformed: DocumentError?

    init(path: String, ignoring: [String] = []) throws(DocumentError) {
        try MissingPath.requireExisting(path)
        do {
            // Golden lines can be long (an event with many properties): no line limit but memory.
            reader = try LineReader(path: path, maximumLineLength: .max)
        } catch {
            if case .unreadable(let reason) = error {
                throw DocumentError(file: path, message: "cannot be read: \(reason)")
            }
            throw DocumentError(file: path, message: "cannot be read")
        }
        self.file = path
        self.ignoring = IgnoredPaths(ignoring)
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
        guard firstDifference == nil, malformed == nil else { return }
        let emitted = Array(line.last == 0x0A ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line)
        guard let expected = nextLine() else {
            firstDifference =
                "\(file): the replay emitted more events than the file has; first extra event:\n  emitted: "
                + "\(String(decoding: emitted, as: UTF8.self))"
            return
        }
        let expectedValue: SourceValue
        do {
            // Positions name the file's line (review D4).
            var parser = JSONDocumentReader(bytes: expected, start: 0, firstLine: lineNumber)
            expectedValue = try parser.read()
            guard case .dictionary = expectedValue.content else {
                malformed = DocumentError(
                    file: file, message: "the expected line is not a JSON object, but \(expectedValue.typeDescription)",
                    position: SourcePosition(line: lineNumber, column: 1))
                return
            }
        } catch {
            let syntax = error as? SyntaxError
            malformed = DocumentError(
                file: file, message: "the expected line is not JSON: \(syntax?.message ?? "unreadable")",
                position: SourcePosition(line: lineNumber, column: syntax?.position?.column ?? 1))
            return
        }
        var parser = JSONDocumentReader(bytes: emitted, start: 0)
        guard let emittedValue = try? parser.read() else {
            firstDifference =
                "\(file):\(lineNumber): the emitted line is not JSON:\n  emitted: "
                + "\(String(decoding: emitted, as: UTF8.self))"
            return
        }
        if let difference = Self.difference(expectedValue, emittedValue, ignoring: ignoring) {
            firstDifference = "\(file): line \(lineNumber): \(difference)"
        }
    }

    /// After the replay: events left in the golden file are a difference too.
    func finish() {
        guard firstDifference == nil, malformed == nil, let expected = nextLine() else { return }
        firstDifference =
            "\(file):\(lineNumber): the replay ended before this event:\n  expected: "
            + "\(String(decoding: expected, as: UTF8.self))"
    }

    /// The first difference between two JSON values, in document order of the expected one
    /// (then keys only the emitted one has): `path: X expected, emitted Y`, or nil when equal.
    static func difference(_ expected: SourceValue, _ emitted: SourceValue, ignoring: IgnoredPaths) -> String? {
        guard let change = ValueComparison.differences(expected, emitted, ignoring: ignoring, limit: 1).first else {
            return nil
        }
        let shown = change.path.isEmpty ? "the event" : change.path
        let render = { (value: SourceValue?) in value.map { ValueComparison.render($0, limit: 200) } ?? "" }
        switch change.kind {
        case .missing:
            return "\(change.path): \(render(change.expected)) expected, missing"
        case .unexpected:
            return "\(change.path): not expected, emitted \(render(change.actual))"
        case .elementCount:
            let count = { (value: SourceValue?) -> Int in
                if case .array(let elements)? = value?.content { return elements.count } else { return 0 }
            }
            return
                "\(shown): \(count(change.expected)) elements expected, \(count(change.actual)) emitted: "
                + "\(render(change.expected)) expected, emitted \(render(change.actual))"
        case .changed:
            return "\(shown): \(render(change.expected)) expected, emitted \(render(change.actual))"
        }
    }
}
