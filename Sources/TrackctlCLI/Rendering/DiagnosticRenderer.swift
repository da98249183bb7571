import TrackctlCore
import TrackctlModel

/// Turns a validation report into text for one output format. Renderers are not sinks:
/// diagnostics and events are different things.
protocol DiagnosticRenderer {
    /// The whole report as the format writes it (with its final newline when non-empty).
    func render(_ report: ValidationReport) -> String
    /// A file that could not be read or parsed, as the format reports it (SPEC §8: every
    /// format reports every failure; the rule is `unreadable-input`).
    func render(unreadable error: DocumentError) -> String
}

extension DocumentError {
    /// The rule name the formats give an unreadable or malformed input.
    static let ruleName = "unreadable-input"
}

/// `--format` spellings, with the one switch that maps each to its renderer.
enum OutputFormat: String, CaseIterable, SpelledArgument {
    static var noun: String { "format" }

    case text
    case json
    case github
    /// Xcode's issue lines, for a build step (SPEC §15).
    case xcode

    var renderer: any DiagnosticRenderer {
        switch self {
        case .text: return TextRenderer()
        case .json: return JSONReportRenderer()
        case .github: return GitHubRenderer()
        case .xcode: return XcodeRenderer()
        }
    }

    /// JSON is the product of the command and goes to stdout, and so do Xcode's issue lines (a
    /// build reads a tool's stdout); the other formats are messages.
    var writesToStdout: Bool { self == .json || self == .xcode }
}
