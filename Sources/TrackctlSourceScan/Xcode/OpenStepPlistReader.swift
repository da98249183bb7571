import TrackctlModel

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
indirect enum OpenStepValue: Sendable {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue])

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var array: [OpenStepValue]? { if case .array(let a) = self { return a } else { return nil } }
    var dictionary: [String: OpenStepValue]? { if case .dictionary(let d) = self { return d } else { return nil } }

    subscript(key: String) -> OpenStepValue? { dictionary?[key] }
}

/// Reads an OpenStep property list: `{ key = value; }` dictionaries, `( a, b, )` arrays, quoted
/// and bare strings, `/* */` and `//` comments, `<hex data>`. Nesting is bounded.
struct OpenStepPlistReader {
    private let bytes: [UInt8]
    private var i = 0

    struct Failure: Error {
        var message: String
        /// Byte offset of the problem, for `TextCursor.position(of:in:)`.
        var offset: Int
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> OpenStepValue {
        var reader = OpenStepPlistReader(bytes: bytes)
        // `// !$*UTF8*$!` heads every pbxproj: a comment like any other.
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i >= reader.bytes.count else {
            throw Failure(message: "unexpected text after the property list", offset: reader.i)
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i += 1; continue }
            if c == UInt8(ascii: "/"), i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                }
                if bytes[i + 1] == UInt8(ascii: "*") {
                    i += 2
                    while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                        i += 1
                    }
                    i = min(bytes.count, i + 2)
                    continue
                }
            }
            return
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> OpenStepValue {
        guard depth < 64 else { throw Failure(message: "nesting deeper than 64 levels", offset: i) }
        skipSpace()
        guard i < bytes.count else { throw Failure(message: "unexpected end of file", offset: i) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var result: [String: OpenStepValue] = [:]
            while true {
                skipSpace()
                guard i < bytes.count else { throw Failure(message: "a '{' is not closed", offset: i) }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .dictionary(result) }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    throw Failure(message: "expected '=' after '\(key)'", offset: i)
                }
                i += 1
                result[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                    throw Failure(message: "expected ';' after the value of '\(key)'", offset: i)
                }
                i += 1
            }
        case UInt8(ascii: "("):
            i += 1
            var result: [OpenStepValue] = []
            while true {
                skipSpace()
                guard i < bytes.count else { throw Failure(message: "a '(' is not closed", offset: i) }
                if bytes[i] == UInt8(ascii: ")") { i += 1; return .array(result) }
                result.append(try value(depth: depth + 1))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard i < bytes.count, bytes[i] == UInt8(ascii: ")") else {
                    throw Failure(message: "expected ',' or ')' in an array", offset: i)
                }
            }
        case UInt8(ascii: "<"):
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
            i = min(bytes.count, i + 1)
            return .string(String(decoding: bytes[start..<i], as: UTF8.self))
        default:
            return .string(try string())
        }
    }

    private mutating func string() throws(Failure) -> String {
        guard i < bytes.count else { throw Failure(message: "unexpected end of file", offset: i) }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            var result: [UInt8] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    i += 1
                    switch bytes[i] {
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "t"): result.append(0x09)
                    default: result.append(bytes[i])
                    }
                    i += 1
                    continue
                }
                result.append(bytes[i])
                i += 1
            }
            guard i < bytes.count else { throw Failure(message: "a quoted string is not closed", offset: i) }
            i += 1
            return String(decoding: result, as: UTF8.self)
        }
        let start = i
        while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
        guard i > start else {
            throw Failure(message: "unexpected '\(String(decoding: [bytes[i]], as: UTF8.self))'", offset: i)
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Characters of an unquoted string.
    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "/") || c == UInt8(ascii: ":")
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c >= 0x80
    }
}
