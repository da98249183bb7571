import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Build settings as Xcode resolves them, and the platforms and targets a scan keeps (SPEC §10,
/// "Build settings as Xcode resolves them", "Platforms"). The rules follow Xcode's Build
/// Settings Reference and the xcconfig format as Xcode 16 reads it: later assignments win,
/// `$(inherited)` is the value below, conditions `[sdk=…][config=…][arch=…]` choose, and the
/// project names an `.xcconfig` as a file reference or as an anchor folder and a relative path.
@Suite("Build settings")
struct BuildSettingsTests {
    static let folder = RepositoryPaths.path("Fixtures/source/xcconfig")

    @Test func anXcconfigIsReadWithItsIncludesInPlace() {
        let contents = XcodeConfigFile.read(path: Self.folder + "/Base.xcconfig")
        #expect(
            contents.assignments.map {
                "\($0.name)\($0.conditions.map { "[\($0.key)=\($0.pattern)]" }.joined()) = \($0.value)"
            } == [
                "OTHER_SWIFT_FLAGS = -DINCLUDED", "MODULE_BASE = Reader",
                "OTHER_SWIFT_FLAGS = $(inherited) -DBASE", "OTHER_SWIFT_FLAGS[config=Debug] = $(inherited) -DDEBUG",
                "PRODUCT_NAME = Reader", "PRODUCT_NAME[sdk=macosx*][arch=*] = Reader Mac",
                "WEBSITE = https:/$()/example.com"
            ])
        // `#include?` may be missing; `#include` may not (Xcode stops the build there).
        #expect(
            contents.problems.map { "\($0.position?.line ?? 0) \($0.message.prefix(20))" } == ["4 the included file '/"]
        )
        #expect(
            contents.problems.first?.message.hasSuffix(
                "Missing.xcconfig' does not exist (Xcode stops the build here; '#include?' may be missing)") == true)
    }

    @Test func anIncludeCycleIsReportedNotFollowed() {
        let contents = XcodeConfigFile.read(path: Self.folder + "/Loop.xcconfig")
        #expect(contents.assignments.map(\.name) == ["A"])
        #expect(contents.problems.first?.message.hasSuffix("includes itself; the include is ignored") == true)
    }

    @Test func inheritedConditionsAndLaterAssignmentsResolveAsXcodeDoes() {
        var settings = BuildSettings(builtins: ["TARGET_NAME": "Reader-iOS"])
        settings.append(dictionary: ["OTHER_SWIFT_FLAGS": .string("-DPROJECT")])
        settings.append(XcodeConfigFile.read(path: Self.folder + "/Base.xcconfig").assignments)
        let release = BuildContext(configuration: "Release", sdk: "iphoneos26.0")
        let debug = BuildContext(configuration: "Debug", sdk: "iphoneos26.0")
        let mac = BuildContext(configuration: "Release", sdk: "macosx26.0")
        // The included file's assignment replaces the project's; $(inherited) reaches it.
        #expect(settings.value("OTHER_SWIFT_FLAGS", in: release) == "-DINCLUDED -DBASE")
        #expect(settings.value("OTHER_SWIFT_FLAGS", in: debug) == "-DINCLUDED -DBASE -DDEBUG")
        #expect(settings.value("PRODUCT_NAME", in: release) == "Reader", "the trailing ';' is not the value's")
        #expect(settings.value("PRODUCT_NAME", in: mac) == "Reader Mac")
        #expect(settings.value("WEBSITE", in: release) == "https://example.com", "$() expands to nothing")
        #expect(settings.value("UNSET", in: release) == nil)
    }

    @Test func aProjectDictionaryPutsConditionsOverThePlainKey() {
        var settings = BuildSettings()
        settings.append(dictionary: ["PRODUCT_NAME[sdk=iphoneos*]": .string("Phone"), "PRODUCT_NAME": .string("Plain")])
        #expect(
            settings.value("PRODUCT_NAME", in: BuildContext(configuration: "Release", sdk: "iphoneos26.0")) == "Phone")
        #expect(
            settings.value("PRODUCT_NAME", in: BuildContext(configuration: "Release", sdk: "macosx26.0")) == "Plain")
        // Before the SDK is known (how SDKROOT itself is read), no sdk= condition holds.
        #expect(settings.value("PRODUCT_NAME", in: BuildContext(configuration: "Release")) == "Plain")
    }

    @Test(arguments: [
        ("$(NAME)", "My App-2"), ("${NAME}", "My App-2"), ("$NAME.x", "My App-2.x"),
        ("$(NAME:c99extidentifier)", "My_App_2"),
        ("$(NAME:rfc1034identifier)", "My-App-2"), ("$(NAME:lower)", "my app-2"), ("$(NAME:upper)", "MY APP-2"),
        ("$(FILE:base)", "Info"), ("$(FILE:file)", "Info.plist"), ("$(FILE:suffix)", ".plist"),
        ("$(FILE:dir)", "/a/b/"),
        ("$(UNSET:default=fallback)", "fallback"), ("$(NAME_$(WHICH))", "nested"), ("$$(NAME)", "$(NAME)"),
        ("$(NAME:lower:c99extidentifier)", "my_app_2")
    ])
    func referencesAndModifiersExpand(text: String, expected: String) {
        var settings = BuildSettings()
        settings.append([
            BuildSettingAssignment(name: "NAME", value: "My App-2"),
            BuildSettingAssignment(name: "FILE", value: "/a/b/Info.plist"),
            BuildSettingAssignment(name: "WHICH", value: "X"), BuildSettingAssignment(name: "NAME_X", value: "nested")
        ])
        #expect(settings.expand(text, in: BuildContext(configuration: "Release")) == expected)
    }

    @Test func aSelfReferenceEndsInsteadOfLooping() {
        var settings = BuildSettings()
        settings.append([
            BuildSettingAssignment(name: "A", value: "$(B)"), BuildSettingAssignment(name: "B", value: "$(A)")
        ])
        #expect(settings.value("A", in: BuildContext(configuration: "Release")) == "")
    }

    /// NetNewsWire's shape: module names only in `.xcconfig` files named by anchor and relative
    /// path (Xcode 16), an iOS, a Mac and a watch app with one module name.
    @Test func xcode16ReferencesPlatformsAndConfigurationsOfTheMultiplatformProject() throws {
        let root = RepositoryPaths.path("Fixtures/source/multiplatform-app")
        let project = try XcodeProject.load(path: root + "/Reader.xcodeproj")
        #expect(
            project.targets.map {
                "\($0.name): \($0.moduleName) \($0.platforms.sorted().map(\.rawValue)) \($0.dependencies)"
            } == [
                "Reader-iOS: Reader [\"ios\"] [\"Reader Watch\"]", "Reader: Reader [\"macos\"] []",
                "Reader Watch: ReaderWatch [\"watchos\"] []"
            ])
        #expect(
            project.targets.map(\.configurationNote) == [
                nil, nil,
                "its module is ReaderWatchDebug in Debug, ReaderWatch in Release; Release decides "
                    + "(--configuration NAME chooses another)"
            ])
        #expect(project.warnings.isEmpty, "the project's only missing include is optional: \(project.warnings)")
        #expect(project.configurations == ["Debug", "Release"])
        // --configuration: the one named decides, as `xcodebuild -configuration Debug` builds it.
        let debug = try XcodeProject.load(path: root + "/Reader.xcodeproj", configuration: "Debug")
        #expect(debug.targets.map(\.moduleName) == ["Reader", "Reader", "ReaderWatchDebug"])
        #expect(
            debug.targets.last?.configurationNote
                == "its module is ReaderWatchDebug in Debug, ReaderWatch in Release; Debug decides (--configuration)")
    }

    /// A configuration no scanned project has is an error naming those it has (exit 2), not a
    /// silent fallback to Release.
    @Test func anUnknownConfigurationIsRefused() {
        let error = #expect(throws: DocumentError.self) {
            try SourceScanner.scan(
                SourceScanner.Options(
                    paths: [RepositoryPaths.path("Fixtures/source/multiplatform-app")], configuration: "Relase"))
        }
        #expect(error?.file == "--configuration")
        #expect(
            error?.message
                == "'Relase' is not a configuration of the scanned Xcode projects; they have: Debug, Release; "
                + "did you mean 'Release'?")
    }

    @Test func anIOSScanLeavesOtherPlatformsTargetsOut() throws {
        let root = RepositoryPaths.path("Fixtures/source/multiplatform-app")
        let result = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(
            result.models.map(\.name) == [
                "Reader.AppDelegate", "Reader.ArticleViewController", "Reader.InspectorViewController"
            ])
        let delegate = try #require(result.models.first)
        #expect(delegate.superclass == "UIResponder")
        #expect(delegate.selectors.contains("application:didFinishLaunchingWithOptions:"))
        #expect(result.alternates.isEmpty)
        #expect(
            result.summary.otherTargetsOnly.map { String($0.dropFirst(root.count + 1)) } == [
                "Mac/AppDelegate.swift", "Mac/InspectorViewController.swift", "Watch/WatchViewController.swift"
            ])
        #expect(
            result.summary.targets.map { "\($0.name) \($0.kept)" } == [
                "Reader-iOS true", "Reader false", "Reader Watch false"
            ])
        #expect(result.summary.targets[1].why == "not built for iOS (--platform)")
    }

    @Test func everyPlatformKeepsTwoDeclarationsOfOneNameApart() throws {
        let root = RepositoryPaths.path("Fixtures/source/multiplatform-app")
        let result = try SourceScanner.scan(SourceScanner.Options(paths: [root], platform: .all))
        let inspector = try #require(result.models.first { $0.name == "Reader.InspectorViewController" })
        let alternate = try #require(result.alternates.first { $0.name == "Reader.InspectorViewController" })
        // Never merged: each keeps its own superclass and methods; the iOS extension joins the iOS class.
        #expect(
            inspector.unknownAncestor == "NSViewController",
            "AppKit is not in the iOS SDK model: the chain is open there")
        #expect(inspector.selectors == ["close:"])
        #expect(alternate.superclass == "UITableViewController")
        #expect(alternate.selectors == ["done:", "refreshFromiOS"])
        #expect(result.summary.ambiguous.map(\.name) == ["Reader.AppDelegate", "Reader.InspectorViewController"])
    }

    @Test func aTargetKeepsWhatItDependsOnAndAnUnknownNameIsRefused() throws {
        let root = RepositoryPaths.path("Fixtures/source/multiplatform-app")
        let result = try SourceScanner.scan(
            SourceScanner.Options(paths: [root], platform: .all, targets: ["Reader-iOS"]))
        #expect(
            result.summary.targets.map { "\($0.name) \($0.kept) \($0.why)" } == [
                "Reader-iOS true named by --target", "Reader false not named by --target nor a dependency of one named",
                "Reader Watch true a dependency of Reader-iOS"
            ])
        #expect(
            result.models.map(\.name) == [
                "Reader.AppDelegate", "Reader.ArticleViewController", "Reader.InspectorViewController",
                "ReaderWatch.WatchViewController"
            ])
        var message = ""
        do { _ = try SourceScanner.scan(SourceScanner.Options(paths: [root], targets: ["Reader-iO"])) } catch {
            message = error.message
        }
        #expect(
            message
                == "'Reader-iO' is not a target of the scanned projects or packages; they have: Reader-iOS, Reader, "
                + "Reader Watch; did you mean 'Reader-iOS'?"
        )
    }

    @Test(arguments: [
        ("platforms: [.iOS(.v15), .macOS(\"12.0\")],", ["ios", "macos"]),
        ("platforms: [ .watchOS(.v10) ]", ["watchos"]),
        ("let package = Package(name: \"P\")", nil),
        ("platforms: [.macCatalyst(.v17), .visionOS(.v1)]", ["ios", "visionos"])
    ])
    func aPackageBuildsForItsPlatforms(manifest: String, expected: [String]?) {
        #expect(SwiftPackage.platforms(in: manifest)?.sorted().map(\.rawValue) == expected)
    }

    @Test(arguments: [
        ("iphoneos", ApplePlatform.iOS), ("iphonesimulator18.2", .iOS), ("macosx", .macOS), ("appletvos", .tvOS),
        ("watchsimulator", .watchOS),
        ("xros", .visionOS)
    ])
    func sdkNamesArePlatforms(word: String, platform: ApplePlatform) {
        #expect(ApplePlatform(sdk: word) == platform)
    }
}
