/// One family of checks over a decoded SPOC. Each rule lives in its own file, named after the
/// rule ids it reports, so a newcomer finds it in seconds.
public protocol ValidationRule {
    /// Every finding of this rule; must not stop at the first.
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic]
}

/// Checks a decoded SPOC against a catalog with every rule of SPEC §3.
public enum Validator {
    /// Every rule, in the order they run (the report is sorted afterwards).
    public static var rules: [any ValidationRule.Type] {
        [ClassRule.self, SelectorRule.self, TemplateRule.self, KeyPathRule.self, DuplicateRule.self, HierarchyConflictRule.self]
    }

    /// All findings, unsorted; `DiagnosticPolicy` orders and counts them.
    public static func validate(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        // Rules are independent and pure; run them on the available cores, keep their order.
        Parallel.map(rules.count) { rules[$0].check(spoc, against: catalog) }.flatMap { $0 }
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
