import Foundation
import TrackctlModel
import TrackctlPlan
import TrackctlSourceScan

/// `trackctl xcfilelist [CONFIG] --source PATH... [--catalog FILE]... [--plan FILE] [--exclude GLOB]...
/// [--srcroot DIR] [--output FILE]`: the input file list of an Xcode run-script phase that runs
/// `validate` (SPEC §15), so Xcode runs the phase exactly when a file it reads has changed and a
/// sandboxed script may read them.
enum XcfilelistCommand: Command {
    struct Options: ParsableOptions {
        var config: String?
        var sources: [String] = []
        var catalogs: [String] = []
        var plan: String?
        var excludes: [String] = []
        var srcroot: String?
        var output: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional("CONFIG", \.config, help: "The SPOC the phase validates (listed first, with its plan)"),
                .greedy(
                    "--source", \.sources, valueName: "PATH",
                    help: "Folders or files the phase scans: every source a scan reads is listed, with the project",
                    accepts: { SourceScanner.isSourceFile($0) || Platform.isDirectory($0) }
                ).required(),
                .repeatable("--catalog", \.catalogs, valueName: "FILE", help: "A catalog file the phase reads"),
                .option(
                    "--plan", \.plan, valueName: "FILE",
                    help: "The tracking plan (default: tracking-plan.json beside CONFIG, when there is one)"),
                .repeatable(
                    "--exclude", \.excludes, valueName: "GLOB",
                    help: "Leave matching files and folders out, as the phase's --exclude does; repeatable"),
                .option(
                    "--srcroot", \.srcroot, valueName: "DIR",
                    help: "The folder $(SRCROOT) stands for: the project's folder (default: the current directory)"),
                .option("--output", \.output, valueName: "FILE", help: "Write the list to FILE instead of stdout")
            ]
        }

        mutating func validate() throws(UsageError) {
            if sources.isEmpty {
                throw UsageError(message: "xcfilelist lists what a scan reads; add --source PATH (folders or files)")
            }
            if sources.contains("-") || config == "-" || catalogs.contains("-") || plan == "-" {
                throw UsageError(message: "an input list names files on disk, not standard input ('-')")
            }
        }
    }

    static let name = "xcfilelist"
    static let abstract = "Write the input file list of an Xcode run-script phase that runs validate."
    static let discussion = """
        One path per line, each written as $(SRCROOT)/PATH so the list works on every machine: CONFIG, its \
        tracking plan, the catalogs, then every .h, .m, .mm and .swift file a scan of the --source paths reads \
        and the project.pbxproj and Package.swift files that name their modules. Add the list to the phase's \
        Input File Lists and pass it to 'validate --source-list' (docs/build-integration.md). Write it again \
        when files are added: a new file is not an input until it is listed.

        EXIT CODES: 0 written, 2 a path that does not exist or a list that cannot be written.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        let directory = Platform.currentDirectory
        let root = XcodeRenderer(directory: directory).absolute(options.srcroot ?? ".")
        var inputs: [String] = []
        do throws(DocumentError) {
            var named = options.config.map { [$0] } ?? []
            if let plan = options.plan ?? options.config.flatMap(TrackingPlan.conventionalFile(besideSPOC:)) {
                named.append(plan)
            }
            named += options.catalogs
            for file in named {
                try MissingPath.requireExisting(file)
                inputs.append(XcodeRenderer(directory: directory).absolute(file))
            }
            inputs += try SourceScanner.inputFiles(options.sources, excludes: options.excludes)
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        var seen = Set<String>()
        let list = inputs.filter { seen.insert($0).inserted }.map { "$(SRCROOT)/" + relative($0, to: root) + "\n" }
            .joined()
        if let output = options.output {
            guard OutputFile.write(list, to: output, terminal: terminal) else { return .usage }
            terminal.writeErr("\(output): \(plural(seen.count, "input")) listed\n")
        } else if !terminal.writeOut(list) {
            terminal.writeErr("error: the list could not be written to stdout\n")
            return .usage
        }
        return .success
    }

    /// `path` from `root`, both absolute and standardized, with `..` where it lies outside.
    static func relative(_ path: String, to root: String) -> String {
        let from = root.split(separator: "/")
        let to = path.split(separator: "/")
        var shared = 0
        while shared < from.count, shared < to.count, from[shared] == to[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
