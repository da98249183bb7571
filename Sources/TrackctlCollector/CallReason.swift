import TrackctlModel
import TrackctlPlan

/// Why a received call is bad, as an object every client can read (SPEC §14: Snowplow Micro's
/// users ask for exactly this, not an escaped string): the rule, the dot path in the call, what
/// was expected and what came, and the sentence.
package struct CallReason: Sendable, Hashable {
    /// A Segment rule (`malformed-call`), `duplicate-key`, `not-in-spoc`, or a tracking plan's
    /// rule (`type-mismatch`, …).
    package var rule: String
    package var path: String
    package var expected: String?
    package var actual: String?
    package var message: String

    init(rule: String, path: String = "", expected: String? = nil, actual: String? = nil, message: String) {
        self.rule = rule
        self.path = path
        self.expected = expected
        self.actual = actual
        self.message = message
    }

    init(_ finding: PlanFinding) {
        self.init(
            rule: finding.rule.rawValue, path: finding.path, expected: finding.expected, actual: finding.actual,
            message: finding.message)
    }

    /// `{"rule":…,"path":…,"expected":…,"actual":…,"message":…}`.
    var json: String {
        "{\"rule\":" + JSONText.quoted(rule) + ",\"path\":" + JSONText.quoted(path) + ",\"expected\":"
            + (expected.map(JSONText.quoted) ?? "null")
            + ",\"actual\":" + (actual.map(JSONText.quoted) ?? "null") + ",\"message\":" + JSONText.quoted(message)
            + "}"
    }
}
