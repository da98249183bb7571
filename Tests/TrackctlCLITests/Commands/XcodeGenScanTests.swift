import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore

/// Apps whose Xcode project XcodeGen generates and nobody commits, as the command line checks
/// them: `Fixtures/source/xcodegen-app` (Kiwix's layout) is read from its `project.yml`, and a
/// specification `xcodegen generate` would refuse is a located error with exit 2.
@Suite("XcodeGen specifications")
struct XcodeGenScanTests {
    @Test func aSPOCWrittenFromTheSourcesPasses() {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/kiwix-xcodegen.json", "--source", "Fixtures/source/xcodegen-app",
            "--strict"
        ])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.hasSuffix("(5 scanned from sources): 0 errors, 0 warnings\n"))
    }

    /// The target's name, a folder's name, a file the spec excludes and one built for macOS only:
    /// none is a class of the iOS app.
    @Test func modulesGuessedFromNamesAreRefused() throws {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/kiwix-xcodegen-wrong.json", "--source", "Fixtures/source/xcodegen-app"
        ])
        #expect(result.code == 1)
        if let problem = Golden.mismatch(result.err, golden: "Fixtures/expected/validate-kiwix-xcodegen-wrong.text") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// `--target App` keeps what App links, but not the extension it embeds: that runs in a
    /// process of its own, so its classes are not App's screens; naming it keeps it.
    @Test func aTargetKeepsItsDependenciesButNotTheExtensionsItEmbeds() {
        let app = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/xcodegen-app", "--target", "App"])
        #expect(app.code == 0)
        #expect(
            app.err.contains(
                "ShareExtension (app extension, iOS): left out; embedded by App, it runs in a process of its own, so "
                    + "its classes are not App's (--target ShareExtension checks it)"), "\(app.err)")
        #expect(app.err.contains("Model_iOS (framework, iOS): kept, module Model; a dependency of App"))
        #expect(!app.out.contains("KiwixShare.ShareViewController"))
        let both = CommandRunner.inProcess([
            "catalog", "scan", "Fixtures/source/xcodegen-app", "--target", "App", "--target", "ShareExtension"
        ])
        #expect(both.out.contains("KiwixShare.ShareViewController"))
    }

    /// A Tuist manifest only running Swift can evaluate: a located error naming the construct,
    /// with `tuist generate` (docs.tuist.dev: helpers live in ProjectDescriptionHelpers).
    @Test(arguments: [
        (
            "helper",
            "Project.swift:4:1: error: no 'let project = Project(…)' written as a literal: the project is made by "
                + "code only running the manifest can evaluate (a helper of ProjectDescriptionHelpers); run 'tuist "
                + "generate' before the check"
        ),
        (
            "loop",
            "Project.swift:3:1: error: targets is a call of '.map', which only running the manifest can evaluate (a "
                + "helper of ProjectDescriptionHelpers, a loop, an operator); run 'tuist generate' before the check"
        )
    ])
    func aTuistManifestOfCodeIsALocatedError(folder: String, error: String) {
        let tree = "Fixtures/source/tuist-broken/" + folder
        let scan = CommandRunner.inProcess(["catalog", "scan", tree])
        #expect(scan.code == 2)
        #expect(scan.err == "\(tree)/\(error)\n")
    }

    /// A class written with a module it is not in: the hint says where its module's name comes
    /// from — a setting of a target, a manifest's productName, a folder, --module.
    @Test(arguments: [
        (["Fixtures/source/swift-app"], "in module 'ShopApp', named by the folder 'ShopApp', as no Xcode target"),
        (
            ["Fixtures/source/swift-app", "--module", "Shop"],
            "in module 'Shop', named by --module"
        ),
        (
            ["Fixtures/source/tuist-app"],
            "in module 'Kit', named by the productName of target 'ShopKit' in Project.swift"
        )
    ])
    func moduleHintsSayWhereTheModuleComesFrom(source: [String], hint: String) {
        let result = CommandRunner.inProcess(
            ["validate", "Fixtures/config/source/module-hints.json", "--source"] + source)
        #expect(result.code == 1)
        #expect(result.err.contains(hint), "\(result.err)")
    }

    /// A class of a file no target compiles is said to be one, whatever module is written:
    /// never "add it to a catalog file", which would hide the error.
    @Test func aClassNoTargetCompilesIsSaidToBeOne() {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/beside-project.json", "--source", "Fixtures/source/beside-project"
        ])
        #expect(result.code == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 3, "\(result.err)")
        for line in lines.dropLast() {
            #expect(line.contains("no target of the Xcode project compiles its file"), "\(line)")
        }
        #expect(!result.err.contains("add it to a catalog file"))
    }

    @Test(arguments: [
        ("tab-indent", "project.yml:4:2: error: a tab indents this line; YAML indents with spaces"),
        (
            "missing-source",
            "project.yml:8:9: error: target 'App': the source path 'Generated' does not exist, so 'xcodegen generate' "
                + "stops here; fix it, or mark it 'optional: true' if a build step makes it"
        ),
        (
            "unknown-template",
            "project.yml:8:17: error: target 'App' uses the template 'Aplication', which 'targetTemplates' does not "
                + "define; did you mean 'Application'?"
        ),
        ("missing-include", "project.yml:3:5: error: the included spec 'Configs/base.yml' does not exist"),
        ("no-platform", "project.yml:3:3: error: target 'App' has neither 'platform' nor 'supportedDestinations'"),
        ("unclosed-list", "project.yml:6:14: error: '[' is never closed")
    ])
    func aSpecificationXcodeGenRefusesIsALocatedError(folder: String, error: String) {
        let tree = "Fixtures/source/xcodegen-broken/" + folder
        let scan = CommandRunner.inProcess(["catalog", "scan", tree])
        #expect(scan.code == 2)
        #expect(scan.out.isEmpty)
        #expect(scan.err == "\(tree)/\(error)\n")
        let validate = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/generated-shop.json", "--source", tree, "--format", "github"
        ])
        #expect(validate.code == 2)
        #expect(validate.err.hasPrefix("::error file=\(tree)/project.yml,line="), "\(validate.err)")
    }
}
