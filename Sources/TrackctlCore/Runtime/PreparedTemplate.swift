/// A label, property value or `when` key, parsed once at startup and rendered at fire time.
struct PreparedTemplate: Sendable {
    let parts: [TemplateString.Part]
    /// The text itself when it has no placeholder: rendering is free.
    let literal: String?

    init(_ text: String) {
        let parts = (try? TemplateString.parse(text).get())?.parts ?? [.literal(text)]
        self.parts = parts
        if parts.allSatisfy({ if case .literal = $0 { return true } else { return false } }) {
            literal = text
        } else {
            literal = nil
        }
    }

    /// Fills every placeholder; one that has no value here renders as the empty string.
    func render(_ values: TemplateValues) -> String {
        if let literal { return literal }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .placeholder(let name): result += values.value(of: name) ?? ""
            }
        }
        return result
    }
}

/// What templates can read when a hook fires (SPEC §2.1).
struct TemplateValues {
    var screen: String?
    var className: String
    var selector: String?
    var arguments: [Argument] = []
    var instance: [String: String] = [:]
    var value: String?
    var keyPath: String?

    func value(of name: String) -> String? {
        switch name {
        case "screen": return screen
        case "class": return className
        case "selector": return selector
        case "value": return value
        case "keyPath": return keyPath
        default:
            if name.hasPrefix("arg.") {
                let keyword = name.dropFirst(4)
                return arguments.first { $0.keyword == keyword }?.value
            }
            if name.hasPrefix("self.") { return instance[String(name.dropFirst(5))] }
            return nil
        }
    }
}

/// One `properties` entry, ready to render.
struct PreparedProperty: Sendable {
    let key: String
    let value: Value

    enum Value: Sendable {
        case literal(EventValue)
        case template(PreparedTemplate)
    }

    init(_ property: EventProperty) {
        key = property.key
        switch property.value {
        case .string(let text):
            let template = PreparedTemplate(text)
            value = template.literal != nil ? .literal(.string(text)) : .template(template)
        case .integer(let i): value = .literal(.integer(i))
        case .real(let r): value = .literal(.real(r))
        case .bool(let b): value = .literal(.bool(b))
        }
    }

    func render(_ values: TemplateValues) -> EventValue {
        switch value {
        case .literal(let v): return v
        case .template(let t): return .string(t.render(values))
        }
    }
}

/// What every kind of entry shares: a label, properties, `when`, `once`. A class: hooks are
/// handed around on every call, and a reference is one retain where a struct is a dozen.
final class PreparedEntry: Sendable {
    /// Unique across the plan, for `once` bookkeeping.
    let id: Int
    let className: String
    let label: PreparedTemplate
    let properties: [PreparedProperty]
    let conditions: [(template: PreparedTemplate, expected: String)]
    let once: Bool
    /// The label when it can never change: no placeholder and no `when` (the common case).
    let constantLabel: String?
    /// Nothing to render at fire time: constant label, literal properties, no `when`.
    let isConstant: Bool

    init(id: Int, className: String, label: PreparedTemplate, properties: [PreparedProperty],
         conditions: [(template: PreparedTemplate, expected: String)], once: Bool) {
        self.id = id
        self.className = className
        self.label = label
        self.properties = properties
        self.conditions = conditions
        self.once = once
        constantLabel = conditions.isEmpty ? label.literal : nil
        isConstant = constantLabel != nil && properties.allSatisfy { if case .literal = $0.value { return true } else { return false } }
    }

    /// The properties of a constant entry, after `class` and `selector`.
    func constantProperties(className: String, selector: String) -> [(key: String, value: EventValue)] {
        constantProperties(leading: [("class", .string(className)), ("selector", .string(selector))])
    }

    /// The properties of a constant entry after `leading`.
    func constantProperties(leading: [(key: String, value: EventValue)]) -> [(key: String, value: EventValue)] {
        var result = leading
        if properties.isEmpty { return result }
        result.reserveCapacity(result.count + properties.count)
        for property in properties {
            if case .literal(let value) = property.value { result.append((property.key, value)) }
        }
        return result
    }

    func conditionsHold(_ values: TemplateValues) -> Bool {
        conditions.allSatisfy { $0.template.render(values) == $0.expected }
    }

    func renderedProperties(_ values: TemplateValues, leading: [(key: String, value: EventValue)]) -> [(key: String, value: EventValue)] {
        if properties.isEmpty { return leading }
        var result = leading
        result.reserveCapacity(leading.count + properties.count)
        for property in properties { result.append((property.key, property.render(values))) }
        return result
    }
}
