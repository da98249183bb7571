/// Checking a value against a compiled schema, with JSON Schema 2020-12's semantics.
///
/// Two passes, one meaning: `accepts` answers yes or no without building anything (the happy
/// path of every event: no paths, no messages, no arrays), and only a value it refuses is
/// walked again by `violations` to report every broken keyword with its path. A test holds the
/// two to the same answer on the official test suite.
extension CompiledSchema {
    // MARK: - Yes or no

    public func accepts(_ value: JSONValue) -> Bool {
        if let constant { return constant }
        if let types, !types.allows(value) { return false }
        if let enumValues, !enumValues.contains(value) { return false }
        if let constValue, let expected = constValue, expected != value { return false }
        if let ref, !ref.accepts(value) { return false }
        switch value {
        case .object(let object): if !acceptsObject(object) { return false }
        case .array(let items): if !acceptsArray(items) { return false }
        case .string(let text): if !acceptsString(text) { return false }
        case .number(let number): if !acceptsNumber(number) { return false }
        default: break
        }
        for schema in allOf where !schema.accepts(value) { return false }
        if !anyOf.isEmpty, !anyOf.contains(where: { $0.accepts(value) }) { return false }
        if !oneOf.isEmpty, oneOf.lazy.filter({ $0.accepts(value) }).prefix(2).count != 1 { return false }
        if let not, not.accepts(value) { return false }
        if let ifSchema {
            if ifSchema.accepts(value) {
                if let thenSchema, !thenSchema.accepts(value) { return false }
            } else if let elseSchema, !elseSchema.accepts(value) {
                return false
            }
        }
        return true
    }

    private func acceptsObject(_ object: JSONObject) -> Bool {
        if let minProperties, object.count < minProperties { return false }
        if let maxProperties, object.count > maxProperties { return false }
        for name in required where object[name] == nil { return false }
        for (name, requires) in dependentRequired where object[name] != nil {
            for other in requires where object[other] == nil { return false }
        }
        for (name, schema) in dependentSchemas where object[name] != nil {
            if !schema.accepts(.object(object)) { return false }
        }
        let checksMembers =
            !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil || propertyNames != nil
        guard checksMembers else { return true }
        for (key, member) in object.members {
            if let propertyNames, !propertyNames.accepts(.string(key)) { return false }
            var listed = false
            if let schema = propertyIndex[key] {
                listed = true
                if !schema.accepts(member) { return false }
            }
            for (pattern, schema) in patternProperties where pattern.matches(key) {
                listed = true
                if !schema.accepts(member) { return false }
            }
            if !listed, let additionalProperties, !additionalProperties.accepts(member) { return false }
        }
        return true
    }

    private func acceptsArray(_ items: [JSONValue]) -> Bool {
        if let minItems, items.count < minItems { return false }
        if let maxItems, items.count > maxItems { return false }
        for (index, schema) in prefixItems.enumerated() where index < items.count {
            if !schema.accepts(items[index]) { return false }
        }
        if let itemSchema = self.items, items.count > prefixItems.count {
            for item in items[prefixItems.count...] where !itemSchema.accepts(item) { return false }
        }
        if let contains {
            let matches = items.lazy.filter { contains.accepts($0) }.count
            if matches < (minContains ?? 1) { return false }
            if let maxContains, matches > maxContains { return false }
        }
        if uniqueItems, Self.firstDuplicate(items) != nil { return false }
        return true
    }

    private func acceptsString(_ text: String) -> Bool {
        if minLength != nil || maxLength != nil {
            let length = text.unicodeScalars.count
            if let minLength, length < minLength { return false }
            if let maxLength, length > maxLength { return false }
        }
        if let pattern, !pattern.matches(text) { return false }
        if let format, !format.accepts(text) { return false }
        return true
    }

    private func acceptsNumber(_ number: JSONDecimal) -> Bool {
        if let minimum, number < minimum { return false }
        if let maximum, maximum < number { return false }
        if let exclusiveMinimum, !(exclusiveMinimum < number) { return false }
        if let exclusiveMaximum, !(number < exclusiveMaximum) { return false }
        if let multipleOf, !number.isMultiple(of: multipleOf) { return false }
        return true
    }

    /// The first pair of equal items (by JSON equality: `1` and `1.0` are equal).
    static func firstDuplicate(_ items: [JSONValue]) -> (Int, Int)? {
        var seen: [JSONValue: Int] = [:]
        for (index, item) in items.enumerated() {
            if let earlier = seen[item] { return (earlier, index) }
            seen[item] = index
        }
        return nil
    }

