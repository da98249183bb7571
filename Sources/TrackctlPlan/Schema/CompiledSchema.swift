/// One schema of a plan compiled once: every keyword read into typed fields, every `$ref`
/// resolved to the node it names, so checking an event reads fields and never looks a
/// keyword up. A class because `$ref`s make the schemas a graph (recursion through
/// `properties` and `items` is allowed); built by `SchemaCompiler`, never changed after it
/// returns, so shared across threads.
public final class CompiledSchema: @unchecked Sendable {
    /// Where the schema is in its document (a JSON Pointer), for findings about the plan.
    public let pointer: String
    /// `true` / `false` as a whole schema; `{}` is `true`.
    var constant: Bool?

    /// JSON Schema types allowed, as a set of `SchemaType` bits; nil: any.
    var types: SchemaTypes?
    var enumValues: [JSONValue]?
    var constValue: JSONValue??

    var properties: [(name: String, schema: CompiledSchema)] = []
    var propertyIndex: [String: CompiledSchema] = [:]
    var patternProperties: [(pattern: ECMARegex, schema: CompiledSchema)] = []
    var additionalProperties: CompiledSchema?
    var propertyNames: CompiledSchema?
    var required: [String] = []
    var minProperties: Int?
    var maxProperties: Int?
    var dependentRequired: [(property: String, requires: [String])] = []
    var dependentSchemas: [(property: String, schema: CompiledSchema)] = []

    var prefixItems: [CompiledSchema] = []
    var items: CompiledSchema?
    var contains: CompiledSchema?
    var minContains: Int?
    var maxContains: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false

    var minLength: Int?
    var maxLength: Int?
    var pattern: ECMARegex?
    var format: FormatCheck?

    var minimum: JSONDecimal?
    var maximum: JSONDecimal?
    var exclusiveMinimum: JSONDecimal?
    var exclusiveMaximum: JSONDecimal?
    var multipleOf: JSONDecimal?

    var allOf: [CompiledSchema] = []
    var anyOf: [CompiledSchema] = []
    var oneOf: [CompiledSchema] = []
    var not: CompiledSchema?
    var ifSchema: CompiledSchema?
    var thenSchema: CompiledSchema?
    var elseSchema: CompiledSchema?
    /// The schema `$ref` names (resolved after compiling), and the reference as written.
    var ref: CompiledSchema?
    var refText: String?

    /// `description` and `deprecated`, kept for messages and docs.
    public var description: String?
    public var deprecated = false

    init(pointer: String) { self.pointer = pointer }

    /// A schema whose keywords can only say yes (`{}`, `true`, annotations only): checking
    /// against it is skipped.
    var acceptsEverything: Bool {
        if let constant { return constant }
        return types == nil && enumValues == nil && constValue == nil && properties.isEmpty && patternProperties.isEmpty
            && additionalProperties == nil && propertyNames == nil && required.isEmpty && minProperties == nil
            && maxProperties == nil && dependentRequired.isEmpty && dependentSchemas.isEmpty && prefixItems.isEmpty
            && items == nil && contains == nil && minItems == nil && maxItems == nil && !uniqueItems && minLength == nil
            && maxLength == nil && pattern == nil && format == nil && minimum == nil && maximum == nil
            && exclusiveMinimum == nil && exclusiveMaximum == nil && multipleOf == nil && allOf.isEmpty && anyOf.isEmpty
            && oneOf.isEmpty && not == nil && ifSchema == nil && ref == nil && refText == nil
    }

    /// The schema of a listed property, if the schema lists it.
    public func propertySchema(_ name: String) -> CompiledSchema? { propertyIndex[name] }
    /// The property names the schema lists, in plan order.
    public var propertyNamesListed: [String] { properties.map(\.name) }
    /// The names the schema requires.
    public var requiredNames: [String] { required }
    /// `additionalProperties: false`.
    public var forbidsOtherProperties: Bool { additionalProperties?.constant == false }
}

/// JSON Schema's seven types as bits.
struct SchemaTypes: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = SchemaTypes(rawValue: 1)
    static let boolean = SchemaTypes(rawValue: 2)
    static let integer = SchemaTypes(rawValue: 4)
    static let number = SchemaTypes(rawValue: 8)
    static let string = SchemaTypes(rawValue: 16)
    static let array = SchemaTypes(rawValue: 32)
    static let object = SchemaTypes(rawValue: 64)

    static let names: [(String, SchemaTypes)] = [
        ("null", .null), ("boolean", .boolean), ("integer", .integer), ("number", .number), ("string", .string),
        ("array", .array), ("object", .object)
    ]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init?(name: String) {
        guard let found = Self.names.first(where: { $0.0 == name }) else { return nil }
        self = found.1
    }

    /// Whether a value of this JSON type is allowed (`number` allows integers).
    func allows(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .number(let number): return contains(.number) || (contains(.integer) && number.isInteger)
        case .string: return contains(.string)
        case .array: return contains(.array)
        case .object: return contains(.object)
        }
    }

    var spelled: String {
        let listed = Self.names.filter { contains($0.1) }.map(\.0)
        return listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "")
    }
}
