/// `plan infer` (SPEC §14): a first draft of a plan from recorded calls — each event and screen
/// seen, its properties with the types seen, `required` for those present in every call, an
/// `enum` for a string property with a few distinct values seen several times — marked
/// `"inferred": true` so nobody mistakes it for a reviewed plan. Deterministic: names and keys
/// sorted, the same calls give the same bytes.
public struct PlanInference {
    /// One event's (or screen's, or traits') observations.
    private struct Observed {
        var calls = 0
        var properties: [String: Property] = [:]

        mutating func add(_ value: JSONValue?, skipping system: Set<String>) {
            calls += 1
            guard case .object(let object)? = value else { return }
            for (key, member) in object.members where !system.contains(key) {
                properties[key, default: Property()].add(member)
            }
        }
    }

    private struct Property {
        var seen = 0
        var types = Set<String>()
        var strings: [String: Int] = [:]
        var manyStrings = false

        mutating func add(_ value: JSONValue) {
            seen += 1
            types.insert(value.typeName)
            if case .string(let text) = value, !manyStrings {
                strings[text, default: 0] += 1
                if strings.count > PlanInference.maximumEnumValues { manyStrings = true; strings = [:] }
            }
        }
    }

    /// At most this many distinct strings become an `enum`, each seen at least twice on average.
    static let maximumEnumValues = 5

    private var events: [String: Observed] = [:]
    private var screens: [String: Observed] = [:]
    private var identify = Observed()
    private var group = Observed()
    public private(set) var calls = 0

    public init() {}

    /// Adds one recorded call (a track, screen, page, identify or group; others are ignored).
    public mutating func add(_ call: JSONValue) {
        guard case .object(let object) = call else { return }
        let system = TrackingPlan.systemProperties
        switch object["type"]?.stringValue {
        case "track":
            guard let name = object["event"]?.stringValue else { return }
            events[name, default: Observed()].add(
                object["properties"], skipping: system.union(TrackingPlan.systemEvents[name] ?? []))
        case "screen", "page":
            guard let name = object["name"]?.stringValue else { return }
            screens[name, default: Observed()].add(object["properties"], skipping: system)
        case "identify": identify.add(object["traits"], skipping: [])
        case "group": group.add(object["traits"], skipping: [])
        default: return
        }
        calls += 1
    }

    /// The drafted plan as JSON text.
    public var planJSON: String {
        var root = JSONObject()
        root["format"] = .string(TrackingPlan.formatName)
        root["inferred"] = .bool(true)
        root["description"] = .string(
            "Inferred by trackctl plan infer from \(calls) recorded calls: review every type, required name and enum.")
        root["unplanned"] = .object(JSONObject([("events", .string("warning")), ("properties", .string("warning"))]))
        func entries(_ observed: [String: Observed]) -> JSONValue {
            .object(JSONObject(observed.sorted { $0.key < $1.key }.map { ($0.key, Self.schema($0.value)) }))
        }
        if !events.isEmpty { root["events"] = entries(events) }
        if !screens.isEmpty { root["screens"] = entries(screens) }
        if identify.calls > 0 { root["identify"] = .object(JSONObject([("traits", Self.schema(identify))])) }
        if group.calls > 0 { root["group"] = .object(JSONObject([("traits", Self.schema(group))])) }
        return JSONValue.object(root).prettyText + "\n"
    }

    private static func schema(_ observed: Observed) -> JSONValue {
        var schema = JSONObject()
        var properties = JSONObject()
        for (name, property) in observed.properties.sorted(by: { $0.key < $1.key }) {
            var types = property.types
            // An integer seen beside fractions is a number.
            if types.contains("number") { types.remove("integer") }
            var entry = JSONObject()
            let sorted = types.sorted()
            entry["type"] = sorted.count == 1 ? .string(sorted[0]) : .array(sorted.map(JSONValue.string))
            if types == ["string"], !property.manyStrings, !property.strings.isEmpty,
                property.seen >= 2 * property.strings.count
            {
                entry["enum"] = .array(property.strings.keys.sorted().map(JSONValue.string))
            }
            properties[name] = .object(entry)
        }
        if properties.count > 0 { schema["properties"] = .object(properties) }
        let required = observed.properties.filter { $0.value.seen == observed.calls }.keys.sorted()
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object(schema)
    }
}

extension JSONValue {
    /// JSON text indented by two spaces, keys in their order: what a reviewer reads in a diff.
    public var prettyText: String { pretty(indent: "") }

    private func pretty(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({
                if case .array = $0 { return false }; if case .object = $0 { return false }; return true
            }) {
                return "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let object):
            if object.count == 0 { return "{}" }
            return "{\n"
                + object.members.map { inner + JSONValue.quoted($0.key) + ": " + $0.value.pretty(indent: inner) }
                .joined(separator: ",\n") + "\n"
                + indent + "}"
        default:
            return jsonText
        }
    }
}
