import Foundation
import Testing
import TrackctlTestSupport

/// `trackctl xcfilelist` (SPEC §15): the input file list of an Xcode run-script phase, and the
/// same list read back by `validate --source-list` as the phase runs it.
@Suite("xcfilelist command")
struct XcfilelistCommandTests {
    @Test func theListNamesTheSPOCThenEverythingTheScanReadsFromSRCROOT() {
        let run = CommandRunner.inProcess([
            "xcfilelist", "Fixtures/config/source/shop-swift-fixed.json", "--source", "Fixtures/source/swift-app",
            "--srcroot", "Fixtures/source"
        ])
        #expect(run.code == 0)
        // Outside SRCROOT a path climbs with `..`; the repository's manifest is read by the scan
        // (the package around the folder), so it is an input too.
        #expect(
            run.out == """
                $(SRCROOT)/../config/source/shop-swift-fixed.json
                $(SRCROOT)/swift-app/Sources/ShopApp/Hierarchy.swift
                $(SRCROOT)/swift-app/Sources/ShopApp/ProfileViewController.swift
                $(SRCROOT)/swift-app/Sources/ShopApp/SettingsViewController.swift
                $(SRCROOT)/swift-app/Sources/ShopApp/Skipped.swift
                $(SRCROOT)/../../Package.swift

                """)
    }

    @Test func thePlanCatalogsProjectAndExcludesAreFollowed() {
        let run = CommandRunner.inProcess([
            "xcfilelist", "Fixtures/plan/static/analytics.json", "--catalog", "Config/catalog.json", "--source",
            "Fixtures/source/xcode-app", "--exclude", "ShopWidget"
        ])
        #expect(run.code == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(3)) == [
                "$(SRCROOT)/Fixtures/plan/static/analytics.json", "$(SRCROOT)/Fixtures/plan/static/tracking-plan.json",
                "$(SRCROOT)/Config/catalog.json"
            ])
        #expect(lines.contains("$(SRCROOT)/Fixtures/source/xcode-app/ShopApp.xcodeproj/project.pbxproj"))
        #expect(!lines.contains { $0.contains("ShopWidget") })
    }

    /// The project's `.xcconfig` files decide its modules (Xcode 16's reference form, an include):
    /// they are inputs as much as the sources.
    @Test func theProjectsConfigurationFilesAreListed() {
        let run = CommandRunner.inProcess(["xcfilelist", "--source", "Fixtures/source/xcode16-app"])
        #expect(run.code == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { !$0.hasSuffix(".swift") && !$0.hasSuffix(".h") && !$0.hasSuffix(".m") } == [
                "$(SRCROOT)/Fixtures/source/xcode16-app/Notes.xcodeproj/project.pbxproj",
                "$(SRCROOT)/Fixtures/source/xcode16-app/Config/App.xcconfig",
                "$(SRCROOT)/Fixtures/source/xcode16-app/Config/Shared.xcconfig"
            ])
    }

    /// The list a phase gets back from Xcode has SRCROOT set: `--source-list` reads it to the same
    /// result as `--source` of the folder (the environment is the point: the built binary runs).
    @Test func theListReadBackValidatesAsTheFolderDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("inputs.xcfilelist").path
        let spoc = "Fixtures/config/source/shop-swift.json"
        let written = CommandRunner.inProcess([
            "xcfilelist", spoc, "--source", "Fixtures/source/swift-app", "--output", list
        ])
        #expect(written.code == 0)
        #expect(written.err == "\(list): 6 inputs listed\n")
        let fromList = try CommandRunner.binary(
            ["validate", spoc, "--source-list", list, "--module", "ShopApp"],
            environment: ["SRCROOT": RepositoryPaths.root.path])
        let fromFolder = CommandRunner.inProcess(["validate", spoc, "--source", "Fixtures/source/swift-app"])
        #expect(fromList.code == 1)
        #expect(fromList.code == fromFolder.code)
        // The list names absolute paths, so the declarations it points at are absolute too.
        let findings = { (text: String) in
            text.replacingOccurrences(of: RepositoryPaths.root.path + "/", with: "").split(separator: "\n")
                .filter { $0.hasSuffix("]") }
        }
        #expect(!findings(fromList.err).isEmpty)
        #expect(findings(fromList.err) == findings(fromFolder.err))
    }

    @Test(arguments: [
        (["xcfilelist"], "error: xcfilelist lists what a scan reads; add --source PATH (folders or files)"),
        (["xcfilelist", "-", "--source", "Fixtures/source/swift-app"], "error: an input list names files on disk"),
        (
            ["xcfilelist", "Config/nowhere.json", "--source", "Fixtures/source/swift-app"],
            "Config/nowhere.json: error: "
        ),
        (["xcfilelist", "--source", "Fixtures/source/nowhere"], "Fixtures/source/nowhere: error: "),
        (
            ["xcfilelist", "--source", "Fixtures/source/swift-app", "--output", "Fixtures/no-folder/inputs.xcfilelist"],
            "Fixtures/no-folder/inputs.xcfilelist: error: cannot be written: the folder"
        )
    ])
    func badInputIsAnErrorAndExitTwo(arguments: [String], message: String) {
        let run = CommandRunner.inProcess(arguments)
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix(message), "\(run.err)")
    }
}
