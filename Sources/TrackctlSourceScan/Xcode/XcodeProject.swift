import TrackctlModel

/// What an Xcode project says about modules: each target's module name and the source files
/// it compiles, read from `NAME.xcodeproj/project.pbxproj`.
struct XcodeProject: Sendable {
    struct Target: Sendable {
        var name: String
        /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as an identifier, else the target's name.
        var moduleName: String
        var isApplication: Bool
        /// What it builds, for messages: "application", "app extension", "unit test bundle", …
        var productKind: String
        /// Absolute, standardized paths of the files of its Sources build phase.
        var files: Set<String>
        /// Folders synchronized with the target (Xcode 16): every file inside belongs to it…
        var synchronizedFolders: [String]
        /// …except these absolute paths (an exception set of its own folder)…
        var exceptions: Set<String>
        /// …and it also compiles these files of folders synchronized with no target or another
        /// one (an exception set naming it: membership added, not removed).
        var addedFiles: Set<String> = []

        func contains(_ path: String) -> Bool {
            if files.contains(path) || addedFiles.contains(path) { return true }
            for folder in synchronizedFolders where path.hasPrefix(folder + "/") {
                return !exceptions.contains(path)
            }
            return false
        }
    }

    /// The `.xcodeproj` folder, as found.
    var path: String
    /// The folder the project's paths are relative to (`projectDirPath`, else the folder holding
    /// the `.xcodeproj`): a source file inside it that no target compiles is in no module.
    var directory: String
    /// Targets in the project's order.
    var targets: [Target]

    /// Why a project cannot be read, and where in its `project.pbxproj`.
    struct Failure: Error {
        var message: String
        var position: SourcePosition?
    }

