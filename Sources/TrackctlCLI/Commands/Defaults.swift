import Foundation
import TrackctlCore
import TrackctlModel

/// The defaults of SPEC §7, so a fresh checkout works with no arguments.
enum Defaults {
    static let config = "Config/analytics.plist"
    static let catalog = "Config/catalog.json"

    /// Checks that a command run without a SPOC can use the default one: outside this
    /// repository there is none, and "no such file" alone would not say which file was meant.
    static func checkConfig(_ given: String?, howToName: String) throws(UsageError) {
        guard given == nil, !FileManager.default.fileExists(atPath: config) else { return }
        throw UsageError(
            message: "no SPOC given, and the default '\(config)' is not in this folder; name yours: \(howToName)")
    }
}
