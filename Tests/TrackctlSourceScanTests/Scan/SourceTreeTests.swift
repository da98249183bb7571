import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Which files a scan reads, and the module each Swift file gets.
@Suite("Source tree")
struct SourceTreeTests {
    static func walk(_ tree: ScratchTree, excluding: [String] = []) throws -> [String] {
        var warnings: [ScanWarning] = []
        let walked = try SourceTree.walk(
            [tree.root.path], excluding: excluding.map(ExcludePattern.init), warnings: &warnings)
        return walked.files.map { String($0.path.dropFirst(tree.root.path.count + 1)) }
    }

    @Test func dependencyBuildAndHiddenFoldersAreSkipped() throws {
        let tree = try ScratchTree([
            "App/A.swift": "", "App/B.h": "", "App/C.m": "", "App/D.mm": "", "App/notes.txt": "", "App/E.SWIFT": "",
            "Pods/Lib/L.h": "", "Carthage/Checkouts/X.swift": "", "DerivedData/Y.swift": "", ".build/Z.swift": "",
            ".git/hooks/H.swift": "", "App/Assets.xcassets/I.h": "", "App/en.lproj/J.h": ""
        ])
        defer { tree.remove() }
        #expect(try Self.walk(tree) == ["App/A.swift", "App/B.h", "App/C.m", "App/D.mm", "App/E.SWIFT"])
    }

