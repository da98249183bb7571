import Foundation

/// The repository root, found from this file, and the built `trackctl` binary for end-to-end tests.
enum RepositoryPaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The binary next to the test bundle (`swift test` builds it in the same folder).
    static var binary: URL {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + [root.appendingPathComponent(".build/debug")]
        for folder in candidates {
            let url = folder.appendingPathComponent("trackctl")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/trackctl")
    }
}
