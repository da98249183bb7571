import TrackctlModel

/// A label, property value or `when` key, parsed once at startup and rendered at fire time.
struct PreparedTemplate: Sendable {
    /// A literal run, or a placeholder resolved at startup to what it reads.
    enum Part: Sendable {
        case literal(String)
        case placeholder(Placeholder)
    }

    let parts: [Part]
    /// The text itself when it has no placeholder: rendering is free.
    let literal: String?
    /// The placeholder when it is the whole text (`{arg.quantity}`): a property value may
    /// then be typed (SPEC §5).
    var whole: Placeholder? {
        if parts.count == 1, case .placeholder(let placeholder) = parts[0] { return placeholder }
        return nil
    }

    init(_ text: String) {
        let parsed = (try? TemplateString.parse(text).get())?.parts ?? [.literal(text)]
        parts = parsed.map { part in
            switch part {
            case .literal(let run): return .literal(run)
            case .placeholder(let name): return .placeholder(Placeholder(name))
            }
        }
        literal = parts.contains { if case .placeholder = $0 { return true } else { return false } } ? nil : text
    }

    /// Fills every placeholder; one that has no value here renders as the empty string.
    func render(_ values: TemplateValues) -> String {
        if let literal { return literal }
        if parts.count == 1, case .placeholder(let placeholder) = parts[0] {
            return values.value(of: placeholder) ?? ""
        }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .placeholder(let placeholder): result += values.value(of: placeholder) ?? ""
            }
        }
        return result
    }
}

/// A placeholder name, resolved once (`arg.handleError` → `.argument("handleError")`) so that
/// rendering does no string slicing.
enum Placeholder: Sendable {
    case screen, className, selector, value, keyPath
    case argument(String)
    case property(String)
    case unknown

    init(_ name: String) {
        switch name {
        case "screen": self = .screen
        case "class": self = .className
        case "selector": self = .selector
        case "value": self = .value
        case "keyPath": self = .keyPath
        default:
            if name.hasPrefix("arg.") {
                self = .argument(String(name.dropFirst(4)))
            } else if name.hasPrefix("self.") {
                self = .property(String(name.dropFirst(5)))
            } else {
                self = .unknown
            }
        }
    }
}

/// What templates can read when a hook fires (SPEC §2.1).
struct TemplateValues {
    var screen: String?
    var className: String
    var selector: String?
    var arguments: [Argument] = []
    var instance: [String: ScriptValue] = [:]
    var value: ScriptValue?
    var keyPath: String?

    func value(of placeholder: Placeholder) -> String? {
        switch placeholder {
        case .screen: return screen
        case .className: return className
        case .selector: return selector
        case .value: return value?.text
        case .keyPath: return keyPath
        case .argument(let keyword): return arguments.first { $0.keyword == keyword }?.value
        case .property(let key): return instance.isEmpty ? nil : instance[key]?.text
        case .unknown: return nil
        }
    }

    /// A property whose whole value is `placeholder`, as SPEC §5 types it: a number or a
    /// boolean when the script wrote the value as one (`set quantity=2`, `addToCart=3`), else
    /// the text (also when it has no value here: the empty string).
    func typedValue(of placeholder: Placeholder) -> EventValue {
        let written: ScriptValue?
        switch placeholder {
        case .value: written = value
        case .argument(let keyword):
            written = arguments.first { $0.keyword == keyword }.map { ScriptValue(text: $0.value, kind: $0.kind) }
        case .property(let key): written = instance.isEmpty ? nil : instance[key]
        default: written = nil
        }
        if let written, written.kind != .string { return written.eventValue }
        return .string(value(of: placeholder) ?? "")
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
        case .template(let t):
            if let whole = t.whole { return values.typedValue(of: whole) }
            return .string(t.render(values))
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
    /// The label as written and where, for the warning when it renders empty.
    let labelSource: Located<String>
    let properties: [PreparedProperty]
    let conditions: [(template: PreparedTemplate, expected: String)]
    let once: Bool
    /// A screen's `dwell`, in milliseconds: its screen view waits that long (SPEC §9).
    let dwell: Int64?
    /// The label when it can never change: no placeholder and no `when` (the common case).
    let constantLabel: String?
    /// `constantLabel`, interned.
    let constantLabelSymbol: Symbol?
    /// Nothing to render at fire time: constant label, literal properties, no `when`.
    let isConstant: Bool
    /// Whether a template reads `{screen}`: the visible screen's label is looked up only then.
    let readsScreen: Bool
    /// Whether its templates read only what the call gives — `{class}`, `{selector}`, `{arg.…}`
    /// — so that a step renders the same every time it calls the same class (`StepMemo`).
    let readsOnlyTheCall: Bool
    /// The keys its templates read as `{self.KEY}`, in order, each once.
    let selfKeys: [String]

    init(
        id: Int, className: String, label: Located<String>, properties: [PreparedProperty],
        conditions: [(template: PreparedTemplate, expected: String)], once: Bool, dwell: Int64? = nil,
        symbols: SymbolTable
    ) {
        self.id = id
        self.className = className
        self.label = PreparedTemplate(label.value)
        labelSource = label
        self.properties = properties
        self.conditions = conditions
        self.once = once
        self.dwell = dwell
        constantLabel = conditions.isEmpty ? self.label.literal : nil
        constantLabelSymbol = constantLabel.map(symbols.intern)
        isConstant =
            constantLabel != nil
            && properties.allSatisfy { if case .literal = $0.value { return true } else { return false } }
        let templates =
            [self.label] + conditions.map(\.template)
            + properties.compactMap { if case .template(let t) = $0.value { return t } else { return nil } }
        readsScreen = templates.contains {
            $0.parts.contains { if case .placeholder(.screen) = $0 { return true } else { return false } }
        }
        var keys: [String] = []
        for template in templates {
            for case .placeholder(.property(let key)) in template.parts where !keys.contains(key) { keys.append(key) }
        }
        selfKeys = keys
        readsOnlyTheCall = templates.allSatisfy { template in
            template.parts.allSatisfy { part in
                switch part {
                case .literal, .placeholder(.className), .placeholder(.selector), .placeholder(.argument): return true
                case .placeholder: return false
                }
            }
        }
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

    func renderedProperties(_ values: TemplateValues, leading: [(key: String, value: EventValue)]) -> [(
        key: String, value: EventValue
    )] {
        if properties.isEmpty { return leading }
        var result = leading
        result.reserveCapacity(leading.count + properties.count)
        for property in properties { result.append((property.key, property.render(values))) }
        return result
    }
}
