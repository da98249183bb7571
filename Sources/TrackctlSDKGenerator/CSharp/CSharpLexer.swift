/// A token of a C# binding file.
struct CSharpToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case identifier, number, string, punctuation }
    var kind: Kind
    /// An identifier's or number's text, a string's contents, or one punctuation character.
    var text: String
    /// 1-based line, for messages.
    var line: Int
}

/// Splits a binding file into tokens: comments dropped, `#if` regions evaluated with the
/// symbols of an iOS build (`NET`, `IOS`, …) and the inactive branches left out.
///
/// Only what dotnet/macios' `src/*.cs` use is read: identifiers, numbers, regular, verbatim
/// and character literals, punctuation, and the directives `#if`, `#elif`, `#else`, `#endif`
/// (others — `#region`, `#nullable`, `#pragma`, `#define` — are skipped).
struct CSharpLexer {
    /// The conditional-compilation symbols of the iOS bindings trackctl reads. `XAMCORE_5_0`
    /// (the bindings' next breaking release) is on: its branches hold what the headers say
    /// where compatibility kept a mistake (an `[Abstract]` the headers require).
    static let iOSSymbols: Set<String> = ["NET", "IOS", "__IOS__", "XAMCORE_5_0", "HAS_WEBKIT", "HAS_APPCLIP"]

    struct Failure: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    let symbols: Set<String>

    init(symbols: Set<String> = CSharpLexer.iOSSymbols) {
        self.symbols = symbols
    }

