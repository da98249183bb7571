import Foundation
import TrackctlModel

/// A tracking plan (`trackctl-plan/1`, SPEC §14): what each event, screen, identify and group
/// call must carry, as JSON Schemas compiled once. Read by `TrackingPlan.load`, which reports
/// every problem of the file at its line and column; a plan with any is not used.
///
/// Immutable after loading, so one plan is shared by every thread that checks calls.
public final class TrackingPlan: Sendable {
    public static let formatName = "trackctl-plan/1"
    /// The file name looked for beside the SPOC when no `--plan` is given.
    public static let conventionalName = "tracking-plan.json"

    /// The plan a command reads when no `--plan` is given (SPEC §14): `tracking-plan.json` beside
    /// the SPOC, when there is one; none for a SPOC on standard input.
    public static func conventionalFile(besideSPOC spoc: String) -> String? {
        guard spoc != "-" else { return nil }
        let folder = (spoc as NSString).deletingLastPathComponent
        let candidate = folder.isEmpty ? conventionalName : folder + "/" + conventionalName
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    public let file: String
    public let unplannedEvents: UnplannedSeverity
    public let unplannedProperties: UnplannedSeverity
    let common: CompiledSchema?
    /// A `common` schema reads the whole call; without one, only the type, name, properties,
    /// traits and `context.protocols` are read.
    public var checksWholeCalls: Bool { common != nil }
    public let events: PlanEntries
    public let screens: PlanEntries
    let identifyTraits: CompiledSchema?
    let groupTraits: CompiledSchema?

    init(
        file: String, unplannedEvents: UnplannedSeverity, unplannedProperties: UnplannedSeverity,
        common: CompiledSchema?,
        events: PlanEntries, screens: PlanEntries, identifyTraits: CompiledSchema?, groupTraits: CompiledSchema?
    ) {
        self.file = file
        self.unplannedEvents = unplannedEvents
        self.unplannedProperties = unplannedProperties
        self.common = common
        self.events = events
        self.screens = screens
        self.identifyTraits = identifyTraits
        self.groupTraits = groupTraits
    }

    /// What reading a plan gives: the plan, or the findings that stop it from being used.
    public struct Loaded: Sendable {
        public var plan: TrackingPlan?
        public var findings: [PlanFinding]
    }

    /// Reads and compiles the plan at `path`. An unreadable file is a `DocumentError`; a file
    /// that is not JSON, not a plan, or holds a schema trackctl cannot check gives findings
    /// (`invalid-plan`, `unsupported-keyword`), each at its line and column, and no plan.
    public static func load(path: String) throws(DocumentError) -> Loaded {
        let bytes = try FileInput.readAll(path: path, reportedAs: path)
        return load(bytes: bytes, file: path)
    }

    public static func load(bytes: [UInt8], file: String) -> Loaded {
        var reader = JSONValueReader(bytes: bytes, recordOffsets: true)
        let document: JSONValue
        do {
            document = try reader.read()
        } catch {
            return Loaded(
                plan: nil,
                findings: [
                    PlanFinding(
                        rule: .invalidPlan, severity: .error, message: "the plan is not JSON: \(error.message)",
                        file: file,
                        position: error.position)
                ])
        }
        let offsets = reader.offsets
        func position(_ pointer: String) -> SourcePosition? {
            var current = pointer
            while true {
                if let offset = offsets[current] { return reader.position(ofOffset: offset) }
                guard let slash = current.lastIndex(of: "/") else { return nil }
                current = String(current[..<slash])
            }
        }
        var problems: [PlanProblem] = []
        func problem(_ pointer: String, _ message: String) {
            problems.append(PlanProblem(rule: .invalidPlan, pointer: pointer, message: message))
        }

        guard case .object(let root) = document else {
            problem("", "a plan is a JSON object with \"format\": \"\(formatName)\"")
            return Loaded(plan: nil, findings: locate(problems, file: file, position: position))
        }
        let known: Set<String> = [
            "format", "unplanned", "common", "events", "screens", "identify", "group", "$defs", "description",
            "$comment", "inferred"
        ]
        for key in root.keys where !known.contains(key) {
            problems.append(
                PlanProblem(
                    rule: .invalidPlan, pointer: "/" + JSONValueReader.escape(key),
                    message: "'\(key)' is not a key of a plan (\(known.sorted().joined(separator: ", ")))"
                        + Suggester.didYouMean(key, among: known.sorted())))
        }
        if let inferred = root["inferred"], inferred.typeName != "boolean" {
            problem("/inferred", "'inferred' is true or false")
        }
        switch root["format"] {
        case .string(formatName)?: break
        case nil: problem("", "the plan has no \"format\"; write \"format\": \"\(formatName)\"")
        case let other?:
            problem("/format", "the format \(other.jsonText) is not one trackctl reads; write \"\(formatName)\"")
        }
        var unplannedEvents = UnplannedSeverity.warning, unplannedProperties = UnplannedSeverity.warning
        if let unplanned = root["unplanned"] {
            if case .object(let settings) = unplanned {
                for (key, value) in settings.members {
                    let at = "/unplanned/" + JSONValueReader.escape(key)
                    guard key == "events" || key == "properties" else {
                        problem(at, "'unplanned' sets 'events' and 'properties'"); continue
                    }
                    guard case .string(let text) = value, let severity = UnplannedSeverity(rawValue: text) else {
                        problem(at, "'unplanned.\(key)' is \"off\", \"warning\" or \"error\", not \(value.jsonText)")
                        continue
                    }
                    if key == "events" { unplannedEvents = severity } else { unplannedProperties = severity }
                }
            } else {
                problem("/unplanned", "'unplanned' is an object: {\"events\": \"warning\", \"properties\": \"error\"}")
            }
        }

        var compiler = SchemaCompiler(document: document)
        var roots: [CompiledSchema] = []
        func schema(at pointer: String, extra: Set<String> = []) -> CompiledSchema {
            let compiled = compiler.compile(at: pointer, allowing: extra)
            roots.append(compiled)
            return compiled
        }
        let common = root["common"].map { _ in schema(at: "/common") }
        if case .object(let defs)? = root["$defs"] {
            for key in defs.keys { _ = schema(at: "/$defs/" + JSONValueReader.escape(key)) }
        } else if root["$defs"] != nil {
            problem("/$defs", "'$defs' is an object of schemas")
        }
        func entries(_ key: String) -> PlanEntries {
            guard let value = root[key] else { return PlanEntries(entries: []) }
            guard case .object(let members) = value else {
                problem("/" + key, "'\(key)' is an object: one schema per name")
                return PlanEntries(entries: [])
            }
            var list: [PlanEntry] = []
            for (name, entry) in members.members {
                let at = "/" + key + "/" + JSONValueReader.escape(name)
                if name.trimmingCharacters(in: .whitespaces).isEmpty { problem(at, "a plan name is not empty") }
                var versions: [(version: String, schema: CompiledSchema)] = []
                if case .object(let body) = entry, let declared = body["versions"] {
                    if body.keys.contains(where: { $0 != "versions" && $0 != "description" }) {
                        problem(
                            at,
                            "an entry with 'versions' has its schemas inside them: {\"versions\": {\"1\": {…}, "
                                + "\"2\": {…}}}"
                        )
                    }
                    guard case .object(let byVersion) = declared, byVersion.count > 0 else {
                        problem(at + "/versions", "'versions' is an object of schemas by version: {\"1\": {…}}")
                        continue
                    }
                    for versionKey in byVersion.keys {
                        versions.append(
                            (
                                versionKey,
                                schema(
                                    at: at + "/versions/" + JSONValueReader.escape(versionKey), extra: ["description"])
                            ))
                    }
                } else {
                    var version = "1"
                    if case .object(let body) = entry, let declared = body["version"] {
                        switch declared {
                        case .string(let text): version = text
                        case .number(let number) where number.isInteger: version = number.description
                        default: problem(at + "/version", "'version' is a string or an integer")
                        }
                    }
                    versions.append((version, schema(at: at, extra: ["version"])))
                }
                versions.sort { PlanEntries.versionPrecedes($0.version, $1.version) }
                list.append(PlanEntry(name: name, pointer: at, position: position(at), versions: versions))
            }
            return PlanEntries(entries: list)
        }
        let events = entries("events"), screens = entries("screens")
        func traits(_ key: String) -> CompiledSchema? {
            guard let value = root[key] else { return nil }
            guard case .object(let body) = value else {
                problem("/" + key, "'\(key)' is an object: {\"traits\": {schema}}")
                return nil
            }
            for other in body.keys where other != "traits" && other != "description" {
                problem(
                    "/" + key + "/" + JSONValueReader.escape(other),
                    "'\(key)' holds 'traits' (a schema) and 'description'")
            }
            return body["traits"].map { _ in schema(at: "/" + key + "/traits") }
        }
        let identify = traits("identify"), group = traits("group")
        compiler.checkCycles(from: roots)
        problems += compiler.problems
        let findings = locate(problems, file: file, position: position)
        guard findings.isEmpty else { return Loaded(plan: nil, findings: findings) }
        let plan = TrackingPlan(
            file: file, unplannedEvents: unplannedEvents, unplannedProperties: unplannedProperties, common: common,
            events: events,
            screens: screens, identifyTraits: identify, groupTraits: group)
        return Loaded(plan: plan, findings: [])
    }

    private static func locate(_ problems: [PlanProblem], file: String, position: (String) -> SourcePosition?)
        -> [PlanFinding]
    {
        var seen = Set<PlanProblem>()
        return problems.filter { seen.insert($0).inserted }.map { problem in
            PlanFinding(
                rule: problem.rule, severity: .error, message: problem.message, file: file,
                position: position(problem.pointer),
                path: problem.pointer.isEmpty
                    ? "" : String(problem.pointer.dropFirst()).replacingOccurrences(of: "/", with: "."))
        }
        .sorted(by: PlanFinding.reportOrder)
    }
}

/// One planned event or screen: its name as the plan writes it (a `{…}` part matches any
/// text, as a templated SPOC label renders), and its schemas by version, oldest first.
public struct PlanEntry: Sendable {
    public let name: String
    public let pointer: String
    public let position: SourcePosition?
    let versions: [(version: String, schema: CompiledSchema)]

