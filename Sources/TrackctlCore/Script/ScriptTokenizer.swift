/// Splits one script line into words: white space separates, double quotes group (`"Main
/// screen"`, also inside `reason="network down"`), and `#` outside quotes starts a comment.
/// Inside quotes, `\"` is a quote and `\\` a backslash; any other backslash is an error (so a
/// `\n` someone meant as a newline is not silently read as `n`). Outside quotes a backslash is
/// an ordinary character.
///
/// Works on UTF-8 bytes: every character with a meaning here is ASCII, and ASCII bytes never
/// occur inside a multi-byte character, so other characters pass through whole. (A script of a
/// million distinct lines is tokenized twice; per-character string building would dominate.)
enum ScriptTokenizer {
    static func tokens(of line: Substring) throws(TokenizerError) -> [String] {
        var quoted = Set<Int>()
        return try tokens(of: line, quoted: &quoted)
    }

    static func tokens(of line: Substring, quoted: inout Set<Int>) throws(TokenizerError) -> [String] {
        var line = line
        var found = Set<Int>()
        let result = line.withUTF8 { tokenResult(of: $0, quoted: &found) }
        quoted = found
        return try result.get()
    }

    /// The words of a line given as UTF-8 bytes; `quoted` receives the indexes of the words
    /// written with quotes (`n="2"` is the text "2", `n=2` the number 2).
    static func tokens(of bytes: UnsafeBufferPointer<UInt8>, quoted: inout Set<Int>) throws(TokenizerError) -> [String]
    {
        try tokenResult(of: bytes, quoted: &quoted).get()
    }

    private static func tokenResult(of bytes: UnsafeBufferPointer<UInt8>, quoted: inout Set<Int>) -> Result<
        [String], TokenizerError
    > {
        var tokens: [String] = []
        var index = 0
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
        while index < bytes.count {
            while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "#") else { break }
            // A plain word (the common case) becomes a string straight from the line's bytes.
            let start = index
            while index < bytes.count, !isSeparator(bytes[index]), bytes[index] != UInt8(ascii: "#"),
                bytes[index] != UInt8(ascii: "\"")
            {
                index += 1
            }
            if index == bytes.count || bytes[index] != UInt8(ascii: "\"") {
                tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                continue
            }
            // A word with quotes: its bytes are gathered, quotes and escapes removed.
            var word = Array(bytes[start..<index])
            var inQuotes = false
            var quoteStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if inQuotes {
                    if byte == UInt8(ascii: "\\") {
                        guard index + 1 < bytes.count else {
                            return .failure(
                                TokenizerError(
                                    message: "a '\\' ends the line inside quotes", column: column(of: index, in: bytes))
                            )
                        }
                        let escaped = bytes[index + 1]
                        guard escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                            let shown = String(
                                decoding: UnsafeBufferPointer(rebasing: bytes[index...].prefix(2)), as: UTF8.self)
                            return .failure(
                                TokenizerError(
                                    message:
                                        "unknown escape '\(shown)' in quotes; write \\\" for a quote and \\\\ for a "
                                        + "backslash",
                                    column: column(of: index, in: bytes)))
                        }
                        word.append(escaped)
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inQuotes = false } else { word.append(byte) }
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = true
                    quoteStart = index
                } else if isSeparator(byte) || byte == UInt8(ascii: "#") {
                    break
                } else {
                    word.append(byte)
                }
                index += 1
            }
            if inQuotes {
                return .failure(
                    TokenizerError(message: "a quote is not closed", column: column(of: quoteStart, in: bytes)))
            }
            quoted.insert(tokens.count)
            tokens.append(String(decoding: word, as: UTF8.self))
        }
        return .success(tokens)
    }

    /// The 1-based column of byte `index`, counted in characters as editors count them.
    private static func column(of index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        for byte in bytes[..<index] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

struct TokenizerError: Error {
    var message: String
    /// Where on the line (1-based).
    var column: Int
}
