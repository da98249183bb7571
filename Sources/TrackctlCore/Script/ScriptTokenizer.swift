/// Splits one script line into words: white space separates, double quotes group (`"Main
/// screen"`, also inside `reason="network down"`), `\"` escapes a quote, and `#` outside quotes
/// starts a comment.
enum ScriptTokenizer {
    static func tokens(of line: Substring) throws(TokenizerError) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inToken = false
        var inQuotes = false
        var iterator = line.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if inQuotes {
                if scalar == "\\" {
                    guard let next = iterator.next() else { throw TokenizerError(message: "a '\\' ends the line inside quotes") }
                    current.unicodeScalars.append(next)
                } else if scalar == "\"" {
                    inQuotes = false
                } else {
                    current.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case " ", "\t", "\r":
                if inToken { tokens.append(current); current = ""; inToken = false }
            case "#":
                if inToken { tokens.append(current) }
                return tokens
            case "\"":
                inQuotes = true
                inToken = true
            default:
                current.unicodeScalars.append(scalar)
                inToken = true
            }
        }
        if inQuotes { throw TokenizerError(message: "a quote is not closed") }
        if inToken { tokens.append(current) }
        return tokens
    }
}

struct TokenizerError: Error {
    var message: String
}
