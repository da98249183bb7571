/// The one place that decides what counts: `--strict`, ordering, and the error and warning
/// counts that map to the exit code.
public struct DiagnosticPolicy: Sendable {
    /// When true, every warning is reported and counted as an error.
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    /// Applies the policy: raises warnings under `--strict`, sorts, removes exact repeats.
    public func apply(_ findings: [Diagnostic]) -> ValidationReport {
        var seen = Set<Diagnostic>()
        var result: [Diagnostic] = []
        for var finding in findings {
            if strict { finding.severity = .error }
            if seen.insert(finding).inserted { result.append(finding) }
        }
        result.sort(by: Diagnostic.reportOrder)
        return ValidationReport(findings: result)
    }
}

/// The findings of one run, in report order, with their counts.
public struct ValidationReport: Sendable {
    public var findings: [Diagnostic]

    public var errorCount: Int { findings.count { $0.severity == .error } }
    public var warningCount: Int { findings.count { $0.severity == .warning } }
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}
