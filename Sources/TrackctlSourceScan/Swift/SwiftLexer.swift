import Foundation
import TrackctlModel

/// One token of a Swift file, as offsets into the file's bytes.
struct SwiftToken {
    enum Kind: UInt8 {
        /// Identifiers and keywords; a backticked identifier's range excludes the backticks.
        case identifier
        /// `@objc`, `@IBAction` (`start` is at the `@`).
        case attribute
        /// `#selector`, `#available` (compiler directives such as `#if` produce no token).
        case pound
        /// A string or regex literal: content, interpolations included, skipped.
        case literal
        case number
        /// One byte of punctuation or operator, or the two bytes of `->`.
        case punctuation
    }

    var kind: Kind
    /// Whether a newline separates this token from the previous one: declarations start
    /// on a new line when no `;` ends the previous one.
    var newlineBefore: Bool
    var start: Int32
    var end: Int32
    var line: Int32
}

/// Splits Swift source into tokens: nested block comments, line comments, string literals
/// (interpolations, multi-line `"""`, raw `#"…"#`), `#/regex/#` literals never produce tokens
/// that could be read as declarations. `#if`, `#elseif` (with their conditions), `#else` and
/// `#endif` are dropped, so the declarations of every branch are read — except the branches
/// no compiler reads (`#if false`, see `DeadCode`).
enum SwiftLexer {
    /// Lines of a branch the build does not compile (`BuildConditions` decided it), with the
    /// branch as written: their declarations are kept, marked, so a SPOC naming one is told why.
    struct CompiledOut: Sendable, Equatable {
        var lines: ClosedRange<Int>
        var branch: String
    }

    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [SwiftToken] {
        tokenize(bytes, conditions: .unknown).tokens
    }

