/// One family of checks over a decoded SPOC. Each rule lives in its own file, named after the
/// rule ids it reports, so a newcomer finds it in seconds.
public protocol ValidationRule {
    /// Every finding of this rule; must not stop at the first.
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic]
    /// True for a rule that looks at the SPOC alone and runs on the config reader's thread
    /// while the catalog still loads. Chosen per rule to keep the two cores evenly busy
    /// (TemplateRule needs no catalog either but balances better after the join).
    static var runsWhileCatalogLoads: Bool { get }
}

extension ValidationRule {
    public static var runsWhileCatalogLoads: Bool { false }
}

/// Checks a decoded SPOC against a catalog with every rule of SPEC §3.
public enum Validator {
    /// Every rule, in the order they run (the report is sorted afterwards).
    public static var rules: [any ValidationRule.Type] {
        [ClassRule.self, SelectorRule.self, TemplateRule.self, KeyPathRule.self, DuplicateRule.self, HierarchyConflictRule.self]
    }

    /// All findings, unsorted; `DiagnosticPolicy` orders and counts them.
    public static func validate(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        validateWithoutCatalog(spoc) + validate(spoc, against: catalog, catalogRulesOnly: true)
    }

    /// The findings of the rules that run while the catalog loads, on this thread.
    public static func validateWithoutCatalog(_ spoc: SPOC) -> [Diagnostic] {
        let empty = Catalog()
        return rules.filter { $0.runsWhileCatalogLoads }.flatMap { $0.check(spoc, against: empty) }
    }

    /// The findings of the other rules (or of all, when `catalogRulesOnly` is false), run on
    /// the available cores (they are independent and pure), in rule order.
    public static func validate(_ spoc: SPOC, against catalog: Catalog, catalogRulesOnly: Bool) -> [Diagnostic] {
        let selected = rules.indices.filter { !rules[$0].runsWhileCatalogLoads || !catalogRulesOnly }
        return Parallel.map(selected.count) { rules[selected[$0]].check(spoc, against: catalog) }.flatMap { $0 }
    }
}

/// "; did you mean 'a'?" or "; did you mean 'a' or 'b'?", or `otherwise` when there is nothing close.
func didYouMean(_ suggestions: [String], otherwise: String) -> String {
    switch suggestions.count {
    case 0: return "; " + otherwise
    case 1: return "; did you mean '\(suggestions[0])'?"
    default:
        return "; did you mean " + suggestions.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(suggestions.last!)'?"
    }
}
