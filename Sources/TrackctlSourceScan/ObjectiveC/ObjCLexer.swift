import TrackctlModel

/// One token of an Objective-C file: where it is in the file's bytes, nothing copied.
struct ObjCToken {
    enum Kind: UInt8 {
        case identifier
        /// `@interface`, `@end`, `@property`, ... (`start` is at the `@`).
        case atKeyword
        /// A string (`"…"`, `@"…"`, a C++ raw string) or character literal: content skipped.
        case literal
        case number
        /// One byte of punctuation or an operator character.
        case punctuation
    }

    var kind: Kind
    var start: Int32
    var end: Int32
    var line: Int32
}

/// Splits Objective-C (and Objective-C++) source into tokens, the way a careful lexer does,
/// not line by line: comments, string and character literals, and preprocessor lines (with
/// their `\` continuations) never produce tokens, so a `@interface` inside a comment or a
/// string is not read as one. `#if`/`#else` branches are all kept (methods in either count),
/// except those no compiler reads (`#if 0`, see `DeadCode`).
///
/// Works on the file's bytes: every character with a meaning here is ASCII, and ASCII bytes
/// never occur inside a multi-byte UTF-8 sequence.
enum ObjCLexer {
    /// The tokens of the branches `conditions` says the build reads (every branch of a
    /// condition it cannot decide).
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, conditions: BuildConditions = .unknown) -> [ObjCToken] {
        var tokens: [ObjCToken] = []
        tokens.reserveCapacity(bytes.count / 5)
        let n = bytes.count
        var i = 0
        var line: Int32 = 1
        /// Only white space since the last newline: a `#` here starts a directive.
        var atLineStart = true

        @inline(__always) func byte(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        var dead = DeadCode()
        /// Skips a `/* … */` comment starting at `i`, counting its lines (an unclosed one ends the file).
        func skipBlockComment() {
            i += 2
            while i < n, !(bytes[i] == UInt8(ascii: "*") && byte(i + 1) == UInt8(ascii: "/")) {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
            i = min(n, i + 2)
        }

        while i < n {
            let c = bytes[i]
            switch c {
            case 0x0A:
                line += 1
                atLineStart = true
                i += 1
                continue
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                i += 1
                continue
            case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
                // A line comment ends at the newline (a trailing backslash continues it, as in C).
                i += 2
                while i < n, bytes[i] != 0x0A || (bytes[i - 1] == UInt8(ascii: "\\")) {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                continue
            case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
                skipBlockComment()
                continue
            case UInt8(ascii: "#") where atLineStart:
                // A preprocessor directive: skipped to its end, continuation lines included.
                // Comments inside it are skipped too (a `/*` may span lines).
                let directiveStart = i
                i += 1
                while i < n {
                    let d = bytes[i]
                    if d == 0x0A {
                        if bytes[i - 1] == UInt8(ascii: "\\")
                            || (bytes[i - 1] == 0x0D && i >= 2 && bytes[i - 2] == UInt8(ascii: "\\"))
                        {
                            line += 1
                            i += 1
                            continue
                        }
                        break
                    }
                    if d == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") {
                        skipBlockComment()
                        continue
                    }
                    if d == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "/") {
                        while i < n, bytes[i] != 0x0A { i += 1 }
                        break
                    }
                    if d == UInt8(ascii: "\"") || d == UInt8(ascii: "'") {
                        i = skipQuoted(bytes, from: i, quote: d, line: &line)
                        continue
                    }
                    i += 1
                }
                conditional(bytes, directiveStart + 1, min(i, n), &dead, conditions)
                continue
            default:
                break
            }
            atLineStart = false
            let start = i
            if isIdentifierStart(c) {
                i += 1
                while i < n, isIdentifierContinue(bytes[i]) { i += 1 }
                // C++ raw strings: R"delim( … )delim"
                if bytes[i - 1] == UInt8(ascii: "R"), byte(i) == UInt8(ascii: "\""), i - start <= 3 {
                    i = skipRawString(bytes, from: i, line: &line)
                    tokens.append(ObjCToken(kind: .literal, start: Int32(start), end: Int32(i), line: line))
                    continue
                }
                // Prefixed literals: L"…", u8"…", @"…" handled below.
                if byte(i) == UInt8(ascii: "\""), i - start <= 2,
                    bytes[start] == UInt8(ascii: "L") || bytes[start] == UInt8(ascii: "u")
                        || bytes[start] == UInt8(ascii: "U")
                {
                    i = skipQuoted(bytes, from: i, quote: UInt8(ascii: "\""), line: &line)
                    tokens.append(ObjCToken(kind: .literal, start: Int32(start), end: Int32(i), line: line))
                    continue
                }
                tokens.append(ObjCToken(kind: .identifier, start: Int32(start), end: Int32(i), line: line))
                continue
            }
            if c == UInt8(ascii: "@") {
                let next = byte(i + 1)
                if isIdentifierStart(next) {
                    i += 2
                    while i < n, isIdentifierContinue(bytes[i]) { i += 1 }
                    tokens.append(ObjCToken(kind: .atKeyword, start: Int32(start), end: Int32(i), line: line))
                    continue
                }
                if next == UInt8(ascii: "\"") {
                    let startLine = line
                    i = skipQuoted(bytes, from: i + 1, quote: next, line: &line)
                    tokens.append(ObjCToken(kind: .literal, start: Int32(start), end: Int32(i), line: startLine))
                    continue
                }
                tokens.append(ObjCToken(kind: .punctuation, start: Int32(start), end: Int32(i + 1), line: line))
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let startLine = line
                i = skipQuoted(bytes, from: i, quote: c, line: &line)
                tokens.append(ObjCToken(kind: .literal, start: Int32(start), end: Int32(i), line: startLine))
                continue
            }
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                i += 1
                // Digits, letters (hex, suffixes, exponents), dots, and C++14 digit separators.
                while i < n {
                    let d = bytes[i]
                    if isIdentifierContinue(d) || d == UInt8(ascii: ".") {
                        i += 1
                    } else if d == UInt8(ascii: "'"), isIdentifierContinue(byte(i + 1)) {
                        i += 2
                    } else if (d == UInt8(ascii: "+") || d == UInt8(ascii: "-")),
                        bytes[i - 1] | 0x20 == UInt8(ascii: "e") || bytes[i - 1] | 0x20 == UInt8(ascii: "p")
                    {
                        i += 1
                    } else {
                        break
                    }
                }
                tokens.append(ObjCToken(kind: .number, start: Int32(start), end: Int32(i), line: line))
                continue
            }
            tokens.append(ObjCToken(kind: .punctuation, start: Int32(start), end: Int32(i + 1), line: line))
            i += 1
        }
        // `#if 0` branches are never compiled: their methods are not the class's.
        dead.finish(at: Int32(n))
        return dead.ranges.isEmpty ? tokens : tokens.filter { !dead.contains($0.start) }
    }

    /// Feeds a directive (`#if 0`, `# elif X`, `#ifdef`, `#else`, `#endif`) to `dead`; `start` is
    /// after its `#`, `end` at its line's end.
    private static func conditional(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ dead: inout DeadCode,
        _ conditions: BuildConditions
    ) {
        var i = start
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        let wordStart = i
        while i < end, isIdentifierContinue(bytes[i]) { i += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<i]), as: UTF8.self)
        let condition = UnsafeBufferPointer(rebasing: bytes[i..<end])
        func value() -> Bool? {
            DeadCode.constant(condition) ?? conditions.objectiveC(String(decoding: condition, as: UTF8.self))
        }
        switch word {
        case "if": dead.openIf(value(), at: Int32(end))
        case "ifdef", "ifndef": dead.openIf(nil, at: Int32(end))
        case "elif": dead.elseIf(value(), at: Int32(end))
        case "elifdef", "elifndef": dead.elseIf(nil, at: Int32(end))
        case "else": dead.openElse(at: Int32(end))
        case "endif": dead.close(at: Int32(start - 1))
        default: break
        }
    }

    /// The index after a quoted literal starting at `from` (the opening quote); an unclosed
    /// one ends at the line's end, as compilers recover.
    static func skipQuoted(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, quote: UInt8, line: inout Int32) -> Int {
        var i = from + 1
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == quote { return i + 1 }
            if c == UInt8(ascii: "\\") {
                if i + 1 < n, bytes[i + 1] == 0x0A { line += 1 }
                i += 2
                continue
            }
            if c == 0x0A { return i }
            i += 1
        }
        return n
    }

    /// C++11 raw string `R"delim( … )delim"`, `from` at the opening quote.
    private static func skipRawString(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, line: inout Int32) -> Int {
        let n = bytes.count
        var i = from + 1
        let delimiterStart = i
        while i < n, bytes[i] != UInt8(ascii: "("), i - delimiterStart < 16 { i += 1 }
        guard i < n, bytes[i] == UInt8(ascii: "(") else {
            return skipQuoted(bytes, from: from, quote: UInt8(ascii: "\""), line: &line)
        }
        let delimiter = Array(bytes[delimiterStart..<i])
        i += 1
        while i < n {
            if bytes[i] == 0x0A { line += 1 }
            if bytes[i] == UInt8(ascii: ")") {
                var k = 0
                while k < delimiter.count, i + 1 + k < n, bytes[i + 1 + k] == delimiter[k] { k += 1 }
                if k == delimiter.count, i + 1 + k < n, bytes[i + 1 + k] == UInt8(ascii: "\"") { return i + 2 + k }
            }
            i += 1
        }
        return n
    }

    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    @inline(__always)
    static func isIdentifierContinue(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }
}
