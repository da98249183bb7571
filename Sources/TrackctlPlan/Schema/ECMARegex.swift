import Foundation

/// A `pattern` as JSON Schema means it — an ECMA-262 regular expression, unanchored, with
/// Unicode — run by Foundation's `NSRegularExpression` (ICU). The two dialects mostly agree;
/// where they differ the pattern is translated (`\d` is ASCII digits in ECMA-262 and any
/// Unicode digit in ICU; `$` ends the text in ECMA-262 and may precede a final newline in ICU;
/// a `[` inside a class is a literal in ECMA-262 and a nested class in ICU), and what ICU reads
/// but ECMA-262 does not have (possessive quantifiers, atomic groups, inline flags, `\A`, `\z`,
/// `\Q…\E`, POSIX classes) is refused, never run with another meaning.
///
/// Safe to share: `NSRegularExpression` is immutable and documented thread-safe.
public struct ECMARegex: @unchecked Sendable {
    public let source: String
    private let expression: NSRegularExpression

    public struct Refusal: Error, Sendable, Equatable {
        public var reason: String
    }

    public init(_ source: String) throws(Refusal) {
        self.source = source
        let translated = try Self.translate(source)
        do {
            expression = try NSRegularExpression(pattern: translated, options: [])
        } catch {
            throw Refusal(reason: "'\(source)' is not a regular expression trackctl can run")
        }
    }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    private static let asciiWord = "A-Za-z0-9_"
    /// ECMA-262's WhiteSpace and LineTerminator, which `\s` means there.
    private static let ecmaSpace =
        "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}"

    static func translate(_ source: String) throws(Refusal) -> String {
        let scalars = Array(source.unicodeScalars)
        var output = ""
        var index = 0
        var inClass = false
        func refuse(_ what: String) -> Refusal {
            Refusal(reason: "'\(source)' uses \(what), which ECMA-262 regular expressions (JSON Schema's) do not have")
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                guard index + 1 < scalars.count else { throw Refusal(reason: "'\(source)' ends with a lone '\\'") }
                let next = scalars[index + 1]
                index += 2
                switch next {
                case "d": output += inClass ? "0-9" : "[0-9]"
                case "D":
                    if inClass { throw refuse("'\\D' inside a character class") }
                    output += "[^0-9]"
                case "w": output += inClass ? asciiWord : "[\(asciiWord)]"
                case "W":
                    if inClass { throw refuse("'\\W' inside a character class") }
                    output += "[^\(asciiWord)]"
                case "s": output += inClass ? ecmaSpace : "[\(ecmaSpace)]"
                case "S":
                    if inClass { throw refuse("'\\S' inside a character class") }
                    output += "[^\(ecmaSpace)]"
                case "A", "Z", "z", "Q", "E", "G", "h", "H", "R", "X", "V", "K", "N", "e", "a":
                    throw refuse("'\\\(next)'")
                case "p", "P", "u":
                    // `\p{Letter}` and `\u{1F600}` run to their `}`; ICU spells the second `\x{…}`.
                    if index < scalars.count, scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}") {
                        let inner = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                        output += (next == "u" ? "\\x" : "\\" + String(next)) + "{" + inner + "}"
                        index = close + 1
                    } else {
                        output += "\\" + String(next)
                    }
                default:
                    output += "\\" + String(next)
                }
                continue
            }
            if inClass {
                if scalar == "]" {
                    inClass = false; output += "]"
                } else if scalar == "[" {
                    output += "\\["
                } else if scalar == "&" {
                    output += "\\&"
                } else {
                    output.unicodeScalars.append(scalar)
                }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                inClass = true
                output += "["
                index += 1
                if index < scalars.count, scalars[index] == "^" { output += "^"; index += 1 }
                // A `]` first in a class is an empty class in ECMA-262 (`[]` matches nothing).
                if index < scalars.count, scalars[index] == "]" {
                    if output.hasSuffix("[^") {
                        output.removeLast(2); output += "[\\s\\S]"
                    } else {
                        output.removeLast(); output += "(?!)"
                    }
                    inClass = false
                    index += 1
                }
                if index + 1 < scalars.count, scalars[index] == ":" { throw refuse("a POSIX class '[:'") }
            case "$":
                output += "(?!(?s:.))"
                index += 1
            case "(":
                if index + 2 < scalars.count, scalars[index + 1] == "?" {
                    let kind = scalars[index + 2]
                    // Lookarounds and non-capturing and named groups are ECMA-262's; nothing else.
                    let allowed: Set<Unicode.Scalar> = [":", "=", "!", "<"]
                    if !allowed.contains(kind) { throw refuse("'(?\(kind)'") }
                }
                output += "("
                index += 1
            case "*", "+", "?", "}":
                output.unicodeScalars.append(scalar)
                index += 1
                if index < scalars.count, scalars[index] == "+" { throw refuse("a possessive quantifier") }
            default:
                output.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return output
    }
}