    @Test func excludeGlobsMatchNamesOrRelativePaths() throws {
        let tree = try ScratchTree([
            "App/Screen.swift": "", "App/ScreenMock.swift": "", "App/Generated/G.swift": "", "AppTests/T.swift": "",
            "App/Deep/Generated/H.swift": ""
        ])
        defer { tree.remove() }
        #expect(try Self.walk(tree, excluding: ["*Mock*.swift"]).contains("App/ScreenMock.swift") == false)
        #expect(
            try Self.walk(tree, excluding: ["AppTests"]) == [
                "App/Deep/Generated/H.swift", "App/Generated/G.swift", "App/Screen.swift", "App/ScreenMock.swift"
            ])
        #expect(
            try Self.walk(tree, excluding: ["App/Generated/**"]) == [
                "App/Deep/Generated/H.swift", "App/Screen.swift", "App/ScreenMock.swift", "AppTests/T.swift"
            ])
        #expect(
            try Self.walk(tree, excluding: ["Generated"]) == [
                "App/Screen.swift", "App/ScreenMock.swift", "AppTests/T.swift"
            ])
        #expect(
            try Self.walk(tree, excluding: ["**/Generated"]) == [
                "App/Screen.swift", "App/ScreenMock.swift", "AppTests/T.swift"
            ])
        #expect(
            try Self.walk(tree, excluding: ["App/Screen?ock.swift"]) == [
                "App/Deep/Generated/H.swift", "App/Generated/G.swift", "App/Screen.swift", "AppTests/T.swift"
            ])
    }

    @Test func aMissingRootIsAnErrorAndAnOtherFileIsRefused() throws {
        var warnings: [ScanWarning] = []
        #expect(throws: DocumentError.self) {
            try SourceTree.walk(["/no/such/folder"], excluding: [], warnings: &warnings)
        }
        #expect(throws: DocumentError.self) {
            try SourceTree.walk(
                [RepositoryPaths.path("Package.swift").replacingOccurrences(of: "Package.swift", with: "README.md")],
                excluding: [], warnings: &warnings)
        }
    }

    @Test func modulesComeFromSourcesFoldersThenTopFolders() throws {
        let tree = try ScratchTree([
            "Sources/ShopKit/Cart.swift": "class CartViewController: UIViewController {}",
            "Feature-Login/Login.swift": "class LoginViewController: UIViewController {}",
            "Root.swift": "class RootViewController: UIViewController {}"
        ])
        defer { tree.remove() }
        let names = try tree.scan(module: nil).models.map(\.name)
        let folder = SourcePath.c99Identifier(tree.root.lastPathComponent)
        #expect(
            names == ["Feature_Login.LoginViewController", "ShopKit.CartViewController", "\(folder).RootViewController"]
        )
    }

    @Test func aFileInTwoTargetsGetsTheApplicationsModule() throws {
        let root = RepositoryPaths.path("Fixtures/source/xcode-app")
        // The test bundle is kept only when --target names it (building the app does not build it).
        let scan = try SourceScanner.scan(
            SourceScanner.Options(paths: [root], targets: ["ShopApp", "ShopAppTests"]))
        #expect(scan.model("Shop_App.AnalyticsViewController") != nil)
        let shared = try #require(scan.summary.sharedFiles.first)
        #expect(shared.targets == ["ShopAppTests", "ShopApp"])
        #expect(shared.chosen == "ShopApp")
        #expect(shared.module == "Shop_App")
    }

    /// A test bundle's classes are in no app: without `--target` naming it, it is left out, and a
    /// file it shares with the app is the app's alone.
    @Test func testBundlesAreLeftOutUnlessNamed() throws {
        let scan = try SourceScanner.scan(
            SourceScanner.Options(paths: [RepositoryPaths.path("Fixtures/source/xcode-app")]))
        #expect(scan.model("Shop_App.AnalyticsViewController") != nil)
        #expect(scan.summary.sharedFiles.isEmpty)
        let tests = try #require(scan.summary.targets.first { $0.name == "ShopAppTests" })
        #expect(!tests.kept)
        #expect(tests.why == "tests: their classes are in no app (--target keeps them)")
    }

    /// A Tuist manifest written as literals is read as the project `tuist generate` would write
    /// (module Shop from its settings), and is not the app's code. One that only running Swift can
    /// evaluate fails the scan at the manifest, saying to generate the project, before
    /// --configuration is checked against projects there are none of.
    @Test func aTuistManifestIsReadOrRefusedWithTheCommand() throws {
        let root = RepositoryPaths.path("Fixtures/source/generated-projects/tuist")
        let scan = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(scan.models.map(\.name) == ["Shop.LoginViewController"])
        #expect(scan.summary.swiftFiles == 1, "a Tuist manifest is not the app's code")
        let helper = RepositoryPaths.path("Fixtures/source/tuist-broken/helper")
        for configuration in [nil, "Release"] {
            let error = try #require(
                throws: DocumentError.self,
                performing: {
                    try SourceScanner.scan(SourceScanner.Options(paths: [helper], configuration: configuration))
                })
            #expect(error.file.hasSuffix("tuist-broken/helper/Project.swift"))
            #expect(error.message.hasSuffix("run 'tuist generate' before the check"))
        }
        #expect(try SourceScanner.scan(SourceScanner.Options(paths: [helper], module: "Shop")).summary.warnings.isEmpty)
    }

    /// XcodeGen's project.yml, not generated: read as `xcodegen generate` would, its target's
    /// PRODUCT_MODULE_NAME names the module, not the folder.
    @Test func anXcodeGenSpecificationIsReadAsTheProject() throws {
        let root = RepositoryPaths.path("Fixtures/source/generated-projects/xcodegen")
        let scan = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(scan.models.map(\.name) == ["Shop.LoginViewController"])
        #expect(scan.summary.targets.map(\.name) == ["ShopApp"])
        #expect(scan.summary.layoutModules.isEmpty, "no module named after a folder")
    }

    /// A file beside the project rather than under it, compiled by none of its targets, is in
    /// no module: not in one named after its folder; `validate` says why an entry naming its
    /// class finds nothing.
    @Test func aFileBesideTheProjectIsCompiledByNoTarget() throws {
        let root = RepositoryPaths.path("Fixtures/source/beside-project")
        let scan = try SourceScanner.scan(SourceScanner.Options(paths: [root]))
        #expect(scan.models.map(\.name) == ["Shop.HomeViewController"])
        #expect(scan.summary.notCompiled.map { SourcePath.lastComponent($0) } == ["LegacyViewController.swift"])
        #expect(scan.summary.layoutModules.isEmpty)
        #expect(Set(scan.leftOutClasses.map(\.name)) == ["LegacyViewController", "Shop.LegacyViewController"])
    }

    /// A development pod (`pod 'LocalKit', :path => 'LocalKit'`) is compiled by CocoaPods'
    /// project, not the app's: after `pod install`, `Pods/Pods.xcodeproj` names its module, and
    /// only its targets that compile a scanned file are listed (not every third-party pod).
    @Test func aDevelopmentPodIsInTheModuleCocoaPodsBuildsItIn() throws {
        let scan = try SourceScanner.scan(
            SourceScanner.Options(paths: [RepositoryPaths.path("Fixtures/source/cocoapods-app")]))
        #expect(scan.models.map(\.name) == ["App.HomeViewController", "LocalKit.ProfileViewController"])
        #expect(scan.summary.notCompiled.isEmpty)
        #expect(scan.summary.targets.map(\.name) == ["App", "LocalKit"])
        #expect(scan.summary.warnings.isEmpty)
    }

    @Test func overlappingRootsReadEachFileOnce() throws {
        let root = RepositoryPaths.path("Fixtures/source/swift-app")
        let scan = try SourceScanner.scan(SourceScanner.Options(paths: [root, root + "/Sources"]))
        #expect(scan.summary.swiftFiles == 4)
        #expect(scan.summary.skipped.count == 3)
    }
}
