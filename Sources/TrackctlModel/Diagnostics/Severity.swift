/// How serious a finding is. Errors fail `validate` (exit 1); warnings do not unless `--strict`.
public enum Severity: String, Sendable, Comparable {
    case error
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}
