import Foundation

/// Reads an XML property list into `SourceValue`s with positions.
///
/// A small, strict reader of the plist subset of XML. A DOCTYPE is skipped and never fetched;
/// entity references other than XML's five and character references are rejected, so external
/// entities and entity expansion attacks have nothing to work with.
struct XMLPlistReader {
    static let maximumDepth = 512

    private var cursor: TextCursor
    private var depth = 0

    init(bytes: [UInt8], start: Int) {
        cursor = TextCursor(bytes: bytes, start: start)
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var isEmpty: Bool
        var position: SourcePosition
    }

    mutating func read() throws -> SourceValue {
        try skipMisc(prolog: true)
        guard !cursor.isAtEnd else { throw fail("unexpected end of file: expected the <plist> element") }
        let root = try readTag()
        guard root.name == "plist", !root.isClosing else {
            throw SyntaxError(
                message: "expected the <plist> root element, found <\(root.name)>", position: root.position)
        }
        guard !root.isEmpty else {
            throw SyntaxError(message: "the <plist> element is empty; it must hold one <dict>", position: root.position)
        }
        try skipMisc(prolog: false)
        guard !cursor.isAtEnd else {
            throw fail("unexpected end of file: the <plist> opened at \(root.position) is not closed")
        }
        let tag = try readTag()
        let value = try readValue(tag)
        try skipMisc(prolog: false)
        guard !cursor.isAtEnd else {
            throw fail("unexpected end of file: the <plist> opened at \(root.position) is not closed")
        }
        let close = try readTag()
        guard close.isClosing, close.name == "plist" else {
            throw SyntaxError(
                message:
                    "a <plist> holds exactly one value; found <\(close.isClosing ? "/" : "")\(close.name)> after it",
                position: close.position)
        }
        try skipMisc(prolog: false)
        if !cursor.isAtEnd { throw fail("unexpected content after </plist>") }
        return value
    }

    private mutating func fail(_ message: String) -> SyntaxError {
        SyntaxError(message: message, position: cursor.position())
    }

    // MARK: - Markup that carries no value

