/// `duplicate`: two identical entries make every call fire twice. Reported at the later entry,
/// naming the earlier one.
enum DuplicateRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += duplicates(spoc.screens.map { screen in
            (QuickKey(className: screen.className.value, member: "", label: screen.label.value), { Signature(screen) }, screen.path, screen.className.location)
        }, what: "screen view")
        findings += duplicates(spoc.events.map { event in
            (QuickKey(className: event.className.value, member: event.selector.value, label: event.label.value), { Signature(event) }, event.path, event.className.location)
        }, what: "call")
        findings += duplicates(spoc.properties.map { property in
            (QuickKey(className: property.className.value, member: property.keyPath.value, label: property.label.value), { Signature(property) }, property.path, property.className.location)
        }, what: "change")
        return findings
    }

    /// Entries are grouped by class, member and label first; full signatures are built only
    /// within a group, which for almost every entry has one member.
    private static func duplicates(_ entries: [(quick: QuickKey, signature: () -> Signature, path: ValuePath, location: SourceLocation)], what: String) -> [Diagnostic] {
        var groups: [QuickKey: [Int]] = [:]
        groups.reserveCapacity(entries.count)
        var signatures: [Int: Signature] = [:]
        func signature(_ index: Int) -> Signature {
            if let known = signatures[index] { return known }
            let computed = entries[index].signature()
            signatures[index] = computed
            return computed
        }
        var findings: [Diagnostic] = []
        for (index, entry) in entries.enumerated() {
            let earlier = groups[entry.quick, default: []]
            if let match = earlier.first(where: { signature($0) == signature(index) }) {
                var location = entry.location
                location.path = entry.path
                findings.append(Diagnostic(rule: .duplicate,
                                           message: "this entry repeats \(entries[match].path.rendered): each \(what) would be tracked twice; remove one",
                                           location: location))
            } else {
                groups[entry.quick, default: []].append(index)
            }
        }
        return findings
    }

    private struct QuickKey: Hashable {
        var className: String
        var member: String
        var label: String
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
