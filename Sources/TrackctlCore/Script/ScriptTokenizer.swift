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
        let result = line.withUTF8 { tokens(of: $0) }
        return try result.get()
    }

    private static func tokens(of bytes: UnsafeBufferPointer<UInt8>) -> Result<[String], TokenizerError> {
        var tokens: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(bytes.count)
        var inToken = false
        var inQuotes = false
        func endToken() {
            tokens.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
            inToken = false
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { return .failure(TokenizerError(message: "a '\\' ends the line inside quotes")) }
                    current.append(bytes[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = false
                } else {
                    current.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                if inToken { endToken() }
            case UInt8(ascii: "#"):
                if inToken { endToken() }
                return .success(tokens)
            case UInt8(ascii: "\""):
                inQuotes = true
                inToken = true
            default:
                current.append(byte)
                inToken = true
            }
        }
        if inQuotes { return .failure(TokenizerError(message: "a quote is not closed")) }
        if inToken { endToken() }
        return .success(tokens)
    }
}

struct TokenizerError: Error {
    var message: String
}
