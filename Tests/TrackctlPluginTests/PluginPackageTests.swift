import Foundation
import Testing
import TrackctlTestSupport

/// The plugins as a package that uses them meets them (SPEC §15): Fixtures/plugin/ShopPackage,
/// copied beside a link named `trackctl` to this repository, built with `swift build`. The first
/// build compiles trackctl from source in the copy's own `.build` (about a minute on two cores),
/// so the whole story is one test that builds the package once.
@Suite("Plugin in a package", .serialized, .ownThread)
struct PluginPackageTests {
    /// A copy of the fixture package and the link its manifest depends on.
    struct Package {
        let folder: String
        var root: String { folder + "/ShopPackage" }
        var spoc: String { root + "/Analytics/spoc.json" }
        /// Where the plugin's command writes its stamp (SwiftPM's plugin output folder).
        var stamp: String {
            root + "/.build/plugins/outputs/shoppackage/ShopApp/destination/TrackctlPlugin/TrackctlCheck.swift"
        }

        init() throws {
            folder =
                FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-plugin-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: RepositoryPaths.path("Fixtures/plugin/ShopPackage"), toPath: root)
            // The package's identity is its folder's name: the link makes it `trackctl` wherever
            // the repository was cloned.
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/trackctl", withDestinationPath: RepositoryPaths.root.path)
        }

        /// `swift ARGUMENTS` in the package; stdout and stderr together, as a build log shows them.
        func swift(_ arguments: [String]) throws -> (log: String, code: Int32) {
            let logURL = URL(fileURLWithPath: folder + "/log-\(UUID().uuidString).txt")
            guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let log = try FileHandle(forWritingTo: logURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: root)
            process.standardOutput = log
            process.standardError = log
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try log.close()
            return (try String(contentsOf: logURL, encoding: .utf8), process.terminationStatus)
        }

