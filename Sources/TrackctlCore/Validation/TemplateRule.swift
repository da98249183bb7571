import TrackctlModel

/// `unknown-template`: every `{placeholder}` in a label, a string property value or a `when`
/// key must be fillable where it is used.
enum TemplateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        spoc.forEachTemplatedEntry { entry in
            findings += check(label: entry.label, properties: entry.properties, conditions: entry.conditions) {
                entry.scope
            } argumentsAreKnown: {
                // An unknown selector is reported by SelectorRule, with the fix; its arguments are
                // those of the fix, not of the misspelling. Asked only when an `{arg.…}` fails.
                guard case .event(let event) = entry.kind else { return true }
                guard let selector = entry.scope?.selector else { return false }
                if case .notFound = catalog.lookup(selector: selector, on: event.className.value) { return false }
                return true
            }
        }
        return findings
    }

    /// Checks the label, string property values and `when` keys of one entry. Most have no
    /// placeholder, so `scope` is computed only when one does; `argumentsAreKnown` only when an
    /// `{arg.…}` cannot be filled (false drops those findings: one mistake, one finding).
    private static func check(
        label: Located<String>, properties: [EventProperty], conditions: [Condition],
        scope: () -> TemplateScope?, argumentsAreKnown: () -> Bool = { true }
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var resolvedScope: TemplateScope??
        var argumentsKnown: Bool?
        func visit(_ text: String, _ location: SourceLocation) {
            guard text.withUTF8Bytes({ $0.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") } }) else { return }
            switch TemplateString.parse(text) {
            case .failure(let error):
                findings.append(Diagnostic(rule: .unknownTemplate, message: "malformed template in '\(text)': \(error.message)", location: location))
            case .success(let template):
                if resolvedScope == nil { resolvedScope = .some(scope()) }
                guard let currentScope = resolvedScope ?? nil else { return }
                findings += check(template, at: location, scope: currentScope) { _ in
                    if argumentsKnown == nil { argumentsKnown = argumentsAreKnown() }
                    return argumentsKnown!
                }
            }
        }
        visit(label.value, label.location)
        for property in properties {
            if case .string(let text) = property.value { visit(text, property.location) }
        }
        for condition in conditions { visit(condition.template.value, condition.template.location) }
        return findings
    }

    /// `reportArgument` says whether an `{arg.…}` that cannot be filled is reported.
    static func check(
        _ template: TemplateString, at location: SourceLocation, scope: TemplateScope,
        reportArgument: (String) -> Bool = { _ in true }
    ) -> [Diagnostic] {
        template.placeholders.compactMap { name in
            guard let (reason, suggestions) = scope.problem(with: name) else { return nil }
            if name.hasPrefix("arg."), !reportArgument(name) { return nil }
            return Diagnostic(
                rule: .unknownTemplate, message: "unknown template \(reason)" + Suggester.didYouMean(Array(suggestions.prefix(1))),
                location: location, suggestions: suggestions)
        }
    }
}
