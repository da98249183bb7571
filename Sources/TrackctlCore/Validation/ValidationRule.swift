import TrackctlModel

/// One family of checks over a decoded SPOC that reads the catalog too. Each rule lives in its
/// own file, named after the rule ids it reports, so a newcomer finds it in seconds.
package protocol ValidationRule {
    /// Every finding of this rule; must not stop at the first.
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic]
}

/// A family of checks that reads the SPOC alone. What a rule reads is its signature, and the
/// validation run schedules by it: these run on the config reader's thread while the catalog
/// still loads, the catalog rules after both are in.
package protocol SPOCRule {
    /// Every finding of this rule; must not stop at the first.
    static func check(_ spoc: SPOC) -> [Diagnostic]
}

/// Checks a decoded SPOC against a catalog with every rule of SPEC §3.
package enum Validator {
    /// The rules that read the catalog, in the order they run (the report is sorted afterwards).
    package static var rules: [any ValidationRule.Type] {
        [ClassRule.self, SelectorRule.self, TemplateRule.self, HierarchyConflictRule.self, AmbiguousClassRule.self]
    }

    /// The rules that read the SPOC alone.
    package static var spocRules: [any SPOCRule.Type] {
        [KeyPathRule.self, DuplicateRule.self, ConstantConditionRule.self, EmptyLabelRule.self]
    }

    /// All findings, unsorted; `DiagnosticPolicy` orders and counts them.
    package static func validate(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        validateWithoutCatalog(spoc) + validateWithCatalog(spoc, against: catalog)
    }

    /// The findings of the rules that read the SPOC alone, on this thread.
    package static func validateWithoutCatalog(_ spoc: SPOC) -> [Diagnostic] {
        spocRules.flatMap { $0.check(spoc) }
    }

    /// The findings of the rules that read the catalog, run on the available cores (they are
    /// independent and pure), in rule order.
    package static func validateWithCatalog(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        let findings = Parallel.map(rules.count) { rules[$0].check(spoc, against: catalog) }.flatMap { $0 }
        return withoutFollowOns(findings + checkAgainstAlternates(spoc, catalog: catalog, found: findings))
    }

    /// A finding about another entry too (`alsoAbout`) whose entry already has an error is
    /// follow-on noise: the error is what to fix (SPEC §10, "No follow-on noise").
    static func withoutFollowOns(_ findings: [Diagnostic]) -> [Diagnostic] {
        guard findings.contains(where: { $0.alsoAbout != nil }) else { return findings }
        let failed = findings.filter { $0.severity == .error }.map(\.location.path.description)
        return findings.filter { finding in
            guard let other = finding.alsoAbout?.description else { return true }
            return !failed.contains { $0 == other || $0.hasPrefix(other + ".") || $0.hasPrefix(other + "[") }
        }
    }

    /// An entry naming a class that two scanned targets declare under one runtime name is
    /// checked against the second declaration too: what fails there and not against the first
    /// is added (SPEC §10, `ambiguous-class`).
    static func checkAgainstAlternates(_ spoc: SPOC, catalog: Catalog, found: [Diagnostic]) -> [Diagnostic] {
        guard catalog.hasAlternates else { return [] }
        let named = Set(spoc.classNames.map(\.value))
        var seen = Set(found.map { "\($0.rule) \($0.location.path) \($0.message)" })
        var added: [Diagnostic] = []
        for name in named.sorted() {
            for alternate in catalog.alternates(of: name) {
                var entries = spoc
                entries.screens = spoc.screens.filter { $0.className.value == name }
                entries.events = spoc.events.filter { $0.className.value == name }
                entries.properties = spoc.properties.filter { $0.className.value == name }
                let variant = catalog.replacing(with: alternate)
                for rule in [ClassRule.self, SelectorRule.self, TemplateRule.self] as [any ValidationRule.Type] {
                    for var finding in rule.check(entries, against: variant) {
                        guard seen.insert("\(finding.rule) \(finding.location.path) \(finding.message)").inserted else {
                            continue
                        }
                        finding.message += " (in the declaration at \(alternate.source ?? "a catalog file"))"
                        added.append(finding)
                    }
                }
            }
        }
        return added
    }
}
