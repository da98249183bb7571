import TrackctlCore
import TrackctlModel

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, so
/// findings appear as annotations on the pull request's diff.
struct GitHubRenderer: DiagnosticRenderer {
    func render(_ report: ValidationReport) -> String {
        report.findings.map { line(for: $0) + "\n" }.joined()
    }

    func line(for finding: Diagnostic) -> String {
        let location = finding.location
        return GitHubAnnotation.line(
            severity: finding.severity.rawValue, file: location.file, line: location.position?.line,
            column: location.position?.column, title: "trackctl \(finding.rule.rawValue)",
            message: finding.message + (location.path.rendered.isEmpty ? "" : " (\(location.path))"))
    }

    func render(unreadable error: DocumentError) -> String {
        GitHubAnnotation.line(
            severity: "error", file: error.file, line: error.position?.line, column: error.position?.column,
            title: "trackctl \(DocumentError.ruleName)", message: error.message) + "\n"
    }
}

/// One GitHub Actions workflow command (`::error file=…,line=…,col=…,title=…::message`),
/// escaped as the runner expects: for `validate` findings and `diff` differences alike.
enum GitHubAnnotation {
    /// Standard input has no file a pull request shows: its annotation names no file (and so
    /// no line), and the message says where it came from.
    static func line(severity: String, file: String, line: Int?, column: Int?, title: String, message: String) -> String
    {
        guard file != "<stdin>" else {
            let located = "<stdin>" + (line.map { ":\($0)" } ?? "") + ": " + message
            return "::\(severity) title=\(escapeProperty(title))::\(escapeData(located))"
        }
        var properties = ["file=" + escapeProperty(file)]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(severity) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// The escaping GitHub's runner undoes for a command's message.
    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values additionally escape ':' and ','.
    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
