import Foundation

/// Reads a file (or standard input) and parses it as JSON, XML plist or binary plist, choosing
/// the format from the content rather than the name.
///
/// Detecting the format ourselves matters: Foundation falls back to the old-style plist parser
/// and reports an XML syntax error as "Malformed data byte group … invalid hex".
package enum DocumentLoader {
    /// The largest file read; anything larger is refused rather than exhausting memory.
    package static let maximumSize = 256 * 1024 * 1024

    /// Reads `path` (`-` for standard input) and parses it.
    package static func load(path: String) throws(DocumentError) -> Document {
        let name = path == "-" ? "<stdin>" : path
        let bytes = try FileInput.readAll(path: path, reportedAs: name)
        return try parse(bytes: bytes, file: name)
    }

    /// Parses bytes already in memory; `file` is the name used in messages.
    package static func parse(bytes: [UInt8], file: String) throws(DocumentError) -> Document {
        do {
            if bytes.starts(with: Array("bplist".utf8)) {
                var reader = BinaryPlistReader(bytes: bytes)
                return Document(file: file, format: .binaryPropertyList, root: try reader.read())
            }
            let start = try TextChecks.validate(bytes)
            var probe = TextCursor(bytes: bytes, start: start)
            probe.skipWhitespace()
            if Self.looksLikeOpenStep(bytes, from: probe.index) {
                throw SyntaxError(
                    message: "an old-style (OpenStep) property list, which trackctl does not read; convert it to XML "
                        + "(plutil -convert xml1 FILE) or write it as JSON", position: probe.position())
            }
            switch probe.current {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var reader = JSONDocumentReader(bytes: bytes, start: start)
                return Document(file: file, format: .json, root: try reader.read())
            case UInt8(ascii: "<"):
                var reader = XMLPlistReader(bytes: bytes, start: start)
                return Document(file: file, format: .xmlPropertyList, root: try reader.read())
            case nil:
                throw SyntaxError(
                    message: "the file is empty (only white space); expected a JSON object or a property list",
                    position: nil)
            default:
                throw SyntaxError(
                    message:
                        "not a JSON document or a property list: it starts with \(probe.describeCurrent()) where "
                        + "'{' or '<' was expected",
                    position: probe.position())
            }
        } catch let error as SyntaxError {
            throw DocumentError(file: file, message: error.message, position: error.position)
        } catch {
            throw DocumentError(file: file, message: "\(error)")
        }
    }

    /// `{ key = value; }`, `( a, b )` or a leading `//` comment: an unquoted key after the
    /// brace, a parenthesis or a comment, which neither JSON nor an XML plist starts with
    /// (review D11).
    private static func looksLikeOpenStep(_ bytes: [UInt8], from start: Int) -> Bool {
        guard start < bytes.count else { return false }
        // A comment (`// !$*UTF8*$!` heads Xcode's own) or a parenthesized array.
        if bytes[start] == UInt8(ascii: "(") || bytes[start] == UInt8(ascii: "/") { return true }
        guard bytes[start] == UInt8(ascii: "{") else { return false }
        var index = start + 1
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }
}
