/// JSON string literals, the one escaper of trackctl: event lines, catalogs, reports.
///
/// Escapes `"`, `\`, every control character (below U+0020, and DEL), and U+2028 / U+2029 —
/// which JSON allows raw but JavaScript and Python's `splitlines()` take for line ends, so a
/// line of JSON would read as two. Everything else is written as its UTF-8 bytes. Control
/// characters without a short form become `\u00XX` in lower-case hex.
///
/// Fast path: runs of bytes that need nothing are found eight at a time and copied whole (the
/// event encoder writes a million lines a second through it).
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        let line = LineBuffer(capacity: text.utf8.count + 16)
        write(text, into: line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// An array of strings as JSON.
    public static func array(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ",") + "]"
    }

    /// Appends `text` as a JSON string literal.
    public static func write(_ text: String, into line: LineBuffer) {
        // Native strings are contiguous UTF-8: read in place.
        text.withUTF8Bytes { write($0, into: line) }
    }

    /// Appends UTF-8 `bytes` as a JSON string literal.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, into line: LineBuffer) {
        let n = bytes.count
        line.reserve(n + 2)
        line.append(UInt8(ascii: "\""))
        guard let start = bytes.baseAddress else { line.append(UInt8(ascii: "\"")); return }
        var runStart = 0
        var i = 0
        while i < n {
            if i + 8 <= n {
                if !needsEscape(UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)) { i += 8; continue }
            } else if n >= 8, !needsEscape(UnsafeRawPointer(start + n - 8).loadUnaligned(as: UInt64.self)) {
                break  // the last (overlapping) eight bytes are clean: so is the tail
            }
            let byte = start[i]
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                line.append(start + runStart, count: i - runStart)
                switch byte {
                case UInt8(ascii: "\""): line.append("\\\"")
                case UInt8(ascii: "\\"): line.append("\\\\")
                case 0x0A: line.append("\\n")
                case 0x0D: line.append("\\r")
                case 0x09: line.append("\\t")
                default:
                    line.append("\\u00")
                    line.append(hexDigit(byte >> 4))
                    line.append(hexDigit(byte & 0xF))
                }
                runStart = i + 1
            } else if byte == 0xE2, i + 2 < n, start[i + 1] == 0x80, start[i + 2] == 0xA8 || start[i + 2] == 0xA9 {
                // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
                line.append(start + runStart, count: i - runStart)
                line.append(start[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 3
                runStart = i
                continue
            }
            i += 1
        }
        line.append(start + runStart, count: n - runStart)
        line.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes is below 0x20, DEL, a quote, a backslash, or 0xE2 (the
    /// first byte of U+2028 and U+2029 — and of other characters, which then take the slow path).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
            || hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0xE2))
    }
}

/// The lower-case hex digit of a value from 0 to 15.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x57 + value
}
