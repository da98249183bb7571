import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlSourceScan

/// `trackctl catalog scan PATH... [--module NAME] [--exclude GLOB]... [--platform P] [--target NAME]...
/// [--configuration NAME] [--format json|plist] [--output FILE]`
enum CatalogScanCommand: Command {
    struct Options: ParsableOptions {
        var paths: [String] = []
        var module: String?
        var excludes: [String] = []
        /// nil: iOS.
        var platform: PlatformChoice?
        var targets: [String] = []
        var configuration: String?
        var format: CatalogWriter.Format = .json
        var output: String?
        var verbose = false
        var progress = ProgressFlags()

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "PATH", \.paths, required: true,
                    help: "Folders or files of the app's Objective-C (.h, .m, .mm) and Swift sources"),
                .option(
                    "--module", \.module, valueName: "NAME",
                    help:
                        "Module of every Swift file (default: the Xcode project's target, else Sources/<Module>/, "
                        + "else the top folder)"
                ),
                .repeatable(
                    "--exclude", \.excludes, valueName: "GLOB",
                    help:
                        "Leave matching files and folders out ('Tests', '*Mock*.swift', 'App/Generated/**'); repeatable"
                )
            ] + CatalogInputs.targetChoices(platform: \.platform, targets: \.targets, configuration: \.configuration)
                + [
                    .option("--format", \.format, valueName: "FORMAT", help: "json (default) or plist"),
                    .option(
                        "--output", \.output, valueName: "FILE", help: "Write the catalog to FILE instead of stdout"),
                    .flag(
                        "--verbose", \.verbose, help: "List each file the summary counts as not compiled by any target")
                ] + ProgressFlags.declarations(\.progress)
        }

        mutating func validate() throws(UsageError) {
            if paths.contains("-") {
                throw UsageError(message: "'catalog scan' reads folders and files, not standard input")
            }
        }
    }

    static let name = "catalog scan"
    static let abstract =
        "Build the catalog from the app's Objective-C and Swift sources, as the runtime will see them."
    static let discussion = """
        Walks the paths (skipping hidden folders, Pods/, Carthage/, .build/, DerivedData/ and --exclude globs), \
        reads every .h, .m, .mm and .swift file, and writes the catalog sorted by class. Swift classes are \
        named as the Objective-C runtime registers them (Module.Name, or the name in @objc(Name)), the module \
        being the Xcode target that compiles the file (.xcconfig settings included), else the Swift package \
        target whose folder holds it, else the folder layout (the summary says so). Files inside an Xcode \
        project that no target compiles are left out, and so are files that only targets of another platform \
        compile (--platform ios by default; the summary lists each target kept or left out, and why). Test \
        bundles are left out unless --target names them. Where a target's configurations differ, Release decides \
        (--configuration names another). Methods the \
        runtime cannot see are listed under \
        "unexposed" with the selector they would have; selectors a method may have that nobody can know \
        (an override of an unknown ancestor's method, a witness of an unknown protocol) under "possible". \
        A summary goes to stderr: counts, what was skipped and why, files it could not read.

        EXIT CODES: 0 scanned (warnings allowed), 2 a path that does not exist, or the output cannot be written.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        let result: SourceScanner.Result
        do {
            let progress = options.progress.line("catalog scan", terminal: terminal)
            defer { progress?.clear() }
            result = try SourceScanner.scan(
                SourceScanner.Options(
                    paths: options.paths, module: options.module, excludes: options.excludes,
                    platform: options.platform ?? .only(.iOS), targets: options.targets,
                    configuration: options.configuration),
                progress: progress.map { line in
                    { parsed, total in
                        line.update(
                            "\(ProgressLine.grouped(parsed)) of \(ProgressLine.grouped(total)) files",
                            fraction: Double(parsed) / Double(max(total, 1)),
                            items: parsed, itemUnit: "files", final: parsed == total, countShown: true)
                    }
                })
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        let catalog = CatalogWriter.write(result.models, as: options.format)
        if let output = options.output {
            guard OutputFile.write(catalog, to: output, terminal: terminal) else { return .usage }
        } else if !terminal.writeOut(catalog) {
            terminal.writeErr(
                "error: the catalog could not be written to stdout\(terminal.lastWriteError.map { ": \($0)" } ?? "")\n")
            return .usage
        }
        terminal.writeErr(result.summary.lines(verbose: options.verbose).joined(separator: "\n") + "\n")
        return .success
    }
}

extension CatalogWriter.Format: SpelledArgument {
    static var noun: String { "format" }
}
