import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// XcodeGen's rules, one per test, from its documentation (Docs/ProjectSpec.md of
/// yonaskolb/XcodeGen 2.45): "Include" (merging), "Multi Platform targets", "Settings"
/// (`configs` keys), "Sources" (`excludes` and `includes` as Bash globs with globstar).
@Suite("XcodeGen specification")
struct XcodeGenSpecTests {
    static func members(_ yaml: String) throws -> [SourceMember] {
        try #require(try YAMLReader.read(Array(yaml.utf8), file: "spec.yml").dictionaryValue)
    }

    @Test func includesMergeDictionariesAppendListsAndReplaceOnRequest() throws {
        let base = try Self.members("targets: {App: {sources: [A], settings: {X: 1}}}\nname: Base")
        let top = try Self.members("targets: {App: {sources: [B], settings: {Y: 2}}}\nname: Top")
        let merged = XcodeGenSpec.merge(base, top)
        let app = merged.value("targets")?.dictionaryValue?.value("App")?.dictionaryValue ?? []
        #expect(app.value("sources")?.arrayValue?.compactMap(\.stringValue) == ["A", "B"], "lists append")
        #expect(app.value("settings")?.dictionaryValue?.map(\.key) == ["X", "Y"], "dictionaries merge")
        #expect(merged.value("name")?.stringValue == "Top", "anything else is replaced")
        let replacing = XcodeGenSpec.merge(base, try Self.members("targets: {App: {sources:REPLACE: [C]}}"))
        let replaced = replacing.value("targets")?.dictionaryValue?.value("App")?.dictionaryValue ?? []
        #expect(replaced.value("sources")?.arrayValue?.compactMap(\.stringValue) == ["C"], "':REPLACE' replaces")
        #expect(replaced.value("settings") != nil)
    }

    @Test func globsMatchAsBashDoesWithGlobstar() {
        #expect(SourceGlob.matchesOrContains("*.md", "README.md"))
        #expect(!SourceGlob.matchesOrContains("*.md", "Docs/README.md"), "'*' stays within its folder")
        #expect(SourceGlob.matchesOrContains("**/*.md", "Docs/Deep/README.md"))
        #expect(SourceGlob.matchesOrContains("**/*.md", "README.md"), "'**' may be no folder at all")
        #expect(SourceGlob.matchesOrContains("Views/Legacy", "Views/Legacy/Old.swift"), "a folder takes its files")
        #expect(SourceGlob.matchesOrContains("ios/**/*Tests.[hm]", "ios/a/b/ShopTests.m"))
        #expect(!SourceGlob.matchesOrContains("ios/**/*Tests.[hm]", "ios/a/b/ShopTests.swift"))
        #expect(SourceGlob.matchesOrContains("server[0-2].json", "server1.json"))
        #expect(!SourceGlob.matchesOrContains("server[!0-2].json", "server1.json"))
        #expect(SourceGlob.matchesOrContains("?.swift", "A.swift"))
    }

    @Test func aTargetOfSeveralPlatformsIsOneTargetEach() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-xcodegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("project.yml").path
        try """
        name: Shop
        configs: {Debug: debug, Staging Release: release, Release: release}
        targets:
          Kit:
            type: framework
            platform: [iOS, tvOS]
            platformPrefix: ${platform}-
            platformSuffix: ""
            settings:
              configs:
                release: {PRODUCT_MODULE_NAME: KitStaging}
                Release:
                  PRODUCT_MODULE_NAME: ShopKit_${platform}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let project = try XcodeGenProject.load(path: spec, configuration: nil, platform: .all, files: [])
        #expect(project.targets.map(\.name) == ["iOS-Kit", "tvOS-Kit"])
        #expect(project.targets.map(\.moduleName) == ["ShopKit_iOS", "ShopKit_tvOS"], "'Release' names one config")
        #expect(project.configurations == ["Debug", "Staging Release", "Release"])
        let staging = try XcodeGenProject.load(
            path: spec, configuration: "Staging Release", platform: .all, files: [])
        #expect(staging.targets.map(\.moduleName) == ["KitStaging", "KitStaging"], "'release' is in its name")
        #expect(project.targets.map(\.platforms) == [[.iOS], [.tvOS]])
    }
}
