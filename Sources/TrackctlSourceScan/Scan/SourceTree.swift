import TrackctlModel

/// The files a scan reads: every `.h`, `.m`, `.mm` and `.swift` under the given paths, in a
/// stable order, skipping hidden folders, dependency and build folders, and `--exclude` globs.
/// Also finds the Xcode projects in and around them, which name the modules.
struct SourceTree {
    enum Language: Sendable { case swift, objectiveC }

    struct File: Sendable {
        /// The path as walked from the root given (`Fixtures/source/app/Sources/App/X.swift`).
        var path: String
        /// The root it was found under, as given.
        var root: String
        var language: Language
    }

    /// Source files, depth-first in byte order of names at each level.
    var files: [File] = []
    /// `.xcodeproj` folders, as walked or found beside a root.
    var projects: [String] = []
    /// `Package.swift` manifests, as walked or found beside a root (absolute, standardized).
    var packages: [String] = []
    /// Specifications an Xcode project is generated from — XcodeGen's `project.yml`, Tuist's
    /// `Project.swift` — as walked or found beside a root: without the generated project, the
    /// modules they name are unknown, and the summary says to generate it.
    var projectSpecs: [String] = []

    /// Folders never entered: dependencies and build products, not the app's code.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", ".build"]

    /// Walks `roots`. A root that does not exist is an error (the user named it); a folder
    /// inside that cannot be opened is a warning, and the walk goes on.
    static func walk(_ roots: [String], excluding excludes: [ExcludePattern], warnings: inout [ScanWarning])
        throws(DocumentError) -> SourceTree
    {
        var tree = SourceTree()
        for root in roots {
            guard let kind = Platform.entryKind(root) else {
                throw DocumentError(file: root, message: MissingPath.message(for: root, kind: "file or folder"))
            }
            let isDirectory = kind == .directory || (kind == .symbolicLink && Platform.isDirectory(root))
            if isDirectory {
                tree.walkFolder(root, relative: "", root: root, excludes: excludes, warnings: &warnings)
                tree.findProjects(around: root)
                tree.findPackage(around: root)
            } else if let language = language(of: root) {
                tree.files.append(File(path: root, root: root, language: language))
            } else {
                throw DocumentError(file: root, message: "is not a folder or a .h, .m, .mm or .swift file")
            }
        }
        let workingDirectory = Platform.currentDirectory
        // Overlapping roots (`App App/Sources`) name a file twice: it is read once, as first met.
        var seenFiles = Set<String>()
        tree.files = tree.files.filter {
            seenFiles.insert(SourcePath.standardized($0.path, relativeTo: workingDirectory)).inserted
        }
        // Found while walking and again beside a root: the same project under two spellings.
        var seen = Set<String>()
        tree.projects = tree.projects.map { SourcePath.standardized($0, relativeTo: workingDirectory) }.filter {
            seen.insert($0).inserted
        }.sorted()
        var seenSpecs = Set<String>()
        tree.projectSpecs = tree.projectSpecs.map { SourcePath.standardized($0, relativeTo: workingDirectory) }.filter {
            seenSpecs.insert($0).inserted
        }.sorted()
        var seenPackages = Set<String>()
        tree.packages = tree.packages.map { SourcePath.standardized($0, relativeTo: workingDirectory) }.filter {
            seenPackages.insert($0).inserted
        }.sorted()
        return tree
    }

    /// `Pods/Pods.xcodeproj` when `pod install` has written it.
    static func podsProject(in podsFolder: String) -> String? {
        let project = SourcePath.join(podsFolder, "Pods.xcodeproj")
        return Platform.isDirectory(project) ? project : nil
    }

    /// Whether `project` (absolute) is CocoaPods' project: its targets are listed in a summary only
    /// when they compile a scanned file (a development pod), not for every third-party pod.
    static func isPodsProject(_ project: String) -> Bool { project.hasSuffix("/Pods/Pods.xcodeproj") }

    /// The names `isProjectSpec` looks further at.
    static let projectSpecNames: Set<String> = ["project.yml", "project.yaml", "Project.swift"]

    /// XcodeGen's `project.yml` (or `.yaml`), or a Tuist manifest: a `Project.swift` that imports
    /// `ProjectDescription` (read only for that line; such a file is a manifest, not the app's code).
    static func isProjectSpec(_ path: String) -> Bool {
        switch SourcePath.lastComponent(path) {
        case "project.yml", "project.yaml": return true
        case "Project.swift":
            guard case .success(let bytes) = FileInput.readSource(path: path, limit: 1024 * 1024) else { return false }
            return String(decoding: bytes, as: UTF8.self).contains("import ProjectDescription")
        default: return false
        }
    }

    static func language(of path: String) -> Language? {
        switch SourcePath.fileExtension(path) {
        case "swift": return .swift
        case "h", "m", "mm": return .objectiveC
        default: return nil
        }
    }

