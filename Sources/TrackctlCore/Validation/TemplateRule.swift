/// `unknown-template`: every `{placeholder}` in a label, a string property value or a `when`
/// key must be fillable where it is used.
enum TemplateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let screenScope = TemplateScope.hook(selector: "viewDidAppear:")
        for screen in spoc.screens {
            findings += check(label: screen.label, properties: screen.properties, conditions: screen.conditions, scope: screenScope)
        }
        for event in spoc.events {
            let scope = TemplateScope.hook(selector: event.selector.value)
            findings += check(label: event.label, properties: event.properties, conditions: event.conditions, scope: scope)
        }
        for property in spoc.properties {
            findings += check(label: property.label, properties: property.properties, conditions: property.conditions, scope: .property)
        }
        return findings
    }

    private static func check(label: Located<String>, properties: [EventProperty], conditions: [Condition], scope: TemplateScope) -> [Diagnostic] {
        var texts: [Located<String>] = [label]
        for property in properties {
            if case .string(let text) = property.value { texts.append(Located(text, at: property.location)) }
        }
        texts += conditions.map(\.template)
        return texts.flatMap { check($0, scope: scope) }
    }

    static func check(_ text: Located<String>, scope: TemplateScope) -> [Diagnostic] {
        switch TemplateString.parse(text.value) {
        case .failure(let error):
            return [Diagnostic(rule: .unknownTemplate, message: "malformed template in '\(text.value)': \(error.message)", location: text.location)]
        case .success(let template):
            return template.placeholders.compactMap { name in
                guard let (reason, suggestions) = scope.problem(with: name) else { return nil }
                let fix = suggestions.isEmpty ? "" : "; did you mean '\(suggestions[0])'?"
                return Diagnostic(rule: .unknownTemplate, message: "unknown template \(reason)\(fix)", location: text.location, suggestions: suggestions)
            }
        }
    }
}
