import TrackctlModel

/// The placeholders that can be filled where a template is used (SPEC §2.1).
///
/// `{screen}`, `{class}` and `{self.KEY}` everywhere; `{selector}` and `{arg.KEYWORD}` where a
/// method is hooked (the keywords of that selector); `{value}` and `{keyPath}` for tracked
/// properties.
package struct TemplateScope: Sendable {
    /// The hooked selector, whose keywords name its arguments; nil where no method is hooked.
    package var selector: String?
    /// Whether `{value}` and `{keyPath}` are available (tracked properties).
    package var observesProperty: Bool
    package static func hook(selector: String) -> TemplateScope {
        TemplateScope(selector: selector, observesProperty: false)
    }

    package static let property = TemplateScope(selector: nil, observesProperty: true)

    /// Where a tracked screen's templates are filled: its `viewDidAppear:` hook.
    package static let screen = TemplateScope.hook(selector: "viewDidAppear:")

    /// Where a tracked event's templates are filled: its hook, named by the selector as written
    /// or, when that is malformed, by its correction; nil when there is none (SelectorRule
    /// reports the selector once, and its arguments are unknowable).
    package static func event(_ event: TrackedEvent) -> TemplateScope? {
        guard let problem = SelectorSyntax.problem(in: event.selector.value) else {
            return .hook(selector: event.selector.value)
        }
        return problem.correction.map(TemplateScope.hook(selector:))
    }

    /// The hooked selector's keywords, which name its arguments; nil where no method is hooked.
    package var argumentKeywords: [String]? {
        selector.map(SelectorSyntax.argumentKeywords(of:))
    }

    /// Every placeholder name valid here, for suggestions.
    package var knownNames: [String] {
        var names = ["screen", "class"]
        if let argumentKeywords {
            names.append("selector")
            names += argumentKeywords.filter { !$0.isEmpty }.map { "arg.\($0)" }
        }
        if observesProperty { names += ["value", "keyPath"] }
        return names
    }

    /// Whether `name` can be filled here; the common names are checked without building lists.
    package func canFill(_ name: String) -> Bool {
        switch name {
        case "screen", "class": return true
        case "selector": return selector != nil
        case "value", "keyPath": return observesProperty
        default:
            if name.hasPrefix("self.") { return isPropertyPath(name.utf8.dropFirst(5)) }
            if name.hasPrefix("arg."), let selector {
                let keyword = name.dropFirst(4)
                return !keyword.isEmpty && SelectorSyntax.argumentKeywords(of: selector).contains { $0 == keyword }
            }
            return false
        }
    }

    private func isPropertyPath(_ bytes: Substring.UTF8View) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
    }

    /// Nil when `name` can be filled here, else what is wrong and the closest valid names.
    package func problem(with name: String) -> (reason: String, suggestions: [String])? {
        if canFill(name) { return nil }
        if name.hasPrefix("self.") {
            return ("'{\(name)}' needs a property name after 'self.'", [])
        }
        let suggestions = Suggester.closest(to: name, among: knownNames, limit: 2).map { "{\($0)}" }
        if name.hasPrefix("arg.") {
            guard let selector, let argumentKeywords else {
                return ("'{\(name)}' can never be filled: no method is hooked here", suggestions)
            }
            if argumentKeywords.isEmpty {
                return ("'{\(name)}' can never be filled: '\(selector)' takes no arguments", suggestions)
            }
            let keywords = argumentKeywords.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: ", ")
            return (
                "'{\(name)}' can never be filled: the arguments of '\(selector)' are named \(keywords)", suggestions
            )
        }
        return (
            "'{\(name)}' can never be filled; known names are "
                + "\(knownNames.map { "{\($0)}" }.joined(separator: ", ")) and {self.KEY}",
            suggestions
        )
    }
}

/// The parts of one SPOC entry that hold templates, with where they are filled: what the rules
/// about templates (`TemplateRule`, `ConstantConditionRule`, `EmptyLabelRule`) walk.
struct TemplatedEntry {
    enum Kind {
        case screen
        /// Its selector names the arguments.
        case event(TrackedEvent)
        case property
    }

    let kind: Kind
    /// The class whose instance fills `{self.KEY}`.
    let className: String
    let label: Located<String>
    let properties: [EventProperty]
    let conditions: [Condition]

    /// Where its templates are filled; computed only when asked (most entries have none).
    var scope: TemplateScope? {
        switch kind {
        case .screen: return .screen
        case .event(let event): return TemplateScope.event(event)
        case .property: return .property
        }
    }
}

extension SPOC {
    /// Every entry, screens then events then properties, as its templated parts.
    func forEachTemplatedEntry(_ body: (TemplatedEntry) -> Void) {
        for screen in screens {
            body(
                TemplatedEntry(
                    kind: .screen, className: screen.className.value, label: screen.label,
                    properties: screen.properties, conditions: screen.conditions))
        }
        for event in events {
            body(
                TemplatedEntry(
                    kind: .event(event), className: event.className.value, label: event.label,
                    properties: event.properties, conditions: event.conditions
                ))
        }
        for property in properties {
            body(
                TemplatedEntry(
                    kind: .property, className: property.className.value, label: property.label,
                    properties: property.properties,
                    conditions: property.conditions))
        }
    }
}
