import Foundation

/// Reads a JSON document (RFC 8259) into `SourceValue`s with positions.
///
/// Strict: no comments, no trailing commas, no NaN. Stops at the first structural error with
/// its line and column. Nesting is limited (`maximumDepth`) so hostile input cannot exhaust the
/// stack.
package struct JSONDocumentReader {
    package static let maximumDepth = 512

    private var cursor: TextCursor
    private var depth = 0
    /// Object keys seen so far, by a hash of their bytes: documents repeat the same few keys
    /// (`class`, `label`, `selector`) thousands of times, and a key found here is not decoded
    /// into a new String again.
    private var keys = [(bytes: [UInt8], text: String)](repeating: ([], ""), count: 64)

    package init(bytes: [UInt8], start: Int, firstLine: Int = 1) {
        cursor = TextCursor(bytes: bytes, start: start, firstLine: firstLine)
    }

    /// Reads the single top-level value and checks that nothing follows it.
    package mutating func read() throws -> SourceValue {
        cursor.skipWhitespace()
        let value = try readValue()
        try expectEnd()
        return value
    }

    /// Only white space may follow the top-level value.
    private mutating func expectEnd() throws {
        cursor.skipWhitespace()
        if !cursor.isAtEnd {
            throw SyntaxError(
                message: "unexpected \(cursor.describeCurrent()) after the end of the JSON document",
                position: cursor.position())
        }
    }

    /// Reads a top-level array one element at a time, handing each to `body` and keeping none,
    /// so a long JSON script never exists whole as a tree. Returns false, having read nothing,
    /// when the document is not an array. `body`'s errors pass through.
    package mutating func readArrayElements(_ body: (SourceValue) throws -> Void) throws -> Bool {
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "[") else { return false }
        try forEachElement(start: cursor.position(), body)
        try expectEnd()
        return true
    }

    private mutating func fail(_ message: String) -> SyntaxError {
        SyntaxError(message: message, position: cursor.position())
    }

    private mutating func readValue() throws -> SourceValue {
        let start = cursor.position()
        guard let byte = cursor.current else {
            throw fail("unexpected end of file: expected a JSON value")
        }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(start: start)
        case UInt8(ascii: "["): return try readArray(start: start)
        case UInt8(ascii: "\""): return SourceValue(.string(try readString()), at: start)
        case UInt8(ascii: "t"): try readLiteral("true"); return SourceValue(.bool(true), at: start)
        case UInt8(ascii: "f"): try readLiteral("false"); return SourceValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return SourceValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return SourceValue(try readNumber(start: start), at: start)
        default:
            throw fail("expected a JSON value, found \(cursor.describeCurrent())")
        }
    }

    private mutating func enter(_ start: SourcePosition) throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw SyntaxError(message: "nesting deeper than \(Self.maximumDepth) levels", position: start)
        }
    }

    private mutating func readObject(start: SourcePosition) throws -> SourceValue {
        try enter(start)
        defer { depth -= 1 }
        cursor.advance()  // {
        var members: [SourceMember] = []
        members.reserveCapacity(4)  // most entries have up to four keys: one allocation, not three
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.advance()
            return SourceValue(.dictionary(members), at: start)
        }
        while true {
            cursor.skipWhitespace()
            guard let byte = cursor.current else {
                throw fail("unexpected end of file: the object opened at \(start) is not closed")
            }
            guard byte == UInt8(ascii: "\"") else {
                if cursor.current == UInt8(ascii: "/") {
                    throw fail(
                        "expected a string key in double quotes, found '/': JSON has no comments; write a "
                            + "\"_comment\" key instead"
                    )
                }
                throw fail("expected a string key in double quotes, found \(cursor.describeCurrent())")
            }
            let keyPosition = cursor.position()
            let key = try readKey()
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ":") else {
                if cursor.isAtEnd { throw fail("unexpected end of file: the object opened at \(start) is not closed") }
                throw fail("expected ':' after the key \"\(key)\", found \(cursor.describeCurrent())")
            }
            cursor.advance()
            cursor.skipWhitespace()
            let value = try readValue()
            members.append(SourceMember(key: key, keyPosition: keyPosition, value: value))
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","):
                cursor.advance()
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: "}") { throw fail("trailing comma before '}'; remove it") }
            case UInt8(ascii: "}"):
                cursor.advance()
                return SourceValue(.dictionary(members), at: start)
            case nil:
                throw fail("unexpected end of file: the object opened at \(start) is not closed")
            default:
                throw fail(
                    "expected ',' or '}' after the value of \"\(key)\", found "
                        + "\(cursor.describeCurrent())\(missingCommaHint())"
                )
            }
        }
    }

    private mutating func readArray(start: SourcePosition) throws -> SourceValue {
        var elements: [SourceValue] = []
        try forEachElement(start: start) { elements.append($0) }
        return SourceValue(.array(elements), at: start)
    }

    /// Reads the array at the cursor (its `[` is at `start`), handing each element to `body`.
    private mutating func forEachElement(start: SourcePosition, _ body: (SourceValue) throws -> Void) throws {
        try enter(start)
        defer { depth -= 1 }
        cursor.advance()  // [
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.advance()
            return
        }
        while true {
            cursor.skipWhitespace()
            if cursor.isAtEnd { throw fail("unexpected end of file: the array opened at \(start) is not closed") }
            try body(try readValue())
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","):
                cursor.advance()
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: "]") { throw fail("trailing comma before ']'; remove it") }
            case UInt8(ascii: "]"):
                cursor.advance()
                return
            case nil:
                throw fail("unexpected end of file: the array opened at \(start) is not closed")
            default:
                throw fail(
                    "expected ',' or ']' after an array element, found \(cursor.describeCurrent())\(missingCommaHint())"
                )
            }
        }
    }

    /// When the unexpected character could start a value, the writer most likely forgot a comma.
    private func missingCommaHint() -> String {
        guard let byte = cursor.current else { return "" }
        let startsValue =
            byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        return startsValue ? " (a missing ','?)" : ""
    }

    private mutating func readLiteral(_ literal: String) throws {
        guard cursor.starts(with: literal) else {
            throw fail("expected a JSON value, found \(cursor.describeCurrent())")
        }
        cursor.advance(by: literal.utf8.count)
    }

    /// Reads an object key: a short key without escapes is looked up in `keys` first.
    private mutating func readKey() throws -> String {
        let bytes = cursor.bytes
        let start = cursor.index + 1
        var end = start
        var hash: UInt32 = 2_166_136_261
        while end < bytes.count, end - start <= 32, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] >= 0x20
        {
            hash = (hash ^ UInt32(bytes[end])) &* 16_777_619
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return try readString() }
        let slot = Int(hash & 63)
        let known =
            keys[slot].bytes.count == end - start
            && keys[slot].bytes.withUnsafeBufferPointer { cached in
                bytes.withUnsafeBufferPointer {
                    // Not nil: read only when the cached key is not empty; start is inside the document.
                    // swift-format-ignore: NeverForceUnwrap
                    cached.isEmpty
                        || Platform.equalBytes(cached.baseAddress!, $0.baseAddress! + start, count: cached.count)
                }
            }
        if known {
            cursor.skip(toIndexWithoutNewline: end + 1)
            return keys[slot].text
        }
        let text = bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
        cursor.skip(toIndexWithoutNewline: end + 1)
        // Schema keys are short words; a long key (a selector of a catalog's `unexposed` map)
        // rarely comes back, and caching it would cost a copy for nothing.
        if end - start <= 16 { keys[slot] = (Array(bytes[start..<end]), text) }
        return text
    }

    /// Reads a string starting at its opening quote; the fast path copies runs of plain bytes.
    private mutating func readString() throws -> String {
        let open = cursor.position()
        cursor.advance()  // "
        let bytes = cursor.bytes
        // Fast path: no escape before the closing quote, so the string is one slice of the input.
        let end = Self.plainRunEnd(bytes, from: cursor.index)
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let start = cursor.index
            let text = bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
            }
            cursor.skip(toIndexWithoutNewline: end + 1)
            return text
        }
        var result: [UInt8] = []
        while true {
            var i = cursor.index
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 {
                i += 1
            }
            result.append(contentsOf: bytes[cursor.index..<i])
            cursor.skip(toIndexWithoutNewline: i)
            guard let byte = cursor.current else {
                throw SyntaxError(
                    message: "unexpected end of file: the string opened at \(open) is not closed", position: open)
            }
            switch byte {
            case UInt8(ascii: "\""):
                cursor.advance()
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &result)
            default:
                if byte == 0x0A {
                    throw fail(
                        "line break inside a string (the string opened at \(open) is not closed?); write it as \\n")
                }
                throw fail(
                    "\(cursor.describeCurrent()) inside a string; escape it as \\u\(String(format: "%04X", byte))")
            }
        }
    }

    /// The index of the first byte at or after `start` that ends a plain run of string bytes
    /// (a quote, a backslash, a control character), or `bytes.count`. The loop every string
    /// of a document goes through, so it reads the buffer without bounds checks.
    private static func plainRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            // Safe: `index` stays below `buffer.count`, checked before each read.
            guard let base = buffer.baseAddress else { return start }
            var index = start
            while index < buffer.count {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            return index
        }
    }

    private mutating func readEscape(into result: inout [UInt8]) throws {
        cursor.advance()  // backslash
        guard let byte = cursor.current else { throw fail("unexpected end of file in an escape sequence") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09
        ]
        if let replacement = simple[byte] {
            result.append(replacement)
            cursor.advance()
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw fail("invalid escape '\\\(String(UnicodeScalar(byte)))' in a string")
        }
        cursor.advance()
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard cursor.starts(with: "\\u") else { throw fail("unpaired UTF-16 surrogate in a \\u escape") }
            cursor.advance(by: 2)
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired UTF-16 surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw fail("unpaired UTF-16 surrogate in a \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        result.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = cursor.current, let digit = hexDigitValue(byte) else {
                throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + UInt32(digit)
            cursor.advance()
        }
        return value
    }

    private mutating func readNumber(start: SourcePosition) throws -> SourceValue.Content {
        let bytes = cursor.bytes
        let startIndex = cursor.index
        var i = startIndex
        var isInteger = true
        func digits() -> Int {
            let from = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - from
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        guard digits() > 0 else { throw fail("a number needs digits after '-'") }
        if bytes[integerStart] == UInt8(ascii: "0"), i - integerStart > 1 {
            throw fail("numbers may not have leading zeros")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard digits() > 0 else {
                cursor.skip(toIndexWithoutNewline: i); throw fail("a number needs digits after '.'")
            }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else {
                cursor.skip(toIndexWithoutNewline: i); throw fail("a number needs digits in its exponent")
            }
        }
        let text = String(decoding: bytes[startIndex..<i], as: UTF8.self)
        cursor.skip(toIndexWithoutNewline: i)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let real = DecimalText.doubleInRange(text) else {
            throw SyntaxError(message: "number '\(text)' is out of range", position: start)
        }
        // Digits a Double would round away are kept: no two different numbers read as one.
        return DecimalText.isExactlyDouble(text, real) ? .real(real) : .decimal(text)
    }
}

/// The value of an ASCII hexadecimal digit, or nil.
package func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
