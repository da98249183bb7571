import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCLI

/// The build integration's shared file (Sources/TrackctlCLI/Build/BuildCheck.swift, which both
/// plugins link to): how `trackctl.json` is found and read, and the command made from it
/// (SPEC §15). What SwiftPM does with the command is `PluginPackageTests`' part.
@Suite("Plugin command construction")
struct BuildCheckTests {
    static let settingsFolder = RepositoryPaths.path("Fixtures/plugin/settings")

    static func load(_ name: String, existing: Set<String> = []) throws -> TrackctlSettings {
        let file = settingsFolder + "/" + name
        return try TrackctlSettings.parse(
            Data(contentsOf: URL(fileURLWithPath: file)), file: file, fileExists: { existing.contains($0) })
    }

    /// A temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: trackctl.json

    @Test func everyKeyIsReadAndPathsAreRelativeToTheFile() throws {
        let settings = try Self.load("every-key.json")
        let folder = Self.settingsFolder
        let parent = (folder as NSString).deletingLastPathComponent
        #expect(settings.file == folder + "/every-key.json")
        #expect(settings.config == parent + "/Analytics/spoc.json")
        #expect(settings.catalogs == [folder + "/catalog.json", "/abs/extra.json"])
        #expect(settings.plan == folder + "/plan.json")
        #expect(settings.sources == [parent + "/Sources"])
        #expect(settings.module == "Shop")
        #expect(settings.strict)
        #expect(settings.scripts == [folder + "/journey.trackscript"])
    }

