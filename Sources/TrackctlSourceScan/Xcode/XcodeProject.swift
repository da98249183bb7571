import TrackctlModel

/// What an Xcode project says about modules: each target's module name and the source files
/// it compiles, read from `NAME.xcodeproj/project.pbxproj`.
struct XcodeProject: Sendable {
    struct Target: Sendable {
        var name: String
        /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as an identifier, else the target's name.
        var moduleName: String
        /// Where the module name comes from, for messages: "the PRODUCT_MODULE_NAME of target 'App'".
        var moduleSource: String = ""
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
        /// The platforms it builds for (`SUPPORTED_PLATFORMS`, else `SDKROOT`, else macOS, as
        /// Xcode defaults `SDKROOT` to `macosx`).
        var platforms: Set<ApplePlatform> = [.macOS]
        /// Nothing set `SDKROOT` or `SUPPORTED_PLATFORMS`: the platform is Xcode's default.
        var platformIsDefault = false
        /// The names of the targets it depends on (`PBXTargetDependency`), and the Swift package
        /// products it links: what `--target` keeps beside it.
        var dependencies: [String] = []
        var packageProducts: [String] = []
        /// How its build settings differ between configurations where that matters, for the
        /// summary ("its module is A in Debug, B in Release; Release decides").
        var configurationNote: String? = nil
        /// Its Swift compilation conditions in the chosen configuration (`DEBUG`): what `#if`
        /// flags are set (`BuildConditions`).
        var compilationFlags: Set<String> = []

        /// Whether the target compiles the file at `path` (absolute, standardized), as the project
        /// spells it; `ModuleResolver` tries the spelling a Mac would also find when none does.
        func contains(_ path: String) -> Bool {
            if files.contains(path) || addedFiles.contains(path) { return true }
            for folder in synchronizedFolders where path.hasPrefix(folder + "/") {
                return !exceptions.contains(path)
            }
            return false
        }

        /// The target with every path folded (`MacPathLookup.folded`), to ask `contains` about a
        /// folded path: the files a Mac would find whatever the case the project names them in.
        var folded: Target {
            var copy = self
            copy.files = Set(files.map(MacPathLookup.folded))
            copy.addedFiles = Set(addedFiles.map(MacPathLookup.folded))
            copy.synchronizedFolders = synchronizedFolders.map(MacPathLookup.folded)
            copy.exceptions = Set(exceptions.map(MacPathLookup.folded))
            return copy
        }
    }

    /// The `.xcodeproj` folder, as found.
    var path: String
    /// The folder the project's paths are relative to (`projectDirPath`, else the folder holding
    /// the `.xcodeproj`): a source file inside it that no target compiles is in no module.
    var directory: String
    /// Targets in the project's order.
    var targets: [Target]
    /// What reading its `.xcconfig` files found wrong (a missing `#include`).
    var warnings: [ScanWarning] = []
    /// The `.xcconfig` files its build settings were read from, includes too, sorted: inputs of
    /// a build step that scans the project, as much as its sources (SPEC §15).
    var configurationFiles: [String] = []
    /// The names of its targets' configurations, in order (`Debug`, `Release`, `KlarRelease`):
    /// what `--configuration` may name.
    var configurations: [String] = []

    /// Why a project cannot be read, and where in its `project.pbxproj`.
    struct Failure: Error {
        var message: String
        var position: SourcePosition?
    }

