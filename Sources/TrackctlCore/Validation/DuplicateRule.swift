import TrackctlModel

/// `duplicate`: two identical entries make every call fire twice. Reported at the later entry,
/// naming the earlier one.
enum DuplicateRule: SPOCRule {
    static func check(_ spoc: SPOC) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += duplicates(spoc.screens, what: "screen view") {
            QuickKey(className: $0.className.value, member: "", label: $0.label.value)
        } signature: {
            Signature($0)
        } place: {
            ($0.path, $0.className.location)
        }
        findings += duplicates(spoc.events, what: "call") {
            QuickKey(className: $0.className.value, member: $0.selector.value, label: $0.label.value)
        } signature: {
            Signature($0)
        } place: {
            ($0.path, $0.className.location)
        }
        findings += duplicates(spoc.properties, what: "change") {
            QuickKey(className: $0.className.value, member: $0.keyPath.value, label: $0.label.value)
        } signature: {
            Signature($0)
        } place: {
            ($0.path, $0.className.location)
        }
        return findings
    }

    /// Entries are grouped by class, member and label first; full signatures are built only
    /// within a group, which for almost every entry has one member.
    private static func duplicates<Entry>(
        _ entries: [Entry], what: String, quick: (Entry) -> QuickKey, signature: (Entry) -> Signature,
        place: (Entry) -> (path: ValuePath, location: SourceLocation)
    ) -> [Diagnostic] {
        var groups: [QuickKey: [Int]] = [:]
        groups.reserveCapacity(entries.count)
        var findings: [Diagnostic] = []
        for index in entries.indices {
            let key = quick(entries[index])
            guard let earlier = groups[key] else {
                groups[key] = [index]
                continue
            }
            let mine = signature(entries[index])
            if let match = earlier.first(where: { signature(entries[$0]) == mine }) {
                var (path, location) = place(entries[index])
                location.path = path
                findings.append(
                    Diagnostic(
                        rule: .duplicate,
                        message:
                            "this entry repeats \(place(entries[match]).path.rendered): each \(what) would be "
                            + "tracked twice; remove one",
                        location: location))
            } else {
                groups[key, default: []].append(index)
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

        init(
            className: String, member: String, label: String, flags: String, properties: [EventProperty],
            conditions: [Condition]
        ) {
            self.className = className
            self.member = member
            self.label = label
            self.flags = flags
            self.properties = properties.map { PropertyPair(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
            self.conditions = conditions.map { PropertyPair(key: $0.template.value, value: .string($0.expected)) }
                .sorted { $0.key < $1.key }
        }

        init(_ screen: TrackedScreen) {
            self.init(
                className: screen.className.value, member: "", label: screen.label.value,
                flags: (screen.once ? "once " : "") + (screen.dwell.map { String($0.value.milliseconds) } ?? ""),
                properties: screen.properties, conditions: screen.conditions)
        }

        init(_ event: TrackedEvent) {
            self.init(
                className: event.className.value, member: event.selector.value, label: event.label.value,
                flags: (event.once ? "once " : "") + event.position.rawValue, properties: event.properties,
                conditions: event.conditions)
        }

        init(_ property: TrackedProperty) {
            self.init(
                className: property.className.value, member: property.keyPath.value, label: property.label.value,
                flags: "", properties: property.properties, conditions: property.conditions)
        }
    }
}
