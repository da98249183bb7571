import Foundation

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// A real folder of source files under the temporary directory, scanned like any app's:
/// each test states its Swift or Objective-C in the test itself, next to what it asserts.
struct ScratchTree {
    let root: URL

    /// Writes the files (relative path → text or bytes) into a new folder.
    init(_ files: [String: String]) throws {
        try self.init(bytes: files.mapValues { Data($0.utf8) })
    }

    init(bytes files: [String: Data]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-scan-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
    }

    /// The folder, removed when a test is done with it.
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Scans the folder (module `App` unless told otherwise, nil to find it).
    func scan(module: String? = "App", excludes: [String] = []) throws -> SourceScanner.Result {
        try SourceScanner.scan(SourceScanner.Options(paths: [root.path], module: module, excludes: excludes))
    }

    /// Scans one Swift file in module `App`.
    static func scanSwift(_ text: String) throws -> SourceScanner.Result {
        let tree = try ScratchTree(["App.swift": text])
        defer { tree.remove() }
        return try tree.scan()
    }

    /// Scans Objective-C files.
    static func scanObjC(_ files: [String: String]) throws -> SourceScanner.Result {
        let tree = try ScratchTree(files)
        defer { tree.remove() }
        return try tree.scan()
    }
}

extension SourceScanner.Result {
    /// The model of a class, or a category when `category` is set.
    func model(_ name: String, category: Bool = false) -> ScreenModel? {
        models.first { $0.name == name && $0.isCategory == category }
    }

    /// The selectors of a class (empty when it is missing).
    func selectors(_ name: String) -> Set<String> { model(name)?.selectors ?? [] }

    /// The unexposed selectors of a class.
    func unexposed(_ name: String) -> Set<String> { Set(model(name)?.unexposed.keys ?? [:].keys) }
}
