/// JSON string literals for output written by hand with a fixed key order (no Foundation
/// encoder, whose key order and escaping are not ours to choose).
public enum JSONText {
    /// `text` as a JSON string literal, quotes included. Escapes `"`, `\` and control
    /// characters (and U+2028, U+2029, which some JavaScript readers take for line ends);
    /// everything else is written as UTF-8.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same literal appended to a byte buffer, for writers that build a whole document
    /// (a scanned catalog has a hundred thousand strings).
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x00..<0x20, 0x7F:
                    appendEscape(UInt32(byte), to: &out)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    appendEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                    index += 2
                default:
                    out.append(byte)
                }
                index += 1
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `\u` and four lower-case hex digits.
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }

    /// An array of strings as JSON.
    public static func array(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ",") + "]"
    }
}
