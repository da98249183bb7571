import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlSourceScan

/// Where the catalog comes from, shared by `validate` and `replay`: catalog files, and the
/// app's sources scanned on the fly.
struct CatalogInputs {
    var catalogs: [String] = []
    var sources: [String] = []
    /// `--source-list` files: more sources, one path per line (SPEC §15).
    var sourceLists: [String] = []
    var module: String?
    var excludes: [String] = []
    /// nil: iOS, said only where a scan is asked for.
    var platform: PlatformChoice?
    var targets: [String] = []
    var configuration: String?

    /// The options, declared once for every command that reads a catalog.
    static func declarations<Options>(_ path: WritableKeyPath<Options, CatalogInputs>) -> [ArgumentDeclaration<Options>]
    {
        [
            .repeatable(
                "--catalog", path.appending(path: \.catalogs), valueName: "FILE",
                help:
                    "Catalog of the app's classes, JSON or plist; repeat to merge (default: \(Defaults.catalog) "
                    + "when it exists and no --source is given)"
            ),
            .greedy(
                "--source", path.appending(path: \.sources), valueName: "PATH",
                help:
                    "Scan the app's Objective-C and Swift sources (folders or files) into the catalog, before the "
                    + "--catalog files",
                accepts: { SourceScanner.isSourceFile($0) || Platform.isDirectory($0) }),
            .repeatable(
                "--source-list", path.appending(path: \.sourceLists), valueName: "FILE",
                help:
                    "Scan the sources FILE lists, one path per line ($(SRCROOT) expanded; other files skipped): "
                    + "what a build step passes instead of a long --source"
            ),
            .option(
                "--module", path.appending(path: \.module), valueName: "NAME",
                help: "Module of the scanned Swift files (default: from the Xcode project or the folders)"),
            .repeatable(
                "--exclude", path.appending(path: \.excludes), valueName: "GLOB",
                help: "Leave matching files and folders out of the scan; repeatable")
        ]
            + targetChoices(
                platform: path.appending(path: \.platform), targets: path.appending(path: \.targets),
                configuration: path.appending(path: \.configuration))
    }

    /// `--platform`, `--target` and `--configuration`: which targets of a scan are kept and which
    /// configuration's settings decide, declared once for `catalog scan` and every command with
    /// `--source`.
    static func targetChoices<Options>(
        platform: WritableKeyPath<Options, PlatformChoice?>, targets: WritableKeyPath<Options, [String]>,
        configuration: WritableKeyPath<Options, String?>
    ) -> [ArgumentDeclaration<Options>] {
        [
            .option(
                "--platform", platform, valueName: "PLATFORM",
                help:
                    "Keep the targets that build for this platform: ios (default), macos, tvos, watchos, "
                    + "visionos, all"),
            .repeatable(
                "--target", targets, valueName: "NAME",
                help: "Keep only this Xcode or Swift package target and what it links; repeatable"),
            .option(
                "--configuration", configuration, valueName: "NAME",
                help:
                    "The Xcode build configuration whose settings decide where configurations differ "
                    + "(default: Release, else the project's default)")
        ]
    }

    /// The catalog files to load: those given, or the demo catalog when nothing else says
    /// where the classes are.
    var catalogFiles: [String] {
        if !catalogs.isEmpty || scansSources { return catalogs }
        return FileManager.default.fileExists(atPath: Defaults.catalog) ? [Defaults.catalog] : []
    }

    /// Whether `--source` or `--source-list` asks for a scan.
    var scansSources: Bool { !sources.isEmpty || !sourceLists.isEmpty }

    /// What `--source` and `--source-list` ask to scan; a list that cannot be read, or names a
    /// path that does not exist, is an error at its line (exit 2).
    func sourceScan() throws(DocumentError) -> SourceScanner.Options? {
        guard scansSources else { return nil }
        var paths = sources
        for list in sourceLists { paths += try SourceList.read(list, environment: Platform.environment) }
        return SourceScanner.Options(
            paths: paths, module: module, excludes: excludes, platform: platform ?? .only(.iOS), targets: targets,
            configuration: configuration)
    }

    func validate() throws(UsageError) {
        if !scansSources, module != nil {
            throw UsageError(message: "'--module' names the module of scanned sources; add --source PATH")
        }
        if !scansSources, !excludes.isEmpty {
            throw UsageError(message: "'--exclude' leaves files out of a scan; add --source PATH")
        }
        if !scansSources, !targets.isEmpty {
            throw UsageError(message: "'--target' chooses the targets of a scan; add --source PATH")
        }
        if !scansSources, platform != nil {
            throw UsageError(message: "'--platform' chooses the targets of a scan; add --source PATH")
        }
        if !scansSources, configuration != nil {
            throw UsageError(message: "'--configuration' chooses the build settings of a scan; add --source PATH")
        }
    }
}

/// Standard input can be read once: two inputs named `-` would leave the second empty.
enum StandardInput {
    static func checkUsedOnce(_ inputs: [String]) throws(UsageError) {
        if inputs.count(where: { $0 == "-" }) > 1 {
            throw UsageError(
                message:
                    "standard input ('-') is given for two inputs, and it can be read only once; save one to a file")
        }
    }
}
