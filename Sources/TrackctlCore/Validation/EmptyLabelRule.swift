import TrackctlModel

/// `empty-label`: a label made only of templates that can render empty (`"{arg.promoTapped}"`
/// for a call without that argument) gives an event without a name, which Segment rejects. The
/// replay drops such an event with a located warning; this rule warns before any replay.
///
/// `{class}`, `{selector}` and `{keyPath}` are never empty. `{screen}` (no tracked screen
/// visible), `{arg.…}`, `{self.…}` and `{value}` can be — unless a `when` key that is exactly
/// that placeholder requires a non-empty value, so the entry fires only when it is filled.
enum EmptyLabelRule: SPOCRule {
    static func check(_ spoc: SPOC) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        spoc.forEachTemplatedEntry { entry in findings += check(entry.label, entry.conditions) { entry.scope } }
        return findings
    }

    private static func check(_ label: Located<String>, _ conditions: [Condition], scope: () -> TemplateScope?)
        -> [Diagnostic]
    {
        // Most labels have a literal word: decided without parsing.
        guard label.value.hasPrefix("{"), label.value.hasSuffix("}"),
            case .success(let template) = TemplateString.parse(label.value),
            let placeholders = onlyPlaceholders(template)
        else { return [] }
        // A placeholder that cannot be filled is TemplateRule's finding, not this one's.
        guard let scope = scope(), placeholders.allSatisfy(scope.canFill) else { return [] }
        let pinned = Set(conditions.filter { !$0.expected.isEmpty }.map(\.template.value))
        guard placeholders.allSatisfy({ canBeEmpty($0) && !pinned.contains("{\($0)}") }) else { return [] }
        let example = placeholders.first.map { "{\($0)}" } ?? label.value
        return [
            Diagnostic(
                rule: .emptyLabel,
                message: "label '\(label.value)' is made only of templates and is empty when \(example) is: "
                    + "the event would have no name (Segment rejects it, and the replay drops it); "
                    + "add a word to it, or a 'when' that requires \(example) to have a value",
                location: label.location)
        ]
    }

    /// The placeholder names when the template has no literal text, else nil.
    private static func onlyPlaceholders(_ template: TemplateString) -> [String]? {
        var names: [String] = []
        for part in template.parts {
            guard case .placeholder(let name) = part else { return nil }
            names.append(name)
        }
        return names
    }

    /// Whether the placeholder can render as an empty string at fire time.
    static func canBeEmpty(_ name: String) -> Bool {
        switch name {
        case "class", "selector", "keyPath": return false
        default: return true
        }
    }
}
