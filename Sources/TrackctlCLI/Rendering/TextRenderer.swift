import TrackctlCore
import TrackctlModel

/// `file:line:col: error: message (key.path) [rule-id]`, one finding per line, as compilers
/// write them so editors can jump to the place.
struct TextRenderer: DiagnosticRenderer {
    func render(_ report: ValidationReport) -> String {
        report.findings.map { line(for: $0) + "\n" }.joined()
    }

    func line(for finding: Diagnostic) -> String {
        let location = finding.location
        // One finding, one line: control characters in the file name or a key are escaped as
        // they are in messages.
        var prefix = UserText.escapedControls(location.file)
        if let position = location.position { prefix += ":\(position.line):\(position.column)" }
        // The whole document has no key path to show.
        let path = location.path.rendered.isEmpty ? "" : " (\(UserText.escapedControls(location.path.rendered)))"
        return "\(prefix): \(finding.severity.rawValue): \(finding.message)\(path) [\(finding.rule.rawValue)]"
    }

    func render(unreadable error: DocumentError) -> String {
        error.description + "\n"
    }
}
