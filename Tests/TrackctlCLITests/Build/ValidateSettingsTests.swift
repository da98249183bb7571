import Foundation
import Testing
import TrackctlTestSupport

/// `validate --settings trackctl.json` (SPEC §15): the build plugin's command names the file, so
/// the check reads what it says at run time; the command line adds to it and wins.
@Suite("validate --settings")
struct ValidateSettingsTests {
    static let settings = "Fixtures/plugin/ShopPackage/Sources/ShopApp/trackctl.json"
    static let sources = ["--source", "Fixtures/plugin/ShopPackage/Sources/ShopApp", "--module", "ShopApp"]

    @Test func theFileNamesTheSPOCAsTheCommandLineWould() {
        let fromFile = CommandRunner.inProcess(["validate", "--settings", Self.settings] + Self.sources)
        let explicit = CommandRunner.inProcess(
            ["validate", "Fixtures/plugin/ShopPackage/Sources/ShopApp/../../Analytics/spoc.json"] + Self.sources)
        #expect(fromFile.code == 0)
        // Its paths are relative to the file, written as the file's folder joined with them.
        #expect(
            fromFile.err.hasPrefix(
                "Fixtures/plugin/ShopPackage/Analytics/spoc.json:8:58: warning: 'shareTapped:' is hooked on "),
            "\(fromFile.err)")
        #expect(fromFile.err.hasSuffix("0 errors, 1 warning\n"))
        #expect(explicit.err.hasSuffix("0 errors, 1 warning\n"))
    }

    /// Every key in a temporary trackctl.json: strict makes the warning an error, the plan is read,
    /// the sources and module come from the file; a SPOC on the command line wins over its `config`.
    @Test func everyKeyTakesEffectAndTheCommandLineWins() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = RepositoryPaths.root.path
        let file = folder.appendingPathComponent("trackctl.json").path
        try Data(
            """
            {"config": "\(root)/Fixtures/plugin/ShopPackage/Analytics/spoc.json",
             "source": "\(root)/Fixtures/plugin/ShopPackage/Sources/ShopApp", "module": "ShopApp", "strict": true,
             "plan": "\(root)/Fixtures/plan/permissive.json"}
            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        let strict = CommandRunner.inProcess(["validate", "--settings", file])
        #expect(strict.code == 1)
        #expect(strict.err.contains(": error: 'shareTapped:' is hooked on "), "\(strict.err)")
        #expect(strict.err.contains("Fixtures/plan/permissive.json: joined with the SPOC's 5 entries"))
        // The command line's SPOC wins over the file's `config`; the file's sources are still scanned.
        let other = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/shop-swift-fixed.json", "--settings", file
        ])
        #expect(other.err.contains("Fixtures/config/source/shop-swift-fixed.json: 3 screens"), "\(other.err)")
    }

    /// A file that cannot be used is bad input, located on it, in every format (exit 2).
    @Test func aBrokenSettingsFileIsExitTwoOnTheFile() {
        let broken = "Fixtures/plugin/settings/unknown-key.json"
        let text = CommandRunner.inProcess(["validate", "--settings", broken])
        #expect(text.code == 2)
        #expect(
            text.err
                == "\(broken): error: unknown key 'plna'; did you mean 'plan'? (the keys: config, catalog, plan, "
                + "source, module, strict, scripts)\n")
        let xcode = CommandRunner.inProcess(["validate", "--settings", broken, "--format", "xcode"])
        #expect(xcode.code == 2)
        #expect(xcode.out.hasPrefix(RepositoryPaths.root.path + "/" + broken + ": error: unknown key 'plna'"))
        #expect(xcode.out.hasSuffix(" [unreadable-input]\n"))
        let missing = CommandRunner.inProcess(["validate", "--settings", "Fixtures/plugin/settings/nowhere.json"])
        #expect(missing.code == 2)
        #expect(missing.err.hasPrefix("Fixtures/plugin/settings/nowhere.json: error: no such file"))
        let notJSON = CommandRunner.inProcess(["validate", "--settings", "Fixtures/plugin/settings/not-json.json"])
        #expect(notJSON.code == 2)
        #expect(notJSON.err.hasPrefix("Fixtures/plugin/settings/not-json.json: error: is not JSON: "))
    }
}
