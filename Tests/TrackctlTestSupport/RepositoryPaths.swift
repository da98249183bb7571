import Foundation

/// The repository root, found from this file, its fixtures, and the built `trackctl` binary for
/// end-to-end tests: every test target finds files the same way, wherever the clone is.
public enum RepositoryPaths {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The files of a fixture folder with one of the extensions, sorted.
    public static func files(in folder: String, extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
    }

    /// The binary next to the test bundle (`swift test` builds it in the same folder).
    public static var binary: URL {
        let candidates =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + [root.appendingPathComponent(".build/debug")]
        for folder in candidates {
            let url = folder.appendingPathComponent("trackctl")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/trackctl")
    }
}
