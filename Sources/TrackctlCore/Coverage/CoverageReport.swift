import TrackctlModel

/// The coverage of a SPOC by a replay (SPEC §11): every SPOC entry — screens, events,
/// properties — with how many events it emitted over all the scripts of the run, and the share
/// of entries that emitted at least one. An entry that never fired is one no script exercises:
/// an untested screen, or a name that no longer matches the app.
public struct CoverageReport: Sendable {
    public struct Entry: Sendable {
        public enum Section: String, Sendable {
            case trackedScreens, trackedEvents, trackedProperties
        }

        public let section: Section
        /// `trackedEvents[3]`.
        public let path: String
        /// The SPOC file and the entry's line (its `class`), when the format has lines.
        public let file: String
        public let line: Int?
        public let className: String
        /// The selector of an event, the key path of a property; nil for a screen.
        public let member: String?
        public let label: String
        /// Events the entry emitted.
        public let count: Int
    }

    /// In SPOC order: screens, events, properties.
    public let entries: [Entry]
    /// The scripts replayed, in order.
    public let scripts: [String]

    public init(spoc: SPOC, coverage: PlanCoverage, scripts: [String]) {
        var entries: [Entry] = []
        // Entry ids follow `SPOCHooks`'s order: screens, events, properties.
        func add(
            _ section: Entry.Section, _ path: ValuePath, _ className: Located<String>, _ member: String?,
            _ label: Located<String>
        ) {
            entries.append(
                Entry(
                    section: section, path: path.rendered, file: className.location.file,
                    line: className.location.position?.line,
                    className: className.value, member: member, label: label.value,
                    count: coverage.counts[entries.count]))
        }
        for screen in spoc.screens { add(.trackedScreens, screen.path, screen.className, nil, screen.label) }
        for event in spoc.events { add(.trackedEvents, event.path, event.className, event.selector.value, event.label) }
        for property in spoc.properties {
            add(.trackedProperties, property.path, property.className, property.keyPath.value, property.label)
        }
        self.entries = entries
        self.scripts = scripts
    }

    public var total: Int { entries.count }
    public var fired: Int { entries.filter { $0.count > 0 }.count }

    /// The share of entries that fired, in percent, rounded down to a tenth (so a report never
    /// shows the minimum it missed); 100 for a plan without entries.
    public var percentText: String {
        guard total > 0 else { return "100" }
        let tenths = fired * 1000 / total
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// Whether at least `minimum` percent of the entries fired, compared exactly.
    public func meets(minimum: Double) -> Bool {
        total == 0 || Double(fired) * 100 >= minimum * Double(total)
    }

    /// For people, on stderr: the totals, each section, then every entry that never fired with
    /// its file and line.
    public var text: String {
        var out =
            "coverage: \(fired) of \(total) SPOC entries fired (\(percentText)%) over "
            + "\(scripts.count == 1 ? "1 script" : "\(scripts.count) scripts")\n"
        for section in [Entry.Section.trackedScreens, .trackedEvents, .trackedProperties] {
            let listed = entries.filter { $0.section == section }
            guard !listed.isEmpty else { continue }
            out += "  \(section.rawValue): \(listed.filter { $0.count > 0 }.count) of \(listed.count)\n"
        }
        let fired = entries.filter { $0.count > 0 }
        if !fired.isEmpty {
            out += "fired:\n"
            let countWidth = String(fired.map(\.count).max() ?? 0).count
            let pathWidth = fired.map(\.path.count).max() ?? 0
            for entry in fired {
                out +=
                    "  " + padded(String(entry.count), to: countWidth, left: true) + "  "
                    + padded(entry.path, to: pathWidth) + "  \(describe(entry))\n"
            }
        }
        let never = entries.filter { $0.count == 0 }
        if !never.isEmpty {
            out += "never fired:\n"
            for entry in never {
                out += "  \(entry.file)\(entry.line.map { ":\($0)" } ?? ""): \(entry.path)  \(describe(entry))\n"
            }
        }
        return out
    }

    private func padded(_ text: String, to width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(width - text.count, 0))
        return left ? padding + text : text + padding
    }

    private func describe(_ entry: Entry) -> String {
        "\(entry.className)\(entry.member.map { " \($0)" } ?? "") \(JSONText.quoted(entry.label))"
    }

    /// For tools: one JSON document, keys in a fixed order.
    public var json: String {
        var out =
            "{\"fired\":\(fired),\"total\":\(total),\"percent\":\(percentText),"
            + "\"scripts\":\(JSONText.array(scripts)),\"sections\":{"
        out += [Entry.Section.trackedScreens, .trackedEvents, .trackedProperties].map { section in
            let listed = entries.filter { $0.section == section }
            return
                "\(JSONText.quoted(section.rawValue)):{\"fired\":\(listed.filter { $0.count > 0 }.count),"
                + "\"total\":\(listed.count)}"
        }.joined(separator: ",")
        out += "},\"entries\":["
        out += entries.map { entry in
            var fields = ["\"path\":\(JSONText.quoted(entry.path))", "\"file\":\(JSONText.quoted(entry.file))"]
            if let line = entry.line { fields.append("\"line\":\(line)") }
            fields.append("\"class\":\(JSONText.quoted(entry.className))")
            if let member = entry.member {
                fields.append(
                    "\"\(entry.section == .trackedEvents ? "selector" : "keyPath")\":\(JSONText.quoted(member))")
            }
            fields += ["\"label\":\(JSONText.quoted(entry.label))", "\"count\":\(entry.count)"]
            return "{" + fields.joined(separator: ",") + "}"
        }.joined(separator: ",")
        out += "],\"neverFired\":\(JSONText.array(entries.filter { $0.count == 0 }.map(\.path)))}\n"
        return out
    }
}