    /// Reads `project.pbxproj` inside the `.xcodeproj` folder at `path` (absolute). `configuration`
    /// (`--configuration`) is the configuration whose settings decide where they differ, for
    /// each target that has it; otherwise Release, else the list's default, else the first.
    static func load(path: String, configuration: String? = nil) throws(Failure) -> XcodeProject {
        let file = path + "/project.pbxproj"
        let bytes: [UInt8]
        do { bytes = try FileInput.readAll(path: file, reportedAs: file) } catch {
            throw Failure(message: error.message)
        }
        let root: OpenStepValue
        do { root = try OpenStepPlistReader.read(bytes) } catch {
            throw Failure(
                message: error.message, position: TextCursor.position(of: min(error.offset, bytes.count), in: bytes))
        }
        guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
            let project = objects[rootID]
        else {
            throw Failure(message: "no 'objects' or 'rootObject'; is this an Xcode project?")
        }
        let projectDirectory = SourcePath.standardized(
            project["projectDirPath"]?.string ?? "", relativeTo: SourcePath.parent(path) ?? "/")
        var paths = GroupPaths(
            objects: objects, projectDirectory: projectDirectory, mainGroup: project["mainGroup"]?.string)
        var levels = ConfigurationLevels(objects: objects)
        let projectName = String(SourcePath.lastComponent(path).dropLast(".xcodeproj".count))
        let projectList = project["buildConfigurationList"]?.string
        var targets: [Target] = []
        var targetIndex: [String: Int] = [:]
        var dependencyIDs: [[String]] = []
        for targetID in project["targets"]?.array?.compactMap(\.string) ?? [] {
            guard let target = objects[targetID], target["isa"]?.string == "PBXNativeTarget",
                let name = target["name"]?.string
            else { continue }
            let productType = target["productType"]?.string ?? ""
            let builtins = [
                "TARGET_NAME": name, "PROJECT_NAME": projectName, "PROJECT_DIR": projectDirectory,
                "SRCROOT": projectDirectory,
                "SOURCE_ROOT": projectDirectory, "PRODUCT_NAME": "$(TARGET_NAME)",
                "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)"
            ]
            let settings = levels.settings(
                project: projectList, target: target["buildConfigurationList"]?.string, builtins: builtins,
                preferred: configuration, paths: &paths)
            let found = Self.platforms(settings.chosen, productType: productType)
            let platforms = found ?? [.macOS]
            let moduleName = Self.moduleName(target: name, settings: settings.chosen, platforms: platforms)
            var files = Set<String>()
            for phaseID in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                    guard let fileRef = objects[buildFileID]?["fileRef"]?.string, let full = paths.path(of: fileRef)
                    else { continue }
                    files.insert(full)
                }
            }
            var folders: [String] = []
            var exceptions = Set<String>()
            for groupID in target["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [] {
                guard let folder = paths.path(of: groupID) else { continue }
                folders.append(folder)
                for exceptionID in objects[groupID]?["exceptions"]?.array?.compactMap(\.string) ?? [] {
                    guard let exception = objects[exceptionID], exception["target"]?.string == targetID else {
                        continue
                    }
                    for relative in exception["membershipExceptions"]?.array?.compactMap(\.string) ?? [] {
                        exceptions.insert(SourcePath.standardized(relative, relativeTo: folder))
                    }
                }
            }
            targetIndex[targetID] = targets.count
            dependencyIDs.append(
                (target["dependencies"]?.array?.compactMap(\.string) ?? []).compactMap {
                    objects[$0]?["target"]?.string
                })
            targets.append(
                Target(
                    name: name, moduleName: moduleName,
                    moduleSource: Self.moduleSource(target: name, settings: settings.chosen.0),
                    isApplication: productType == "com.apple.product-type.application"
                        || productType.hasPrefix("com.apple.product-type.application."),
                    productKind: Self.kind(ofProductType: productType),
                    files: files, synchronizedFolders: folders, exceptions: exceptions,
                    platforms: platforms, platformIsDefault: found == nil,
                    packageProducts: (target["packageProductDependencies"]?.array?.compactMap(\.string) ?? [])
                        .compactMap {
                            objects[$0]?["productName"]?.string
                        },
                    configurationNote: Self.configurationNote(
                        target: name, all: settings.all, chosen: settings.chosen.1.configuration,
                        chosenByName: settings.chosenByName, platforms: platforms),
                    compilationFlags: Self.compilationFlags(settings.chosen, platforms: platforms)))
        }
        for (index, ids) in dependencyIDs.enumerated() {
            targets[index].dependencies = ids.compactMap { targetIndex[$0].map { targets[$0].name } }
        }
        // An exception set of a synchronized folder that names a target which does not own the
        // folder adds those files to it (Xcode 16: "Target Membership" checked on one file).
        for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = paths.path(of: groupID) else { continue }
            for exceptionID in group["exceptions"]?.array?.compactMap(\.string) ?? [] {
                guard let exception = objects[exceptionID], let targetID = exception["target"]?.string,
                    let index = targetIndex[targetID],
                    !targets[index].synchronizedFolders.contains(folder)
                else { continue }
                for relative in exception["membershipExceptions"]?.array?.compactMap(\.string) ?? [] {
                    targets[index].addedFiles.insert(SourcePath.standardized(relative, relativeTo: folder))
                }
            }
        }
        return XcodeProject(
            path: path, directory: projectDirectory, targets: targets, warnings: levels.warnings.sorted(),
            configurationFiles: levels.filesRead, configurations: levels.namesSeen)
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

    /// `SUPPORTED_PLATFORMS` when it names a platform, else `SDKROOT`, read before the SDK is
    /// known (an `[sdk=…]` condition cannot choose the SDK); a watch app's product type says
    /// watchOS where neither is set. Nil: the project does not say (Xcode then builds for macOS).
    static func platforms(_ settings: (BuildSettings, BuildContext), productType: String) -> Set<ApplePlatform>? {
        let (settings, context) = settings
        let supported = Set(
            (settings.value("SUPPORTED_PLATFORMS", in: context) ?? "").split(separator: " ").compactMap {
                ApplePlatform(sdk: String($0))
            })
        if !supported.isEmpty { return supported }
        if let root = settings.value("SDKROOT", in: context), let platform = ApplePlatform(sdk: root) {
            return [platform]
        }
        if productType.contains("watchapp") || productType.contains("watchkit") { return [.watchOS] }
        return nil
    }

    /// Where `moduleName` found the module: the setting assigned (`PRODUCT_MODULE_NAME`, else
    /// `PRODUCT_NAME`), else the target's name (`productName`: the name Xcode's default gives).
    static func moduleSource(target: String, settings: BuildSettings, productName: String? = nil) -> String {
        if settings.assigns("PRODUCT_MODULE_NAME") { return "the PRODUCT_MODULE_NAME of target '\(target)'" }
        if settings.assigns("PRODUCT_NAME") {
            return "the PRODUCT_NAME of target '\(target)' (PRODUCT_MODULE_NAME is not set)"
        }
        if let productName, productName != target {
            return "the name of target '\(target)' before its platform suffix ('\(productName)')"
        }
        return "the name of target '\(target)' (neither PRODUCT_MODULE_NAME nor PRODUCT_NAME is set)"
    }

    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and the `-D` flags of `OTHER_SWIFT_FLAGS`, for the
    /// target's first platform: the flags a Swift `#if` sees.
    static func compilationFlags(_ settings: (BuildSettings, BuildContext), platforms: Set<ApplePlatform>)
        -> Set<String>
    {
        var context = settings.1
        context.sdk = (platforms.min() ?? .iOS).sdkName
        let words = { (name: String) in
            (settings.0.value(name, in: context) ?? "").split(whereSeparator: { $0 == " " || $0 == "\"" })
                .map(String.init)
        }
        var flags = Set(words("SWIFT_ACTIVE_COMPILATION_CONDITIONS").filter { !$0.hasPrefix("$(") })
        let other = words("OTHER_SWIFT_FLAGS")
        for (index, word) in other.enumerated() where word.hasPrefix("-D") {
            if word.count > 2 {
                flags.insert(String(word.dropFirst(2)))
            } else if index + 1 < other.count {
                flags.insert(other[index + 1])
            }
        }
        return flags
    }

    /// `PRODUCT_MODULE_NAME` (by default `$(PRODUCT_NAME:c99extidentifier)`, and `PRODUCT_NAME`
    /// by default `$(TARGET_NAME)`) for the target's first platform, made an identifier.
    static func moduleName(target: String, settings: (BuildSettings, BuildContext), platforms: Set<ApplePlatform>)
        -> String
    {
        var context = settings.1
        context.sdk = (platforms.min() ?? .iOS).sdkName
        let expanded = settings.0.value("PRODUCT_MODULE_NAME", in: context) ?? ""
        return SourcePath.c99Identifier(expanded.isEmpty ? target : expanded)
    }

    /// "PRODUCT_MODULE_NAME is A in Debug, B in Release; Release decides" when the module
    /// differs between the target's configurations; nil when they agree.
    static func configurationNote(
        target: String, all: [(BuildSettings, BuildContext)], chosen: String, chosenByName: Bool,
        platforms: Set<ApplePlatform>
    ) -> String? {
        let modules = all.map {
            (name: $0.1.configuration, module: moduleName(target: target, settings: $0, platforms: platforms))
        }
        guard Set(modules.map(\.module)).count > 1 else { return nil }
        let listed = modules.map { "\($0.module) in \($0.name)" }.joined(separator: ", ")
        return "its module is \(listed); \(chosen) decides"
            + (chosenByName ? " (--configuration)" : " (--configuration NAME chooses another)")
    }
}

