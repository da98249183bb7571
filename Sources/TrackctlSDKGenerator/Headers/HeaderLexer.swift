import Foundation

/// A token of an SDK header.
struct HeaderToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case identifier, number, string, punctuation, atKeyword }
    var kind: Kind
    /// An identifier, number or `@keyword` as written; a string's contents; one punctuation character.
    var text: String
    /// 1-based line, for provenance.
    var line: Int
}

/// Splits an Objective-C header of the iOS SDK into tokens, with comments dropped and the
/// preprocessor's conditions evaluated as a Swift app's build for an iOS device sees them
/// (`TARGET_OS_IOS`, `__swift__`, `__has_include` of a file the SDK has, …; see `symbols`), so a
/// declaration meant for macOS or for C++ is left out. Object-like `#define`s of active
/// branches are remembered for later conditions (`MK_SUPPORTS_VIEW_CLASSES`); the reader lexes
/// the SDK twice so a header sees the definitions of those it would include. Other directives
/// (`#import`, function-like macros) are skipped: the macros that matter to names
/// (`NS_SWIFT_NAME`, `API_UNAVAILABLE`) are read by name where they are used.
struct HeaderLexer {
    struct Failure: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// The macros a device build of a Swift app defines, with their values; any other name is 0.
    static let symbols: [String: Int] = [
        "TARGET_OS_IOS": 1, "TARGET_OS_IPHONE": 1, "TARGET_OS_MAC": 1, "TARGET_OS_EMBEDDED": 1,
        "TARGET_OS_UIKITFORMAC": 0,
        "TARGET_OS_OSX": 0, "TARGET_OS_TV": 0, "TARGET_OS_WATCH": 0, "TARGET_OS_MACCATALYST": 0, "TARGET_OS_VISION": 0,
        "TARGET_OS_XR": 0, "TARGET_OS_SIMULATOR": 0, "TARGET_OS_BRIDGE": 0, "TARGET_OS_DRIVERKIT": 0,
        "__OBJC__": 1, "__OBJC2__": 1, "__LP64__": 1, "__arm64__": 1, "__swift__": 50900, "__BLOCKS__": 1,
        "__IPHONE_OS_VERSION_MIN_REQUIRED": 150000, "__IPHONE_OS_VERSION_MAX_ALLOWED": 160400,
        "UIKIT_HAS_UIFOUNDATION_SYMBOLS": 1, "NS_BLOCKS_AVAILABLE": 1
    ]

    /// Whether `<Framework/Header.h>` exists in the SDK being read (`__has_include`).
    let hasInclude: (String) -> Bool
    /// Object-like macros defined in active branches so far: name → replacement text.
    var defines: [String: String] = [:]

    init(hasInclude: @escaping (String) -> Bool) {
        self.hasInclude = hasInclude
    }

