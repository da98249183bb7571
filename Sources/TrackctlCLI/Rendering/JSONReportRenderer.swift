import TrackctlCore
import TrackctlModel

/// One JSON document with every finding (SPEC §7), keys in the documented order, one finding
/// per line so diffs stay readable.
struct JSONReportRenderer: DiagnosticRenderer {
    func render(_ report: ValidationReport) -> String {
        let findings = report.findings.map(object(for:))
        let list = findings.isEmpty ? "[]" : "[\n  " + findings.joined(separator: ",\n  ") + "\n]"
        return "{\"findings\":\(list),\"errors\":\(report.errorCount),\"warnings\":\(report.warningCount)}\n"
    }

    /// The same document, with the failure as its one finding (`path` empty: the file as a whole).
    func render(unreadable error: DocumentError) -> String {
        var fields = [
            "\"rule\":" + JSONText.quoted(DocumentError.ruleName),
            "\"severity\":\"error\"",
            "\"message\":" + JSONText.quoted(error.message),
            "\"file\":" + JSONText.quoted(error.file)
        ]
        if let position = error.position {
            fields.append("\"line\":\(position.line)")
            fields.append("\"column\":\(position.column)")
        }
        fields.append("\"path\":\"\"")
        fields.append("\"suggestions\":[]")
        return "{\"findings\":[\n  {" + fields.joined(separator: ",") + "}\n],\"errors\":1,\"warnings\":0}\n"
    }

    func object(for finding: Diagnostic) -> String {
        var fields = [
            "\"rule\":" + JSONText.quoted(finding.rule.rawValue),
            "\"severity\":" + JSONText.quoted(finding.severity.rawValue),
            "\"message\":" + JSONText.quoted(finding.message),
            "\"file\":" + JSONText.quoted(finding.location.file)
        ]
        if let position = finding.location.position {
            fields.append("\"line\":\(position.line)")
            fields.append("\"column\":\(position.column)")
        }
        fields.append("\"path\":" + JSONText.quoted(finding.location.path.rendered))
        fields.append("\"suggestions\":" + JSONText.array(finding.suggestions))
        return "{" + fields.joined(separator: ",") + "}"
    }
}
