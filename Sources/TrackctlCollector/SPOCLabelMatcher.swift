import TrackctlModel

/// What the SPOC's labels can produce, to call a received call *bad* when the SPOC
/// cannot have sent it (SPEC §13): a track whose name no event label can render, a screen no
/// tracked screen's label names, a property the matching entries all declare but the call lacks.
/// A label's `{templates}` match any text.
struct SPOCLabelMatcher: Sendable {
    private struct Entry: Sendable {
        var pattern: [LabelPart]
        var properties: [String]
        var location: String
    }

    private enum LabelPart: Sendable, Equatable {
        case text(String)
        case anything
    }

    private var tracks: [Entry] = []
    private var screens: [Entry] = []
    let file: String

    init(_ spoc: SPOC) {
        file = spoc.file
        for event in spoc.events {
            tracks.append(
                Entry(
                    pattern: Self.pattern(event.label.value), properties: event.properties.map(\.key),
                    location: Self.place(event.label.location)))
        }
        for property in spoc.properties {
            tracks.append(
                Entry(
                    pattern: Self.pattern(property.label.value), properties: property.properties.map(\.key),
                    location: Self.place(property.label.location)))
        }
        for screen in spoc.screens {
            screens.append(
                Entry(
                    pattern: Self.pattern(screen.label.value), properties: screen.properties.map(\.key),
                    location: Self.place(screen.label.location)))
        }
        // What the options add (SPEC §9): the lifecycle events and screen time.
        var builtIn: [String] = []
        if spoc.options.lifecycle {
            builtIn += [
                "Application Installed", "Application Updated", "Application Opened", "Application Backgrounded",
                "Application Foregrounded"
            ]
        }
        if spoc.options.screenTime { builtIn.append("Screen Time") }
        tracks += builtIn.map { Entry(pattern: [.text($0)], properties: [], location: spoc.file) }
    }

    /// Why the plan cannot have sent `call`; empty when it can (or the type is not planned).
    func reasons(_ call: CallFields) -> [CallReason] {
        let entries: [Entry], name: String?, noun: String
        switch call.string("type") {
        case "track": (entries, name, noun) = (tracks, call.string("event"), "event")
        case "screen": (entries, name, noun) = (screens, call.string("name"), "screen")
        default: return []
        }
        guard let name else { return [] }
        let matching = entries.filter { Self.matches($0.pattern, name) }
        let nameKey = noun == "event" ? "event" : "name"
        guard !matching.isEmpty else {
            return [
                CallReason(
                    rule: "not-in-spoc", path: nameKey, actual: name,
                    message: "no \(noun) of the SPOC (\(file)) is named '\(name)'")
            ]
        }
        let present = Set(call.propertyKeys)
        if matching.contains(where: { $0.properties.allSatisfy(present.contains) }) { return [] }
        let entry = matching[0]
        let missing = entry.properties.filter { !present.contains($0) }
        return missing.map {
            CallReason(
                rule: "not-in-spoc", path: "properties." + $0, expected: "present", actual: "missing",
                message: "property '\($0)' declared by the SPOC (\(entry.location)) is missing")
        }
    }

    /// `Config/analytics.plist:42`.
    private static func place(_ location: SourceLocation) -> String {
        location.position.map { "\(location.file):\($0.line)" } ?? location.file
    }

    /// `Post {post.id} liked` → text, anything, text.
    private static func pattern(_ label: String) -> [LabelPart] {
        var parts: [LabelPart] = []
        var text = ""
        var depth = 0
        for character in label {
            if character == "{" {
                if depth == 0, !text.isEmpty { parts.append(.text(text)); text = "" }
                depth += 1
            } else if character == "}", depth > 0 {
                depth -= 1
                if depth == 0, parts.last != .anything { parts.append(.anything) }
            } else if depth == 0 {
                text.append(character)
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    private static func matches(_ pattern: [LabelPart], _ name: String) -> Bool {
        matches(pattern[...], Substring(name))
    }

    private static func matches(_ pattern: ArraySlice<LabelPart>, _ name: Substring) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case .text(let text):
            return name.hasPrefix(text) && matches(pattern.dropFirst(), name.dropFirst(text.count))
        case .anything:
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var index = name.startIndex
            while true {
                if matches(rest, name[index...]) { return true }
                guard index < name.endIndex else { return false }
                index = name.index(after: index)
            }
        }
    }
}