    /// The schema of `version`, or of the oldest when none is asked for; nil when the entry has
    /// no such version.
    func schema(version: String?) -> (version: String, schema: CompiledSchema)? {
        guard let version else { return versions.first }
        return versions.first { $0.version == version }
    }

    /// The newest version's schema: what a static check of the SPOC reads.
    public var newest: CompiledSchema? { versions.last?.schema }
    public var versionNames: [String] { versions.map(\.version) }
    public var isTemplated: Bool { name.contains("{") }
}

/// A plan's events (or screens) by name: exact names first, then the templated ones in plan order.
public struct PlanEntries: Sendable {
    public let entries: [PlanEntry]
    private let exact: [String: Int]
    private let templated: [(pattern: NSRegularExpression, index: Int)]

    init(entries: [PlanEntry]) {
        self.entries = entries
        var exact: [String: Int] = [:]
        var templated: [(NSRegularExpression, Int)] = []
        for (index, entry) in entries.enumerated() {
            if entry.isTemplated, let pattern = Self.pattern(entry.name) {
                templated.append((pattern, index))
            } else {
                exact[entry.name] = index
            }
        }
        self.exact = exact
        self.templated = templated
    }

    /// `Viewed {product}` as a regular expression: each `{…}` any non-empty text.
    static func pattern(_ name: String) -> NSRegularExpression? {
        var pattern = "^"
        var rest = Substring(name)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "(.+?)"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
    }

    /// The entry a call's name is checked against.
    public func entry(named name: String) -> PlanEntry? {
        if let index = exact[name] { return entries[index] }
        let range = NSRange(name.startIndex..<name.endIndex, in: name)
        for (pattern, index) in templated where pattern.firstMatch(in: name, options: [], range: range) != nil {
            return entries[index]
        }
        return nil
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Numeric versions by value (`2` before `10`), others by text after them.
    static func versionPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        switch (Int(lhs), Int(rhs)) {
        case (let a?, let b?): return a < b
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs < rhs
        }
    }
}
