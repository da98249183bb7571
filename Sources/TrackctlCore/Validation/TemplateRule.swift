import TrackctlModel

/// `unknown-template`: every `{placeholder}` in a label, a string property value or a `when`
/// key must be fillable where it is used.
enum TemplateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        spoc.forEachTemplatedEntry { entry in
            findings += check(label: entry.label, properties: entry.properties, conditions: entry.conditions) {
                entry.scope
            } selfKeyProblem: { key in
                unreadableKey(key, on: entry.className, in: catalog)
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
        scope: () -> TemplateScope?,
        selfKeyProblem: (String) -> (message: String, suggestions: [String])? = { _ in nil },
        argumentsAreKnown: () -> Bool = { true }
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var resolvedScope: TemplateScope??
        var argumentsKnown: Bool?
        func visit(_ text: String, _ location: SourceLocation) {
            guard text.withUTF8Bytes({ $0.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") } }) else {
                return
            }
            switch TemplateString.parse(text) {
            case .failure(let error):
                findings.append(
                    Diagnostic(
                        rule: .unknownTemplate, message: "malformed template in '\(text)': \(error.message)",
                        location: location))
            case .success(let template):
                if resolvedScope == nil { resolvedScope = .some(scope()) }
                guard let currentScope = resolvedScope ?? nil else { return }
                findings += check(template, at: location, scope: currentScope) { _ in
                    let known = argumentsKnown ?? argumentsAreKnown()
                    argumentsKnown = known
                    return known
                }
                for name in template.placeholders where name.hasPrefix("self.") && currentScope.canFill(name) {
                    let key = String(name.dropFirst(5).prefix { $0 != "." })
                    if let problem = selfKeyProblem(key) {
                        findings.append(
                            Diagnostic(
                                rule: .unknownTemplate, message: problem.message, location: location,
                                suggestions: problem.suggestions, severity: .warning))
                    }
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

    /// `{self.KEY}` on a class read from the sources, whose whole chain the catalog knows, where no method answers KEY
    /// as key-value coding looks it up (`getKEY`, `KEY`, `isKEY`, `_KEY`): on a device,
    /// `valueForKey:` throws unless an instance variable of that name exists, which a catalog
    /// does not list — so a warning, with the closest property (review 2026-11-27 newcomer #2).
    static func unreadableKey(_ key: String, on className: String, in catalog: Catalog) -> (
        message: String, suggestions: [String]
    )? {
        // Only a class read from the app's sources lists its properties; a catalog file names
        // the methods it hooks and rarely more.
        guard let first = key.first, case .scan? = catalog.model(named: className)?.origin else { return nil }
        let capitalized = first.uppercased() + key.dropFirst()
        for candidate in ["get" + capitalized, key, "is" + capitalized, "_" + key] {
            switch catalog.lookup(selector: candidate, on: className) {
            case .implemented, .unverifiable, .unknownClass: return nil
            case .notFound: continue
            }
        }
        // A Swift property the runtime cannot see: it exists, but no method answers KEY.
        if let (signature, declaredBy) = catalog.unexposedMethod(key, on: className) {
            let place = declaredBy.memberSources[key].map { " (declared at \($0))" } ?? declaredBy.declaredAt
            return (
                message:
                    "'{self.\(key)}': '\(signature)' of '\(declaredBy.name)'\(place) is a Swift property the "
                    + "Objective-C runtime cannot see, so no method answers '\(key)'; valueForKey: then reads its "
                    + "instance variable directly, if its type allows, else throws; mark it @objc",
                suggestions: []
            )
        }
        let getters = catalog.selectors(visibleFrom: className).filter { !$0.contains(":") && !$0.hasPrefix("_") }
            .sorted()
        let suggestions = Suggester.closest(to: key, among: getters, limit: 2).map { "{self.\($0)}" }
        return (
            message:
                "'{self.\(key)}': '\(className)' has no property or method '\(key)' (nor get\(capitalized), "
                + "is\(capitalized)); "
                + "on a device, valueForKey: throws unless an instance variable of that name exists, and the replay "
                + "renders it empty"
                + Suggester.didYouMean(Array(suggestions.prefix(1))),
            suggestions: suggestions
        )
    }

    /// `set KEY=VALUE` (or `push CLASS KEY=VALUE`) on a class read from the sources that has
    /// neither a setter for KEY (`setKEY:`, `_setKEY:`, as `setValue:forKey:` looks one up) nor
    /// anything that reads it (`unreadableKey`): on a device `setValue:forKey:` throws unless an
    /// instance variable of that name exists (review 2026-11-27 newcomer #2). Only the key
    /// path's first key is the class's. Nil when the key may be there.
    static func unwritableKey(_ keyPath: String, on className: String, in catalog: Catalog) -> String? {
        let key = String(keyPath.prefix { $0 != "." })
        guard let first = key.first, let unreadable = unreadableKey(key, on: className, in: catalog) else { return nil }
        let capitalized = first.uppercased() + key.dropFirst()
        for setter in ["set" + capitalized + ":", "_set" + capitalized + ":"] {
            if case .notFound = catalog.lookup(selector: setter, on: className) { continue }
            return nil
        }
        let closest = unreadable.suggestions.first.map { String($0.dropFirst(6).dropLast()) }
        return
            "'\(key)': '\(className)' has no property '\(key)' (no set\(capitalized): nor any getter); on a device, "
            + "setValue:forKey: "
            + "throws unless an instance variable of that name exists"
            + Suggester.didYouMean(closest.map { [$0] } ?? [])
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
                rule: .unknownTemplate,
                message: "unknown template \(reason)" + Suggester.didYouMean(Array(suggestions.prefix(1))),
                location: location, suggestions: suggestions)
        }
    }
}
