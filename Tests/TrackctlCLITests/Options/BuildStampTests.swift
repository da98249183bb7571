import Foundation
import Testing
import TrackctlTestSupport

/// `validate --stamp FILE` (SPEC §15): there after every pass, removed by a failure, never
/// rewritten once in place (a compiled stamp must not recompile its module); a run whose
/// fingerprint `FILE.inputs` records is a silent pass (what a build system's spurious re-run costs).
@Suite("Build stamp")
struct BuildStampTests {
    /// A copy of the plugin fixture's SPOC (one warning against its sources) in a fresh folder.
    struct Workspace {
        let folder: String
        var spoc: String { folder + "/spoc.json" }
        var stamp: String { folder + "/out/TrackctlCheck.swift" }

        init() throws {
            folder =
                FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-stamp-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: RepositoryPaths.path("Fixtures/plugin/ShopPackage/Analytics/spoc.json"), toPath: spoc)
        }

        func validate(_ extra: [String] = []) -> RunResult {
            CommandRunner.inProcess(
                [
                    "validate", spoc, "--source", "Fixtures/plugin/ShopPackage/Sources/ShopApp", "--module", "ShopApp",
                    "--format", "xcode", "--stamp", stamp
                ] + extra)
        }

        func age(_ path: String) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        }

        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func aPassWritesTheStampAndAFailureRemovesIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let pass = workspace.validate()
        #expect(pass.code == 0)
        let stamp = try String(contentsOfFile: workspace.stamp, encoding: .utf8)
        #expect(stamp == "// trackctl: the check passed; this file is the build's record of it (SPEC §15).\n")
        #expect(FileManager.default.fileExists(atPath: workspace.stamp + ".inputs"))
        // Strict makes the warning an error: the stamp goes.
        let failure = workspace.validate(["--strict"])
        #expect(failure.code == 1)
        #expect(!FileManager.default.fileExists(atPath: workspace.stamp))
        #expect(!FileManager.default.fileExists(atPath: workspace.stamp + ".inputs"))
        // A pass again, then an input that cannot be read (exit 2): the stamp goes too.
        #expect(workspace.validate().code == 0)
        try Data("{".utf8).write(to: URL(fileURLWithPath: workspace.spoc))
        #expect(workspace.validate().code == 2)
        #expect(!FileManager.default.fileExists(atPath: workspace.stamp))
    }

    @Test func aRunTheStampAlreadyRecordsIsSilentAndLeavesIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = workspace.validate()
        #expect(first.out.contains(": warning: 'shareTapped:' is hooked on "))
        try workspace.age(workspace.stamp)
        let again = workspace.validate()
        #expect(again.code == 0)
        #expect(again.out.isEmpty)
        #expect(again.err.isEmpty)
        #expect(try workspace.modified(workspace.stamp) == Date(timeIntervalSince1970: 1_000_000))
        // A touched SPOC is a change: the check runs and says its warning again, and the stamp,
        // whose text is the same, is left as it was (the module that compiles it is not rebuilt).
        try workspace.age(workspace.spoc)
        let touched = workspace.validate()
        #expect(touched.out.contains(": warning: 'shareTapped:' is hooked on "))
        #expect(try workspace.modified(workspace.stamp) == Date(timeIntervalSince1970: 1_000_000))
        // So are other options: the fingerprint records the run with its options.
        let otherOptions = workspace.validate(["--require-all"])
        #expect(otherOptions.out.contains(": warning: "))
        // Without its fingerprint (a sandbox that let only the stamp be written), every run checks.
        try FileManager.default.removeItem(atPath: workspace.stamp + ".inputs")
        let unrecorded = workspace.validate(["--require-all"])
        #expect(unrecorded.out.contains(": warning: "))
    }

    /// A stamp that cannot be written fails the run (exit 2): the build must not believe a check it
    /// cannot record. Its folder here is a file of the repository.
    @Test func aStampThatCannotBeWrittenIsAnError() throws {
        let blocked = RepositoryPaths.path("Fixtures/plugin/lists/shop.xcfilelist") + "/TrackctlCheck.swift"
        let run = CommandRunner.inProcess(["validate", "--stamp", blocked])
        #expect(run.code == 2)
        #expect(run.err.contains("\n" + blocked + ": error: the stamp cannot be written ("), "\(run.err)")
    }
}
