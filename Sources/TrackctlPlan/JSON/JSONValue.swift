/// A JSON value as a tracking plan and its checks see it: numbers exact, object members in
/// document order with an index by key (a check of an object with thousands of keys stays
/// linear), equality as JSON Schema defines it (numbers by value, objects without order).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONDecimal)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON Schema type name: `null`, `boolean`, `integer` (a number of integral value),
    /// `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let number): return number.isInteger ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// JSON equality: numbers by value, strings by their Unicode scalars (Swift's `==` would
    /// call "é" and "e\u{301}" equal; JSON does not), arrays in order, objects without it.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let number): hasher.combine(number)
        case .string(let text): ExactKey(text).hash(into: &hasher)
        case .array(let items): hasher.combine(items)
        case .object(let object): hasher.combine(object)
        }
    }

    /// Compact JSON text, keys in document order: how findings quote a value.
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.description
        case .string(let text): return JSONValue.quoted(text)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let object):
            return "{"
                + object.members.map { JSONValue.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal; control characters, quotes and backslashes escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// A JSON object: its members in document order (a repeated key keeps its last value, in the
/// place it was first written) and, past a few members, an index by key.
///
/// Fast path: most objects of a call have a handful of keys, for which a scan of the members
/// is cheaper than a dictionary; `index` exists only beyond `indexThreshold` members and always
/// maps every key to its position then (rebuilt by `remove`).
public struct JSONObject: Sendable, Hashable {
    public private(set) var members: [(key: String, value: JSONValue)]
    private var index: [ExactKey: Int]?
    private static let indexThreshold = 12

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    private func position(of key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        let utf8 = key.utf8
        for (position, member) in members.enumerated()
        where member.key.utf8.count == utf8.count && member.key.utf8.elementsEqual(utf8) {
            return position
        }
        return nil
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue { members[position].value = newValue } else { remove(at: position) }
            } else if let newValue {
                index?[ExactKey(key)] = members.count
                members.append((key, newValue))
                if index == nil, members.count > Self.indexThreshold { rebuildIndex() }
            }
        }
    }

    private mutating func rebuildIndex() {
        var built: [ExactKey: Int] = [:]
        built.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { built[ExactKey(member.key)] = position }
        index = built
    }

    private mutating func remove(at position: Int) {
        members.remove(at: position)
        if index != nil { rebuildIndex() }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-free, as equality is.
        var combined = 0
        for member in members {
            var inner = Hasher()
            inner.combine(member.key)
            inner.combine(member.value)
            combined ^= inner.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

/// A string compared and hashed by its UTF-8 bytes: JSON keys and strings are sequences of
/// code points, and two that Unicode calls canonically equivalent are still two.
struct ExactKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
