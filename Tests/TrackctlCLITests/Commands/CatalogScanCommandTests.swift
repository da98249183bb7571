import Foundation
import Testing
import TrackctlModel
import TrackctlTestSupport

@testable import TrackctlCore

/// `catalog scan`, `validate --source` and `replay --source` as the command line runs them: the
/// catalog on stdout and the summary on stderr compared byte for byte with files under
/// Fixtures/expected. Set TRACKCTL_RECORD=1 to rewrite them, then review the diff like code.
@Suite("Catalog scan command")
struct CatalogScanCommandTests {
    /// Compares `produced` with the golden file, recording it first when asked to.
    static func expectGolden(
        _ produced: String, _ golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if let problem = Golden.mismatch(produced, golden: "Fixtures/expected/" + golden) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// `broken` holds what must not stop a scan: an Xcode project that does not parse, a
    /// UTF-16 file, a declaration that never ends.
    @Test(arguments: [
        "swift-app", "objc-app", "xcode-app", "xcode16-app", "multiplatform-app", "broken", "xcodegen-app",
        "tuist-app"
    ])
    func theScanOfEachFixtureTreeMatchesItsGolden(tree: String) throws {
        let result = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/" + tree])
        #expect(result.code == 0)
        try Self.expectGolden(result.out, "catalog-\(tree).json")
        try Self.expectGolden(result.err, "catalog-\(tree).summary")
    }

    /// Skipped classes are counted per reason; `--verbose` lists each where it is, with why.
    @Test func verboseListsEachSkippedClass() {
        let result = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/swift-app", "--verbose"])
        #expect(result.code == 0)
        let skipped = result.err.split(separator: "\n").filter { $0.contains(": skipped ") }
        #expect(
            skipped.map { String($0.split(separator: "'")[1]) } == ["Box", "Model", "SpecialModel"],
            "\(result.err)")
        #expect(!result.err.contains("--verbose lists each"))
    }

