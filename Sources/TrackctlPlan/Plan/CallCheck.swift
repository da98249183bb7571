import TrackctlModel

/// Checking one call — a `track`, `screen` (or `page`), `identify` or `group` in Segment's
/// shape, as trackctl emits them and a real app sends them — against the plan.
extension TrackingPlan {
    /// Properties trackctl's own hooks add, allowed on every event without being listed.
    static let systemProperties: Set<String> = ["class", "selector", "keyPath"]
    /// Events trackctl (and Segment's libraries) emit by themselves, and their properties:
    /// not unplanned when the plan leaves them out.
    static let systemEvents: [String: Set<String>] = [
        "Screen Time": ["screen", "seconds"],
        "Application Opened": ["from_background", "version", "build", "url", "referring_application"],
        "Application Installed": ["version", "build"],
        "Application Updated": ["version", "build", "previous_version", "previous_build"],
        "Application Backgrounded": [],
        "Application Foregrounded": []
    ]

    /// Where a checked call came from, for its findings.
    public struct CallSource: Sendable {
        public var file: String
        public var position: SourcePosition?

        public init(file: String, position: SourcePosition? = nil) {
            self.file = file
            self.position = position
        }
    }

    /// Every finding of one call. A call of another type (`alias`, a `trace` line) has none.
    public func check(_ call: JSONValue, from source: CallSource) -> [PlanFinding] {
        guard case .object(let object) = call else {
            return [
                finding(.typeMismatch, .error, "the call is \(Describe.typed(call)), not an object", source, path: "")
            ]
        }
        var found: [PlanFinding] = []
        let type = object["type"]?.stringValue ?? ""
        switch type {
        case "track":
            checkNamed(object, nameKey: "event", entries: events, noun: "event", source, &found)
        case "screen", "page":
            checkNamed(object, nameKey: "name", entries: screens, noun: "screen", source, &found)
        case "identify":
            checkTraits(object, identifyTraits, subject: "identify", source, &found)
        case "group":
            checkTraits(object, groupTraits, subject: "group", source, &found)
        default:
            return []
        }
        if let common, !common.accepts(call) {
            for violation in common.violations(of: call) {
                let subject = violation.path.isEmpty ? "the call" : "'\(DotPath.render(violation.path))'"
                found.append(
                    finding(
                        violation.rule, .error, "\(callLabel(object, type)) \(subject) \(violation.reason)", source,
                        path: DotPath.render(violation.path), expected: violation.expected, actual: violation.actual))
            }
        }
        return found
    }

    private func callLabel(_ object: JSONObject, _ type: String) -> String {
        switch type {
        case "track": return "'\(object["event"]?.stringValue ?? "")'"
        case "screen", "page": return "screen '\(object["name"]?.stringValue ?? "")'"
        default: return "'\(type)'"
        }
    }

    private func checkNamed(
        _ call: JSONObject, nameKey: String, entries: PlanEntries, noun: String, _ source: CallSource,
        _ found: inout [PlanFinding]
    ) {
        let name = call[nameKey]?.stringValue ?? ""
        let label = noun == "event" ? "'\(name)'" : "screen '\(name)'"
        let systemEvent = noun == "event" ? Self.systemEvents[name] : nil
        guard let entry = entries.entry(named: name) else {
            if systemEvent == nil, let severity = unplannedEvents.severity {
                found.append(
                    finding(
                        .unplannedEvent, severity,
                        "\(label) is not in the tracking plan (\(file))"
                            + Suggester.didYouMean(name, among: entries.entries.map(\.name)),
                        source, path: nameKey, actual: JSONValue.quoted(name)))
            }
            return
        }
        var askedVersion: String?
        if case .object(let context)? = call["context"], case .object(let protocols)? = context["protocols"],
            let version = protocols["event_version"]
        {
            switch version {
            case .string(let text): askedVersion = text
            case .number(let number): askedVersion = number.description
            default: break
            }
        }
        guard let (version, schema) = entry.schema(version: askedVersion) else {
            found.append(
                finding(
                    .unplannedEvent, .error,
                    "\(label) version \(askedVersion ?? "") is not in the tracking plan (it has "
                        + "\(entry.versionNames.joined(separator: ", ")))",
                    source,
                    path: "context.protocols.event_version",
                    expected: "one of " + entry.versionNames.joined(separator: ", "),
                    actual: askedVersion))
            return
        }
        let shownVersion = entry.versionNames.count > 1 ? version : nil
        var properties: JSONObject
        switch call["properties"] {
        case nil, .null?: properties = JSONObject()  // `track(name:)` sends no properties: an empty object
        case .object(let object)?: properties = object
        case let other?:
            found.append(
                finding(
                    .typeMismatch, .error, "\(label) properties are \(Describe.typed(other)), the plan wants an object",
                    source, path: "properties",
                    expected: "object", actual: Describe.typed(other), version: shownVersion))
            return
        }
        // trackctl's own properties pass unless the plan speaks of them.
        let system = Self.systemProperties.union(systemEvent ?? [])
        for key in system where properties[key] != nil && schema.propertySchema(key) == nil { properties[key] = nil }
        checkProperties(
            .object(properties), schema, label: label, noun: "property", root: "properties", source,
            version: shownVersion, &found)
    }

