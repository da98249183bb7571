import Foundation
import TrackctlModel

/// A finding about a plan itself (`invalid-plan`, `unsupported-keyword`), at the JSON Pointer
/// of the keyword it is about; the plan's reader turns the pointer into a line and column.
public struct PlanProblem: Sendable, Hashable {
    public var rule: PlanRule
    public var pointer: String
    public var message: String

    public init(rule: PlanRule, pointer: String, message: String) {
        self.rule = rule
        self.pointer = pointer
        self.message = message
    }
}

/// Compiles the JSON Schemas of one document (a plan, or a test suite's schema) into
/// `CompiledSchema`s: each keyword SPEC §14 lists checked for its shape and read once, `$ref`s
/// resolved within the document (JSON Pointer, `$anchor`), a `$ref` cycle that never reaches a
/// schema refused. Keywords outside the list (`$dynamicRef`, `unevaluatedProperties`, a `$ref`
/// outside the document, a nested `$id`, or a typo) are `unsupported-keyword` — never ignored.
public struct SchemaCompiler {
    private let root: JSONValue
    /// The document's own `$id`, which `$ref`s may spell out before their `#`.
    private let rootID: String?
    /// Keys the caller reads itself at a schema's top (`version` in a plan entry), by pointer.
    private var extraKeys: [String: Set<String>] = [:]
    private var compiled: [String: CompiledSchema] = [:]
    private var anchors: [String: CompiledSchema] = [:]
    private var pendingRefs: [CompiledSchema] = []
    public private(set) var problems: [PlanProblem] = []

