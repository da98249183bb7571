import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The Xcode project reader: the OpenStep property list of `project.pbxproj`, and the module
/// each target gives its Swift files.
@Suite("Xcode project")
struct XcodeProjectTests {
    static func read(_ text: String) throws(OpenStepPlistReader.Failure) -> OpenStepValue {
        try OpenStepPlistReader.read(Array(text.utf8))
    }

    @Test func openStepValuesCommentsAndQuotedStrings() throws {
        let value = try Self.read(
            """
            // !$*UTF8*$!
            {
                /* a comment */ key = value; // another
                quoted = "a \\"b\\"\\n\\tc";
                list = (one, "two", );
                nested = { inner = "$(TARGET_NAME)"; };
            }
            """)
        #expect(value["key"]?.string == "value")
        #expect(value["quoted"]?.string == "a \"b\"\n\tc")
        #expect(value["list"]?.array?.compactMap(\.string) == ["one", "two"])
        #expect(value["nested"]?["inner"]?.string == "$(TARGET_NAME)")
    }

    @Test(arguments: [
        ("{ a = b }", "expected ';' after the value of 'a'", 8),
        ("{ a = (b, c }", "expected ',' or ')' in an array", 12),
        ("{ a = \"open; }", "a quoted string is not closed", 14),
        ("{ a = b; } extra", "unexpected text after the property list", 11)
    ])
    func brokenListsAreLocated(text: String, message: String, offset: Int) {
        let failure = Self.failure(text)
        #expect(failure?.message == message)
        #expect(failure?.offset == offset)
    }

