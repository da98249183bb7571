/// Serializes events as JSON lines into a reusable byte buffer, keys in the fixed order of
/// SPEC §5. No Foundation encoder: this runs once per event, a million times a second.
public struct EventEncoder: Sendable {
    /// The `anonymousId` of every event of a run, derived from the seed.
    public let anonymousID: UUIDValue
    private let anonymousIDBytes: [UInt8]
    private static let library: [UInt8] = Array("\"library\":{\"name\":\"trackctl\",\"version\":\"\(TrackctlVersion.current)\"}".utf8)

    public init(anonymousID: UUIDValue) {
        self.anonymousID = anonymousID
        var bytes: [UInt8] = []
        anonymousID.write(into: &bytes)
        anonymousIDBytes = bytes
    }

    /// Appends one event and its newline to `buffer`.
    public func encode(_ event: Event, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"type":""#.utf8)
        buffer.append(contentsOf: event.kind.rawValue.utf8)
        buffer.append(contentsOf: event.kind == .track ? #"","event":"#.utf8 : #"","name":"#.utf8)
        Self.writeString(event.name, into: &buffer)
        buffer.append(contentsOf: #","properties":{"#.utf8)
        for (index, property) in event.properties.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            Self.writeString(property.key, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            Self.writeValue(property.value, into: &buffer)
        }
        buffer.append(contentsOf: #"},"context":{"screen":"#.utf8)
        Self.writeOptionalString(event.context.screen, into: &buffer)
        buffer.append(contentsOf: #","previousScreen":"#.utf8)
        Self.writeOptionalString(event.context.previousScreen, into: &buffer)
        buffer.append(contentsOf: #","stack":["#.utf8)
        for (index, label) in event.context.stack.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            Self.writeString(label, into: &buffer)
        }
        buffer.append(contentsOf: #"],"step":"#.utf8)
        Self.writeInteger(Int64(event.context.step), into: &buffer)
        buffer.append(UInt8(ascii: ","))
        buffer.append(contentsOf: Self.library)
        buffer.append(UInt8(ascii: "}"))
        if let messageID = event.messageID {
            buffer.append(contentsOf: #","messageId":""#.utf8)
            messageID.write(into: &buffer)
            buffer.append(contentsOf: #"","anonymousId":""#.utf8)
            buffer.append(contentsOf: anonymousIDBytes)
            buffer.append(UInt8(ascii: "\""))
        }
        buffer.append(contentsOf: #","timestamp":""#.utf8)
        Timestamp.write(event.timestamp, into: &buffer)
        buffer.append(contentsOf: "\"}\n".utf8)
    }

    /// The event as one JSON line (newline included), for tests and the in-memory sink.
    public func line(_ event: Event) -> String {
        var buffer: [UInt8] = []
        encode(event, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    static func writeOptionalString(_ text: String?, into buffer: inout [UInt8]) {
        if let text { writeString(text, into: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
    }

    static func writeValue(_ value: EventValue, into buffer: inout [UInt8]) {
        switch value {
        case .string(let s): writeString(s, into: &buffer)
        case .integer(let i): writeInteger(i, into: &buffer)
        case .real(let r): buffer.append(contentsOf: JSONNumber.format(r).utf8)
        case .bool(let b): buffer.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: buffer.append(contentsOf: "null".utf8)
        }
    }

    static func writeInteger(_ value: Int64, into buffer: inout [UInt8]) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
            if value == .min { buffer.append(contentsOf: "9223372036854775808".utf8); return }
        }
        var v = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(0x30 + v % 10)
                v /= 10
                count += 1
            } while v > 0
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[i]) }
        }
    }

    /// A JSON string literal; runs of bytes that need no escape are copied in one step.
    static func writeString(_ text: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                switch byte {
                case UInt8(ascii: "\""): buffer.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): buffer.append(contentsOf: "\\\\".utf8)
                case 0x0A: buffer.append(contentsOf: "\\n".utf8)
                case 0x0D: buffer.append(contentsOf: "\\r".utf8)
                case 0x09: buffer.append(contentsOf: "\\t".utf8)
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    buffer.append(contentsOf: "\\u00".utf8)
                    buffer.append(hex[Int(byte >> 4)])
                    buffer.append(hex[Int(byte & 0xF)])
                }
                runStart = i + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