    /// Skips whitespace, comments and processing instructions; in the prolog also the XML
    /// declaration and the DOCTYPE.
    private mutating func skipMisc(prolog: Bool) throws {
        while true {
            cursor.skipWhitespace()
            if cursor.starts(with: "<!--") {
                try skipComment()
            } else if cursor.starts(with: "<?") {
                try skipProcessingInstruction()
            } else if prolog, cursor.starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else if let byte = cursor.current, byte != UInt8(ascii: "<") {
                throw fail("unexpected text \(cursor.describeCurrent()) outside of an element")
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws {
        let start = cursor.position()
        cursor.advance(by: 4)
        while !cursor.isAtEnd {
            if cursor.starts(with: "-->") { cursor.advance(by: 3); return }
            cursor.advance()
        }
        throw SyntaxError(
            message: "unexpected end of file: the comment opened at \(start) is not closed", position: start)
    }

    private mutating func skipProcessingInstruction() throws {
        let start = cursor.position()
        let contentStart = cursor.index
        cursor.advance(by: 2)
        while !cursor.isAtEnd {
            if cursor.starts(with: "?>") {
                let text = String(decoding: cursor.bytes[contentStart..<cursor.index], as: UTF8.self)
                cursor.advance(by: 2)
                try checkEncoding(declaration: text, at: start)
                return
            }
            cursor.advance()
        }
        throw SyntaxError(message: "unexpected end of file: the '<?' opened at \(start) is not closed", position: start)
    }

    /// trackctl reads UTF-8 only; a declaration naming another encoding would be misread.
    private func checkEncoding(declaration: String, at position: SourcePosition) throws {
        guard declaration.hasPrefix("<?xml"), let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let name = rest.dropFirst().prefix { $0 != quote }
        let normalized = name.lowercased()
        if normalized != "utf-8" && normalized != "utf8" && normalized != "us-ascii" && normalized != "ascii" {
            throw SyntaxError(
                message: "encoding '\(name)' is not supported; save the property list as UTF-8", position: position)
        }
    }

    /// Skips `<!DOCTYPE …>` including an internal subset. Nothing in it is ever resolved.
    private mutating func skipDoctype() throws {
        let start = cursor.position()
        var bracketDepth = 0
        var quote: UInt8?
        while let byte = cursor.current {
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                cursor.advance()
                return
            }
            cursor.advance()
        }
        throw SyntaxError(
            message: "unexpected end of file: the <!DOCTYPE opened at \(start) is not closed", position: start)
    }

    // MARK: - Tags

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
    }

    /// Reads `<name attr="…">`, `<name/>` or `</name>` at the cursor. Attributes are checked
    /// for well-formedness and ignored.
    private mutating func readTag() throws -> Tag {
        let position = cursor.position()
        guard cursor.current == UInt8(ascii: "<") else {
            throw fail("expected an element, found \(cursor.describeCurrent())")
        }
        if cursor.starts(with: "<![CDATA[") {
            throw fail("unexpected CDATA section; only <string> and <key> hold text")
        }
        cursor.advance()
        var isClosing = false
        if cursor.current == UInt8(ascii: "/") {
            isClosing = true
            cursor.advance()
        }
        let nameStart = cursor.index
        while let b = cursor.current, Self.isNameByte(b) { cursor.advance() }
        guard cursor.index > nameStart else {
            throw fail("expected an element name after '<', found \(cursor.describeCurrent())")
        }
        let name = String(decoding: cursor.bytes[nameStart..<cursor.index], as: UTF8.self)
        while true {
            cursor.skipWhitespace()
            guard let byte = cursor.current else {
                throw SyntaxError(
                    message: "unexpected end of file: the tag <\(name)> opened at \(position) is not closed",
                    position: position)
            }
            if byte == UInt8(ascii: ">") {
                cursor.advance()
                return Tag(name: name, isClosing: isClosing, isEmpty: false, position: position)
            }
            if byte == UInt8(ascii: "/"), !isClosing, cursor.peek(1) == UInt8(ascii: ">") {
                cursor.advance(by: 2)
                return Tag(name: name, isClosing: false, isEmpty: true, position: position)
            }
            guard !isClosing, Self.isNameByte(byte) else {
                throw fail("unexpected \(cursor.describeCurrent()) in the tag <\(isClosing ? "/" : "")\(name)>")
            }
            try skipAttribute(in: name)
        }
    }

    private mutating func skipAttribute(in element: String) throws {
        while let b = cursor.current, Self.isNameByte(b) { cursor.advance() }
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "=") else {
            throw fail("expected '=' after an attribute name in <\(element)>")
        }
        cursor.advance()
        cursor.skipWhitespace()
        guard let quote = cursor.current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("expected a quoted attribute value in <\(element)>")
        }
        cursor.advance()
        while let b = cursor.current, b != quote {
            if b == UInt8(ascii: "<") { throw fail("'<' inside an attribute value of <\(element)>") }
            cursor.advance()
        }
        guard !cursor.isAtEnd else { throw fail("unexpected end of file in an attribute of <\(element)>") }
        cursor.advance()
    }

    // MARK: - Values

    private mutating func readValue(_ tag: Tag) throws -> SourceValue {
        if tag.isClosing {
            throw SyntaxError(message: "expected a value element, found </\(tag.name)>", position: tag.position)
        }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw SyntaxError(message: "nesting deeper than \(Self.maximumDepth) levels", position: tag.position)
        }
        switch tag.name {
        case "dict": return SourceValue(.dictionary(try readDictionary(tag)), at: tag.position)
        case "array": return SourceValue(.array(try readArray(tag)), at: tag.position)
        case "string": return SourceValue(.string(try readText(tag)), at: tag.position)
        case "true", "false":
            let text = try readText(tag)
            guard text.allSatisfy(\.isWhitespace) else {
                throw SyntaxError(message: "<\(tag.name)/> takes no content", position: tag.position)
            }
            return SourceValue(.bool(tag.name == "true"), at: tag.position)
        case "integer":
            let text = try readText(tag).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = Self.parseInteger(text) else {
                throw SyntaxError(message: "invalid <integer> '\(text)'", position: tag.position)
            }
            return SourceValue(.integer(value), at: tag.position)
        case "real":
            let text = try readText(tag).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = Double(text) else {
                throw SyntaxError(message: "invalid <real> '\(text)'", position: tag.position)
            }
            return SourceValue(.real(value), at: tag.position)
        case "date":
            let text = try readText(tag).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw SyntaxError(
                    message: "invalid <date> '\(text)'; expected an ISO 8601 date such as 2026-01-01T00:00:00Z",
                    position: tag.position)
            }
            return SourceValue(.date(date), at: tag.position)
        case "data":
            let text = try readText(tag).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: text) else {
                throw SyntaxError(message: "invalid base64 in <data>", position: tag.position)
            }
            return SourceValue(.data(Array(data)), at: tag.position)
        case "key":
            throw SyntaxError(message: "a <key> outside of a <dict>", position: tag.position)
        default:
            throw SyntaxError(
                message:
                    "unknown property list element <\(tag.name)>; expected dict, array, string, integer, real, "
                    + "true, false, date or data",
                position: tag.position)
        }
    }

    private static func parseInteger(_ text: String) -> Int64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int64(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("-0x") || text.hasPrefix("-0X") { return Int64(text.dropFirst(3), radix: 16).map { -$0 } }
        return Int64(text)
    }

    /// The next tag inside a container, skipping whitespace and comments; rejects stray text.
    private mutating func nextTag(inside container: Tag) throws -> Tag {
        try skipMisc(prolog: false)
        guard !cursor.isAtEnd else {
            throw fail("unexpected end of file: the <\(container.name)> opened at \(container.position) is not closed")
        }
        return try readTag()
    }

    private mutating func expectClose(_ tag: Tag, found: Tag) throws {
        guard found.isClosing, found.name == tag.name else {
            throw SyntaxError(
                message:
                    "expected </\(tag.name)> to close the <\(tag.name)> opened at \(tag.position), found "
                    + "<\(found.isClosing ? "/" : "")\(found.name)>",
                position: found.position)
        }
    }

    private mutating func readDictionary(_ tag: Tag) throws -> [SourceMember] {
        var members: [SourceMember] = []
        if tag.isEmpty { return members }
        while true {
            let keyTag = try nextTag(inside: tag)
            if keyTag.isClosing {
                try expectClose(tag, found: keyTag)
                return members
            }
            guard keyTag.name == "key" else {
                throw SyntaxError(
                    message: "expected <key> in the <dict> opened at \(tag.position), found <\(keyTag.name)>",
                    position: keyTag.position)
            }
            let key = try readText(keyTag)
            let valueTag = try nextTag(inside: tag)
            if valueTag.isClosing {
                throw SyntaxError(message: "the key '\(key)' has no value", position: keyTag.position)
            }
            let value = try readValue(valueTag)
            members.append(SourceMember(key: key, keyPosition: keyTag.position, value: value))
        }
    }

    private mutating func readArray(_ tag: Tag) throws -> [SourceValue] {
        var elements: [SourceValue] = []
        if tag.isEmpty { return elements }
        while true {
            let next = try nextTag(inside: tag)
            if next.isClosing {
                try expectClose(tag, found: next)
                return elements
            }
            elements.append(try readValue(next))
        }
    }

    /// Reads character data up to the matching end tag: text, entity and character references,
    /// CDATA sections and comments; no child elements.
    private mutating func readText(_ tag: Tag) throws -> String {
        if tag.isEmpty { return "" }
        var result: [UInt8] = []
        while true {
            guard let byte = cursor.current else {
                throw SyntaxError(
                    message: "unexpected end of file: the <\(tag.name)> opened at \(tag.position) is not closed",
                    position: tag.position)
            }
            if byte == UInt8(ascii: "&") {
                try readReference(into: &result)
            } else if byte == UInt8(ascii: "<") {
                if cursor.starts(with: "<![CDATA[") {
                    try readCDATA(into: &result)
                } else if cursor.starts(with: "<!--") {
                    try skipComment()
                } else {
                    let close = try readTag()
                    try expectClose(tag, found: close)
                    return String(decoding: result, as: UTF8.self)
                }
            } else {
                result.append(byte)
                cursor.advance()
            }
        }
    }

    private mutating func readCDATA(into result: inout [UInt8]) throws {
        let start = cursor.position()
        cursor.advance(by: 9)
        while let byte = cursor.current {
            if cursor.starts(with: "]]>") { cursor.advance(by: 3); return }
            result.append(byte)
            cursor.advance()
        }
        throw SyntaxError(
            message: "unexpected end of file: the CDATA section opened at \(start) is not closed", position: start)
    }

    private mutating func readReference(into result: inout [UInt8]) throws {
        let start = cursor.position()
        cursor.advance()  // &
        let nameStart = cursor.index
        while let b = cursor.current, b != UInt8(ascii: ";"), cursor.index - nameStart < 32,
            Self.isNameByte(b) || b == UInt8(ascii: "#")
        {
            cursor.advance()
        }
        let name = String(decoding: cursor.bytes[nameStart..<cursor.index], as: UTF8.self)
        guard cursor.current == UInt8(ascii: ";") else {
            throw SyntaxError(
                message: "'&' must start an entity reference such as &amp;; write a literal '&' as &amp;",
                position: start)
        }
        cursor.advance()
        let predefined = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let text = predefined[name] {
            result.append(contentsOf: Array(text.utf8))
            return
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                throw SyntaxError(message: "invalid character reference '&\(name);'", position: start)
            }
            result.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        throw SyntaxError(
            message:
                "undefined entity '&\(name);'; trackctl never resolves DTD or external entities, write the text itself",
            position: start)
    }
}
