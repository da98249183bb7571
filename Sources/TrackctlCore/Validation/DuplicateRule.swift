/// `duplicate`: two identical entries make every call fire twice. Reported at the later entry,
/// naming the earlier one.
enum DuplicateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += duplicates(spoc.screens.map { (Signature($0), $0.path, $0.className.location) }, what: "screen view")
        findings += duplicates(spoc.events.map { (Signature($0), $0.path, $0.className.location) }, what: "call")
        findings += duplicates(spoc.properties.map { (Signature($0), $0.path, $0.className.location) }, what: "change")
        return findings
    }

    private static func duplicates(_ entries: [(signature: Signature, path: ValuePath, location: SourceLocation)], what: String) -> [Diagnostic] {
        var first: [Signature: ValuePath] = [:]
        first.reserveCapacity(entries.count)
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

    /// Everything that changes what an entry emits, locations excluded; properties and
    /// conditions in key order, since their order changes nothing.
    private struct Signature: Hashable {
        var className: String
        var member: String
        var label: String
        var flags: String
        var properties: [PropertyPair]
        var conditions: [PropertyPair]

        struct PropertyPair: Hashable {
            var key: String
            var value: PropertyValue
        }

        init(className: String, member: String, label: String, flags: String, properties: [EventProperty], conditions: [Condition]) {
            self.className = className
            self.member = member
            self.label = label
            self.flags = flags
            self.properties = properties.map { PropertyPair(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
            self.conditions = conditions.map { PropertyPair(key: $0.template.value, value: .string($0.expected)) }.sorted { $0.key < $1.key }
        }

        init(_ screen: TrackedScreen) {
            self.init(className: screen.className.value, member: "", label: screen.label.value,
                      flags: (screen.once ? "once " : "") + (screen.dwell.map { String($0.value.milliseconds) } ?? ""),
                      properties: screen.properties, conditions: screen.conditions)
        }

        init(_ event: TrackedEvent) {
            self.init(className: event.className.value, member: event.selector.value, label: event.label.value,
                      flags: (event.once ? "once " : "") + event.position.rawValue, properties: event.properties, conditions: event.conditions)
        }

        init(_ property: TrackedProperty) {
            self.init(className: property.className.value, member: property.keyPath.value, label: property.label.value,
                      flags: "", properties: property.properties, conditions: property.conditions)
        }
    }
}
