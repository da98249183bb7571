import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlSourceScan

/// Xcode's issue lines (SPEC §15): `/absolute/path:line:col: error|warning: message [rule]`, one
/// finding per line on stdout, which Xcode's build log turns into issues on the line and SwiftPM
/// prints as a compiler would. Paths are made absolute because a build tool runs in a folder the
/// reader of the log never sees; the text format's relative paths would resolve against nothing.
struct XcodeRenderer: DiagnosticRenderer {
    /// The folder relative paths are resolved against: the process's current directory.
    let directory: String

    init(directory: String = FileManager.default.currentDirectoryPath) {
        self.directory = directory
    }

    func render(_ report: ValidationReport) -> String {
        report.findings.map { line(for: $0) + "\n" }.joined()
    }

    func line(for finding: Diagnostic) -> String {
        let location = finding.location
        let path = location.path.rendered.isEmpty ? "" : " (\(location.path.rendered))"
        return line(
            file: location.file, position: location.position, severity: finding.severity.rawValue,
            message: finding.message + path, rule: finding.rule.rawValue)
    }

    func render(unreadable error: DocumentError) -> String {
        line(
            file: error.file, position: error.position, severity: "error", message: error.message,
            rule: DocumentError.ruleName) + "\n"
    }

    /// One issue line. Control characters are escaped, so one finding is always one line.
    func line(file: String, position: SourcePosition?, severity: String, message: String, rule: String?) -> String {
        var prefix = UserText.escapedControls(absolute(file))
        if let position { prefix += ":\(position.line):\(position.column)" }
        let tag = rule.map { " [\($0)]" } ?? ""
        return "\(prefix): \(severity): \(UserText.escapedControls(message))\(tag)"
    }

    /// `file` from the directory's point of view, standardized as the scan's paths are;
    /// `<stdin>` stays as it is (it has no path).
    func absolute(_ file: String) -> String {
        guard file != "<stdin>", !file.isEmpty else { return file }
        return SourcePath.standardized(file, relativeTo: directory)
    }

    /// What the xcode format prints after the issues: the counts without the words `error` and
    /// `warning`, which Xcode would read as one more issue; nothing when nothing was found, so a
    /// passing build stays quiet.
    static func summary(command: String, errors: Int, warnings: Int, subject: String) -> String? {
        guard errors + warnings > 0 else { return nil }
        let failing = errors > 0 ? "\(errors) failing the build" : "none failing the build"
        return "trackctl \(command): \(plural(errors + warnings, "finding")) (\(failing)) in \(subject)\n"
    }
}
