import TrackctlModel

/// What a Swift package's manifest (`Package.swift`) says about modules: each target's name —
/// its module — and the folder its sources are in (`path:`, else `Sources/<name>`), so a file
/// of `.target(name: "KitUI", path: "Sources")` is in module `KitUI`, not `Sources`.
///
/// The manifest is Swift code; it is read, not run. Targets are found as calls of `.target(`,
/// `.executableTarget(`, `.testTarget(`, `.macro(` and `.plugin(` with a literal `name:` and
/// an optional literal `path:` — the form SwiftPM's documentation and nearly every package use.
/// A target built otherwise (a name from a variable) is not found; its files then get their
/// module from the folder layout, as before.
struct SwiftPackage: Sendable, Equatable {
    struct Target: Sendable, Equatable {
        var name: String
        /// The module: the name as an identifier.
        var module: String
        /// Absolute, standardized folder of its sources.
        var folder: String
        /// A `.testTarget`: its classes are in no app.
        var isTest = false
    }

    /// The folder holding `Package.swift`.
    var folder: String
    var targets: [Target]
    /// Its `platforms:` (`.iOS(.v15)`, `.macOS("12.0")`); nil when it names none — then it
    /// builds for every platform.
    var platforms: Set<ApplePlatform>? = nil

    /// The target whose folder holds `path` (absolute, standardized), the deepest folder first.
    func target(containing path: String) -> Target? {
        targets.filter { path.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
    }

    /// Reads the manifest at `path` (absolute); nil when it cannot be read.
    static func load(path: String) -> SwiftPackage? {
        guard case .success(let bytes) = FileInput.readSource(path: path, limit: 4 * 1024 * 1024) else { return nil }
        let folder = SourcePath.parent(path) ?? "/"
        let manifest = String(decoding: bytes, as: UTF8.self)
        return SwiftPackage(
            folder: folder, targets: targets(in: manifest, folder: folder), platforms: platforms(in: manifest))
    }

    /// The platforms of `platforms: [.iOS(.v15), .macOS(.v12)]`; nil when there is no such list.
    static func platforms(in manifest: String) -> Set<ApplePlatform>? {
        guard let label = manifest.range(of: "platforms:") else { return nil }
        let rest = manifest[label.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "[" else { return nil }
        let list = balanced(rest.dropFirst())
        var found = Set<ApplePlatform>()
        var remaining = list
        while let dot = remaining.firstIndex(of: ".") {
            let name = remaining[remaining.index(after: dot)...].prefix { $0.isLetter }
            if let platform = ApplePlatform(packageName: String(name)) { found.insert(platform) }
            remaining = remaining[remaining.index(after: dot)...]
        }
        return found.isEmpty ? nil : found
    }

    static func targets(in manifest: String, folder: String) -> [Target] {
        var result: [Target] = []
        let kinds = [
            (".target(", "Sources"), (".executableTarget(", "Sources"), (".testTarget(", "Tests"),
            (".macro(", "Sources"),
            (".plugin(", "Plugins")
        ]
        for (call, defaultRoot) in kinds {
            var rest = manifest[...]
            while let found = rest.range(of: call) {
                let arguments = Self.balanced(rest[found.upperBound...])
                rest = rest[found.upperBound...]
                guard let name = Self.literal(after: "name:", in: arguments) else { continue }
                let path = Self.literal(after: "path:", in: arguments) ?? defaultRoot + "/" + name
                result.append(
                    Target(
                        name: name, module: SourcePath.c99Identifier(name),
                        folder: SourcePath.standardized(path, relativeTo: folder), isTest: call == ".testTarget("))
            }
        }
        return result
    }

    /// The text up to the parenthesis that closes the call (strings skipped).
    private static func balanced(_ text: Substring) -> Substring {
        var depth = 1
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if inString {
                if c == "\\" { index = text.index(after: index) } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" || c == "[" {
                depth += 1
            } else if c == ")" || c == "]" {
                depth -= 1
                if depth == 0 { return text[..<index] }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return text
    }

    /// The string literal after `label` at the call's own level (`name: "Kit"`).
    private static func literal(after label: String, in arguments: Substring) -> String? {
        var rest = arguments
        while let found = rest.range(of: label) {
            // Only a label of this call: not `name:` inside a nested `.product(name:)`.
            let before = arguments[..<found.lowerBound]
            let opened = before.filter { $0 == "(" || $0 == "[" }.count,
                closed = before.filter { $0 == ")" || $0 == "]" }.count
            var after = rest[found.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            rest = rest[found.upperBound...]
            guard opened == closed, after.first == "\"" else { continue }
            after = after.dropFirst()
            guard let end = after.firstIndex(of: "\"") else { return nil }
            return String(after[..<end])
        }
        return nil
    }
}