    func tokens(of source: String) throws(Failure) -> [CSharpToken] {
        let bytes = Array(source.utf8)
        var tokens: [CSharpToken] = []
        var i = 0
        var line = 1
        // One entry per open `#if`: whether this branch is active, and whether one was taken.
        var conditions: [(active: Bool, taken: Bool, parentActive: Bool, line: Int)] = []
        var active: Bool { conditions.last?.active ?? true }
        var atLineStart = true
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; atLineStart = true; continue }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { i += 1; continue }
            if c == UInt8(ascii: "#"), atLineStart {
                var end = i
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let directive = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                let lineOfDirective = line
                i = end
                let words = directive.split(separator: " ", maxSplits: 1).map(String.init)
                let keyword = words.first ?? ""
                let expression = Self.stripComment(words.count > 1 ? words[1] : "")
                switch keyword {
                case "if":
                    let condition = try evaluate(expression, line: lineOfDirective)
                    let value = active && condition
                    conditions.append((value, value, active, lineOfDirective))
                case "elif":
                    guard var top = conditions.popLast() else {
                        throw Failure(line: lineOfDirective, reason: "#elif without #if")
                    }
                    let condition = try evaluate(expression, line: lineOfDirective)
                    let value = top.parentActive && !top.taken && condition
                    top.active = value
                    top.taken = top.taken || value
                    conditions.append(top)
                case "else":
                    guard var top = conditions.popLast() else {
                        throw Failure(line: lineOfDirective, reason: "#else without #if")
                    }
                    top.active = top.parentActive && !top.taken
                    top.taken = true
                    conditions.append(top)
                case "endif":
                    guard conditions.popLast() != nil else {
                        throw Failure(line: lineOfDirective, reason: "#endif without #if")
                    }
                default:
                    break
                }
                continue
            }
            atLineStart = false
            // Comments.
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                    i += 1
                }
                i += 2
                continue
            }
            let start = i
            let tokenLine = line
            var token: CSharpToken
            if c == UInt8(ascii: "\"")
                || (c == UInt8(ascii: "@") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\""))
            {
                let verbatim = c == UInt8(ascii: "@")
                i += verbatim ? 2 : 1
                var contents: [UInt8] = []
                while true {
                    guard i < bytes.count else { throw Failure(line: tokenLine, reason: "unterminated string") }
                    let b = bytes[i]
                    if b == UInt8(ascii: "\"") {
                        if verbatim, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                            contents.append(b); i += 2; continue
                        }
                        i += 1
                        break
                    }
                    if b == UInt8(ascii: "\\"), !verbatim, i + 1 < bytes.count {
                        contents.append(bytes[i + 1]); i += 2; continue
                    }
                    if b == UInt8(ascii: "\n") { line += 1 }
                    contents.append(b)
                    i += 1
                }
                token = CSharpToken(kind: .string, text: String(decoding: contents, as: UTF8.self), line: tokenLine)
            } else if c == UInt8(ascii: "'") {
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "'") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                token = CSharpToken(
                    kind: .string, text: String(decoding: bytes[(start + 1)..<max(start + 1, i - 1)], as: UTF8.self),
                    line: tokenLine)
            } else if Self.isIdentifierStart(c)
                || (c == UInt8(ascii: "@") && i + 1 < bytes.count && Self.isIdentifierStart(bytes[i + 1]))
            {
                // `@event`, `@string`: a verbatim identifier is the name without its `@`.
                let nameStart = c == UInt8(ascii: "@") ? start + 1 : start
                i = nameStart
                while i < bytes.count, Self.isIdentifierPart(bytes[i]) { i += 1 }
                token = CSharpToken(
                    kind: .identifier, text: String(decoding: bytes[nameStart..<i], as: UTF8.self), line: tokenLine)
            } else if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                while i < bytes.count, Self.isIdentifierPart(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
                token = CSharpToken(
                    kind: .number, text: String(decoding: bytes[start..<i], as: UTF8.self), line: tokenLine)
            } else {
                i += 1
                token = CSharpToken(kind: .punctuation, text: String(decoding: [c], as: UTF8.self), line: tokenLine)
            }
            if active { tokens.append(token) }
        }
        if let open = conditions.last { throw Failure(line: open.line, reason: "#if without #endif") }
        return tokens
    }

    private static func stripComment(_ text: String) -> String {
        guard let range = text.range(of: "//") else { return text }
        return String(text[..<range.lowerBound])
    }

    /// A directive's condition: symbols, `true`, `false`, `!`, `&&`, `||` and parentheses.
    func evaluate(_ expression: String, line: Int) throws(Failure) -> Bool {
        var parser = ConditionParser(text: Array(expression.utf8), symbols: symbols)
        guard let value = parser.parseOr(), parser.atEnd else {
            throw Failure(line: line, reason: "unreadable condition '\(expression)'")
        }
        return value
    }

    private struct ConditionParser {
        var text: [UInt8]
        var symbols: Set<String>
        var position = 0

        var atEnd: Bool {
            mutating get { skipSpaces(); return position == text.count }
        }

        mutating func skipSpaces() {
            while position < text.count,
                text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t")
                    || text[position] == UInt8(ascii: "\r")
            {
                position += 1
            }
        }

        mutating func take(_ s: String) -> Bool {
            skipSpaces()
            let bytes = Array(s.utf8)
            guard position + bytes.count <= text.count, Array(text[position..<(position + bytes.count)]) == bytes else {
                return false
            }
            position += bytes.count
            return true
        }

        mutating func parseOr() -> Bool? {
            guard var value = parseAnd() else { return nil }
            while take("||") { guard let right = parseAnd() else { return nil }; value = value || right }
            return value
        }

        mutating func parseAnd() -> Bool? {
            guard var value = parseUnary() else { return nil }
            while take("&&") { guard let right = parseUnary() else { return nil }; value = value && right }
            return value
        }

        mutating func parseUnary() -> Bool? {
            if take("!") { return parseUnary().map { !$0 } }
            if take("(") {
                guard let value = parseOr(), take(")") else { return nil }
                return value
            }
            skipSpaces()
            let start = position
            while position < text.count, CSharpLexer.isIdentifierPart(text[position]) { position += 1 }
            guard position > start else { return nil }
            let word = String(decoding: text[start..<position], as: UTF8.self)
            if word == "true" { return true }
            if word == "false" { return false }
            return symbols.contains(word)
        }
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
    }

    static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }
}