    private func checkTraits(
        _ call: JSONObject, _ schema: CompiledSchema?, subject: String, _ source: CallSource,
        _ found: inout [PlanFinding]
    ) {
        guard let schema else { return }
        let traits: JSONValue
        switch call["traits"] {
        case nil, .null?: traits = .object(JSONObject())
        case let value?: traits = value
        }
        checkProperties(
            traits, schema, label: "'\(subject)'", noun: "trait", root: "traits", source, version: nil, &found)
    }

    /// The schema's findings, then the unplanned top-level names (when the schema does not say
    /// what other names may come: `additionalProperties` decides then).
    private func checkProperties(
        _ value: JSONValue, _ schema: CompiledSchema, label: String, noun: String, root: String, _ source: CallSource,
        version: String?,
        _ found: inout [PlanFinding]
    ) {
        if !schema.accepts(value) {
            for violation in schema.violations(of: value) {
                let path = [PathStep.key(root)] + violation.path
                let subject =
                    violation.path.isEmpty
                    ? (noun == "property" ? "properties" : "traits") : "\(noun) '\(DotPath.render(violation.path))'"
                found.append(
                    finding(
                        violation.rule, .error,
                        "\(label) \(subject) \(violation.reason)" + (version.map { " (version \($0))" } ?? ""), source,
                        path: DotPath.render(path), expected: violation.expected, actual: violation.actual,
                        version: version))
            }
        }
        guard case .object(let object) = value, schema.additionalProperties == nil,
            let severity = unplannedProperties.severity,
            schema.constant == nil
        else { return }
        for key in object.keys where !schema.lists(key) {
            found.append(
                finding(
                    .unplannedProperty, severity,
                    "\(label) \(noun) '\(key)' is not in the tracking plan"
                        + (version.map { " (version \($0))" } ?? ""),
                    source, path: root + "." + key,
                    expected: "one of the plan's \(noun == "property" ? "properties" : "traits")",
                    actual: object[key].map(Describe.value), version: version))
        }
    }

    private func finding(
        _ rule: PlanRule, _ severity: Severity, _ message: String, _ source: CallSource, path: String,
        expected: String? = nil,
        actual: String? = nil, version: String? = nil
    ) -> PlanFinding {
        PlanFinding(
            rule: rule, severity: severity, message: message, file: source.file, position: source.position, path: path,
            expected: expected,
            actual: actual, version: version)
    }
}

extension CompiledSchema {
    /// Whether the schema names the property — in `properties`, `patternProperties`, or through
    /// a `$ref`, `allOf` or conditional branch it applies in place (`{"$ref": "#/$defs/cart"}`).
    func lists(_ key: String, depth: Int = 0) -> Bool {
        if propertyIndex[key] != nil || patternProperties.contains(where: { $0.pattern.matches(key) }) { return true }
        guard depth < 32 else { return false }
        var inPlace = allOf + anyOf + oneOf
        for next in [ref, thenSchema, elseSchema] { if let next { inPlace.append(next) } }
        return inPlace.contains { $0.lists(key, depth: depth + 1) }
    }
}