    // MARK: - Every violation, located

    /// Every keyword the value breaks, each with its path below `path`. Empty exactly when
    /// `accepts` is true.
    public func violations(of value: JSONValue, at path: [PathStep] = []) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        collect(value, path, &found)
        return found
    }

    func collect(_ value: JSONValue, _ path: [PathStep], _ out: inout [SchemaViolation]) {
        if let constant {
            if !constant {
                out.append(
                    SchemaViolation(
                        rule: .schemaMismatch, path: path, expected: "nothing", actual: Describe.value(value),
                        reason: "is not allowed by the plan")
                )
            }
            return
        }
        if let types, !types.allows(value) {
            out.append(
                SchemaViolation(
                    rule: .typeMismatch, path: path, expected: types.spelled, actual: Describe.typed(value),
                    reason: "is \(Describe.typed(value)), the plan wants \(types.spelled)"))
            // The other keywords' checks of this value would only repeat that it has the wrong type.
            return
        }
        if let enumValues, !enumValues.contains(value) {
            let listed = Describe.list(enumValues)
            out.append(
                SchemaViolation(
                    rule: .valueNotAllowed, path: path, expected: "one of " + listed, actual: Describe.value(value),
                    reason: "is \(Describe.value(value)), not one of \(listed)"))
        }
        if let constValue, let expected = constValue, expected != value {
            out.append(
                SchemaViolation(
                    rule: .valueNotAllowed, path: path, expected: Describe.value(expected),
                    actual: Describe.value(value),
                    reason: "is \(Describe.value(value)), the plan wants \(Describe.value(expected))"))
        }
        if let ref { ref.collect(value, path, &out) }
        switch value {
        case .object(let object): collectObject(object, path, &out)
        case .array(let items): collectArray(items, path, &out)
        case .string(let text): collectString(text, path, &out)
        case .number(let number): collectNumber(number, path, &out)
        default: break
        }
        collectCombinators(value, path, &out)
    }

    private func collectObject(_ object: JSONObject, _ path: [PathStep], _ out: inout [SchemaViolation]) {
        if let minProperties, object.count < minProperties {
            out.append(
                range(
                    path, "at least \(minProperties) properties", "\(object.count)",
                    "has \(Describe.count(object.count, "property", "properties")), fewer than \(minProperties)"))
        }
        if let maxProperties, object.count > maxProperties {
            out.append(
                range(
                    path, "at most \(maxProperties) properties", "\(object.count)",
                    "has \(Describe.count(object.count, "property", "properties")), more than \(maxProperties)"))
        }
        for name in required where object[name] == nil {
            out.append(
                SchemaViolation(
                    rule: .requiredMissing, path: path + [.key(name)], expected: "present", actual: "missing",
                    reason: "is missing, the plan requires it"))
        }
        for (name, requires) in dependentRequired where object[name] != nil {
            for other in requires where object[other] == nil {
                out.append(
                    SchemaViolation(
                        rule: .requiredMissing, path: path + [.key(other)], expected: "present with '\(name)'",
                        actual: "missing",
                        reason: "is missing, the plan requires it with '\(name)'"))
            }
        }
        for (name, schema) in dependentSchemas where object[name] != nil {
            let inner = schema.violations(of: .object(object), at: path)
            if let first = inner.first {
                out.append(wrap(first, path, "fails what the plan requires when '\(name)' is present: "))
            }
        }
        let checksMembers =
            !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil || propertyNames != nil
        guard checksMembers else { return }
        for (key, member) in object.members {
            let memberPath = path + [.key(key)]
            if let propertyNames, !propertyNames.accepts(.string(key)) {
                let reason = propertyNames.violations(of: .string(key)).first?.reason ?? "is not allowed"
                out.append(
                    SchemaViolation(
                        rule: .schemaMismatch, path: memberPath, expected: "a name the plan's propertyNames allows",
                        actual: JSONValue.quoted(key),
                        reason: "has a name the plan does not allow: the name \(reason)"))
            }
            var listed = false
            if let schema = propertyIndex[key] {
                listed = true
                schema.collect(member, memberPath, &out)
            }
            for (pattern, schema) in patternProperties where pattern.matches(key) {
                listed = true
                schema.collect(member, memberPath, &out)
            }
            if !listed, let additionalProperties {
                if additionalProperties.constant == false {
                    out.append(
                        SchemaViolation(
                            rule: .unplannedProperty, path: memberPath, expected: "no property of that name",
                            actual: Describe.value(member),
                            reason: "is not in the plan"))
                } else {
                    additionalProperties.collect(member, memberPath, &out)
                }
            }
        }
    }

    private func collectArray(_ items: [JSONValue], _ path: [PathStep], _ out: inout [SchemaViolation]) {
        if let minItems, items.count < minItems {
            out.append(
                range(
                    path, "at least \(minItems) items", "\(items.count)",
                    "has \(Describe.count(items.count, "item", "items")), fewer than \(minItems)"))
        }
        if let maxItems, items.count > maxItems {
            out.append(
                range(
                    path, "at most \(maxItems) items", "\(items.count)",
                    "has \(Describe.count(items.count, "item", "items")), more than \(maxItems)"))
        }
        for (index, schema) in prefixItems.enumerated() where index < items.count {
            schema.collect(items[index], path + [.index(index)], &out)
        }
        if let itemSchema = self.items, items.count > prefixItems.count {
            for index in prefixItems.count..<items.count {
                itemSchema.collect(items[index], path + [.index(index)], &out)
            }
        }
        if let contains {
            let matches = items.lazy.filter { contains.accepts($0) }.count
            let least = minContains ?? 1
            if matches < least {
                if minContains == nil {
                    out.append(
                        SchemaViolation(
                            rule: .schemaMismatch, path: path, expected: "an item 'contains' accepts", actual: "none",
                            reason: "has no item the plan's 'contains' accepts"))
                } else {
                    out.append(
                        range(
                            path, "at least \(least) matching items", "\(matches)",
                            "has \(matches) items the plan's 'contains' accepts, fewer than \(least)")
                    )
                }
            }
            if let maxContains, matches > maxContains {
                out.append(
                    range(
                        path, "at most \(maxContains) matching items", "\(matches)",
                        "has \(matches) items the plan's 'contains' accepts, more than \(maxContains)"))
            }
        }
        if uniqueItems, let (first, second) = Self.firstDuplicate(items) {
            out.append(
                SchemaViolation(
                    rule: .schemaMismatch, path: path, expected: "unique items",
                    actual: "[\(first)] and [\(second)] equal",
                    reason: "has items [\(first)] and [\(second)] equal, the plan wants them unique"))
        }
    }

    private func collectString(_ text: String, _ path: [PathStep], _ out: inout [SchemaViolation]) {
        if minLength != nil || maxLength != nil {
            let length = text.unicodeScalars.count
            let quoted = Describe.value(.string(text))
            if let minLength, length < minLength {
                out.append(
                    range(
                        path, "at least \(minLength) characters", "\(length)",
                        "is \(quoted) (\(Describe.count(length, "character", "characters"))), shorter than \(minLength)"
                    ))
            }
            if let maxLength, length > maxLength {
                out.append(
                    range(
                        path, "at most \(maxLength) characters", "\(length)",
                        "is \(quoted) (\(Describe.count(length, "character", "characters"))), longer than \(maxLength)")
                )
            }
        }
        if let pattern, !pattern.matches(text) {
            out.append(
                SchemaViolation(
                    rule: .patternMismatch, path: path, expected: "matches /\(pattern.source)/",
                    actual: Describe.value(.string(text)),
                    reason: "is \(Describe.value(.string(text))), which does not match /\(pattern.source)/"))
        }
        if let format, !format.accepts(text) {
            out.append(
                SchemaViolation(
                    rule: .formatMismatch, path: path, expected: format.rawValue, actual: Describe.value(.string(text)),
                    reason: "is \(Describe.value(.string(text))), not a \(format.rawValue)"))
        }
    }

    private func collectNumber(_ number: JSONDecimal, _ path: [PathStep], _ out: inout [SchemaViolation]) {
        if let minimum, number < minimum {
            out.append(range(path, "≥ \(minimum)", "\(number)", "is \(number), below the minimum \(minimum)"))
        }
        if let maximum, maximum < number {
            out.append(range(path, "≤ \(maximum)", "\(number)", "is \(number), above the maximum \(maximum)"))
        }
        if let exclusiveMinimum, !(exclusiveMinimum < number) {
            out.append(range(path, "> \(exclusiveMinimum)", "\(number)", "is \(number), not above \(exclusiveMinimum)"))
        }
        if let exclusiveMaximum, !(number < exclusiveMaximum) {
            out.append(range(path, "< \(exclusiveMaximum)", "\(number)", "is \(number), not below \(exclusiveMaximum)"))
        }
        if let multipleOf, !number.isMultiple(of: multipleOf) {
            out.append(
                range(path, "a multiple of \(multipleOf)", "\(number)", "is \(number), not a multiple of \(multipleOf)")
            )
        }
    }

    private func collectCombinators(_ value: JSONValue, _ path: [PathStep], _ out: inout [SchemaViolation]) {
        for (index, schema) in allOf.enumerated() {
            if let first = schema.violations(of: value, at: path).first {
                out.append(wrap(first, path, "fails the plan's allOf (branch \(index + 1)): "))
            }
        }
        if !anyOf.isEmpty, !anyOf.contains(where: { $0.accepts(value) }) {
            let first = anyOf[0].violations(of: value, at: path).first
            out.append(
                SchemaViolation(
                    rule: .schemaMismatch, path: path, expected: "one of the plan's anyOf",
                    actual: Describe.value(value),
                    reason: "matches none of the plan's anyOf"
                        + (first.map { " (the first: \(Describe.subject($0.path, from: path))\($0.reason))" } ?? "")))
        }
        if !oneOf.isEmpty {
            let matching = oneOf.indices.filter { oneOf[$0].accepts(value) }
            if matching.count != 1 {
                let reason: String
                if matching.isEmpty {
                    let first = oneOf[0].violations(of: value, at: path).first
                    reason =
                        "matches none of the plan's oneOf"
                        + (first.map { " (the first: \(Describe.subject($0.path, from: path))\($0.reason))" } ?? "")
                } else {
                    reason =
                        "matches \(matching.count) of the plan's oneOf (branches "
                        + "\(matching.map { String($0 + 1) }.joined(separator: " and "))), it must match exactly one"
                }
                out.append(
                    SchemaViolation(
                        rule: .schemaMismatch, path: path, expected: "exactly one of the plan's oneOf",
                        actual: Describe.value(value), reason: reason))
            }
        }
        if let not, not.accepts(value) {
            out.append(
                SchemaViolation(
                    rule: .schemaMismatch, path: path, expected: "not what the plan's 'not' describes",
                    actual: Describe.value(value),
                    reason: "is \(Describe.value(value)), which the plan's 'not' rules out"))
        }
        if let ifSchema {
            let holds = ifSchema.accepts(value)
            if let branch = holds ? thenSchema : elseSchema, let first = branch.violations(of: value, at: path).first {
                out.append(
                    wrap(
                        first, path,
                        holds
                            ? "fails the plan's 'then' (its 'if' holds): "
                            : "fails the plan's 'else' (its 'if' does not hold): "))
            }
        }
    }

    private func range(_ path: [PathStep], _ expected: String, _ actual: String, _ reason: String) -> SchemaViolation {
        SchemaViolation(rule: .outOfRange, path: path, expected: expected, actual: actual, reason: reason)
    }

    /// A combinator's finding, at the combinator's path, giving the inner one's reason.
    private func wrap(_ inner: SchemaViolation, _ path: [PathStep], _ prefix: String) -> SchemaViolation {
        SchemaViolation(
            rule: .schemaMismatch, path: path, expected: inner.expected, actual: inner.actual,
            reason: prefix + Describe.subject(inner.path, from: path) + inner.reason)
    }
}

/// How findings quote values.
enum Describe {
    /// JSON text, at most about 80 characters.
    static func value(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }

    /// `string "12"`, `integer 404`, `null`, `an object`.
    static func typed(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        default: return value.typeName + " " + Self.value(value)
        }
    }

    static func list(_ values: [JSONValue]) -> String {
        let shown = values.prefix(10).map(value).joined(separator: ", ")
        return values.count > 10 ? shown + ", … (\(values.count) values)" : shown
    }

    static func count(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }

    /// `'sku' ` for an inner finding one level below, `'items[0].sku' ` deeper, "" at the same path.
    static func subject(_ inner: [PathStep], from outer: [PathStep]) -> String {
        guard inner.count > outer.count else { return "" }
        return "'" + DotPath.render(Array(inner[outer.count...])) + "' "
    }
}
