import TrackctlModel
import TrackctlPlan

/// `replay --plan` and `simulate --plan` (SPEC §14): every emitted event checked against the
/// tracking plan with its concrete values, each finding reported at the script line that fired
/// it and the SPOC entry that shaped it — stdout untouched.
///
/// Reads the event's line as the sinks got it (one encoding, one truth), so what is checked is
/// byte for byte what a collector receives. Owner: one run; one thread (the emitter's).
final class PlanEventCheck {
    private let plan: TrackingPlan
    private let spoc: SPOC
    private let scripts: [String]
    private let report: (ScriptError, PlanFinding) -> Void
    private let memo = PlanVerdictMemo()
    /// Errors found so far.
    private(set) var errors = 0
    /// Every finding so far (not only the first of a kind), by rule and event or screen name:
    /// `simulate --summary`'s counts.
    private(set) var tally: [String: [String: Int]] = [:]

    init(plan: TrackingPlan, spoc: SPOC, scripts: [String], report: @escaping (ScriptError, PlanFinding) -> Void) {
        self.plan = plan
        self.spoc = spoc
        self.scripts = scripts
        self.report = report
    }

    /// What a check reads of a line when the plan has no `common` schema: the call's type and
    /// name, its properties or traits, and `context.protocols`.
    private static let projection = JSONValueReader.Projection([
        "type": nil, "event": nil, "name": nil, "properties": nil, "traits": nil,
        "context": JSONValueReader.Projection(["protocols": nil])
    ])

    /// Checks one emitted line.
    func check(_ emitted: EmittedCall) {
        let raw = emitted.line.bindMemory(to: UInt8.self)
        let findings: [PlanFinding]
        if plan.checksWholeCalls {
            var reader = JSONValueReader(bytes: Array(raw))
            guard let call = try? reader.read() else { return }
            findings = plan.check(call, from: .init(file: ""))
        } else {
            let key = PlanVerdictMemo.Key(UnsafeBufferPointer(rebasing: raw[..<min(emitted.callLength, raw.count)]))
            if let known = memo.verdict(for: key) {
                if known.isEmpty { return }
                findings = known
            } else {
                var reader = JSONValueReader(bytes: Array(raw))
                guard let projected = reader.readProjected(Self.projection) else { return }
                findings = plan.check(.object(projected), from: .init(file: ""))
                memo.remember(findings, for: key)
            }
        }
        guard !findings.isEmpty else { return }
        let file = emitted.script ?? scripts.first ?? ""
        var reader = JSONValueReader(bytes: Array(raw))
        let call = reader.readProjected(Self.projection) ?? JSONObject()
        let name = call["event"]?.stringValue ?? call["name"]?.stringValue ?? call["type"]?.stringValue ?? ""
        for finding in findings { tally[finding.rule.rawValue, default: [:]][name, default: 0] += 1 }
        for var finding in findings {
            finding.file = file
            finding.position = SourcePosition(line: emitted.step, column: 1)
            if finding.severity == .error { errors += 1 }
            let entry =
                spocEntry(for: call).map {
                    " (\($0.label.file)\($0.label.position.map { ":\($0.line)" } ?? "") \($0.path))"
                } ?? ""
            report(
                ScriptError(
                    file: file, line: emitted.step, message: finding.message + " [\(finding.rule.rawValue)]" + entry,
                    severity: finding.severity),
                finding)
        }
    }

    /// The SPOC entry whose hook emitted the call: by class and selector (or key path) for a
    /// track, by class for a screen.
    private func spocEntry(for call: JSONObject) -> (label: SourceLocation, path: ValuePath)? {
        let properties = call["properties"]?.objectValue
        let className = properties?["class"]?.stringValue
        switch call["type"]?.stringValue {
        case "track":
            let name = call["event"]?.stringValue
            if let selector = properties?["selector"]?.stringValue {
                let candidates = spoc.events.filter { $0.selector.value == selector }
                let chosen =
                    candidates.first { $0.className.value == className } ?? candidates.first { $0.label.value == name }
                    ?? candidates.first
                return chosen.map { ($0.label.location, $0.path) }
            }
            if let keyPath = properties?["keyPath"]?.stringValue {
                let chosen = spoc.properties.first {
                    $0.keyPath.value == keyPath && ($0.className.value == className || $0.label.value == name)
                }
                return chosen.map { ($0.label.location, $0.path) }
            }
            return nil
        case "screen":
            let name = call["name"]?.stringValue
            let chosen =
                spoc.screens.first { $0.className.value == className } ?? spoc.screens.first { $0.label.value == name }
            return chosen.map { ($0.label.location, $0.path) }
        default:
            return nil
        }
    }
}

/// The plan's findings on a line, by the line's first bytes: a replay or a simulation emits the
/// same few calls again and again (the same event with the same properties, for user after
/// user), and checking one again would give the same findings.
///
/// Fast path. Its invariant: the key is everything a check reads — the line up to and with its
/// `properties` (or `traits`), before `context` — and the plan has no `common` schema (which
/// would read the rest), so equal keys give equal findings; the plan never changes after it is
/// loaded; a stored key's bytes are this memo's own copy, freed only when the memo is cleared,
/// together with every key that points into them. Owner: one `PlanEventCheck`; one thread.
/// Bounded: cleared when full.
final class PlanVerdictMemo {
    /// A line's prefix, hashed once in one pass (FNV-1a over its bytes) rather than byte by
    /// byte through `Hasher`.
    struct Key: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        let hash: UInt64

        /// `bytes` must outlive the key: a line's, during its check; a stored copy's, for good.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // Eight bytes a step (unaligned loads), then the tail: a line's call is ~100 bytes.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
                offset += 1
            }
            self.hash = hash
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            // Not nil: read only when the count (the same on both sides) is not 0.
            // swift-format-ignore: NeverForceUnwrap
            lhs.hash == rhs.hash && lhs.bytes.count == rhs.bytes.count
                && (lhs.bytes.count == 0
                    || Platform.equalBytes(lhs.bytes.baseAddress!, rhs.bytes.baseAddress!, count: lhs.bytes.count))
        }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private var verdicts: [Key: [PlanFinding]] = [:]
    /// The stored keys' bytes, owned here: a key in `verdicts` points into one of these.
    private var storage: [UnsafeMutableBufferPointer<UInt8>] = []
    private static let capacity = 4096

    deinit { clear() }

    func verdict(for key: Key) -> [PlanFinding]? { verdicts[key] }

    func remember(_ findings: [PlanFinding], for key: Key) {
        if verdicts.count >= Self.capacity { clear() }
        // A copy of the bytes: the line they point into is reused for the next event.
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: key.bytes.count)
        _ = copy.initialize(from: key.bytes)
        storage.append(copy)
        verdicts[Key(UnsafeBufferPointer(copy))] = findings
    }

    private func clear() {
        verdicts.removeAll(keepingCapacity: true)
        for buffer in storage { buffer.deallocate() }
        storage.removeAll(keepingCapacity: true)
    }
}
