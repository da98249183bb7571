import Foundation
import TrackctlModel

/// Reads JSON text (RFC 8259, strict) into a `JSONValue` with exact numbers. With
/// `recordOffsets`, it also keeps where each value is written, by JSON Pointer — for an object
/// member, where its key is — so a plan's findings point at the line and column of the keyword
/// they are about; events are read without that table.
///
/// Nesting is limited (`maximumDepth`) so hostile input cannot exhaust the stack.
public struct JSONValueReader {
    public static let maximumDepth = 512

    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        public var position: SourcePosition
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private let recordOffsets: Bool
    /// The byte offset of each value (or member key) by JSON Pointer, when recorded.
    public private(set) var offsets: [String: Int] = [:]

    public init(bytes: [UInt8], recordOffsets: Bool = false) {
        self.bytes = bytes
        self.recordOffsets = recordOffsets
    }

    /// The line and column of a byte offset of the text read.
    public func position(ofOffset offset: Int) -> SourcePosition { TextCursor.position(of: offset, in: bytes) }

    /// The one top-level value; only white space may follow it.
    public mutating func read() throws(Failure) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        let value = try readValue(pointer: "")
        skipSpace()
        if index < bytes.count { throw fail("unexpected \(describe()) after the end of the JSON document") }
        return value
    }

    /// Which parts of an object to read: the keys to keep, each whole (nil) or only some of its
    /// own keys. The rest is skipped without building a value — what lets a check of trackctl's
    /// own lines read `properties` and three keys of `context`, not the device and app.
    public struct Projection: Sendable {
        public var keys: [String: Projection?]
        /// The keys' UTF-8, looked up without making a String of every key read.
        fileprivate let keyBytes: [(bytes: [UInt8], key: String)]

        public init(_ keys: [String: Projection?]) {
            self.keys = keys
            keyBytes = keys.keys.map { (Array($0.utf8), $0) }
        }

        fileprivate func key(matching bytes: ArraySlice<UInt8>) -> String? {
            for candidate in keyBytes where candidate.bytes.count == bytes.count && candidate.bytes.elementsEqual(bytes)
            { return candidate.key }
            return nil
        }
    }

    /// The top-level object with only `projection`'s parts read; nil when the text is not a
    /// JSON object (or not valid where it was read).
    public mutating func readProjected(_ projection: Projection) -> JSONObject? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        return try? readProjectedObject(projection)
    }

    private mutating func readProjectedObject(_ projection: Projection) throws(Failure) -> JSONObject {
        try enter()
        index += 1
        var object = JSONObject()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return object
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let key: String?
            if let range = plainKeyBytes() {
                key = projection.key(matching: bytes[range])
            } else {
                let text = try readString()
                key = projection.keys[text] != nil ? text : nil
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            index += 1
            skipSpace()
            if let key, let kept = projection.keys[key] {
                if let inner = kept, index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                    object[key] = .object(try readProjectedObject(inner))
                } else {
                    object[key] = try readValue(pointer: "")
                }
            } else {
                try skipValue()
            }
            skipSpace()
            guard index < bytes.count else { throw fail("expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return object
    }

    /// Steps over one value: strings and nesting tracked, nothing built.
    private mutating func skipValue() throws(Failure) {
        var nesting = 0
        repeat {
            guard index < bytes.count else { throw fail("unexpected end of file") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                nesting += 1
                index += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if nesting == 0 { return }
                nesting -= 1
                index += 1
            } else if byte == UInt8(ascii: ",") {
                if nesting == 0 { return }
                index += 1
            } else {
                index += 1
            }
        } while nesting > 0
            || (index < bytes.count && bytes[index] != UInt8(ascii: ",") && bytes[index] != UInt8(ascii: "}")
                && bytes[index] != UInt8(ascii: "]")
                && bytes[index] != 0x20 && bytes[index] != 0x0A && bytes[index] != 0x0D && bytes[index] != 0x09)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(message: message, position: TextCursor.position(of: offset ?? index, in: bytes))
    }

    private func describe() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        { index += 1 }
    }

    private mutating func readValue(pointer: String) throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of file: expected a JSON value") }
        if recordOffsets, offsets[pointer] == nil { offsets[pointer] = index }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(pointer: pointer)
        case UInt8(ascii: "["): return try readArray(pointer: pointer)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw fail("unexpected \(describe()): expected a JSON value")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw fail("unexpected \(describe()): expected a JSON value")
        }
        index += expected.count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func readObject(pointer: String) throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var object = JSONObject()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describe()): expected a quoted key")
            }
            let keyOffset = index
            let key = try readString()
            let memberPointer = recordOffsets ? pointer + "/" + Self.escape(key) : ""
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("unexpected \(describe()): expected ':' after a key")
            }
            index += 1
            skipSpace()
            if recordOffsets { offsets[memberPointer] = keyOffset }
            object[key] = try readValue(pointer: memberPointer)
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of file: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("unexpected \(describe()): expected ',' or '}'")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func readArray(pointer: String) throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try readValue(pointer: recordOffsets ? pointer + "/" + String(items.count) : ""))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of file: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("unexpected \(describe()): expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func readNumber() throws(Failure) -> JSONDecimal {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ reader: inout JSONValueReader) -> Int {
            let from = reader.index
            while reader.index < reader.bytes.count, reader.bytes[reader.index] >= 0x30,
                reader.bytes[reader.index] <= 0x39
            { reader.index += 1 }
            return reader.index - from
        }
        let integerStart = index
        guard digits(&self) > 0 else { throw fail("a number needs digits after '-'") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw fail("numbers may not have leading zeros", at: integerStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw fail("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = JSONDecimal(text) else { throw fail("'\(text)' is not a number", at: start) }
        return number
    }

    private mutating func readString() throws(Failure) -> String {
        let open = index
        index += 1
        // The common case, a string without escapes, becomes a String straight from its bytes.
        let runStart = index
        var ascii = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            if bytes[index] >= 0x80 { ascii = false }
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            guard let text = Self.text(bytes[runStart..<(index - 1)], ascii: ascii) else {
                throw fail("the string is not valid UTF-8", at: open)
            }
            return text
        }
        var result = Array(bytes[runStart..<index])
        while true {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                bytes[index] >= 0x20
            { index += 1 }
            result.append(contentsOf: bytes[start..<index])
            guard index < bytes.count else {
                throw fail("unexpected end of file: the string opened here is not closed", at: open)
            }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = Self.text(result[...], ascii: false) else {
                    throw fail("the string is not valid UTF-8", at: open)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &result)
            default:
                throw fail("control character in a string; escape it as \\u" + String(format4: bytes[index]))
            }
        }
    }

    /// UTF-8 bytes as a String, nil when they are not valid UTF-8 (never repaired: a value
    /// that changed on the way in would be checked as something else than what came).
    private static func text(_ bytes: ArraySlice<UInt8>, ascii: Bool) -> String? {
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid bytes with U+FFFD: the bytes round-trip exactly when valid.
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    /// A key's bytes when it has no escapes (the index then after its closing quote), else nil
    /// with the index unchanged.
    private mutating func plainKeyBytes() -> Range<Int>? {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { index = end + 1 }
        return (index + 1)..<end
    }

    private mutating func readEscape(into result: inout [UInt8]) throws(Failure) {
        index += 1
        guard index < bytes.count else { throw fail("unexpected end of file in an escape sequence") }
        let simple: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09
        ]
        if let replacement = simple[bytes[index]] {
            result.append(replacement)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else { throw fail("invalid escape in a string") }
        index += 1
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw fail("unpaired UTF-16 surrogate in a \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired UTF-16 surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw fail("unpaired UTF-16 surrogate in a \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        result.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    /// A key as a JSON Pointer token (RFC 6901): `~` → `~0`, `/` → `~1`.
    public static func escape(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

extension String {
    /// Four uppercase hexadecimal digits of a byte (`001F`).
    fileprivate init(format4 byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = String(repeating: "0", count: 4 - hex.count) + hex
    }
}
