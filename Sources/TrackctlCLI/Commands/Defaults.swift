import Foundation

/// The defaults of SPEC §7, so a fresh checkout works with no arguments, and the shared
/// option checks.
enum Defaults {
    static let config = "Config/analytics.plist"
    static let catalog = "Config/catalog.json"

    /// The catalogs to load: those given, or the demo catalog when it exists and none is given.
    static func catalogs(_ given: [String]) -> [String] {
        if !given.isEmpty { return given }
        return FileManager.default.fileExists(atPath: catalog) ? [catalog] : []
    }

    static func format(_ spelling: String?) throws(UsageError) -> OutputFormat {
        guard let spelling else { return .text }
        guard let format = OutputFormat(rawValue: spelling) else {
            let names = OutputFormat.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: spelling, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown format '\(spelling)'; use one of \(names.joined(separator: ", "))\(suggestion)")
        }
        return format
    }
}