    static let annotations: Set<String> = [
        "description", "deprecated", "examples", "$comment", "title", "default", "$schema"
    ]
    static let keywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "items", "prefixItems", "contains",
        "minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
        "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "allOf", "anyOf", "oneOf", "not", "if", "then",
        "else", "$defs", "$ref", "$anchor", "format", "$id"
    ]

    public init(document: JSONValue) {
        root = document
        if case .object(let object) = document, case .string(let id)? = object["$id"] {
            rootID = id.hasSuffix("#") ? String(id.dropLast()) : id
        } else {
            rootID = nil
        }
    }

    /// The schema at `pointer` of the document, compiled (once), with every `$ref` it reaches
    /// resolved. Problems accumulate in `problems`.
    public mutating func compile(at pointer: String, allowing extra: Set<String> = []) -> CompiledSchema {
        if !extra.isEmpty { extraKeys[pointer] = extra }
        let schema = node(at: pointer) ?? CompiledSchema(pointer: pointer)
        resolvePending()
        return schema
    }

    /// After every schema of interest is compiled: a `$ref` cycle that never reaches a schema
    /// (or recursion that never consumes any of the value: `allOf` back to itself) is refused.
    public mutating func checkCycles(from schemas: [CompiledSchema]) {
        var state: [ObjectIdentifier: Int] = [:]  // 1 visiting, 2 done
        var reported = Set<String>()
        func visit(_ schema: CompiledSchema, _ trail: [CompiledSchema]) {
            let id = ObjectIdentifier(schema)
            if state[id] == 2 { return }
            if state[id] == 1 {
                let start = trail.firstIndex { $0 === schema } ?? 0
                let cycle = trail[start...].map(\.pointer) + [schema.pointer]
                if reported.insert(schema.pointer).inserted {
                    problems.append(
                        PlanProblem(
                            rule: .invalidPlan, pointer: schema.pointer + "/$ref",
                            message: "a $ref cycle never reaches a schema: "
                                + cycle.map { "#" + $0 }.joined(separator: " → ")))
                }
                return
            }
            state[id] = 1
            var inPlace: [CompiledSchema] =
                schema.allOf + schema.anyOf + schema.oneOf + schema.dependentSchemas.map(\.schema)
            for next in [schema.ref, schema.not, schema.ifSchema, schema.thenSchema, schema.elseSchema] {
                if let next { inPlace.append(next) }
            }
            for next in inPlace { visit(next, trail + [schema]) }
            state[id] = 2
        }
        for schema in schemas { visit(schema, []) }
    }

    private mutating func problem(_ rule: PlanRule, _ pointer: String, _ message: String) {
        problems.append(PlanProblem(rule: rule, pointer: pointer, message: message))
    }

    /// The value at a JSON Pointer of the document.
    private func value(at pointer: String) -> JSONValue? {
        var current = root
        guard !pointer.isEmpty else { return current }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[key] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    private mutating func node(at pointer: String) -> CompiledSchema? {
        if let done = compiled[pointer] { return done }
        guard let value = value(at: pointer) else { return nil }
        return compileValue(value, pointer: pointer)
    }

    private mutating func compileValue(_ value: JSONValue, pointer: String) -> CompiledSchema {
        if let done = compiled[pointer] { return done }
        let schema = CompiledSchema(pointer: pointer)
        compiled[pointer] = schema
        switch value {
        case .bool(let flag):
            schema.constant = flag
            return schema
        case .object(let object):
            read(object, into: schema, pointer: pointer)
        default:
            problem(.invalidPlan, pointer, "a schema is an object or a boolean, not \(value.typeName)")
        }
        return schema
    }

    private mutating func subschema(_ value: JSONValue, _ pointer: String) -> CompiledSchema {
        compileValue(value, pointer: pointer)
    }

    private mutating func schemaList(_ value: JSONValue, _ pointer: String, _ keyword: String) -> [CompiledSchema] {
        guard case .array(let items) = value, !items.isEmpty else {
            problem(.invalidPlan, pointer, "'\(keyword)' is a non-empty array of schemas")
            return []
        }
        return items.enumerated().map { subschema($1, pointer + "/" + String($0)) }
    }

    private mutating func count(_ value: JSONValue, _ pointer: String, _ keyword: String) -> Int? {
        guard case .number(let number) = value, number.isInteger, !number.isNegative else {
            problem(.invalidPlan, pointer, "'\(keyword)' is a non-negative integer, not \(value.jsonText)")
            return nil
        }
        return number.int64Value.map { Int(clamping: $0) } ?? Int.max
    }

    private mutating func number(_ value: JSONValue, _ pointer: String, _ keyword: String) -> JSONDecimal? {
        guard case .number(let number) = value else {
            problem(.invalidPlan, pointer, "'\(keyword)' is a number, not \(value.jsonText)")
            return nil
        }
        return number
    }

    private mutating func regex(_ value: JSONValue, _ pointer: String) -> ECMARegex? {
        guard case .string(let text) = value else {
            problem(.invalidPlan, pointer, "a pattern is a string, not \(value.jsonText)")
            return nil
        }
        do {
            return try ECMARegex(text)
        } catch {
            problem(.invalidPlan, pointer, error.reason)
            return nil
        }
    }

    private mutating func read(_ object: JSONObject, into schema: CompiledSchema, pointer: String) {
        for (key, value) in object.members {
            let at = pointer + "/" + JSONValueReader.escape(key)
            if Self.annotations.contains(key) {
                if key == "description", case .string(let text) = value { schema.description = text }
                if key == "deprecated", case .bool(let flag) = value { schema.deprecated = flag }
                continue
            }
            if extraKeys[pointer]?.contains(key) == true { continue }
            guard Self.keywords.contains(key) else {
                let known = Self.keywords.union(Self.annotations)
                let hint = Suggester.didYouMean(key, among: known.sorted())
                problem(
                    .unsupportedKeyword, at, "'\(key)' is not a keyword trackctl checks (SPEC §14 lists them)\(hint)")
                continue
            }
            switch key {
            case "type":
                var types = SchemaTypes()
                let names: [JSONValue]
                if case .array(let list) = value { names = list } else { names = [value] }
                for name in names {
                    guard case .string(let text) = name, let type = SchemaTypes(name: text) else {
                        problem(
                            .invalidPlan, at,
                            "\(name.jsonText) is not a JSON Schema type (null, boolean, integer, number, string, "
                                + "array, object)"
                        )
                        continue
                    }
                    types.insert(type)
                }
                if names.isEmpty { problem(.invalidPlan, at, "'type' names at least one type") }
                schema.types = types
            case "enum":
                guard case .array(let values) = value else {
                    problem(.invalidPlan, at, "'enum' is an array of values"); continue
                }
                schema.enumValues = values
            case "const":
                schema.constValue = .some(value)
            case "properties":
                guard case .object(let members) = value else {
                    problem(.invalidPlan, at, "'properties' is an object of schemas"); continue
                }
                for (name, inner) in members.members {
                    let child = subschema(inner, at + "/" + JSONValueReader.escape(name))
                    schema.properties.append((name, child))
                    schema.propertyIndex[name] = child
                }
            case "required":
                guard case .array(let names) = value, let strings = Optional(names.compactMap(\.stringValue)),
                    strings.count == names.count
                else {
                    problem(.invalidPlan, at, "'required' is an array of property names")
                    continue
                }
                if Set(strings).count != strings.count {
                    problem(.invalidPlan, at, "'required' names a property twice")
                }
                schema.required = strings
            case "additionalProperties": schema.additionalProperties = subschema(value, at)
            case "patternProperties":
                guard case .object(let members) = value else {
                    problem(.invalidPlan, at, "'patternProperties' is an object of schemas"); continue
                }
                for (pattern, inner) in members.members {
                    let patternAt = at + "/" + JSONValueReader.escape(pattern)
                    let child = subschema(inner, patternAt)
                    if let compiledPattern = regex(.string(pattern), patternAt) {
                        schema.patternProperties.append((compiledPattern, child))
                    }
                }
            case "propertyNames": schema.propertyNames = subschema(value, at)
            case "minProperties": schema.minProperties = count(value, at, key)
            case "maxProperties": schema.maxProperties = count(value, at, key)
            case "dependentRequired":
                guard case .object(let members) = value else {
                    problem(.invalidPlan, at, "'dependentRequired' is an object of name arrays"); continue
                }
                for (name, list) in members.members {
                    guard case .array(let names) = list, names.allSatisfy({ $0.stringValue != nil }) else {
                        problem(
                            .invalidPlan, at + "/" + JSONValueReader.escape(name),
                            "'dependentRequired' maps a property to an array of names")
                        continue
                    }
                    schema.dependentRequired.append((name, names.compactMap(\.stringValue)))
                }
            case "dependentSchemas":
                guard case .object(let members) = value else {
                    problem(.invalidPlan, at, "'dependentSchemas' is an object of schemas"); continue
                }
                for (name, inner) in members.members {
                    schema.dependentSchemas.append((name, subschema(inner, at + "/" + JSONValueReader.escape(name))))
                }
            case "items": schema.items = subschema(value, at)
            case "prefixItems": schema.prefixItems = schemaList(value, at, key)
            case "contains": schema.contains = subschema(value, at)
            case "minContains": schema.minContains = count(value, at, key)
            case "maxContains": schema.maxContains = count(value, at, key)
            case "minItems": schema.minItems = count(value, at, key)
            case "maxItems": schema.maxItems = count(value, at, key)
            case "uniqueItems":
                guard case .bool(let flag) = value else {
                    problem(.invalidPlan, at, "'uniqueItems' is true or false"); continue
                }
                schema.uniqueItems = flag
            case "minLength": schema.minLength = count(value, at, key)
            case "maxLength": schema.maxLength = count(value, at, key)
            case "pattern": schema.pattern = regex(value, at)
            case "format":
                guard case .string(let name) = value else {
                    problem(.invalidPlan, at, "'format' is a format's name"); continue
                }
                guard let format = FormatCheck(rawValue: name) else {
                    let names = FormatCheck.allCases.map(\.rawValue)
                    problem(.invalidPlan, at, "unknown format '\(name)'; use one of \(names.joined(separator: ", "))")
                    continue
                }
                schema.format = format
            case "minimum": schema.minimum = number(value, at, key)
            case "maximum": schema.maximum = number(value, at, key)
            case "exclusiveMinimum": schema.exclusiveMinimum = number(value, at, key)
            case "exclusiveMaximum": schema.exclusiveMaximum = number(value, at, key)
            case "multipleOf":
                let divisor = number(value, at, key)
                if let divisor, divisor.isNegative || divisor.isZero {
                    problem(.invalidPlan, at, "'multipleOf' is greater than 0, not \(divisor)")
                } else {
                    schema.multipleOf = divisor
                }
            case "allOf": schema.allOf = schemaList(value, at, key)
            case "anyOf": schema.anyOf = schemaList(value, at, key)
            case "oneOf": schema.oneOf = schemaList(value, at, key)
            case "not": schema.not = subschema(value, at)
            case "if": schema.ifSchema = subschema(value, at)
            case "then": schema.thenSchema = subschema(value, at)
            case "else": schema.elseSchema = subschema(value, at)
            case "$defs":
                guard case .object(let members) = value else {
                    problem(.invalidPlan, at, "'$defs' is an object of schemas"); continue
                }
                for (name, inner) in members.members { _ = subschema(inner, at + "/" + JSONValueReader.escape(name)) }
            case "$anchor":
                guard case .string(let name) = value, name.first?.isLetter == true || name.first == "_" else {
                    problem(.invalidPlan, at, "'$anchor' is a name that starts with a letter or '_'")
                    continue
                }
                if anchors[name] != nil { problem(.invalidPlan, at, "the anchor '\(name)' is declared twice") }
                anchors[name] = schema
            case "$id":
                if !pointer.isEmpty {
                    problem(
                        .unsupportedKeyword, at,
                        "an '$id' inside the plan starts another document; trackctl resolves $ref within one")
                }
            case "$ref":
                guard case .string(let text) = value else { problem(.invalidPlan, at, "'$ref' is a string"); continue }
                schema.refText = text
                pendingRefs.append(schema)
            default:
                break
            }
        }
        if schema.additionalProperties?.constant == false {
            for name in schema.required
            where schema.propertyIndex[name] == nil
                && !schema.patternProperties.contains(where: { $0.pattern.matches(name) })
            {
                problem(
                    .invalidPlan, pointer + "/required",
                    "'\(name)' is required but has no schema, and additionalProperties is false: no value can "
                        + "satisfy both"
                )
            }
        }
    }

    private mutating func resolvePending() {
        while let schema = pendingRefs.popLast() {
            guard let text = schema.refText else { continue }
            let at = schema.pointer + "/$ref"
            var fragment: Substring
            if text.hasPrefix("#") {
                fragment = text.dropFirst()
            } else if let rootID, text.hasPrefix(rootID + "#") {
                fragment = text.dropFirst(rootID.count + 1)
            } else if let rootID, text == rootID {
                fragment = ""
            } else {
                problem(
                    .unsupportedKeyword, at,
                    "the $ref '\(text)' points outside the plan; trackctl resolves $ref within one file")
                continue
            }
            let decoded = fragment.removingPercentEncoding ?? String(fragment)
            if decoded.isEmpty || decoded.hasPrefix("/") {
                guard let target = node(at: decoded) else {
                    problem(.invalidPlan, at, "the $ref '\(text)' names nothing in the plan")
                    continue
                }
                schema.ref = target
            } else if let target = anchors[decoded] {
                schema.ref = target
            } else {
                problem(.invalidPlan, at, "the $ref '\(text)' names no $anchor of the plan")
            }
        }
    }
}