    @Test func theScannedCatalogLoadsAsACatalog() throws {
        for format in ["json", "plist"] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trackctl-scan-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("catalog.\(format)").path
            let result = CommandRunner.inProcess([
                "catalog", "scan", "Fixtures/source/swift-app", "--format", format, "--output", output
            ])
            #expect(result.code == 0)
            #expect(result.out.isEmpty, "--output keeps stdout free")
            // Read back by the catalog loader, every key survives: the scan is a catalog.
            let loaded = try CatalogLoader.load(files: [output])
            #expect(loaded.findings.isEmpty)
            let catalog = loaded.catalog
            let profile = try #require(catalog.model(named: "ShopApp.ProfileViewController"))
            #expect(profile.swiftName == "ProfileViewController")
            #expect(profile.source == "Fixtures/source/swift-app/Sources/ShopApp/ProfileViewController.swift:10")
            #expect(profile.selectors.contains("colorTappedWithSender:"))
            #expect(profile.unexposed["helperWithX:"] == "helper(x:)")
            #expect(catalog.model(named: "UIViewController")?.selectors.contains("trackScreen") == true)
        }
    }

    @Test func theSameTreeScansToTheSameBytes() throws {
        let first = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source"])
        let second = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source"])
        #expect(first.code == 0)
        #expect(first.out == second.out)
        #expect(first.err == second.err)
    }

    @Test func moduleAndExcludeChangeWhatIsScanned() throws {
        let result = CommandRunner.inProcess([
            "catalog", "scan", "Fixtures/source/swift-app", "--module", "Shop", "--exclude", "Skipped.swift"
        ])
        #expect(result.code == 0)
        #expect(result.out.contains("\"class\": \"Shop.ProfileViewController\""))
        #expect(!result.out.contains("ShopApp."))
        #expect(!result.out.contains("ZOCOuterDetailViewController"), "Skipped.swift is excluded")
        #expect(result.err.hasPrefix("scanned 3 files (3 Swift, 0 Objective-C)"))
    }

    @Test func aMissingPathIsUnreadableInput() throws {
        let result = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/no-such-app"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "Fixtures/source/no-such-app: error: no such file or folder\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let noPath = CommandRunner.inProcess(["catalog", "scan"])
        #expect(noPath.code == 2)
        #expect(noPath.err.hasPrefix("error: missing PATH for 'catalog scan'"))
        let format = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source", "--format", "yaml"])
        #expect(format.code == 2)
        #expect(format.err.hasPrefix("error: unknown format 'yaml'; use one of json, plist"))
        let platform = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source", "--platform", "andriod"])
        #expect(platform.code == 2)
        #expect(
            platform.err.hasPrefix(
                "error: unknown platform 'andriod'; use one of ios, macos, tvos, watchos, visionos, all"))
        let platformWithoutScan = CommandRunner.inProcess(["validate", "--platform", "macos"])
        #expect(platformWithoutScan.code == 2)
        #expect(
            platformWithoutScan.err.hasPrefix("error: '--platform' chooses the targets of a scan; add --source PATH"))
        let configurationWithoutScan = CommandRunner.inProcess(["validate", "--configuration", "Debug"])
        #expect(configurationWithoutScan.code == 2)
        #expect(
            configurationWithoutScan.err.hasPrefix(
                "error: '--configuration' chooses the build settings of a scan; add --source PATH"))
        let unknownConfiguration = CommandRunner.inProcess([
            "catalog", "scan", "Fixtures/source/multiplatform-app", "--configuration", "Relase"
        ])
        #expect(unknownConfiguration.code == 2)
        #expect(
            unknownConfiguration.err
                == "--configuration: error: 'Relase' is not a configuration of the scanned Xcode projects; they have: "
                + "Debug, Release; did you mean 'Release'?\n")
        let help = CommandRunner.inProcess(["catalog", "scan", "--help"])
        #expect(help.code == 0)
        #expect(help.out.contains("USAGE: trackctl catalog scan PATH..."))
    }

    /// Review 2026-11-27 newcomer #2: `{self.KEY}` on a scanned class is read as key-value
    /// coding reads it (KEY, isKEY, getKEY): a typo or a property the runtime cannot see is a
    /// warning with the closest readable property; what a catalog file declares is not judged.
    @Test func selfKeysAreCheckedAgainstTheScannedProperties() throws {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/self-keys.json", "--source", "Fixtures/source/swift-app", "--format",
            "json"
        ]
        )
        #expect(result.code == 0, "\(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(
            findings.map { "\($0["path"] ?? "") \($0["severity"] ?? "") \($0["rule"] ?? "")" } == [
                "trackedScreens[0].label warning unknown-template",
                "trackedScreens[0].properties.plan warning unknown-template"
            ])
        #expect(findings.first?["suggestions"] as? [String] == ["{self.tier}"])
        // The property exists: it is said to be one the runtime cannot see, not to be missing.
        let plan = findings.last?["message"] as? String ?? ""
        #expect(plan.contains("is a Swift property the Objective-C runtime cannot see"), "\(plan)")
        #expect(!plan.contains("has no property"))
        let demo = CommandRunner.inProcess(["validate"])
        #expect(demo.code == 0 && demo.err.contains("0 errors, 0 warnings"), "\(demo.err)")
    }

    @Test func validateWithSourceFindsTheSwiftMistakes() throws {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/shop-swift.json", "--source", "Fixtures/source/swift-app"
        ])
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        try Self.expectGolden(result.err, "validate-source-shop-swift.text")
        let fixed = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/shop-swift-fixed.json", "--source", "Fixtures/source/swift-app"
        ])
        #expect(fixed.code == 0)
        #expect(fixed.err.hasSuffix("(10 scanned from sources): 0 errors, 0 warnings\n"))
    }

    /// A Tuist manifest only running Swift can evaluate fails the run in every format (exit 2,
    /// the fix named), for `validate` and `catalog scan` alike: no folder-named module, so no
    /// suggestion built from one (SPEC §10). Literal manifests and XcodeGen's specs are read.
    @Test(arguments: ["text", "json", "github", "xcode"])
    func aProjectNotYetGeneratedFailsInEveryFormat(format: String) {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/generated-shop.json", "--source",
            "Fixtures/source/tuist-broken/helper", "--format", format
        ])
        #expect(result.code == 2, "\(format)")
        #expect((result.out + result.err).contains("tuist generate"), "\(format)")
        #expect(!(result.out + result.err).contains("did you mean"), "\(format)")
        for tree in ["xcodegen", "tuist"] {
            let read = CommandRunner.inProcess([
                "validate", "Fixtures/config/source/generated-shop.json", "--source",
                "Fixtures/source/generated-projects/\(tree)", "--format", format
            ])
            #expect(read.code == 0, "\(tree) \(format): \(read.out)\(read.err)")
        }
        let scan = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/tuist-broken/helper"])
        #expect(scan.code == 2)
        #expect(scan.out.isEmpty)
        #expect(scan.err.contains("Project.swift:4:1: error: no 'let project = Project(…)' written as a literal"))
    }

    /// A requirement of a protocol the class adopts, not implemented: the message names the
    /// protocol and the Swift name to implement. UIApplication.h marks
    /// application:performFetchWithCompletionHandler: NS_SWIFT_DISABLE_ASYNC (iOS 17.0's header,
    /// and iOS 18.2's), so an async method is not it; the async form of
    /// application:didReceiveRemoteNotification:fetchCompletionHandler: is its witness.
    @Test func anUnimplementedRequirementSaysWhatToImplement() {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/invalid/unknown-selector-requirement.json",
            "--source", "Fixtures/source/async-witness"
        ])
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "it is an optional requirement of 'UIApplicationDelegate', which the class adopts, but the class does "
                    + "not implement it; implement it (in Swift `application(_:performFetchWithCompletionHandler:)`, "
                    + "with its completion handler: Swift imports no async form of it, so an async method is another "
                    + "method), or fix the name (trackedEvents[1].selector) [unknown-selector]"))
        #expect(!result.err.contains("trackedEvents[0]"))
    }

    @Test func validateMergesTheScanWithCatalogFiles() throws {
        // The Objective-C demo's own classes come from its catalog, the Swift ones from the scan.
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/invalid/not-objc-exposed.json",
            "--source", "Fixtures/source/swift-app", "--catalog", "Config/catalog.json"
        ])
        #expect(result.code == 1)
        #expect(result.err.contains("[not-objc-exposed]"))
        #expect(!result.err.contains("[unknown-class]"))
    }

    @Test func replayWithSourceMatchesItsGolden() throws {
        let result = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/shop-swift.trackscript",
            "--config", "Fixtures/config/source/shop-swift-fixed.json", "--source", "Fixtures/source/swift-app"
        ])
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        try Self.expectGolden(result.out, "shop-swift.jsonl")
        let refused = CommandRunner.inProcess([
            "replay", "Fixtures/scripts/shop-swift.trackscript",
            "--config", "Fixtures/config/source/shop-swift.json", "--source", "Fixtures/source/swift-app"
        ])
        #expect(refused.code == 1)
        #expect(refused.out.isEmpty)
        #expect(
            refused.err.hasSuffix(
                "replay refused: Fixtures/config/source/shop-swift.json has 4 errors; fix them first (trackctl "
                    + "validate)\n"
            ))
    }

    /// Review 2026-11-27 (newcomer #2): `set KEY=` and `push CLASS KEY=` of a key a scanned class
    /// has no trace of are a warning with the closest property — once per line, a `repeat`
    /// included — and an error under --strict; a key with a getter may be an instance variable.
    @Test func aKeyTheScannedClassLacksIsAWarning() {
        let arguments = [
            "replay", "Fixtures/config/source/set-unknown-key.trackscript", "--config",
            "Fixtures/config/source/shop-swift-fixed.json",
            "--source", "Fixtures/source/swift-app", "--sink", "null"
        ]
        let result = CommandRunner.inProcess(arguments)
        #expect(result.code == 0)
        let warnings = result.err.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
        #expect(
            warnings == [
                "Fixtures/config/source/set-unknown-key.trackscript:5:",
                "Fixtures/config/source/set-unknown-key.trackscript:7:",
                "Fixtures/config/source/set-unknown-key.trackscript:9:"
            ], "\(result.err)")
        #expect(
            result.err.contains(
                "'teir': 'ShopApp.ProfileViewController' has no property 'teir' (no setTeir: nor any getter)"))
        #expect(result.err.contains("did you mean 'tier'?"))
        let strict = CommandRunner.inProcess(arguments + ["--strict"])
        #expect(strict.code == 1)
        #expect(
            strict.err.hasPrefix("Fixtures/config/source/set-unknown-key.trackscript:5: error: 'teir'"), "\(strict.err)"
        )
    }
}
