import TrackctlModel

/// One finding of a tracking plan — about the plan itself, a SPOC entry, or a call — with the
/// fields every command reports alike (SPEC §14): rule, severity, message, where, and for a
/// call's value the dot path, what the plan wants and what came.
public struct PlanFinding: Sendable, Hashable {
    public var rule: PlanRule
    public var severity: Severity
    public var message: String
    /// The file the finding is in: the plan, the SPOC, a JSON-lines file, a script.
    public var file: String
    public var position: SourcePosition?
    /// A dot path in the call (`properties.items[0].sku`), or in the plan for its own findings.
    public var path: String
    public var expected: String?
    public var actual: String?
    /// The plan entry's version the call was checked against, when the entry has several.
    public var version: String?

    public init(
        rule: PlanRule, severity: Severity, message: String, file: String, position: SourcePosition? = nil,
        path: String = "",
        expected: String? = nil, actual: String? = nil, version: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.path = path
        self.expected = expected
        self.actual = actual
        self.version = version
    }

    /// Errors first, then by file, position, rule and message.
    public static func reportOrder(_ lhs: PlanFinding, _ rhs: PlanFinding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = lhs.position.map { ($0.line, $0.column) } ?? (0, 0),
            right = rhs.position.map { ($0.line, $0.column) } ?? (0, 0)
        if left != right { return left < right }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

/// How loud a plan's `unplanned` setting makes an unplanned event or property.
public enum UnplannedSeverity: String, Sendable, CaseIterable {
    case off
    case warning
    case error

    var severity: Severity? {
        switch self {
        case .off: return nil
        case .warning: return .warning
        case .error: return .error
        }
    }
}
