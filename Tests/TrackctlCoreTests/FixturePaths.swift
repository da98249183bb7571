import Foundation

/// Paths of the repository's files, found from this file's location so tests run from any
/// working directory.
enum FixturePaths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        repository.appendingPathComponent(relative).path
    }

    /// The files of a fixture folder with one of the extensions, sorted.
    static func files(in folder: String, extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
    }
}
