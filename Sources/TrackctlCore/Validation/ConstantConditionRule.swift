import TrackctlModel

/// `constant-condition`: a `when` key is a template rendered at fire time and compared with its
/// value. A key without any `{placeholder}` (`"arg.promoTapped": "a"`) is compared as written:
/// the entry never fires (or always does), which is never what its author meant.
enum ConstantConditionRule: SPOCRule {
    static func check(_ spoc: SPOC) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        spoc.forEachTemplatedEntry { entry in findings += check(entry.conditions) { entry.scope } }
        return findings
    }

    /// `scope` is asked only for a constant key (most keys are templates).
    private static func check(_ conditions: [Condition], scope: () -> TemplateScope?) -> [Diagnostic] {
        conditions.compactMap { condition in
            let key = condition.template.value
            // A key with a brace is a template (or a malformed one, which TemplateRule reports).
            guard !key.utf8.contains(UInt8(ascii: "{")), !key.utf8.contains(UInt8(ascii: "}")) else { return nil }
            let outcome = key == condition.expected ? "always holds" : "never holds, so the entry never fires"
            let suggestion = placeholder(for: key, in: scope())
            let fix =
                suggestion.map { "; write '\($0)'" } ?? "; write a template such as '{self.KEY}' or '{arg.KEYWORD}'"
            return Diagnostic(
                rule: .constantCondition,
                message: "'when' key '\(key)' has no {template}: it is compared as written and \(outcome)\(fix)",
                location: condition.template.location, suggestions: suggestion.map { [$0] } ?? [])
        }
    }

    /// The placeholder the author most likely meant: the key itself when it can be filled here
    /// (`arg.promoTapped`), else the key as an argument keyword or an instance property.
    static func placeholder(for key: String, in scope: TemplateScope?) -> String? {
        guard let scope, !key.isEmpty else { return nil }
        for name in [key, "arg." + key, "self." + key] where scope.canFill(name) {
            return "{\(name)}"
        }
        return nil
    }
}
