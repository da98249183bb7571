import TrackctlModel

/// One build setting assignment, from an `.xcconfig` line or a project's `buildSettings`:
/// `NAME[sdk=iphoneos*][config=Release] = value`.
struct BuildSettingAssignment: Sendable, Equatable {
    var name: String
    /// `[key=pattern]` conditions, all of which must hold; patterns may use `*`.
    var conditions: [Condition] = []
    var value: String

    struct Condition: Sendable, Equatable {
        var key: String
        var pattern: String
    }

    /// Parses `NAME` or `NAME[k=v][k=v]`; nil for a key that is not a setting name.
    init?(key: String, value: String) {
        var rest = Substring(key)
        let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
        guard nameEnd > rest.startIndex else { return nil }
        name = String(rest[..<nameEnd])
        rest = rest[nameEnd...].drop { $0 == " " }
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            let parts = inner.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            conditions.append(
                Condition(
                    key: parts[0].trimmingCharacters(in: .whitespaces),
                    pattern: parts[1].trimmingCharacters(in: .whitespaces)))
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        guard rest.isEmpty else { return nil }
        self.value = value
    }

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What a conditional assignment is matched against: the build Xcode would run.
struct BuildContext: Sendable, Equatable {
    /// The configuration's name (`Release`).
    var configuration: String
    /// The SDK's canonical name (`iphoneos26.0`); nil while it is not known — then only
    /// assignments without an `sdk=` condition apply (how `SDKROOT` itself is read).
    var sdk: String?
    var arch = "arm64"
    var variant = "normal"

    /// Whether every condition holds here. A condition on a key Xcode has but the scan cannot
    /// know holds never, so an unconditional value is what counts.
    func matches(_ conditions: [BuildSettingAssignment.Condition]) -> Bool {
        conditions.allSatisfy { condition in
            let value: String?
            switch condition.key {
            case "config": value = configuration
            case "sdk": value = sdk
            case "arch": value = arch
            case "variant": value = variant
            default: value = nil
            }
            return value.map { Glob.matches(condition.pattern, $0) } ?? false
        }
    }
}

/// A target's build settings as Xcode resolves them (SPEC §10, "Build settings as Xcode resolves
/// them"): levels from the lowest — the project's `.xcconfig`, the project's own settings, the
/// target's `.xcconfig`, the target's own settings — each later assignment over the earlier,
/// `$(inherited)` (or the setting naming itself) the value below it, `$(NAME)`, `${NAME}` and
/// `$(NAME:modifier)` expanded, conditions matched against a `BuildContext`.
///
/// Memo: none — a scan asks a handful of settings of each target once. The index by name keeps
/// each lookup to the assignments of that setting.
struct BuildSettings: Sendable {
    /// Every assignment, lowest level first; within a project dictionary, unconditional before
    /// conditional (a conditional assignment is the more specific one).
    private var assignments: [BuildSettingAssignment] = []
    private var byName: [String: [Int]] = [:]
    /// Settings Xcode defines itself (`TARGET_NAME`, `PROJECT_NAME`, `SRCROOT`, …).
    var builtins: [String: String] = [:]

    init(builtins: [String: String] = [:]) {
        self.builtins = builtins
    }

    /// Whether some level assigns `name` (not a built-in default).
    func assigns(_ name: String) -> Bool { byName[name] != nil }

    /// Adds a level of an `.xcconfig` file's assignments, in file order.
    mutating func append(_ level: [BuildSettingAssignment]) {
        for assignment in level {
            byName[assignment.name, default: []].append(assignments.count)
            assignments.append(assignment)
        }
    }

    /// Adds a project's `buildSettings` dictionary as a level: its keys have no order, so the
    /// unconditional ones come first, then the conditional ones, each sorted by key.
    mutating func append(dictionary: [String: OpenStepValue]) {
        var level = dictionary.compactMap { key, value -> BuildSettingAssignment? in
            let text = value.string ?? value.array?.compactMap(\.string).joined(separator: " ") ?? ""
            return BuildSettingAssignment(key: key, value: text)
        }
        level.sort {
            ($0.conditions.count, $0.name, $0.conditions.map(\.pattern).joined(separator: " ")) < (
                $1.conditions.count, $1.name, $1.conditions.map(\.pattern).joined(separator: " ")
            )
        }
        append(level)
    }