    mutating func tokens(of bytes: [UInt8]) throws(Failure) -> [HeaderToken] {
        var tokens: [HeaderToken] = []
        var i = 0
        var line = 1
        var conditions: [(active: Bool, taken: Bool, parentActive: Bool, line: Int)] = []
        var active: Bool { conditions.last?.active ?? true }
        var atLineStart = true
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; atLineStart = true; continue }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") || c == 0x0C {
                i += 1; continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < n, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                    i += 1
                }
                i += 2
                continue
            }
            if c == UInt8(ascii: "#"), atLineStart {
                // A directive, with its continuation lines and without its comments.
                let directiveLine = line
                var text: [UInt8] = []
                i += 1
                while i < n, bytes[i] != UInt8(ascii: "\n") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "\n") {
                        i += 2; line += 1; text.append(0x20); continue
                    }
                    if bytes[i] == UInt8(ascii: "\\"), i + 2 < n, bytes[i + 1] == UInt8(ascii: "\r"),
                        bytes[i + 2] == UInt8(ascii: "\n")
                    {
                        i += 3; line += 1; text.append(0x20); continue
                    }
                    if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                        while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                        break
                    }
                    if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                        i += 2
                        while i + 1 < n, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                            i += 1
                        }
                        i += 2
                        text.append(0x20)
                        continue
                    }
                    text.append(bytes[i])
                    i += 1
                }
                let directive = String(decoding: text, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
                let keyword = String(directive.prefix { $0.isLetter })
                let expression = String(directive.dropFirst(keyword.count))
                switch keyword {
                case "if":
                    let condition = try evaluate(expression, line: directiveLine)
                    let value = active && condition
                    conditions.append((value, value, active, directiveLine))
                case "ifdef", "ifndef":
                    let name = expression.trimmingCharacters(in: .whitespaces)
                    let defined = Self.symbols[name] != nil || defines[name] != nil
                    let value = active && (keyword == "ifdef" ? defined : !defined)
                    conditions.append((value, value, active, directiveLine))
                case "elif":
                    guard var top = conditions.popLast() else {
                        throw Failure(line: directiveLine, reason: "#elif without #if")
                    }
                    let condition = try evaluate(expression, line: directiveLine)
                    let value = top.parentActive && !top.taken && condition
                    top.active = value
                    top.taken = top.taken || value
                    conditions.append(top)
                case "else":
                    guard var top = conditions.popLast() else {
                        throw Failure(line: directiveLine, reason: "#else without #if")
                    }
                    top.active = top.parentActive && !top.taken
                    top.taken = true
                    conditions.append(top)
                case "endif":
                    guard conditions.popLast() != nil else {
                        throw Failure(line: directiveLine, reason: "#endif without #if")
                    }
                case "define" where active:
                    // `#define NAME replacement`; a function-like macro (`NAME(`) is not a value.
                    let rest = expression.drop { $0 == " " || $0 == "\t" }
                    let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    let after = rest.dropFirst(name.count)
                    if !name.isEmpty, !after.hasPrefix("("), Self.symbols[name] == nil {
                        defines[name] = after.trimmingCharacters(in: .whitespaces)
                    }
                case "undef" where active:
                    defines[expression.trimmingCharacters(in: .whitespaces)] = nil
                case "pragma" where active:
                    // `#pragma clang assume_nonnull begin|end` is `NS_ASSUME_NONNULL_BEGIN|END`
                    // spelled out: the parser reads the region from one token either way.
                    let words = expression.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    if words.count == 3, words[0] == "clang", words[1] == "assume_nonnull" {
                        let marker =
                            words[2] == "begin"
                            ? "NS_ASSUME_NONNULL_BEGIN" : words[2] == "end" ? "NS_ASSUME_NONNULL_END" : nil
                        if let marker {
                            tokens.append(HeaderToken(kind: .identifier, text: marker, line: directiveLine))
                        }
                    }
                default:
                    break
                }
                continue
            }
            atLineStart = false
            let start = i
            let tokenLine = line
            let token: HeaderToken
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                var contents: [UInt8] = []
                while i < n, bytes[i] != c, bytes[i] != UInt8(ascii: "\n") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < n { contents.append(bytes[i + 1]); i += 2; continue }
                    contents.append(bytes[i])
                    i += 1
                }
                i += 1
                token = HeaderToken(kind: .string, text: String(decoding: contents, as: UTF8.self), line: tokenLine)
            } else if c == UInt8(ascii: "@"), i + 1 < n, Self.isIdentifierStart(bytes[i + 1]) {
                i += 1
                while i < n, Self.isIdentifierPart(bytes[i]) { i += 1 }
                token = HeaderToken(
                    kind: .atKeyword, text: String(decoding: bytes[start..<i], as: UTF8.self), line: tokenLine)
            } else if c == UInt8(ascii: "@"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "\"") {
                i += 2
                while i < n, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
                token = HeaderToken(
                    kind: .string, text: String(decoding: bytes[(start + 2)..<max(start + 2, i - 1)], as: UTF8.self),
                    line: tokenLine)
            } else if Self.isIdentifierStart(c) {
                while i < n, Self.isIdentifierPart(bytes[i]) { i += 1 }
                token = HeaderToken(
                    kind: .identifier, text: String(decoding: bytes[start..<i], as: UTF8.self), line: tokenLine)
            } else if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                while i < n, Self.isIdentifierPart(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
                token = HeaderToken(
                    kind: .number, text: String(decoding: bytes[start..<i], as: UTF8.self), line: tokenLine)
            } else {
                i += 1
                token = HeaderToken(kind: .punctuation, text: String(decoding: [c], as: UTF8.self), line: tokenLine)
            }
            if active {
                // An object-like macro that stands for one name (`#define PDFKitPlatformView UIView`)
                // is replaced by it, as the compiler would.
                if token.kind == .identifier, let replacement = defines[token.text], Self.isIdentifier(replacement) {
                    tokens.append(HeaderToken(kind: .identifier, text: replacement, line: token.line))
                } else {
                    tokens.append(token)
                }
            }
        }
        if let open = conditions.last { throw Failure(line: open.line, reason: "#if without #endif") }
        return tokens
    }

    /// A condition of `#if`/`#elif`: integers, names, `defined`, `__has_include`,
    /// `__has_feature` and friends, `!`, comparisons, `&&`, `||`, parentheses.
    func evaluate(_ expression: String, line: Int) throws(Failure) -> Bool {
        var parser = ConditionParser(text: Array(expression.utf8), hasInclude: hasInclude, defines: defines)
        guard let value = parser.parseOr(), parser.atEnd else {
            throw Failure(line: line, reason: "unreadable condition '\(expression)'")
        }
        return value != 0
    }

    private struct ConditionParser {
        var text: [UInt8]
        let hasInclude: (String) -> Bool
        let defines: [String: String]
        var depth = 0
        var position = 0

        var atEnd: Bool {
            mutating get { skipSpaces(); return position == text.count }
        }

        mutating func skipSpaces() {
            while position < text.count, text[position] == 0x20 || text[position] == 0x09 || text[position] == 0x0D {
                position += 1
            }
        }

        mutating func take(_ s: String) -> Bool {
            skipSpaces()
            let bytes = Array(s.utf8)
            guard position + bytes.count <= text.count, text[position..<(position + bytes.count)].elementsEqual(bytes)
            else { return false }
            // `<` must not take the first byte of `<=`, nor `!` of `!=`.
            if bytes.count == 1, position + 1 < text.count, text[position + 1] == UInt8(ascii: "="),
                bytes[0] == UInt8(ascii: "<") || bytes[0] == UInt8(ascii: ">") || bytes[0] == UInt8(ascii: "!")
            {
                return false
            }
            position += bytes.count
            return true
        }

        mutating func parseOr() -> Int? {
            guard var value = parseAnd() else { return nil }
            while take("||") {
                guard let right = parseAnd() else { return nil }; value = (value != 0 || right != 0) ? 1 : 0
            }
            return value
        }

        mutating func parseAnd() -> Int? {
            guard var value = parseBinary(level: 0) else { return nil }
            while take("&&") {
                guard let right = parseBinary(level: 0) else { return nil }; value = (value != 0 && right != 0) ? 1 : 0
            }
            return value
        }

        /// Binary operators by precedence, loosest first: `|`, `&`, equality, comparison,
        /// shifts, `+ -`, `* / %`.
        private static let levels: [[(String, @Sendable (Int, Int) -> Int)]] = [
            [("|", { $0 | $1 })],
            [("&", { $0 & $1 })],
            [("==", { $0 == $1 ? 1 : 0 }), ("!=", { $0 != $1 ? 1 : 0 })],
            [
                (">=", { $0 >= $1 ? 1 : 0 }), ("<=", { $0 <= $1 ? 1 : 0 }), (">", { $0 > $1 ? 1 : 0 }),
                ("<", { $0 < $1 ? 1 : 0 })
            ],
            [("<<", { $0 << min(max($1, 0), 62) }), (">>", { $0 >> min(max($1, 0), 62) })],
            [("+", { $0 &+ $1 }), ("-", { $0 &- $1 })],
            [("*", { $0 &* $1 }), ("/", { $1 == 0 ? 0 : $0 / $1 }), ("%", { $1 == 0 ? 0 : $0 % $1 })]
        ]

        mutating func parseBinary(level: Int) -> Int? {
            guard level < Self.levels.count else { return parseUnary() }
            guard var value = parseBinary(level: level + 1) else { return nil }
            loop: while true {
                for (op, apply) in Self.levels[level] where takeOperator(op) {
                    guard let right = parseBinary(level: level + 1) else { return nil }
                    value = apply(value, right)
                    continue loop
                }
                return value
            }
        }

        /// `op`, but not the first character of a longer operator (`|` of `||`, `<` of `<=`).
        mutating func takeOperator(_ op: String) -> Bool {
            skipSpaces()
            let bytes = Array(op.utf8)
            guard position + bytes.count <= text.count, text[position..<(position + bytes.count)].elementsEqual(bytes)
            else { return false }
            if position + bytes.count < text.count {
                let next = text[position + bytes.count]
                let longer: Set<UInt8> = [
                    UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">")
                ]
                if bytes.count == 1, longer.contains(next), op != "=" { return false }
            }
            position += bytes.count
            return true
        }

        mutating func parseUnary() -> Int? {
            if take("!") { return parseUnary().map { $0 == 0 ? 1 : 0 } }
            if take("-") { return parseUnary().map { 0 &- $0 } }
            if take("~") { return parseUnary().map { ~$0 } }
            if take("(") {
                guard let value = parseOr(), take(")") else { return nil }
                return value
            }
            skipSpaces()
            let start = position
            while position < text.count, HeaderLexer.isIdentifierPart(text[position]) { position += 1 }
            guard position > start else { return nil }
            let word = String(decoding: text[start..<position], as: UTF8.self)
            if let number = Int(word.trimmingCharacters(in: CharacterSet(charactersIn: "LUlu"))) { return number }
            if word == "defined" {
                let parenthesized = take("(")
                skipSpaces()
                let nameStart = position
                while position < text.count, HeaderLexer.isIdentifierPart(text[position]) { position += 1 }
                let name = String(decoding: text[nameStart..<position], as: UTF8.self)
                if parenthesized, !take(")") { return nil }
                return HeaderLexer.symbols[name] != nil || defines[name] != nil ? 1 : 0
            }
            if word.hasPrefix("__has_") || word == "__is_target_os" || word.hasPrefix("__building") {
                guard take("(") else { return 0 }
                let argumentStart = position
                var depth = 1
                while position < text.count, depth > 0 {
                    if text[position] == UInt8(ascii: "(") { depth += 1 }
                    if text[position] == UInt8(ascii: ")") { depth -= 1 }
                    position += 1
                }
                let argument = String(decoding: text[argumentStart..<max(argumentStart, position - 1)], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces)
                switch word {
                case "__has_include", "__has_include_next":
                    return hasInclude(argument.trimmingCharacters(in: CharacterSet(charactersIn: "<>\""))) ? 1 : 0
                case "__is_target_os":
                    return argument == "ios" ? 1 : 0
                default:
                    return 1  // __has_feature, __has_attribute, __has_extension: a current clang has them
                }
            }
            skipSpaces()
            if position < text.count, text[position] == UInt8(ascii: "(") {
                // A function-like macro the SDK defines for itself
                // (`__CS_HAS_COMPILER_ATTRIBUTE(…)`): undefined here, so 0.
                var depth = 0
                repeat {
                    if text[position] == UInt8(ascii: "(") { depth += 1 }
                    if text[position] == UInt8(ascii: ")") { depth -= 1 }
                    position += 1
                } while position < text.count && depth > 0
                return 0
            }
            if let value = HeaderLexer.symbols[word] { return value }
            if let replacement = defines[word], depth < 16 {
                // A macro's value is its replacement, evaluated in turn (empty counts as 0).
                var inner = ConditionParser(
                    text: Array(replacement.utf8), hasInclude: hasInclude, defines: defines, depth: depth + 1)
                guard let value = inner.parseOr(), inner.atEnd else { return 0 }
                return value
            }
            return 0
        }
    }

    /// Whether `text` is one identifier.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(isIdentifierPart)
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
    }
    static func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 0x30 && c <= 0x39) }
}
