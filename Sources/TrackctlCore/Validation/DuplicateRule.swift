/// `duplicate`: two identical entries make every call fire twice. Reported at the later entry,
/// naming the earlier one.
enum DuplicateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += duplicates(spoc.screens.map { ($0.path, $0.className.location, signature(of: $0)) }, what: "screen view")
        findings += duplicates(spoc.events.map { ($0.path, $0.className.location, signature(of: $0)) }, what: "call")
        findings += duplicates(spoc.properties.map { ($0.path, $0.className.location, signature(of: $0)) }, what: "change")
        return findings
    }

    private static func duplicates(_ entries: [(path: ValuePath, location: SourceLocation, signature: String)], what: String) -> [Diagnostic] {
        var first: [String: ValuePath] = [:]
        var findings: [Diagnostic] = []
        for entry in entries {
            if let earlier = first[entry.signature] {
                var location = entry.location
                location.path = entry.path
                findings.append(Diagnostic(rule: .duplicate,
                                           message: "this entry repeats \(earlier.rendered): each \(what) would be tracked twice; remove one",
                                           location: location))
            } else {
                first[entry.signature] = entry.path
            }
        }
        return findings
    }

    /// Everything that changes what an entry emits, locations excluded.
    private static func signature(of screen: TrackedScreen) -> String {
        join([screen.className.value, screen.label.value, "\(screen.once)", screen.dwell.map { "\($0.value)" } ?? ""], screen.properties, screen.conditions)
    }

    private static func signature(of event: TrackedEvent) -> String {
        join([event.className.value, event.selector.value, event.label.value, "\(event.once)", event.position.rawValue], event.properties, event.conditions)
    }

    private static func signature(of property: TrackedProperty) -> String {
        join([property.className.value, property.keyPath.value, property.label.value], property.properties, property.conditions)
    }

    private static func join(_ fields: [String], _ properties: [EventProperty], _ conditions: [Condition]) -> String {
        let props = properties.map { "\($0.key)=\($0.value)" }.sorted()
        let whens = conditions.map { "\($0.template.value)=\($0.expected)" }.sorted()
        return (fields + ["|"] + props + ["|"] + whens).joined(separator: "\u{1F}")
    }
}
