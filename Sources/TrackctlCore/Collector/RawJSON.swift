/// Byte-level views of a JSON body that has already parsed: where the elements of the top-level
/// `batch` list are, and an element copied without its white space. `collect` writes a call as
/// the client sent it (key order, numbers as written) instead of rendering its parsed tree again,
/// which costs several times the parse.
///
/// Fast path. Its one invariant: the bytes are valid JSON (`JSONDocumentReader` read them
/// first), so a scan that tracks only strings, escapes and nesting depth finds every boundary.
enum RawJSON {
    /// The byte ranges of the elements of the top-level object's `key` list, or nil when the
    /// body is not an object with such a list.
    static func elementRanges(ofList key: String, in bytes: [UInt8]) -> [Range<Int>]? {
        let quotedKey = Array(("\"" + key + "\"").utf8)
        var depth = 0
        var index = 0
        var listStart: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = endOfString(bytes, from: index)
                if depth == 1, end - index + 1 == quotedKey.count, bytes[index...end].elementsEqual(quotedKey) {
                    var next = end + 1
                    while next < bytes.count, bytes[next] != UInt8(ascii: ":") { next += 1 }
                    next += 1
                    while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                    if next < bytes.count, bytes[next] == UInt8(ascii: "[") { listStart = next; break }
                }
                index = end + 1
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            index += 1
        }
        guard let start = listStart else { return nil }
        var ranges: [Range<Int>] = []
        var elementStart: Int?
        depth = 0
        index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if elementStart == nil { elementStart = index }
                index = endOfString(bytes, from: index) + 1
                continue
            }
            if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                if let from = elementStart { ranges.append(from..<trimmedEnd(bytes, index)) }
                elementStart = nil
                if byte == UInt8(ascii: "]") { return ranges }
            } else if !isSpace(byte) {
                if elementStart == nil { elementStart = index }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            }
            index += 1
        }
        return nil
    }

    /// The bytes of `range` without the white space between tokens, so a call sent
    /// pretty-printed still makes one line.
    static func compact(_ bytes: [UInt8], _ range: Range<Int>, into output: inout [UInt8]) {
        // Runs between white space are copied whole: most calls have none at all.
        var runStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = endOfString(bytes, from: index) + 1
                continue
            }
            if isSpace(byte) {
                output.append(contentsOf: bytes[runStart..<index])
                runStart = index + 1
            }
            index += 1
        }
        output.append(contentsOf: bytes[runStart..<range.upperBound])
    }

    /// The index of the quote that closes the string opened at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return index }
            index += 1
        }
        return bytes.count - 1
    }

    private static func trimmedEnd(_ bytes: [UInt8], _ end: Int) -> Int {
        var end = end
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