    /// The value of `name` in `context`, expanded; nil when nothing sets it.
    func value(_ name: String, in context: BuildContext) -> String? {
        value(name, below: assignments.count, in: context, depth: 0)
    }

    private func value(_ name: String, below limit: Int, in context: BuildContext, depth: Int) -> String? {
        guard depth < 32 else { return nil }
        for index in (byName[name] ?? []).reversed()
        where index < limit && context.matches(assignments[index].conditions) {
            return expand(assignments[index].value, setting: name, at: index, in: context, depth: depth + 1)
        }
        return builtins[name].map { expand($0, setting: nil, at: assignments.count, in: context, depth: depth + 1) }
    }

    /// `value` with each `$(…)` / `${…}` / `$NAME` reference replaced.
    func expand(_ text: String, in context: BuildContext) -> String {
        expand(text, setting: nil, at: assignments.count, in: context, depth: 0)
    }

    private func expand(_ text: String, setting: String?, at index: Int, in context: BuildContext, depth: Int) -> String
    {
        guard text.contains("$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first else {
                result += "$"
                rest = after
                break
            }
            if open == "(" || open == "{" {
                guard let end = Self.closing(of: after) else {
                    result += rest[dollar...]
                    rest = rest[rest.endIndex...]
                    break
                }
                // A reference may itself hold references: `$(PRODUCT_NAME_$(CONFIGURATION))`.
                let inner = expand(
                    String(after[after.index(after: after.startIndex)..<end]), setting: setting, at: index, in: context,
                    depth: depth + 1)
                result += resolve(reference: inner, setting: setting, at: index, in: context, depth: depth)
                rest = after[after.index(after: end)...]
            } else if open.isLetter || open == "_" {
                let end = after.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? after.endIndex
                result += resolve(
                    reference: String(after[..<end]), setting: setting, at: index, in: context, depth: depth)
                rest = after[end...]
            } else {
                result += open == "$" ? "$" : "$\(open)"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }

    /// `NAME` or `NAME:modifier[:modifier…]`, looked up and modified.
    private func resolve(reference: String, setting: String?, at index: Int, in context: BuildContext, depth: Int)
        -> String
    {
        let parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        var value: String?
        if name == "inherited" || name == setting, let setting {
            value = self.value(setting, below: index, in: context, depth: depth + 1)
        } else {
            value = self.value(name, below: assignments.count, in: context, depth: depth + 1)
        }
        var text = value ?? ""
        for modifier in parts.dropFirst() { text = Self.apply(modifier, to: text) }
        return text
    }

    /// Xcode's build setting modifiers; one it has that the scan does not know leaves the value.
    static func apply(_ modifier: String, to value: String) -> String {
        if modifier.hasPrefix("default=") {
            return value.isEmpty ? String(modifier.dropFirst("default=".count)) : value
        }
        switch modifier {
        case "c99extidentifier", "identifier": return SourcePath.c99Identifier(value)
        case "rfc1034identifier":
            return String(value.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "base":
            let file = SourcePath.lastComponent(value)
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
            return String(file[..<dot])
        case "file": return SourcePath.lastComponent(value)
        case "dir": return SourcePath.parent(value).map { $0 + "/" } ?? ""
        case "suffix":
            let file = SourcePath.lastComponent(value)
            return file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
        case "standardizepath": return SourcePath.standardized(value, relativeTo: "/")
        case "quote": return value.contains(" ") ? "\"\(value)\"" : value
        default: return value
        }
    }

    /// The index of the `)` or `}` that closes the one `text` starts with, nested ones counted.
    private static func closing(of text: Substring) -> Substring.Index? {
        guard let open = text.first else { return nil }
        let close: Character = open == "(" ? ")" : "}"
        var depth = 0
        for index in text.indices {
            if text[index] == open {
                depth += 1
            } else if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

/// The `*` patterns of build setting conditions and `SUPPORTED_PLATFORMS`-like lists.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern.utf8)[...], Array(text.utf8)[...])
    }

    private static func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "*") {
            let rest = pattern.dropFirst()
            var suffix = text
            while true {
                if matches(rest, suffix) { return true }
                guard !suffix.isEmpty else { return false }
                suffix = suffix.dropFirst()
            }
        }
        guard let character = text.first, character == first else { return false }
        return matches(pattern.dropFirst(), text.dropFirst())
    }
}
