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
        [ClassRule.self, SelectorRule.self, TemplateRule.self, HierarchyConflictRule.self]
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
        Parallel.map(rules.count) { rules[$0].check(spoc, against: catalog) }.flatMap { $0 }
    }
}