    @Test func withoutPlanTheConventionalPlanBesideTheSPOCIsUsedWhenItExists() throws {
        let file = Self.settingsFolder + "/t.json"
        let data = Data(#"{"config": "app/spoc.json"}"#.utf8)
        let beside = Self.settingsFolder + "/app/tracking-plan.json"
        let found = try TrackctlSettings.parse(data, file: file, fileExists: { $0 == beside })
        #expect(found.plan == beside)
        let absent = try TrackctlSettings.parse(data, file: file, fileExists: { _ in false })
        #expect(absent.plan == nil)
        #expect(absent.sources == nil, "no 'source': the target's own files")
        #expect(!absent.strict)
    }

    /// Each broken file under Fixtures/plugin/settings, and what the plugin says of it.
    @Test(arguments: [
        (
            "unknown-key.json",
            "unknown key 'plna'; did you mean 'plan'? (the keys: config, catalog, plan, source, module, strict, "
                + "scripts)"
        ),
        ("missing-config.json", "'config' is missing: name the SPOC, relative to this file (\"config\": \"…\")"),
        ("empty-config.json", "'config' must be a non-empty string"),
        ("strict-not-boolean.json", "'strict' must be true or false"),
        ("catalog-not-strings.json", "'catalog' must be a string or a list of strings"),
        (
            "not-an-object.json",
            "must be a JSON object with the keys config, catalog, plan, source, module, strict, scripts"
        )
    ])
    func aBrokenSettingsFileIsAnErrorOnTheFile(file: String, message: String) throws {
        let error = try #require(throws: SettingsError.self) { try Self.load(file) }
        #expect(error.file == Self.settingsFolder + "/" + file)
        #expect(error.message == message)
    }

    @Test func pathsAreJoinedAndNormalizedOnTheTextAlone() {
        #expect(TrackctlSettings.normalized("Sources/App/../../Analytics/./spoc.json") == "Analytics/spoc.json")
        #expect(TrackctlSettings.normalized("../x/../y.json") == "../y.json")
        #expect(TrackctlSettings.normalized("/p/a/../../../b") == "/b")
        #expect(TrackctlSettings.normalized("a/..") == ".")
    }

    @Test func aKeyFarFromEveryKeyGetsNoGuess() {
        #expect(TrackctlSettings.closestKey(to: "catalogs") == "catalog")
        #expect(TrackctlSettings.closestKey(to: "Strict") == "strict")
        #expect(TrackctlSettings.closestKey(to: "sources") == "source")
        #expect(TrackctlSettings.closestKey(to: "platform") == nil)
    }

    @Test func aFileThatIsNotJSONSaysSo() throws {
        let error = try #require(throws: SettingsError.self) { try Self.load("not-json.json") }
        #expect(error.message.hasPrefix("is not JSON: "))
        #expect(error.description.hasPrefix(Self.settingsFolder + "/not-json.json: is not JSON"))
    }

    // MARK: Finding trackctl.json

    @Test func theTargetsOwnFileWinsOverTheRoot() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("{}", to: root + "/trackctl.json")
        try Self.write("{}", to: root + "/Sources/App/Config/trackctl.json")
        #expect(
            SettingsSearch.find(targetFolder: root + "/Sources/App/", root: root + "/")
                == .found(root + "/Sources/App/Config/trackctl.json"))
        // A target without one: the root's.
        try FileManager.default.createDirectory(atPath: root + "/Sources/Kit", withIntermediateDirectories: true)
        #expect(SettingsSearch.find(targetFolder: root + "/Sources/Kit", root: root) == .found(root + "/trackctl.json"))
    }

    @Test func twoFilesInOneTargetAreNamedBoth() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("{}", to: root + "/Sources/App/trackctl.json")
        try Self.write("{}", to: root + "/Sources/App/Screens/trackctl.json")
        #expect(
            SettingsSearch.find(targetFolder: root + "/Sources/App", root: root)
                == .several([root + "/Sources/App/Screens/trackctl.json", root + "/Sources/App/trackctl.json"]))
    }

    @Test func noFileNamesWhereItLookedWithoutFinalSlashes() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Hidden folders and build products are never searched.
        try Self.write("{}", to: root + "/Sources/App/.hidden/trackctl.json")
        try Self.write("{}", to: root + "/Sources/App/.build/trackctl.json")
        #expect(
            SettingsSearch.find(targetFolder: root + "/Sources/App/", root: root + "/")
                == .none(searched: [root + "/Sources/App", root]))
        // An Xcode project's target may have no folder: the root alone.
        #expect(SettingsSearch.find(targetFolder: nil, root: root) == .none(searched: [root]))
    }

    // MARK: The command

    static let swiftTarget = CheckedTarget(
        name: "ShopApp", moduleName: "ShopApp", language: .swift,
        sourceFiles: ["/p/Sources/ShopApp/b.swift", "/p/Sources/ShopApp/a.swift", "/p/Sources/ShopApp/Info.plist"])

    @Test func theBuildCommandValidatesTheTargetsOwnSourcesThroughAList() throws {
        let settings = TrackctlSettings(
            file: "/p/trackctl.json", config: "/p/Analytics/spoc.json", catalogs: ["/p/catalog.json"],
            plan: "/p/Analytics/tracking-plan.json")
        let check = BuildCheck.validate(
            settings, target: Self.swiftTarget, workDirectory: "/w", filesUnder: { _ in [] })
        #expect(check.displayName == "trackctl validate ShopApp")
        // The file, not its values: an edited trackctl.json reruns the check, which reads it then.
        #expect(
            check.arguments == [
                "validate", "--settings", "/p/trackctl.json", "--source-list", "/w/sources.txt", "--module", "ShopApp",
                "--format", "xcode", "--stamp", "/w/TrackctlCheck.swift"
            ])
        #expect(
            check.inputFiles == [
                "/p/trackctl.json", "/p/Analytics/spoc.json", "/p/catalog.json", "/p/Analytics/tracking-plan.json",
                "/p/Sources/ShopApp/b.swift", "/p/Sources/ShopApp/a.swift", "/p/Sources/ShopApp/Info.plist",
                "/w/sources.txt"
            ])
        #expect(check.outputFile == "/w/TrackctlCheck.swift")
        // Sources only, sorted: the list's text changes only when the target's files do.
        #expect(check.sourceList?.path == "/w/sources.txt")
        #expect(check.sourceList?.contents == "/p/Sources/ShopApp/a.swift\n/p/Sources/ShopApp/b.swift\n")
    }

    @Test func sourceFoldersAreScannedAsFoldersAndTheirFilesWatched() throws {
        var settings = TrackctlSettings(file: "/p/trackctl.json", config: "/p/spoc.json")
        settings.sources = ["/p/Sources", "/p/Kit"]
        settings.module = "Shop"
        settings.strict = true
        let check = BuildCheck.validate(
            settings, target: Self.swiftTarget, workDirectory: "/w", filesUnder: { ["\($0)/x.swift"] })
        #expect(
            check.arguments == [
                "validate", "--settings", "/p/trackctl.json", "--format", "xcode", "--stamp", "/w/TrackctlCheck.swift"
            ])
        #expect(check.inputFiles == ["/p/trackctl.json", "/p/spoc.json", "/p/Sources/x.swift", "/p/Kit/x.swift"])
        #expect(check.sourceList == nil)
    }

    @Test func aCFamilyTargetGetsAResourceStampItCanBuild() {
        let target = CheckedTarget(name: "Legacy", moduleName: "Legacy", language: .clang, sourceFiles: ["/p/L.m"])
        let settings = TrackctlSettings(file: "/p/trackctl.json", config: "/p/spoc.json")
        let check = BuildCheck.validate(settings, target: target, workDirectory: "/w", filesUnder: { _ in [] })
        #expect(check.outputFile == "/w/trackctl.stamp")
        #expect(BuildCheck.stampName(for: .swift).hasSuffix(".swift"))
    }

    /// SwiftPM lists what a C-family target compiles, not its Objective-C headers: its folder is
    /// walked instead (Fixtures/plugin/ShopPackage/Sources/ShopLegacy).
    @Test func aCFamilyTargetsFolderIsWalkedForItsHeaders() {
        let folder = RepositoryPaths.path("Fixtures/plugin/ShopPackage/Sources/ShopLegacy")
        let legacy = CheckedTarget.package(
            name: "ShopLegacy", moduleName: "ShopLegacy", isClang: true, folder: folder, listed: [folder + "/legacy.c"])
        #expect(legacy.language == .clang)
        #expect(legacy.sourceFiles == [folder + "/ZOCLegacyViewController.h", folder + "/include/ShopLegacy.h"])
        let swift = CheckedTarget.package(
            name: "ShopApp", moduleName: "ShopApp", isClang: false, folder: "/p", listed: ["/p/A.swift"])
        #expect(swift.sourceFiles == ["/p/A.swift"])
        #expect(swift.language == .swift)
    }

    /// An Xcode target has no folder: the deepest one holding all its files stands in, when it is
    /// inside the project's folder.
    @Test func anXcodeTargetsFolderIsTheOneHoldingAllItsFiles() {
        #expect(CheckedTarget.folder(of: ["/p/App/A.swift", "/p/App/Views/B.swift"], within: "/p") == "/p/App")
        #expect(CheckedTarget.folder(of: ["/p/App/A.swift"], within: "/p/") == "/p/App")
        // Files of two top folders (NetNewsWire's iOS/ and Shared/): the project's root alone.
        #expect(CheckedTarget.folder(of: ["/p/iOS/A.swift", "/p/Shared/B.swift"], within: "/p") == nil)
        #expect(CheckedTarget.folder(of: ["/elsewhere/A.swift"], within: "/p") == nil)
        #expect(CheckedTarget.folder(of: [], within: "/p") == nil)
    }

    @Test func aTargetWithoutSourcesIsCheckedAgainstTheSDKAndCatalogsAlone() {
        let target = CheckedTarget(name: "Assets", moduleName: "Assets", language: .swift, sourceFiles: [])
        let settings = TrackctlSettings(file: "/p/trackctl.json", config: "/p/spoc.json", catalogs: ["/p/c.json"])
        let check = BuildCheck.validate(settings, target: target, workDirectory: "/w", filesUnder: { _ in [] })
        #expect(
            check.arguments == [
                "validate", "--settings", "/p/trackctl.json", "--format", "xcode", "--stamp", "/w/TrackctlCheck.swift"
            ])
        #expect(check.sourceList == nil)
    }

    @Test func coverageReplaysTheScriptsIntoNothing() {
        var settings = TrackctlSettings(file: "/p/trackctl.json", config: "/p/spoc.json")
        #expect(
            BuildCheck.coverage(settings, scripts: ["/p/a.trackscript"], target: Self.swiftTarget, workDirectory: "/w")
                == [
                    "replay", "/p/a.trackscript", "--config", "/p/spoc.json", "--source-list", "/w/sources.txt",
                    "--module", "ShopApp", "--sink", "null", "--coverage"
                ])
        settings.catalogs = ["/p/c.json"]
        settings.plan = "/p/plan.json"
        settings.sources = ["/p/Sources"]
        settings.module = "Shop"
        settings.strict = true
        #expect(
            BuildCheck.coverage(settings, scripts: ["/p/a.trackscript"], target: Self.swiftTarget, workDirectory: "/w")
                == [
                    "replay", "/p/a.trackscript", "--config", "/p/spoc.json", "--catalog", "/p/c.json", "--plan",
                    "/p/plan.json", "--source", "/p/Sources", "--module", "Shop", "--strict", "--sink", "null",
                    "--coverage"
                ])
    }

    @Test func aModuleInTheSettingsIsNotOverriddenByTheTargets() {
        var settings = TrackctlSettings(file: "/p/trackctl.json", config: "/p/spoc.json")
        settings.module = "Shop"
        #expect(
            BuildCheck.scanArguments(settings, target: Self.swiftTarget, workDirectory: "/w")
                == ["--source-list", "/w/sources.txt"])
    }

    @Test func theListIsWrittenOnlyWhenItsTextChanges() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/work/sources.txt"
        try BuildCheck.write((path, "/a.swift\n"))
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        try BuildCheck.write((path, "/a.swift\n"))
        let unchanged = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(unchanged == old, "the same text keeps the file's time: the build sees no change")
        try BuildCheck.write((path, "/a.swift\n/b.swift\n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "/a.swift\n/b.swift\n")
    }

    @Test func aSourceFolderStandsForItsSourcesAndManifests() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["A.swift", "Sub/B.m", "Sub/B.h", "Info.plist", ".hidden/C.swift", "Pods/D.swift", "Package.swift"]
        {
            try Self.write("", to: root + "/" + file)
        }
        #expect(
            BuildCheck.sourceFiles(under: root)
                == [root + "/A.swift", root + "/Package.swift", root + "/Sub/B.h", root + "/Sub/B.m"])
        #expect(BuildCheck.sourceFiles(under: root + "/A.swift") == [root + "/A.swift"])
        #expect(BuildCheck.sourceFiles(under: root + "/missing").isEmpty)
    }

    // MARK: swift package trackctl

    @Test func theCommandPluginsWordsAreAVerbTargetsAndScripts() throws {
        #expect(try PluginRequest.parse(["validate"]) == PluginRequest(verb: .validate))
        #expect(
            try PluginRequest.parse(["coverage", "--target", "App", "a.trackscript", "--target", "Kit"])
                == PluginRequest(verb: .coverage, targets: ["App", "Kit"], scripts: ["a.trackscript"]))
        #expect(try PluginRequest.parse(["--help"]) == PluginRequest(verb: nil))
    }

    @Test(arguments: [
        ([], "say what to run: 'validate' or 'coverage'"),
        (["valdate"], "unknown verb 'valdate'; say 'validate' or 'coverage'"),
        (["validate", "--target"], "'--target' needs a target's name"),
        (["validate", "--strict"], "unknown option '--strict' (the options: --target NAME)"),
        (
            ["validate", "journey.trackscript"],
            "'validate' takes no script ('journey.trackscript'); 'coverage' replays scripts"
        )
    ])
    func aRequestItCannotRunIsRefused(arguments: [String], message: String) {
        #expect(throws: PluginRequestError.self) { try PluginRequest.parse(arguments) }
        do { _ = try PluginRequest.parse(arguments) } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
