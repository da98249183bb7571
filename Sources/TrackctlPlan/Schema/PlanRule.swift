/// The findings a tracking plan gives, one vocabulary in every command (SPEC §14).
public enum PlanRule: String, Sendable, CaseIterable, Comparable {
    case unplannedEvent = "unplanned-event"
    case unimplementedEvent = "unimplemented-event"
    case requiredMissing = "required-missing"
    case typeMismatch = "type-mismatch"
    case valueNotAllowed = "value-not-allowed"
    case patternMismatch = "pattern-mismatch"
    case formatMismatch = "format-mismatch"
    case outOfRange = "out-of-range"
    case unplannedProperty = "unplanned-property"
    case schemaMismatch = "schema-mismatch"
    case unsupportedKeyword = "unsupported-keyword"
    case invalidPlan = "invalid-plan"

    public static func < (lhs: PlanRule, rhs: PlanRule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One step of a path into a call: a key, or an array index.
public enum PathStep: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// Dot paths as findings write them: `properties.items[0].sku`.
public enum DotPath {
    public static func render(_ steps: [PathStep]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// What one schema keyword found wrong with a value: the rule, where, what the plan wants and
/// what came, and the phrase a message is made of (`is string "12", the plan wants number`).
public struct SchemaViolation: Sendable, Hashable {
    public var rule: PlanRule
    /// From the value checked (the caller prefixes where that value sits in the call).
    public var path: [PathStep]
    public var expected: String
    public var actual: String
    /// What follows the subject in a message: `is string "12", the plan wants number`.
    public var reason: String

    public init(rule: PlanRule, path: [PathStep], expected: String, actual: String, reason: String) {
        self.rule = rule
        self.path = path
        self.expected = expected
        self.actual = actual
        self.reason = reason
    }
}
