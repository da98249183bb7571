/// `unknown-template`: every `{placeholder}` in a label, a string property value or a `when`
/// key must be fillable where it is used.
enum TemplateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for screen in spoc.screens {
            findings += check(label: screen.label, properties: screen.properties, conditions: screen.conditions) {
                .hook(selector: "viewDidAppear:")
            }
        }
        for event in spoc.events {
            findings += check(label: event.label, properties: event.properties, conditions: event.conditions) {
                // A malformed selector is reported once, by SelectorRule; its arguments are those
                // of the corrected spelling, or unknowable when there is none.
                var selector = event.selector.value
                if let problem = SelectorSyntax.problem(in: selector) {
                    guard let correction = problem.correction else { return nil }
                    selector = correction
                }
                // An unknown selector is reported by SelectorRule, with the fix; its arguments
                // are those of the fix, not of the misspelling.
                if case .notFound = catalog.lookup(selector: selector, on: event.className.value) {
                    return .hook(selector: selector, argumentsUnknown: true)
                }
                return .hook(selector: selector)
            }
        }
        for property in spoc.properties {
            findings += check(label: property.label, properties: property.properties, conditions: property.conditions) { .property }
        }
        return findings
    }

    /// Checks the label, string property values and `when` keys of one entry. Most have no
    /// placeholder, so `scope` is computed only when one does.
    private static func check(label: Located<String>, properties: [EventProperty], conditions: [Condition],
                              scope: () -> TemplateScope?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var resolvedScope: TemplateScope??
        func visit(_ text: String, _ location: SourceLocation) {
            guard text.withUTF8Bytes({ $0.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") } }) else { return }
            switch TemplateString.parse(text) {
            case .failure(let error):
                findings.append(Diagnostic(rule: .unknownTemplate, message: "malformed template in '\(text)': \(error.message)", location: location))
            case .success(let template):
                if resolvedScope == nil { resolvedScope = .some(scope()) }
                guard let currentScope = resolvedScope ?? nil else { return }
                findings += check(template, at: location, scope: currentScope)
            }
        }
        visit(label.value, label.location)
        for property in properties {
            if case .string(let text) = property.value { visit(text, property.location) }
        }
        for condition in conditions { visit(condition.template.value, condition.template.location) }
        return findings
    }

    static func check(_ template: TemplateString, at location: SourceLocation, scope: TemplateScope) -> [Diagnostic] {
        template.placeholders.compactMap { name in
            guard let (reason, suggestions) = scope.problem(with: name) else { return nil }
            return Diagnostic(rule: .unknownTemplate, message: "unknown template \(reason)" + Suggester.didYouMean(Array(suggestions.prefix(1))),
                              location: location, suggestions: suggestions)
        }
    }
}