/// The build settings of a target in each of its configurations: the project's level and the
/// target's, each an `.xcconfig` (either reference form) under its own dictionary.
private struct ConfigurationLevels {
    let objects: [String: OpenStepValue]
    /// Missing includes and include cycles, each reported once.
    private var includeProblems: [ScanWarning] = []
    private var reported = Set<String>()
    /// Configuration files the project names that are not on disk (absolute).
    private var missing: [String] = []
    /// Finds the files the project names as a Mac does, each folder listed once.
    private var lookup = MacPathLookup()
    /// Memo: `.xcconfig` files by path — every target of a project includes the same few. The
    /// invariant: files do not change during a scan.
    private var configFiles: [String: XcodeConfigFile.Contents] = [:]

    init(objects: [String: OpenStepValue]) {
        self.objects = objects
    }

    /// Every `.xcconfig` file read so far, includes too, sorted.
    var filesRead: [String] { Set(configFiles.values.flatMap(\.files)).sorted() }

    /// Each configuration's settings with its context, and the one chosen: Release, else the
    /// list's default, else the first.
    struct Resolved {
        var all: [(BuildSettings, BuildContext)]
        var chosen: (BuildSettings, BuildContext)
        /// `--configuration` named the one chosen.
        var chosenByName = false
    }

    /// Every configuration name of the targets read so far, in order, each once.
    private(set) var namesSeen: [String] = []

