/// One finding: data, not text. Renderers turn it into text, JSON or GitHub annotations.
public struct Diagnostic: Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    /// Lower-case start, no final period, names in single quotes, the fix when one is known.
    public var message: String
    public var location: SourceLocation
    /// Replacement values that would fix the finding, best first; empty when nothing is close.
    public var suggestions: [String]
    /// The other entry this finding is about too (the ancestor's hook of a `hierarchy-conflict`):
    /// when that entry has an error of its own, this finding is follow-on noise and is dropped.
    package var alsoAbout: ValuePath?

    public init(
        rule: RuleID, message: String, location: SourceLocation, suggestions: [String] = [], severity: Severity? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.message = UserText.message(message)
        self.location = location
        self.suggestions = suggestions
    }

    /// The order of every report: errors first, then by location, then rule and message.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