    static func failure(_ text: String) -> OpenStepPlistReader.Failure? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "(", count: 10_000)
        #expect(Self.failure(deep)?.message == "nesting deeper than 64 levels")
    }

    @Test func targetsModulesAndFilesOfTheFixtureProject() throws {
        let path = RepositoryPaths.path("Fixtures/source/xcode-app/ShopApp.xcodeproj")
        let project = try XcodeProject.load(path: path)
        let targets = project.targets.map { "\($0.name) \($0.moduleName) \($0.isApplication)" }
        // ShopApp: the Release PRODUCT_NAME "Shop App" made an identifier; ShopKit: its
        // PRODUCT_MODULE_NAME; ShopWidget: "$(TARGET_NAME:c99extidentifier)Ext"; the tests
        // target: the project-level "$(TARGET_NAME)".
        #expect(
            targets == [
                "ShopAppTests ShopAppTests false", "ShopApp Shop_App true", "ShopKit ShopKit false",
                "ShopWidget ShopWidgetExt false"
            ])
        let root = RepositoryPaths.path("Fixtures/source/xcode-app")
        let app = try #require(project.targets.first { $0.name == "ShopApp" })
        #expect(app.contains(root + "/ShopApp/HomeViewController.swift"))
        #expect(app.contains(root + "/ShopApp/Shared/Analytics.swift"))
        let kit = try #require(project.targets.first { $0.name == "ShopKit" })
        #expect(kit.contains(root + "/ShopKit/CartViewController.swift"), "a SOURCE_ROOT path")
        let widget = try #require(project.targets.first { $0.name == "ShopWidget" })
        #expect(widget.contains(root + "/ShopWidget/WidgetViewController.swift"), "a synchronized folder")
        #expect(!widget.contains(root + "/ShopWidget/Preview.swift"), "a membership exception")
    }

    /// Xcode 16's layout (Fixtures/source/xcode16-app): a synchronized folder's exception set
    /// removes a file from the target that owns the folder and adds one to a target that does
    /// not; the module comes from an `.xcconfig` (`$(TARGET_NAME:c99extidentifier)`, over an
    /// included file's value), not from the folder.
    @Test func synchronizedFoldersAndConfigFilesAsXcodeReadsThem() throws {
        let root = RepositoryPaths.path("Fixtures/source/xcode16-app")
        let project = try XcodeProject.load(path: root + "/Notes.xcodeproj")
        #expect(project.directory == root)
        #expect(
            project.targets.map { "\($0.name) \($0.moduleName)" } == [
                "My App My_App", "Extensions-NotificationContent Extensions_NotificationContent"
            ])
        let app = try #require(project.targets.first)
        #expect(app.contains(root + "/App/NotesViewController.swift"))
        #expect(!app.contains(root + "/App/Preview.swift"))
        let extensionTarget = try #require(project.targets.last)
        #expect(extensionTarget.contains(root + "/Extensions/NotificationViewController.swift"))
        #expect(!extensionTarget.contains(root + "/Extensions/Unused.swift"))
        let assignments = XcodeConfigFile.read(path: root + "/Config/App.xcconfig").assignments
        #expect(assignments.last { $0.name == "PRODUCT_MODULE_NAME" }?.value == "$(TARGET_NAME:c99extidentifier)")
        #expect(assignments.last { $0.name == "IPHONEOS_DEPLOYMENT_TARGET" }?.value == "16.0")
    }

    /// A configuration file the project names but the tree lacks (a file kept out of the
    /// repository, a wrong path) is a located warning, not a silent fallback: its settings, the
    /// module name among them, are missing from what the scan resolves.
    @Test func aMissingConfigurationFileIsAWarning() throws {
        let fixture = RepositoryPaths.path("Fixtures/source/xcode16-app")
        let project = try String(contentsOfFile: fixture + "/Notes.xcodeproj/project.pbxproj", encoding: .utf8)
        let shared = try String(contentsOfFile: fixture + "/Config/Shared.xcconfig", encoding: .utf8)
        let tree = try ScratchTree([
            "Notes.xcodeproj/project.pbxproj": project, "Config/Shared.xcconfig": shared, "App/A.swift": ""
        ])
        defer { tree.remove() }
        let loaded = try XcodeProject.load(path: tree.root.path + "/Notes.xcodeproj")
        let warning = try #require(loaded.warnings.first { $0.path.hasSuffix("Config/App.xcconfig") })
        #expect(warning.message == "the configuration file the project names does not exist; its settings are missing")
    }

    /// A project written on a Mac names files in a case the disk may not have (Simplenote's
    /// `#include "Version.public.xcconfig"` of `Version.Public.xcconfig`): a Mac's case-insensitive
    /// volume finds them, so Xcode builds the class in the module the included file names.
    @Test func filesAreFoundAsAMacFindsThemWhateverTheirCase() throws {
        let root = RepositoryPaths.path("Fixtures/source/mac-case-app")
        let result = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(result.models.map(\.name) == ["NotesKit.NotesViewController"])
        #expect(result.summary.notCompiled.isEmpty)
        #expect(!result.summary.warnings.contains { $0.message.contains("shared.xcconfig") })
        var lookup = MacPathLookup()
        #expect(lookup.onDisk(root + "/config/app.XCCONFIG") == root + "/Config/App.xcconfig")
        #expect(lookup.onDisk(root + "/Config/Missing.xcconfig") == nil)
    }

    /// CocoaPods' configuration files exist only after `pod install`: the project names one per
    /// pod target and configuration, so they are one warning for the `Pods` folder, with the fix.
    @Test func missingCocoaPodsFilesAreOneWarningWithTheFix() throws {
        let root = RepositoryPaths.path("Fixtures/source/mac-case-app")
        let project = try XcodeProject.load(path: root + "/Notes.xcodeproj")
        #expect(
            project.warnings.map(\.message) == [
                "2 configuration files the project names do not exist "
                    + "('Target Support Files/Pods-Notes/Pods-Notes.debug.xcconfig' and 1 more); their settings are "
                    + "missing. CocoaPods writes them: run 'pod install' before the scan."
            ])
        #expect(project.warnings.first?.path.hasSuffix("mac-case-app/Pods") == true)
    }

    /// Only what is compiled (SPEC §10.1): files of the project's folder that no target compiles
    /// are left out and counted; a Swift package target's module is its name, whatever its `path:`.
    @Test func onlyCompiledFilesAreScannedAndPackagesNameTheirModules() throws {
        let root = RepositoryPaths.path("Fixtures/source/xcode16-app")
        let result = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(
            result.models.map(\.name) == [
                "Extensions_NotificationContent.NotificationViewController", "KitUI.KitViewController",
                "My_App.NotesViewController"
            ])
        #expect(
            result.summary.notCompiled.map { String($0.dropFirst(root.count + 1)) }
                == ["App/Preview.swift", "Extensions/Unused.swift", "Legacy/OldViewController.swift"])
        #expect(result.summary.layoutModules.isEmpty)
        // The extension's witness of UNNotificationContentExtension (UserNotificationsUI) has its selector.
        #expect(result.models.first?.selectors == ["didReceiveNotification:"])
        let package = try #require(SwiftPackage.load(path: root + "/Packages/Kit/Package.swift"))
        #expect(
            package.targets == [
                SwiftPackage.Target(name: "KitUI", module: "KitUI", folder: root + "/Packages/Kit/Sources")
            ])
    }

    @Test func packageManifestsNameTargetsAndTheirFolders() {
        let manifest = """
            let package = Package(name: "P", targets: [
                .target(name: "Core"),
                .executableTarget(name: "my-tool", dependencies: ["Core"], path: "Tools/Main"),
                .testTarget(name: "CoreTests", dependencies: [.product(name: "Other", package: "other")]),
            ])
            """
        #expect(
            SwiftPackage.targets(in: manifest, folder: "/p").map { "\($0.module) \($0.folder)" }
                == ["Core /p/Sources/Core", "my_tool /p/Tools/Main", "CoreTests /p/Tests/CoreTests"])
    }

    @Test func aBrokenProjectSaysWhere() {
        let failure: XcodeProject.Failure?
        do {
            _ = try XcodeProject.load(path: RepositoryPaths.path("Fixtures/source/broken/Broken.xcodeproj"))
            failure = nil
        } catch {
            failure = error
        }
        #expect(failure?.message == "expected ';' after the value of 'mainGroup'")
        #expect(failure?.position == SourcePosition(line: 8, column: 3))
    }

    @Test func productNamesBecomeModuleNames() {
        func module(_ settings: [String: String], target: String = "My App", project: [String: String] = [:]) -> String
        {
            var levels = BuildSettings(builtins: [
                "TARGET_NAME": target, "PRODUCT_NAME": "$(TARGET_NAME)",
                "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)"
            ])
            levels.append(dictionary: project.mapValues(OpenStepValue.string))
            levels.append(dictionary: settings.mapValues(OpenStepValue.string))
            return XcodeProject.moduleName(
                target: target, settings: (levels, BuildContext(configuration: "Release")), platforms: [.iOS])
        }
        #expect(module([:]) == "My_App", "no setting: the target name")
        #expect(module(["PRODUCT_NAME": "$(TARGET_NAME)"]) == "My_App")
        #expect(module(["PRODUCT_NAME": "${TARGET_NAME}"]) == "My_App")
        #expect(module(["PRODUCT_NAME": "9lives"]) == "_9lives")
        #expect(module(["PRODUCT_NAME": "Shop", "PRODUCT_MODULE_NAME": "ShopCore"]) == "ShopCore")
        #expect(module([:], project: ["PRODUCT_NAME": "Project-Wide"]) == "Project_Wide")
    }

    /// The summary names the kind of target that gave a shared file its module, with its article.
    @Test func productKindsReadAsEnglish() {
        let kinds = [
            "com.apple.product-type.app-extension", "com.apple.product-type.bundle.unit-test",
            "com.apple.product-type.bundle.ui-testing", "com.apple.product-type.framework",
            "com.apple.product-type.extensionkit-extension"
        ].map(XcodeProject.kind(ofProductType:))
        #expect(
            kinds.map { ModuleResolver.indefiniteArticle($0) + " " + $0 }
                == [
                    "an app extension", "a unit test bundle", "a UI test bundle", "a framework",
                    "an ExtensionKit extension"
                ])
    }
}
