import Foundation

/// A value read from a JSON or property-list document, with the position it was read at.
///
/// Foundation's parsers return `Any` without positions; trackctl reads documents itself so
/// that every finding can point at a line and a column.
public struct SourceValue: Sendable {
    /// The value itself.
    public enum Content: Sendable {
        case string(String)
        case integer(Int64)
        case real(Double)
        /// A number no `Int64` or `Double` holds exactly (`12345678901234567891`,
        /// `0.1000000000000000055511151231257827`), as written; compared by `DecimalText`.
        case decimal(String)
        case bool(Bool)
        case date(Date)
        case data([UInt8])
        case array([SourceValue])
        case dictionary([SourceMember])
        /// JSON `null` (and the binary plist null marker); never valid in a SPOC, reported as a wrong type.
        case null
    }

    public var content: Content
    /// Where the value starts; `nil` for binary property lists, which have no lines.
    public var position: SourcePosition?

    public init(_ content: Content, at position: SourcePosition?) {
        self.content = content
        self.position = position
    }

    /// The value's type as a message names it: "a string", "an array", ...
    public var typeDescription: String {
        switch content {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real, .decimal: return "a number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .null: return "null"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = content { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = content { return b }
        return nil
    }

    public var arrayValue: [SourceValue]? {
        if case .array(let a) = content { return a }
        return nil
    }

    public var dictionaryValue: [SourceMember]? {
        if case .dictionary(let d) = content { return d }
        return nil
    }
}

/// One key and value of a dictionary, in document order.
public struct SourceMember: Sendable {
    public var key: String
    /// Where the key is written; `nil` for binary property lists.
    public var keyPosition: SourcePosition?
    public var value: SourceValue

    public init(key: String, keyPosition: SourcePosition?, value: SourceValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
