/// A string with `{placeholder}`s, as in labels, property values and `when` keys:
/// `"Share {screen} via {arg.channel}"`.
package struct TemplateString: Sendable, Hashable {
    /// A literal run or a placeholder name (without braces).
    package enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    package var parts: [Part]

    /// Placeholder names in order.
    package var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { return name } else { return nil } }
    }

    /// Whether the string has no placeholder at all.
    package var isLiteral: Bool { placeholders.isEmpty }

    /// Parses `text`; an unclosed `{` or a `}` without its `{` is an error message.
    /// Works on UTF-8 bytes: braces are ASCII, so a split never falls inside a character.
    package static func parse(_ text: String) -> Result<TemplateString, TemplateSyntaxError> {
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var literalStart = 0
        var index = 0
        func flushLiteral(upTo end: Int) {
            if end > literalStart { parts.append(.literal(String(decoding: bytes[literalStart..<end], as: UTF8.self))) }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    return .failure(TemplateSyntaxError(message: "'{' is not closed; write '{name}'"))
                }
                if bytes[(index + 1)..<close].contains(UInt8(ascii: "{")) {
                    return .failure(TemplateSyntaxError(message: "'{' is not closed before the next '{'"))
                }
                flushLiteral(upTo: index)
                parts.append(.placeholder(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)))
                index = close + 1
                literalStart = index
            case UInt8(ascii: "}"):
                return .failure(TemplateSyntaxError(message: "'}' has no matching '{'"))
            default:
                index += 1
            }
        }
        flushLiteral(upTo: bytes.count)
        return .success(TemplateString(parts: parts))
    }
}

/// Why a template cannot be parsed.
package struct TemplateSyntaxError: Error, Sendable, Hashable {
    package var message: String
}
