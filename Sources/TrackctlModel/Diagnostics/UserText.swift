/// A user's value as messages quote it: at most about 100 characters, control characters
/// escaped, so a 20 MB class name gives a short error line and a `\n` in a name cannot split a
/// finding in two.
public enum UserText {
    /// The longest run of a value a message quotes, in characters.
    public static let limit = 100

    /// `text` shortened to `limit` characters (with "…" and how much was left out) and its
    /// control characters written as `\n`, `\t`, `\u{0}`. Without quotes: messages add them.
    public static func quoted(_ text: String) -> String {
        // The common case — short, printable — is returned as it is, without a copy.
        let bytes = text.utf8
        if bytes.count <= limit, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }),
            !text.unicodeScalars.contains(where: isLineSeparator)
        {
            return text
        }
        var result = ""
        var count = 0
        var consumed = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…(\(bytes.count - consumed) more bytes)"
                return result
            }
            consumed += UTF8.width(scalar)
            appendEscaped(scalar, to: &result)
            count += 1
        }
        return result
    }

    /// A message as findings and errors keep it: every run between single quotes (where
    /// messages put users' values) shortened and escaped as `quoted(_:)` does, and control
    /// characters escaped everywhere. Short, clean messages are returned as they are.
    public static func message(_ text: String) -> String {
        let bytes = text.utf8
        if bytes.count <= 2 * limit, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }),
            !text.unicodeScalars.contains(where: isLineSeparator)
        {
            return text
        }
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        var result = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { result += "'" }
            // Odd parts sit between quotes; an unpaired last quote leaves its text as prose.
            let insideQuotes = index % 2 == 1 && index < parts.count - 1
            result += insideQuotes ? quoted(String(part)) : escapedControls(String(part))
        }
        return result
    }

    /// Control characters escaped, nothing shortened: a text that must stay on one line of a
    /// report (a file name, a key path).
    public static func escapedControls(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
                || text.unicodeScalars.contains(where: isLineSeparator)
        else { return text }
        var result = ""
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &result) }
        return result
    }

    /// One scalar as reports write it: `\n`, `\r`, `\t`, other controls, DEL and the line
    /// separators as `\u{…}`, the rest as it is.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || isLineSeparator(scalar):
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }

    /// `'value'`: `quoted(_:)` in the single quotes of messages.
    public static func inQuotes(_ text: String) -> String { "'" + quoted(text) + "'" }

    private static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x85
    }
}

/// "1 error", "2 errors", "3 classes": a count and its noun, for messages and summaries.
public func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : (pluralForm ?? singular + "s"))"
}
