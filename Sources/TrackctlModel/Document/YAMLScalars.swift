/// The scalars of `YAMLReader` that are more than a run of characters: quoted (with YAML's
/// escapes and line folding), block (`|` and `>`), and the core schema's resolution of plain ones.
extension YAMLReader {
    mutating func quoted() throws(DocumentError) -> String {
        let start = position
        guard let quote = peek() else { throw fail("expected a quote") }
        advance()
        var result = String.UnicodeScalarView()
        while true {
            guard let c = peek() else {
                throw DocumentError(file: file, message: "this quoted text is never closed", position: start)
            }
            if c == quote {
                if quote == "'", i + 1 < text.count, text[i + 1] == "'" {
                    result.append("'")
                    advance(2)
                    continue
                }
                advance()
                return String(result)
            }
            if c == "\n" || c == "\r" {
                // Line folding: a line break is a space, an empty line a newline.
                while let last = result.last, last == " " || last == "\t" { result.removeLast() }
                var breaks = 0
                while let d = peek(), d == "\n" || d == "\r" || d == " " || d == "\t" {
                    if d == "\n" { breaks += 1 }
                    advance()
                }
                result.append(
                    contentsOf: breaks > 1
                        ? String(repeating: "\n", count: breaks - 1).unicodeScalars : " ".unicodeScalars)
                continue
            }
            if quote == "\"", c == "\\" {
                advance()
                try escape(into: &result)
                continue
            }
            result.append(c)
            advance()
        }
    }

    /// YAML 1.2's one-character escapes of double-quoted scalars.
    static let escapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
        "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
        "L": "\u{2028}", "P": "\u{2029}"
    ]

    mutating func escape(into result: inout String.UnicodeScalarView) throws(DocumentError) {
        guard let c = peek() else { throw fail("an escape at the end of the file") }
        advance()
        if let scalar = Self.escapes[c] { result.append(scalar); return }
        if c == "\n" {
            while let d = peek(), d == " " || d == "\t" { advance() }
            return
        }
        let digits: Int
        switch c {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: throw fail("'\\\(c)' is no escape of double-quoted YAML")
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let d = peek(), let digit = UInt32(String(d), radix: 16) else {
                throw fail("'\\\(c)' takes \(digits) hexadecimal digits")
            }
            value = value * 16 + digit
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else { throw fail("'\\\(c)' names no Unicode scalar") }
        result.append(scalar)
    }

    /// `|` or `>`, chomping `-`/`+` and an indentation digit in either order, then the lines
    /// indented more than the parent.
    mutating func blockScalar(parentIndent: Int) throws(DocumentError) -> String {
        let folded = peek() == ">"
        advance()
        var chomping: Unicode.Scalar = " "
        var explicitIndent: Int?
        for _ in 0..<2 {
            if let c = peek(), c == "-" || c == "+" { chomping = c; advance() }
            if let c = peek(), let digit = Int(String(c)), digit > 0 { explicitIndent = digit; advance() }
        }
        try skipInlineSpace()
        guard atLineEnd else { throw fail("text after a block scalar's header: its lines start on the next line") }
        skipToEndOfLine()
        if peek() == "\n" { advance() }
        var lines: [String] = []
        var indent = explicitIndent.map { max(parentIndent, 0) + $0 }
        while !atEnd {
            var spaces = 0
            var k = i
            while k < text.count, text[k] == " " { spaces += 1; k += 1 }
            let blank = k >= text.count || text[k] == "\n" || text[k] == "\r"
            if indent == nil, !blank {
                guard spaces > parentIndent else { break }
                indent = spaces
            }
            if !blank, spaces < (indent ?? Int.max) { break }
            if blank {
                advance(k - i)
                lines.append(spaces > (indent ?? Int.max) ? String(repeating: " ", count: spaces - (indent ?? 0)) : "")
            } else {
                advance(indent ?? 0)
                var content = String.UnicodeScalarView()
                while let c = peek(), c != "\n", c != "\r" { content.append(c); advance() }
                lines.append(String(content))
            }
            if peek() == "\r" { advance() }
            if peek() == "\n" { advance() } else { break }
        }
        // Give the lines after the scalar back (they belong to the enclosing block).
        var trailing = 0
        while let last = lines.last, last.isEmpty { lines.removeLast(); trailing += 1 }
        var body = ""
        for (index, content) in lines.enumerated() {
            if index > 0 {
                let previous = lines[index - 1]
                if !folded || previous.isEmpty || content.hasPrefix(" ") || previous.hasPrefix(" ") {
                    body += "\n"
                } else if !content.isEmpty {
                    body += " "  // folded: a line break between two lines of text is a space…
                }  // …and one before empty lines is dropped: they are the line breaks.
            }
            body += content
        }
        switch chomping {
        case "-": return body
        case "+":
            return lines.isEmpty
                ? String(repeating: "\n", count: trailing) : body + "\n" + String(repeating: "\n", count: trailing)
        default: return lines.isEmpty ? "" : body + "\n"
        }
    }

    static func resolve(_ plain: String) -> SourceValue.Content {
        switch plain {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let first = plain.unicodeScalars.first, first == "-" || first == "+" || ("0"..."9").contains(first) {
            let digits = first == "-" || first == "+" ? plain.dropFirst() : Substring(plain)
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int64(plain) {
                return .integer(number)
            }
            if plain.contains("."), let number = Double(plain), number.isFinite { return .real(number) }
        }
        return .string(plain)
    }
}
