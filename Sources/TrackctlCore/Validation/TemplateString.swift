/// A string with `{placeholder}`s, as in labels, property values and `when` keys:
/// `"Share {screen} via {arg.channel}"`.
public struct TemplateString: Sendable, Hashable {
    /// A literal run or a placeholder name (without braces).
    public enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    public var parts: [Part]

    /// Placeholder names in order.
    public var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { return name } else { return nil } }
    }

    /// Whether the string has no placeholder at all.
    public var isLiteral: Bool { placeholders.isEmpty }

    /// Parses `text`; an unclosed `{` or a `}` without its `{` is an error message.
    public static func parse(_ text: String) -> Result<TemplateString, TemplateSyntaxError> {
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{" {
                guard let close = text[index...].firstIndex(of: "}") else {
                    return .failure(TemplateSyntaxError(message: "'{' is not closed; write '{name}'"))
                }
                let name = String(text[text.index(after: index)..<close])
                if name.contains("{") { return .failure(TemplateSyntaxError(message: "'{' is not closed before the next '{'")) }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.placeholder(name))
                index = text.index(after: close)
            } else if character == "}" {
                return .failure(TemplateSyntaxError(message: "'}' has no matching '{'"))
            } else {
                literal.append(character)
                index = text.index(after: index)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(TemplateString(parts: parts))
    }
}

/// Why a template cannot be parsed.
public struct TemplateSyntaxError: Error, Sendable, Hashable {
    public var message: String
}
