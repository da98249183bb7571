import TrackctlModel
import TrackctlPlan

/// A tracking plan's findings in the four `--format`s, shaped as `validate`'s are (SPEC §14):
/// `file:line:col: error: message (path) [rule]`; one JSON document whose findings add
/// `path`, `expected` and `actual`; GitHub annotations; Xcode's issue lines (SPEC §15).
enum PlanFindingRenderer {
    static func render(_ findings: [PlanFinding], as format: OutputFormat) -> String {
        switch format {
        case .text: return findings.map { text($0) + "\n" }.joined()
        case .json: return json(findings)
        case .github: return findings.map { github($0) + "\n" }.joined()
        case .xcode:
            let renderer = XcodeRenderer()
            return findings.map { xcode($0, renderer) + "\n" }.joined()
        }
    }

    static func text(_ finding: PlanFinding) -> String {
        var prefix = UserText.escapedControls(finding.file)
        if let position = finding.position { prefix += ":\(position.line):\(position.column)" }
        let path = finding.path.isEmpty ? "" : " (\(UserText.escapedControls(finding.path)))"
        return
            "\(prefix): \(finding.severity.rawValue): \(UserText.escapedControls(finding.message))\(path) "
            + "[\(finding.rule.rawValue)]"
    }

    static func json(_ findings: [PlanFinding]) -> String {
        let objects = objects(findings)
        let list = objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
        let errors = findings.count { $0.severity == .error }
        return "{\"findings\":\(list),\"errors\":\(errors),\"warnings\":\(findings.count - errors)}\n"
    }

    /// One JSON object per finding, keys in the documented order.
    static func objects(_ findings: [PlanFinding]) -> [String] {
        findings.map { finding in
            var fields = [
                "\"rule\":" + JSONText.quoted(finding.rule.rawValue),
                "\"severity\":" + JSONText.quoted(finding.severity.rawValue),
                "\"message\":" + JSONText.quoted(finding.message),
                "\"file\":" + JSONText.quoted(finding.file)
            ]
            if let position = finding.position {
                fields.append("\"line\":\(position.line)")
                fields.append("\"column\":\(position.column)")
            }
            fields.append("\"path\":" + JSONText.quoted(finding.path))
            fields.append("\"expected\":" + (finding.expected.map(JSONText.quoted) ?? "null"))
            fields.append("\"actual\":" + (finding.actual.map(JSONText.quoted) ?? "null"))
            if let version = finding.version { fields.append("\"version\":" + JSONText.quoted(version)) }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    static func xcode(_ finding: PlanFinding, _ renderer: XcodeRenderer) -> String {
        renderer.line(
            file: finding.file, position: finding.position, severity: finding.severity.rawValue,
            message: finding.message + (finding.path.isEmpty ? "" : " (\(finding.path))"), rule: finding.rule.rawValue)
    }

    static func github(_ finding: PlanFinding) -> String {
        GitHubAnnotation.line(
            severity: finding.severity.rawValue, file: finding.file, line: finding.position?.line,
            column: finding.position?.column,
            title: "trackctl \(finding.rule.rawValue)",
            message: finding.message + (finding.path.isEmpty ? "" : " (\(finding.path))"))
    }
}
