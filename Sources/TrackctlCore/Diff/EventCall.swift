/// One call of an event stream (a replay's output, what `collect` received, a Segment export):
/// a JSON object on a line of a JSON-lines file.
public struct EventCall: Sendable {
    /// 1-based line in its file.
    public var line: Int
    public var value: SourceValue
    /// `track`, `screen`, …; empty when absent.
    public var type: String
    /// What names it: a track's `event`, a screen's or page's `name`, else empty.
    public var name: String

    /// What `diff` aligns calls on: the type and the name.
    public var key: String { type + "\u{1F}" + name }

    /// `track "Order Completed"`, for messages.
    public var title: String {
        let kind = type.isEmpty ? "call" : type
        return name.isEmpty ? kind : "\(kind) \(JSONText.quoted(name))"
    }

    init(line: Int, value: SourceValue) {
        self.line = line
        self.value = value
        type = Self.string(value, "type") ?? ""
        name = Self.string(value, "event") ?? Self.string(value, "name") ?? ""
    }

    private static func string(_ value: SourceValue, _ key: String) -> String? {
        guard case .dictionary(let members) = value.content else { return nil }
        return members.first { $0.key == key }?.value.stringValue
    }
}

/// Reads a JSON-lines file of calls: one object per line, blank lines skipped, `-` for stdin.
public enum EventStreamReader {
    public static func read(_ path: String) throws(DocumentError) -> [EventCall] {
        let reader: LineReader
        do {
            reader = try LineReader(path: path == "-" ? "/dev/stdin" : path, maximumLineLength: .max)
        } catch {
            if case .unreadable(let reason) = error { throw DocumentError(file: path, message: "cannot be read: \(reason)") }
            throw DocumentError(file: path, message: "cannot be read")
        }
        var calls: [EventCall] = []
        while true {
            let next: UnsafeRawBufferPointer?
            do { next = try reader.next() } catch { throw DocumentError(file: path, message: "cannot be read") }
            guard let line = next else { break }
            let bytes = Array(line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let number = reader.lineNumber
            var parser = JSONDocumentReader(bytes: bytes, start: 0)
            let value: SourceValue
            do {
                value = try parser.read()
            } catch {
                let syntax = error as? SyntaxError
                throw DocumentError(file: path, message: "not a JSON line: \(syntax?.message ?? "unreadable")",
                                    position: SourcePosition(line: number, column: syntax?.position?.column ?? 1))
            }
            guard case .dictionary = value.content else {
                throw DocumentError(file: path, message: "a call must be a JSON object, found \(value.typeDescription)",
                                    position: SourcePosition(line: number, column: 1))
            }
            calls.append(EventCall(line: number, value: value))
        }
        return calls
    }
}
