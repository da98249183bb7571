import Foundation
import TrackctlModel

/// `validate --plan` (SPEC §14), statically: the SPOC and the plan joined before anything
/// runs. Every SPOC label must name a planned event or screen (`unplanned-event`, once per
/// entry, at its label); every planned one should be produced by some entry
/// (`unimplemented-event`, a warning, an error with `--require-all`); a property the plan
/// requires must be declared by each entry that produces the event (`required-missing`); a
/// constant value must be one the plan allows, a text template must be allowed to be a string
/// (a whole-value template is typed only when it renders, and checked then); a `when` value
/// the plan's enum never produces means the entry never fires well (`value-not-allowed`).
public struct SPOCPlanCheck {
    public let plan: TrackingPlan
    public let spoc: SPOC
    public var requireAll = false

    public init(plan: TrackingPlan, spoc: SPOC, requireAll: Bool = false) {
        self.plan = plan
        self.spoc = spoc
        self.requireAll = requireAll
    }

    /// One SPOC entry as the join reads it.
    private struct Entry {
        var label: Located<String>
        var path: ValuePath
        var properties: [EventProperty]
        var conditions: [Condition]
        /// The properties trackctl's hook adds itself.
        var system: Set<String>
    }

    public func findings() -> [PlanFinding] {
        var found: [PlanFinding] = []
        let screens = spoc.screens.map {
            Entry(
                label: $0.label, path: $0.path, properties: $0.properties, conditions: $0.conditions, system: ["class"])
        }
        let events =
            spoc.events.map {
                Entry(
                    label: $0.label, path: $0.path, properties: $0.properties, conditions: $0.conditions,
                    system: ["class", "selector"])
            }
            + spoc.properties.map {
                Entry(
                    label: $0.label, path: $0.path, properties: $0.properties, conditions: $0.conditions,
                    system: ["class", "keyPath"])
            }
        var implemented = Set<String>()
        join(screens, plan.screens, noun: "screen", &implemented, &found)
        join(events, plan.events, noun: "event", &implemented, &found)
        // What the SPOC's options make trackctl emit by itself.
        var automatic = Set<String>()
        if spoc.options.screenTime { automatic.insert("event Screen Time") }
        if spoc.options.lifecycle {
            for name in TrackingPlan.systemEvents.keys where name.hasPrefix("Application ") {
                automatic.insert("event " + name)
            }
        }
        for (noun, entries) in [("screen", plan.screens), ("event", plan.events)] {
            for entry in entries.entries
            where !implemented.contains(noun + " " + entry.name) && !automatic.contains(noun + " " + entry.name) {
                found.append(
                    PlanFinding(
                        rule: .unimplementedEvent, severity: requireAll ? .error : .warning,
                        message:
                            "the tracking plan's \(noun) '\(entry.name)' is produced by no entry of the SPOC "
                            + "(\(spoc.file))",
                        file: plan.file, position: entry.position,
                        path: String(entry.pointer.dropFirst()).replacingOccurrences(of: "/", with: ".")))
            }
        }
        return found.sorted(by: PlanFinding.reportOrder)
    }

    private func join(
        _ entries: [Entry], _ planned: PlanEntries, noun: String, _ implemented: inout Set<String>,
        _ found: inout [PlanFinding]
    ) {
        for entry in entries {
            let label = entry.label.value
            let matches = plannedEntries(for: label, in: planned)
            let location = entry.label.location
            guard !matches.isEmpty else {
                if noun == "event", TrackingPlan.systemEvents[label] != nil { continue }
                if let severity = plan.unplannedEvents.severity {
                    found.append(
                        finding(
                            .unplannedEvent, severity,
                            "the SPOC's \(noun) '\(label)' is not in the tracking plan (\(plan.file))"
                                + Suggester.didYouMean(label, among: planned.entries.map(\.name)), location, entry.path)
                    )
                }
                continue
            }
            for planEntry in matches {
                implemented.insert(noun + " " + planEntry.name)
                guard let schema = planEntry.newest else { continue }
                check(entry, against: schema, name: planEntry.name, noun: noun, &found)
            }
        }
    }

    /// The plan entries a label can produce: its exact name, a plan template it renders into,
    /// or — for a templated label — the plan's names it can render (`Viewed {screen}` produces
    /// `Viewed Feed`).
    private func plannedEntries(for label: String, in planned: PlanEntries) -> [PlanEntry] {
        if let exact = planned.entries.first(where: { $0.name == label }) { return [exact] }
        guard label.contains("{") else { return planned.entry(named: label).map { [$0] } ?? [] }
        guard let pattern = PlanEntries.pattern(label) else { return [] }
        return planned.entries.filter { entry in
            let name = entry.name
            return pattern.firstMatch(in: name, options: [], range: NSRange(name.startIndex..<name.endIndex, in: name))
                != nil
        }
    }