    /// The tokens (those of constant-false branches dropped), and the branches `conditions`
    /// rules out.
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, conditions: BuildConditions) -> (
        tokens: [SwiftToken], compiledOut: [CompiledOut]
    ) {
        var tokens: [SwiftToken] = []
        tokens.reserveCapacity(bytes.count / 5)
        let n = bytes.count
        var i = 0
        var line: Int32 = 1
        var newline = true

        @inline(__always) func byte(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        var dead = DeadCode()
        // The same directives, decided by the build's conditions too: kept apart, marked.
        var compiled = DeadCode()

        while i < n {
            let c = bytes[i]
            switch c {
            case 0x0A:
                line += 1
                newline = true
                i += 1
                continue
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                i += 1
                continue
            case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
                while i < n, bytes[i] != 0x0A { i += 1 }
                continue
            case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                var depth = 0
                while i < n {
                    if bytes[i] == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") { depth += 1; i += 2; continue }
                    if bytes[i] == UInt8(ascii: "*"), byte(i + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                        if depth == 0 { break }
                        continue
                    }
                    if bytes[i] == 0x0A { line += 1; newline = true }
                    i += 1
                }
                continue
            default:
                break
            }
            let start = i
            let startLine = line
            if SwiftLexer.isIdentifierStart(c) {
                i += 1
                while i < n, SwiftLexer.isIdentifierContinue(bytes[i]) { i += 1 }
                tokens.append(
                    SwiftToken(
                        kind: .identifier, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine))
                newline = false
                continue
            }
            switch c {
            case UInt8(ascii: "`"):
                var j = i + 1
                while j < n, bytes[j] != UInt8(ascii: "`"), bytes[j] != 0x0A { j += 1 }
                tokens.append(
                    SwiftToken(
                        kind: .identifier, newlineBefore: newline, start: Int32(i + 1), end: Int32(j), line: startLine))
                i = j < n && bytes[j] == UInt8(ascii: "`") ? j + 1 : j
            case UInt8(ascii: "@") where SwiftLexer.isIdentifierStart(byte(i + 1)):
                i += 2
                while i < n, SwiftLexer.isIdentifierContinue(bytes[i]) { i += 1 }
                tokens.append(
                    SwiftToken(
                        kind: .attribute, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine))
            case UInt8(ascii: "\""):
                i = skipString(bytes, from: i, hashes: 0, line: &line)
                tokens.append(
                    SwiftToken(
                        kind: .literal, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine))
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(i + hashes) == UInt8(ascii: "#") { hashes += 1 }
                let after = byte(i + hashes)
                if after == UInt8(ascii: "\"") {
                    i = skipString(bytes, from: i + hashes, hashes: hashes, line: &line)
                    tokens.append(
                        SwiftToken(
                            kind: .literal, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine)
                    )
                } else if after == UInt8(ascii: "/") {
                    i = skipRegex(bytes, from: i + hashes, hashes: hashes, line: &line)
                    tokens.append(
                        SwiftToken(
                            kind: .literal, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine)
                    )
                } else if hashes == 1, SwiftLexer.isIdentifierStart(after) {
                    var j = i + 1
                    while j < n, SwiftLexer.isIdentifierContinue(bytes[j]) { j += 1 }
                    let kind = directive(bytes, i + 1, j)
                    switch kind {
                    case .conditionLine, .ifLine, .elseifLine:
                        // `#if COND` / `#elseif COND`, `#warning(…)`: the rest of the line goes.
                        let conditionStart = j
                        while j < n, bytes[j] != 0x0A { j += 1 }
                        let written = UnsafeBufferPointer(rebasing: bytes[conditionStart..<j])
                        let constant = DeadCode.constant(written)
                        let text = String(decoding: written, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                        let value = constant ?? (kind == .conditionLine ? nil : conditions.swift(text))
                        if kind == .ifLine {
                            dead.openIf(constant, at: Int32(j))
                            compiled.openIf(value, at: Int32(j), condition: text)
                        }
                        if kind == .elseifLine {
                            dead.elseIf(constant, at: Int32(j))
                            compiled.elseIf(value, at: Int32(j), condition: text)
                        }
                        i = j
                        continue
                    case .elseWord:
                        dead.openElse(at: Int32(j))
                        compiled.openElse(at: Int32(j))
                        i = j
                        continue
                    case .endifWord:
                        dead.close(at: Int32(start))
                        compiled.close(at: Int32(start))
                        i = j
                        continue
                    case .expression:
                        tokens.append(
                            SwiftToken(
                                kind: .pound, newlineBefore: newline, start: Int32(start), end: Int32(j),
                                line: startLine))
                        i = j
                    }
                } else {
                    tokens.append(
                        SwiftToken(
                            kind: .punctuation, newlineBefore: newline, start: Int32(start), end: Int32(i + 1),
                            line: startLine))
                    i += 1
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                i += 1
                while i < n {
                    let d = bytes[i]
                    if SwiftLexer.isIdentifierContinue(d) { i += 1; continue }
                    if d == UInt8(ascii: "."), byte(i + 1) >= UInt8(ascii: "0"), byte(i + 1) <= UInt8(ascii: "9") {
                        i += 1; continue
                    }
                    if (d == UInt8(ascii: "+") || d == UInt8(ascii: "-")),
                        bytes[i - 1] | 0x20 == UInt8(ascii: "e") || bytes[i - 1] | 0x20 == UInt8(ascii: "p")
                    {
                        i += 1; continue
                    }
                    break
                }
                tokens.append(
                    SwiftToken(
                        kind: .number, newlineBefore: newline, start: Int32(start), end: Int32(i), line: startLine))
            case UInt8(ascii: "-") where byte(i + 1) == UInt8(ascii: ">"):
                tokens.append(
                    SwiftToken(
                        kind: .punctuation, newlineBefore: newline, start: Int32(start), end: Int32(i + 2),
                        line: startLine))
                i += 2
            default:
                tokens.append(
                    SwiftToken(
                        kind: .punctuation, newlineBefore: newline, start: Int32(start), end: Int32(i + 1),
                        line: startLine))
                i += 1
            }
            newline = false
        }
        // `#if false` branches are never compiled: their members are not the class's.
        dead.finish(at: Int32(n))
        compiled.finish(at: Int32(n))
        let kept = dead.ranges.isEmpty ? tokens : tokens.filter { !dead.contains($0.start) }
        return (kept, compiledOut(compiled, in: bytes))
    }

    /// The ranges a build's conditions rule out, as lines (directives stand on lines of their own).
    private static func compiledOut(_ compiled: DeadCode, in bytes: UnsafeBufferPointer<UInt8>) -> [CompiledOut] {
        guard !compiled.ranges.isEmpty else { return [] }
        var result: [CompiledOut] = []
        var line = 1
        var offset = 0
        for (range, branch) in zip(compiled.ranges, compiled.branches) {
            while offset < Int(range.lowerBound), offset < bytes.count {
                if bytes[offset] == 0x0A { line += 1 }
                offset += 1
            }
            let first = line
            while offset < Int(range.upperBound), offset < bytes.count {
                if bytes[offset] == 0x0A { line += 1 }
                offset += 1
            }
            result.append(CompiledOut(lines: first...max(first, line), branch: branch))
        }
        return result
    }

    private enum Directive { case conditionLine, ifLine, elseifLine, elseWord, endifWord, expression }

    /// How a `#word` is lexed: compiler directives disappear (their branches' contents stay),
    /// expressions such as `#selector(…)` stay.
    private static func directive(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Directive {
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        func equals(_ text: StaticString) -> Bool {
            word.count == text.utf8CodeUnitCount
                && word.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        if equals("if") { return .ifLine }
        if equals("elseif") { return .elseifLine }
        if equals("warning") || equals("error") || equals("sourceLocation") { return .conditionLine }
        if equals("else") { return .elseWord }
        if equals("endif") { return .endifWord }
        return .expression
    }

    /// The index after a string literal whose opening quote is at `from`, preceded by `hashes`
    /// `#` (a raw string). Interpolations `\(…)` (raw: `\#(…)`) are skipped with the strings
    /// nested in them; an unterminated single-line string ends at its line's end.
    static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, hashes: Int, line: inout Int32) -> Int {
        let n = bytes.count
        @inline(__always) func byte(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        func hashesFollow(_ k: Int) -> Bool {
            for h in 0..<hashes where byte(k + h) != UInt8(ascii: "#") { return false }
            return true
        }
        let multiline = byte(from + 1) == UInt8(ascii: "\"") && byte(from + 2) == UInt8(ascii: "\"")
        var i = from + (multiline ? 3 : 1)
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                if !multiline { return i }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\"), hashesFollow(i + 1) {
                let after = i + 1 + hashes
                if byte(after) == UInt8(ascii: "(") {
                    i = skipInterpolation(bytes, from: after, line: &line)
                } else {
                    if byte(after) == 0x0A { line += 1 }
                    i = after + 1
                }
                continue
            }
            if c == UInt8(ascii: "\"") {
                if multiline {
                    if byte(i + 1) == UInt8(ascii: "\""), byte(i + 2) == UInt8(ascii: "\""), hashesFollow(i + 3) {
                        return i + 3 + hashes
                    }
                } else if hashesFollow(i + 1) {
                    return i + 1 + hashes
                }
            }
            i += 1
        }
        return n
    }

    /// `\( … )` inside a string: parentheses balanced, nested strings skipped.
    private static func skipInterpolation(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, line: inout Int32) -> Int {
        let n = bytes.count
        var depth = 0
        var i = from
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return i + 1 }
            case UInt8(ascii: "\""):
                i = skipString(bytes, from: i, hashes: 0, line: &line)
                continue
            case UInt8(ascii: "#") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "\""):
                i = skipString(bytes, from: i + 1, hashes: 1, line: &line)
                continue
            case 0x0A:
                line += 1
            default:
                break
            }
            i += 1
        }
        return n
    }

    /// An extended regex literal `#/ … /#` (`from` at the `/`).
    private static func skipRegex(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, hashes: Int, line: inout Int32) -> Int
    {
        let n = bytes.count
        var i = from + 1
        while i < n {
            if bytes[i] == 0x0A { line += 1 }
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "/") {
                var h = 0
                while h < hashes, i + 1 + h < n, bytes[i + 1 + h] == UInt8(ascii: "#") { h += 1 }
                if h == hashes { return i + 1 + h }
            }
            i += 1
        }
        return n
    }

    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80 || c == UInt8(ascii: "$")
    }

    @inline(__always)
    static func isIdentifierContinue(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }
}
