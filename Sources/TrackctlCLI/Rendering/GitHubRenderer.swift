import TrackctlCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, so
/// findings appear as annotations on the pull request's diff.
struct GitHubRenderer: DiagnosticRenderer {
    func render(_ report: ValidationReport) -> String {
        report.findings.map { line(for: $0) + "\n" }.joined()
    }

    func line(for finding: Diagnostic) -> String {
        let location = finding.location
        var properties = ["file=" + escapeProperty(location.file)]
        if let position = location.position {
            properties.append("line=\(position.line)")
            properties.append("col=\(position.column)")
        }
        properties.append("title=" + escapeProperty("trackctl \(finding.rule.rawValue)"))
        let message = "\(finding.message) (\(location.path))"
        return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    func render(unreadable error: DocumentError) -> String {
        var properties = ["file=" + escapeProperty(error.file)]
        if let position = error.position {
            properties.append("line=\(position.line)")
            properties.append("col=\(position.column)")
        }
        properties.append("title=" + escapeProperty("trackctl \(DocumentError.ruleName)"))
        return "::error \(properties.joined(separator: ","))::\(escapeData(error.message))\n"
    }

    /// The escaping GitHub's runner undoes for a command's message.
    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values additionally escape ':' and ','.
    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

import Foundation