    private func check(
        _ entry: Entry, against schema: CompiledSchema, name: String, noun: String, _ found: inout [PlanFinding]
    ) {
        let location = entry.label.location
        let declared = Set(entry.properties.map(\.key)).union(entry.system)
        for required in schema.requiredNames where !declared.contains(required) {
            found.append(
                finding(
                    .requiredMissing, .error,
                    "'\(name)' requires property '\(required)', which this SPOC entry does not declare", location,
                    entry.path,
                    path: "properties." + required, expected: "present", actual: "missing"))
        }
        for property in entry.properties {
            let at = property.location
            guard let propertySchema = schema.propertySchema(property.key) else {
                if schema.forbidsOtherProperties {
                    found.append(
                        finding(
                            .unplannedProperty, .error,
                            "'\(name)' property '\(property.key)' is not in the tracking plan", at, nil,
                            path: "properties." + property.key))
                } else if schema.additionalProperties == nil, !schema.lists(property.key),
                    let severity = plan.unplannedProperties.severity
                {
                    found.append(
                        finding(
                            .unplannedProperty, severity,
                            "'\(name)' property '\(property.key)' is not in the tracking plan", at, nil,
                            path: "properties." + property.key))
                }
                continue
            }
            let value: JSONValue
            switch property.value {
            case .string(let text):
                if Self.isWholeTemplate(text) { continue }  // typed when it renders: checked in replay
                if text.contains("{") {
                    // A text template renders a string; only its type can be known now.
                    if let types = propertySchema.types, !types.contains(.string) {
                        found.append(
                            finding(
                                .typeMismatch, .error,
                                "'\(name)' property '\(property.key)' is a text template (a string), the plan wants "
                                    + "\(types.spelled)",
                                at,
                                nil, path: "properties." + property.key, expected: types.spelled, actual: "string"))
                    }
                    continue
                }
                value = .string(text)
            case .integer(let number): value = .number(JSONDecimal(number))
            case .real(let number): value = JSONDecimal(double: number).map(JSONValue.number) ?? .null
            case .bool(let flag): value = .bool(flag)
            }
            for violation in propertySchema.violations(of: value) {
                let path = ([property.key] + [DotPath.render(violation.path)].filter { !$0.isEmpty })
                let subject = "property '\(path.joined(separator: "."))'"
                found.append(
                    finding(
                        violation.rule, .error, "'\(name)' \(subject) \(violation.reason)", at, nil,
                        path: "properties." + property.key,
                        expected: violation.expected, actual: violation.actual))
            }
        }
        // A `when` compares what a property's template renders: a value outside the plan's enum
        // never passes the plan.
        for condition in entry.conditions {
            for property in entry.properties {
                guard case .string(let text) = property.value, text == condition.template.value,
                    let enumValues = schema.propertySchema(property.key)?.enumValues,
                    !enumValues.contains(.string(condition.expected)),
                    !enumValues.contains(where: { $0.jsonText == condition.expected })
                else { continue }
                found.append(
                    finding(
                        .valueNotAllowed, .error,
                        "'\(name)' fires only when \(condition.template.value) is '\(condition.expected)', which "
                            + "the plan's property '\(property.key)' never allows "
                            + "(one of \(Describe.list(enumValues)))",
                        condition.template.location, nil, path: "properties." + property.key,
                        expected: "one of " + Describe.list(enumValues),
                        actual: JSONValue.quoted(condition.expected)))
            }
        }
    }

    /// `{arg.quantity}` alone: the rendered value keeps its JSON type.
    static func isWholeTemplate(_ text: String) -> Bool {
        text.hasPrefix("{") && text.hasSuffix("}") && text.dropFirst().dropLast().allSatisfy { $0 != "{" && $0 != "}" }
    }

    private func finding(
        _ rule: PlanRule, _ severity: Severity, _ message: String, _ location: SourceLocation, _ entryPath: ValuePath?,
        path: String = "",
        expected: String? = nil, actual: String? = nil
    ) -> PlanFinding {
        PlanFinding(
            rule: rule, severity: severity, message: message, file: location.file, position: location.position,
            path: path.isEmpty ? (entryPath?.description ?? location.path.description) : path, expected: expected,
            actual: actual)
    }
}