    /// Reads `project.pbxproj` inside the `.xcodeproj` folder at `path` (absolute).
    static func load(path: String) throws(Failure) -> XcodeProject {
        let file = path + "/project.pbxproj"
        let bytes: [UInt8]
        do { bytes = try FileInput.readAll(path: file, reportedAs: file) } catch { throw Failure(message: error.message) }
        let root: OpenStepValue
        do { root = try OpenStepPlistReader.read(bytes) } catch {
            throw Failure(message: error.message, position: TextCursor.position(of: min(error.offset, bytes.count), in: bytes))
        }
        guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
            let project = objects[rootID]
        else {
            throw Failure(message: "no 'objects' or 'rootObject'; is this an Xcode project?")
        }
        let projectDirectory = SourcePath.standardized(
            project["projectDirPath"]?.string ?? "", relativeTo: SourcePath.parent(path) ?? "/")
        var paths = GroupPaths(objects: objects, projectDirectory: projectDirectory, mainGroup: project["mainGroup"]?.string)
        let projectSettings = buildSettings(objects, project["buildConfigurationList"]?.string, paths: &paths)
        var targets: [Target] = []
        var targetIndex: [String: Int] = [:]
        for targetID in project["targets"]?.array?.compactMap(\.string) ?? [] {
            guard let target = objects[targetID], target["isa"]?.string == "PBXNativeTarget",
                let name = target["name"]?.string
            else { continue }
            let settings = buildSettings(objects, target["buildConfigurationList"]?.string, paths: &paths)
            let moduleName = moduleName(target: name, settings: settings, projectSettings: projectSettings)
            var files = Set<String>()
            for phaseID in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                    guard let fileRef = objects[buildFileID]?["fileRef"]?.string, let full = paths.path(of: fileRef) else { continue }
                    files.insert(full)
                }
            }
            var folders: [String] = []
            var exceptions = Set<String>()
            for groupID in target["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [] {
                guard let folder = paths.path(of: groupID) else { continue }
                folders.append(folder)
                for exceptionID in objects[groupID]?["exceptions"]?.array?.compactMap(\.string) ?? [] {
                    guard let exception = objects[exceptionID], exception["target"]?.string == targetID else { continue }
                    for relative in exception["membershipExceptions"]?.array?.compactMap(\.string) ?? [] {
                        exceptions.insert(SourcePath.standardized(relative, relativeTo: folder))
                    }
                }
            }
            let productType = target["productType"]?.string ?? ""
            targetIndex[targetID] = targets.count
            targets.append(
                Target(
                    name: name, moduleName: moduleName,
                    isApplication: productType == "com.apple.product-type.application" || productType.hasPrefix("com.apple.product-type.application."),
                    productKind: Self.kind(ofProductType: productType),
                    files: files, synchronizedFolders: folders, exceptions: exceptions))
        }
        // An exception set of a synchronized folder that names a target which does not own the
        // folder adds those files to it (Xcode 16: "Target Membership" checked on one file).
        for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = paths.path(of: groupID) else { continue }
            for exceptionID in group["exceptions"]?.array?.compactMap(\.string) ?? [] {
                guard let exception = objects[exceptionID], let targetID = exception["target"]?.string, let index = targetIndex[targetID],
                    !targets[index].synchronizedFolders.contains(folder)
                else { continue }
                for relative in exception["membershipExceptions"]?.array?.compactMap(\.string) ?? [] {
                    targets[index].addedFiles.insert(SourcePath.standardized(relative, relativeTo: folder))
                }
            }
        }
        return XcodeProject(path: path, directory: projectDirectory, targets: targets)
    }

    /// `com.apple.product-type.app-extension` → "app extension".
    static func kind(ofProductType type: String) -> String {
        switch type {
        case "com.apple.product-type.application": return "application"
        case "com.apple.product-type.app-extension": return "app extension"
        case "com.apple.product-type.extensionkit-extension": return "ExtensionKit extension"
        case "com.apple.product-type.framework": return "framework"
        case "com.apple.product-type.library.static": return "static library"
        case "com.apple.product-type.bundle.unit-test": return "unit test bundle"
        case "com.apple.product-type.bundle.ui-testing": return "UI test bundle"
        default:
            if type.hasPrefix("com.apple.product-type.application.") { return "application" }
            let last = type.split(separator: ".").last.map(String.init) ?? ""
            return last.isEmpty ? "target" : last.replacingOccurrences(of: "-", with: " ")
        }
    }

    /// The build settings of a configuration list: its Release configuration, else its first;
    /// its own settings over those of its `.xcconfig` file (`baseConfigurationReference`).
    private static func buildSettings(_ objects: [String: OpenStepValue], _ listID: String?, paths: inout GroupPaths) -> [String: OpenStepValue] {
        guard let listID, let configurations = objects[listID]?["buildConfigurations"]?.array?.compactMap(\.string) else { return [:] }
        let resolved = configurations.compactMap { objects[$0] }
        guard let chosen = resolved.first(where: { $0["name"]?.string == "Release" }) ?? resolved.first else { return [:] }
        var settings: [String: OpenStepValue] = [:]
        if let reference = chosen["baseConfigurationReference"]?.string, let file = paths.path(of: reference) {
            for (key, value) in XcodeConfigFile.settings(path: file) { settings[key] = .string(value) }
        }
        for (key, value) in chosen["buildSettings"]?.dictionary ?? [:] { settings[key] = value }
        return settings
    }

    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, else `$(TARGET_NAME)`, with `$(VAR)` and
    /// `$(VAR:c99extidentifier)` expanded, made an identifier as Xcode does.
    static func moduleName(target: String, settings: [String: OpenStepValue], projectSettings: [String: OpenStepValue]) -> String {
        func setting(_ key: String) -> String? { settings[key]?.string ?? projectSettings[key]?.string }
        func expand(_ value: String, depth: Int = 0) -> String {
            guard depth < 8, value.contains("$") else { return value }
            var result = ""
            var rest = Substring(value)
            while let dollar = rest.firstIndex(of: "$") {
                result += rest[..<dollar]
                let afterDollar = rest.index(after: dollar)
                guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
                    result += "$"
                    rest = rest[afterDollar...]
                    continue
                }
                let close: Character = rest[afterDollar] == "(" ? ")" : "}"
                guard let end = rest[afterDollar...].firstIndex(of: close) else { result += rest; return result }
                let inner = rest[rest.index(after: afterDollar)..<end]
                let parts = inner.split(separator: ":", maxSplits: 1)
                let variable = String(parts.first ?? "")
                var replacement: String
                switch variable {
                case "TARGET_NAME": replacement = target
                case "PRODUCT_NAME": replacement = expand(setting("PRODUCT_NAME") ?? "$(TARGET_NAME)", depth: depth + 1)
                default: replacement = setting(variable).map { expand($0, depth: depth + 1) } ?? ""
                }
                if parts.count == 2, parts[1] == "c99extidentifier" || parts[1] == "rfc1034identifier" || parts[1] == "identifier" {
                    replacement = SourcePath.c99Identifier(replacement)
                }
                result += replacement
                rest = rest[rest.index(after: end)...]
            }
            return result + rest
        }
        let raw = setting("PRODUCT_MODULE_NAME") ?? setting("PRODUCT_NAME") ?? "$(TARGET_NAME)"
        let expanded = expand(raw)
        return SourcePath.c99Identifier(expanded.isEmpty ? target : expanded)
    }
}

/// Absolute paths of a project's file references and groups: each is relative to its parent
/// group (`<group>`), the project folder (`SOURCE_ROOT`), or absolute.
///
/// Memo: every group's path is computed once (a project of thousands of files has a few
/// hundred groups, each asked for by all its children). The invariant: `objects` never changes,
/// so a path once found stays true.
private struct GroupPaths {
    let objects: [String: OpenStepValue]
    let projectDirectory: String
    private var parents: [String: String] = [:]
    private var known: [String: String?] = [:]

    init(objects: [String: OpenStepValue], projectDirectory: String, mainGroup: String?) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array?.compactMap(\.string) ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    mutating func path(of id: String, depth: Int = 0) -> String? {
        if let found = known[id] { return found }
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        let result: String?
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<absolute>":
            result = SourcePath.standardized(own, relativeTo: "/")
        case "SOURCE_ROOT":
            result = SourcePath.standardized(own, relativeTo: projectDirectory)
        case "<group>":
            if let parent = parents[id] {
                result = path(of: parent, depth: depth + 1).map { SourcePath.standardized(own, relativeTo: $0) }
            } else {
                result = SourcePath.standardized(own, relativeTo: projectDirectory)
            }
        default:
            result = nil  // SDKROOT, BUILT_PRODUCTS_DIR, …: not the app's sources
        }
        known[id] = .some(result)
        return result
    }
}