    mutating func settings(
        project projectList: String?, target targetList: String?, builtins: [String: String], preferred: String?,
        paths: inout GroupPaths
    ) -> Resolved {
        let targetConfigurations = configurations(targetList)
        let projectConfigurations = configurations(projectList)
        let names = targetConfigurations.isEmpty ? projectConfigurations.map(\.name) : targetConfigurations.map(\.name)
        for name in names where !namesSeen.contains(name) { namesSeen.append(name) }
        var all: [(BuildSettings, BuildContext)] = []
        for name in names.isEmpty ? ["Release"] : names {
            var settings = BuildSettings(builtins: builtins.merging(["CONFIGURATION": name]) { _, new in new })
            for level in [
                projectConfigurations.first { $0.name == name }, targetConfigurations.first { $0.name == name }
            ] {
                guard let level else { continue }
                if let file = baseConfigurationPath(level.object, paths: &paths) {
                    settings.append(configFile(file).assignments)
                }
                settings.append(dictionary: level.object["buildSettings"]?.dictionary ?? [:])
            }
            all.append((settings, BuildContext(configuration: name)))
        }
        let defaultName = targetList.flatMap { objects[$0]?["defaultConfigurationName"]?.string }
        if let preferred, let named = all.first(where: { $0.1.configuration == preferred }) {
            return Resolved(all: all, chosen: named, chosenByName: true)
        }
        let chosen =
            all.first { $0.1.configuration == "Release" } ?? all.first { $0.1.configuration == defaultName } ?? all[0]
        return Resolved(all: all, chosen: chosen)
    }

