/// Splits one script line into words: white space separates, double quotes group (`"Main
/// screen"`, also inside `reason="network down"`), `\"` escapes a quote, and `#` outside quotes
/// starts a comment.
///
/// Works on UTF-8 bytes: every character with a meaning here is ASCII, and ASCII bytes never
/// occur inside a multi-byte character, so other characters pass through whole. (A script of a
/// million distinct lines is tokenized twice; per-character string building would dominate.)
enum ScriptTokenizer {
    static func tokens(of line: Substring) throws(TokenizerError) -> [String] {
        var line = line
        return try line.withUTF8 { tokenResult(of: $0) }.get()
    }

    /// The words of a line given as UTF-8 bytes.
    static func tokens(of bytes: UnsafeBufferPointer<UInt8>) throws(TokenizerError) -> [String] {
        try tokenResult(of: bytes).get()
    }

    private static func tokenResult(of bytes: UnsafeBufferPointer<UInt8>) -> Result<[String], TokenizerError> {
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
            while index < bytes.count, !isSeparator(bytes[index]), bytes[index] != UInt8(ascii: "#"), bytes[index] != UInt8(ascii: "\"") {
                index += 1
            }
            if index == bytes.count || bytes[index] != UInt8(ascii: "\"") {
                tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                continue
            }
            // A word with quotes: its bytes are gathered, quotes and escapes removed.
            var word = Array(bytes[start..<index])
            var inQuotes = false
            while index < bytes.count {
                let byte = bytes[index]
                if inQuotes {
                    if byte == UInt8(ascii: "\\") {
                        guard index + 1 < bytes.count else { return .failure(TokenizerError(message: "a '\\' ends the line inside quotes")) }
                        word.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inQuotes = false } else { word.append(byte) }
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = true
                } else if isSeparator(byte) || byte == UInt8(ascii: "#") {
                    break
                } else {
                    word.append(byte)
                }
                index += 1
            }
            if inQuotes { return .failure(TokenizerError(message: "a quote is not closed")) }
            tokens.append(String(decoding: word, as: UTF8.self))
        }
        return .success(tokens)
    }
}

struct TokenizerError: Error {
    var message: String
}