    private mutating func walkFolder(
        _ folder: String, relative: String, root: String, excludes: [ExcludePattern], warnings: inout [ScanWarning]
    ) {
        let entries: [(name: String, kind: Platform.EntryKind)]
        switch Platform.directoryEntries(folder) {
        case .success(let list): entries = list
        case .failure(let error):
            warnings.append(ScanWarning(path: folder, message: "cannot be read (\(error.message)); skipped"))
            return
        }
        for entry in entries.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            let path = SourcePath.join(folder, entry.name)
            let relativePath = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if excludes.contains(where: { $0.matches(relativePath) || $0.matches(path) }) { continue }
            switch entry.kind {
            case .directory:
                // CocoaPods' project is read, not its folder: it compiles the development pods
                // (`pod 'Kit', :path => 'Kit'`), whose sources live outside it, in their modules.
                if entry.name == "Pods", let pods = Self.podsProject(in: path) { projects.append(pods) }
                if entry.name.hasPrefix(".") || Self.skippedFolders.contains(entry.name) { continue }
                if entry.name.hasSuffix(".xcodeproj") { projects.append(path); continue }
                if entry.name.hasSuffix(".xcworkspace") || entry.name.hasSuffix(".xcassets")
                    || entry.name.hasSuffix(".lproj")
                {
                    continue
                }
                walkFolder(path, relative: relativePath, root: root, excludes: excludes, warnings: &warnings)
            case .file:
                // A package's manifest is not the app's code: it says which modules the folders are.
                if entry.name == "Package.swift" { packages.append(path); continue }
                if Self.projectSpecNames.contains(entry.name), Self.isProjectSpec(path) {
                    projectSpecs.append(path)
                    continue
                }
                if let language = Self.language(of: entry.name) {
                    files.append(File(path: path, root: root, language: language))
                }
            case .symbolicLink:
                // Linked files are read; linked folders are not followed (they could loop).
                if let language = Self.language(of: entry.name), !Platform.isDirectory(path) {
                    files.append(File(path: path, root: root, language: language))
                }
            case .other:
                continue
            }
        }
    }

    /// The `Package.swift` of the package a root is inside (a scan of `Kit/Sources/KitUI`
    /// still reads `Kit/Package.swift`), up to three folders up.
    private mutating func findPackage(around root: String) {
        var folder: String? = SourcePath.parent(SourcePath.standardized(root, relativeTo: Platform.currentDirectory))
        var levels = 0
        while let current = folder, levels < 3 {
            let manifest = SourcePath.join(current, "Package.swift")
            if Platform.entryKind(manifest) == .file {
                packages.append(manifest)
                return
            }
            folder = SourcePath.parent(current)
            levels += 1
        }
    }

    /// `.xcodeproj` folders beside a root and in its parent folders, the nearest first: a scan
    /// of `App/Sources` still finds `App/App.xcodeproj`.
    private mutating func findProjects(around root: String) {
        var folder: String? = SourcePath.standardized(root, relativeTo: Platform.currentDirectory)
        var levels = 0
        while let current = folder, levels < 3 {
            if case .success(let entries) = Platform.directoryEntries(current) {
                projectSpecs += entries.map { SourcePath.join(current, $0.name) }.filter(Self.isProjectSpec)
                let found = entries.filter { $0.name.hasSuffix(".xcodeproj") }.map { SourcePath.join(current, $0.name) }
                if !found.isEmpty {
                    projects += found
                    if let pods = Self.podsProject(in: SourcePath.join(current, "Pods")) { projects.append(pods) }
                    return
                }
            }
            folder = SourcePath.parent(current)
            levels += 1
        }
    }
}

/// An `--exclude` glob: `*` matches within a path component, `**` across components, `?` one
/// character. A pattern without `/` is tried on every component (`--exclude Tests`,
/// `--exclude '*Mock*.swift'`); one with `/` on the path relative to the scanned folder
/// (`--exclude 'App/Generated/**'`).
package struct ExcludePattern: Sendable, Equatable {
    public let pattern: String
    private let matchesComponents: Bool

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.pattern = trimmed
        matchesComponents = !trimmed.contains("/")
    }

    /// Whether `relativePath` (components joined by `/`) is excluded.
    public func matches(_ relativePath: String) -> Bool {
        if matchesComponents {
            guard let last = relativePath.split(separator: "/").last else { return false }
            return Self.glob(Array(pattern.utf8)[...], Array(last.utf8)[...])
        }
        return Self.glob(Array(pattern.utf8)[...], Array(relativePath.utf8)[...])
    }

    /// Glob matching with backtracking for `*` and `**`.
    private static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP = -1, starT = -1, starCrossesSlash = false
        while t < text.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == UInt8(ascii: "*") {
                    let double = p + 1 < pattern.endIndex && pattern[p + 1] == UInt8(ascii: "*")
                    starCrossesSlash = double
                    p += double ? 2 : 1
                    // `**/` also matches nothing.
                    if double, p < pattern.endIndex, pattern[p] == UInt8(ascii: "/") {
                        if glob(pattern[(p + 1)...], text[t...]) { return true }
                    }
                    starP = p
                    starT = t
                    continue
                }
                if c == UInt8(ascii: "?") ? text[t] != UInt8(ascii: "/") : c == text[t] {
                    p += 1
                    t += 1
                    continue
                }
            }
            guard starP >= 0, starCrossesSlash || text[starT] != UInt8(ascii: "/") else { return false }
            starT += 1
            t = starT
            p = starP
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}