    private func configurations(_ listID: String?) -> [(name: String, object: OpenStepValue)] {
        guard let listID, let ids = objects[listID]?["buildConfigurations"]?.array?.compactMap(\.string) else {
            return []
        }
        return ids.compactMap { id in objects[id].flatMap { object in object["name"]?.string.map { ($0, object) } } }
    }

    /// The `.xcconfig` of a configuration: `baseConfigurationReference` (a file reference), or
    /// Xcode 16's `baseConfigurationReferenceAnchor` (a folder) with
    /// `baseConfigurationReferenceRelativePath` inside it.
    private func baseConfigurationPath(_ configuration: OpenStepValue, paths: inout GroupPaths) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string { return paths.path(of: reference) }
        guard let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
            let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
            let folder = paths.path(of: anchor)
        else { return nil }
        return SourcePath.standardized(relative, relativeTo: folder)
    }

    private mutating func configFile(_ named: String) -> XcodeConfigFile.Contents {
        if let known = configFiles[named] { return known }
        let path = lookup.onDisk(named) ?? named
        let contents = XcodeConfigFile.read(path: path, lookup: &lookup)
        if Platform.entryKind(path) == nil { missing.append(path) }
        configFiles[named] = contents
        for problem in contents.problems where reported.insert(problem.description).inserted {
            includeProblems.append(problem)
        }
        return contents
    }

    /// What reading the configuration files found wrong, paths relative to the working
    /// directory: each missing include, and the missing files the project names — one warning
    /// per folder, as a project whose `pod install` has not run names a dozen files of
    /// `Pods/Target Support Files/`, one fact with one fix.
    var warnings: [ScanWarning] {
        var found = includeProblems
        var folders: [String: [String]] = [:]
        for path in missing { folders[Self.missingFilesFolder(path), default: []].append(path) }
        for (folder, paths) in folders {
            let sorted = paths.sorted()
            let cocoaPods =
                folder.hasSuffix("/Pods") ? " CocoaPods writes them: run 'pod install' before the scan." : ""
            if sorted.count == 1 {
                found.append(
                    ScanWarning(
                        path: sorted[0],
                        message: "the configuration file the project names does not exist; its settings are missing"
                            + (cocoaPods.isEmpty ? "" : "." + cocoaPods)))
            } else {
                let first = String(sorted[0].dropFirst(folder.count + 1))
                found.append(
                    ScanWarning(
                        path: folder,
                        message: "\(sorted.count) configuration files the project names do not exist ('\(first)' "
                            + "and \(sorted.count - 1) more); their settings are missing.\(cocoaPods)"))
            }
        }
        let workingDirectory = Platform.currentDirectory
        return found.map { problem in
            var problem = problem
            problem.path = SourcePath.relative(problem.path, to: workingDirectory)
            return problem
        }
    }

    /// The folder a missing configuration file is reported under: CocoaPods' `Pods` folder for
    /// the files it generates (one per pod target and configuration), else the file's own folder.
    private static func missingFilesFolder(_ path: String) -> String {
        if let range = path.range(of: "/Pods/Target Support Files/") {
            return String(path[..<range.lowerBound]) + "/Pods"
        }
        return SourcePath.parent(path) ?? "/"
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