        func build() throws -> (log: String, code: Int32) { try swift(["build"]) }

        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        }

        func touch(_ path: String) throws {
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    static let ran = "trackctl validate ShopApp"
    static let warningTail = ": warning: 'shareTapped:' is hooked on 'ShopApp.CartViewController' and on its ancestor"

    @Test func theCheckRunsInTheBuildWhenItsInputsChangeAndOnDemand() throws {
        let package = try Package()
        defer { package.remove() }

        // 1. The first build: the warning as an Xcode line, the build passes, the stamp is there.
        let first = try package.build()
        #expect(first.code == 0, "\(first.log)")
        #expect(first.log.contains(Self.ran))
        #expect(first.log.contains(package.spoc + ":8:58" + Self.warningTail), "\(first.log)")
        #expect(first.log.contains("[hierarchy-conflict]"))
        // A target without trackctl.json (nor one at the root): a plugin warning, no command.
        #expect(
            first.log.contains(
                "warning: trackctl: no trackctl.json in \(package.root)/Sources/ShopModels or \(package.root); target "
                    + "'ShopModels' is not checked"))
        #expect(!first.log.contains("trackctl validate ShopModels"))
        #expect(FileManager.default.fileExists(atPath: package.stamp))
        // The plugins compile without a diagnostic (the release build never compiles them).
        #expect(!first.log.contains("/Plugins/Trackctl"), "\(first.log)")
        // The Swift target's stamp is compiled (a comment), not a resource: it has no resource
        // bundle. The C target's is a resource, in a bundle of its own (docs/build-integration.md).
        #expect(first.log.contains("trackctl validate ShopLegacy"))
        let products = try FileManager.default.contentsOfDirectory(atPath: package.root + "/.build/debug")
        #expect(!products.contains("ShopPackage_ShopApp.resources"), "\(products)")
        #expect(
            FileManager.default.fileExists(
                atPath: package.root + "/.build/debug/ShopPackage_ShopLegacy.resources/trackctl.stamp"))
        let stampTime = try package.modified(package.stamp)

        // 2. Nothing changed. SwiftPM relinks the plugin's tool once more on the build after a clean
        // one and starts every command that uses it; trackctl finds the stamp records these inputs and
        // stops, silent, leaving the stamp as it was.
        let second = try package.build()
        #expect(second.code == 0)
        #expect(!second.log.contains("[hierarchy-conflict]"), "\(second.log)")
        #expect(try package.modified(package.stamp) == stampTime)
        if second.log.contains(Self.ran) {
            #expect(second.log.contains("Linking trackctl"), "the check ran again only because its tool was relinked")
        }

        // 3. Nothing changed, again: the build system does not start trackctl at all.
        let third = try package.build()
        #expect(third.code == 0)
        #expect(!third.log.contains(Self.ran), "\(third.log)")

        // 4. The SPOC touched: the check runs and says its warning again; the stamp, unchanged,
        // does not recompile the target.
        try package.touch(package.spoc)
        let touched = try package.build()
        #expect(touched.code == 0)
        #expect(touched.log.contains(package.spoc + ":8:58" + Self.warningTail), "\(touched.log)")
        #expect(!touched.log.contains("Compiling ShopApp"), "\(touched.log)")
        #expect(try package.modified(package.stamp) == stampTime)

        // 5. An error in the SPOC fails the build, on the line, and removes the stamp.
        let correct = try String(contentsOfFile: package.spoc, encoding: .utf8)
        try Data(correct.replacingOccurrences(of: "checkoutTapped:", with: "checkoutTaped:").utf8)
            .write(to: URL(fileURLWithPath: package.spoc))
        let broken = try package.build()
        #expect(broken.code != 0)
        #expect(
            broken.log.contains(
                package.spoc + ":9:58: error: unknown selector 'checkoutTaped:' on 'ShopApp.CartViewController'"),
            "\(broken.log)")
        #expect(broken.log.contains("[unknown-selector]"))
        #expect(!FileManager.default.fileExists(atPath: package.stamp))

        // 6. Fixed, then a source touched: each runs the check again.
        try Data(correct.utf8).write(to: URL(fileURLWithPath: package.spoc))
        let fixed = try package.build()
        #expect(fixed.code == 0, "\(fixed.log)")
        #expect(fixed.log.contains(Self.warningTail))
        try package.touch(package.root + "/Sources/ShopApp/Screens.swift")
        let source = try package.build()
        #expect(source.code == 0)
        #expect(source.log.contains(Self.warningTail), "\(source.log)")

        // 7. trackctl.json edited: SwiftPM does not run a plugin again for a changed file's text
        // (swiftlang/swift-package-manager#7891), but the file is the command's input and the command
        // names it (`validate --settings`), so the check reads the edit. `strict` fails the build...
        let settings = package.root + "/Sources/ShopApp/trackctl.json"
        let goodSettings = try Data(contentsOf: URL(fileURLWithPath: settings))
        try Data(#"{"config": "../../Analytics/spoc.json", "strict": true}"#.utf8)
            .write(to: URL(fileURLWithPath: settings))
        let strict = try package.build()
        #expect(strict.code != 0)
        #expect(strict.log.contains(package.spoc + ":8:58: error: 'shareTapped:' is hooked on "), "\(strict.log)")
        // ...and a broken file (Fixtures/plugin/settings holds each broken form) is an error on it.
        try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Fixtures/plugin/settings/unknown-key.json")))
            .write(to: URL(fileURLWithPath: settings))
        let misspelled = try package.build()
        #expect(misspelled.code != 0)
        #expect(
            misspelled.log.contains("\(settings): error: unknown key 'plna'; did you mean 'plan'?"), "\(misspelled.log)"
        )
        try goodSettings.write(to: URL(fileURLWithPath: settings))
        let restored = try package.build()
        #expect(restored.code == 0, "\(restored.log)")

        // 8. The command plugin: its verb is listed, and it validates and measures coverage on demand.
        let list = try package.swift(["package", "plugin", "--list"])
        #expect(!list.log.contains("/Plugins/Trackctl"), "\(list.log)")
        #expect(list.log.contains("‘trackctl’ (plugin ‘TrackctlCommandPlugin’ in package ‘trackctl’)"), "\(list.log)")
        let validate = try package.swift(["package", "trackctl", "validate"])
        #expect(validate.code == 0, "\(validate.log)")
        #expect(validate.log.contains("trackctl validate ShopApp: \(package.spoc)"))
        #expect(validate.log.contains("trackctl validate ShopLegacy: \(package.root)/Analytics/legacy.json"))
        #expect(validate.log.contains(package.spoc + ":8:58" + Self.warningTail))
        let coverage = try package.swift(["package", "trackctl", "coverage", "--target", "ShopApp"])
        #expect(coverage.code == 0, "\(coverage.log)")
        #expect(coverage.log.contains("coverage: 4 of 5 SPOC entries fired (80%) over 1 script"), "\(coverage.log)")
        let help = try package.swift(["package", "trackctl", "--help"])
        #expect(help.code == 0)
        #expect(help.log.contains("usage: swift package trackctl validate|coverage [--target NAME]... [SCRIPT...]"))
        let option = try package.swift(["package", "trackctl", "validate", "--strict"])
        #expect(option.code != 0)
        #expect(option.log.contains("unknown option '--strict' (the options: --target NAME)"), "\(option.log)")
        let unknown = try package.swift(["package", "trackctl", "validate", "--target", "ShopAp"])
        #expect(unknown.code != 0)
        #expect(
            unknown.log.contains("no target 'ShopAp' (the targets: ShopApp, ShopLegacy, ShopModels)"), "\(unknown.log)")
    }
}
