import TrackctlModel

/// `catalog scan` and `--source` as one function: walk the paths, find the modules, read and
/// parse every file on all cores, resolve the declarations into catalog models.
///
/// Memory stays bounded by the largest file, not the tree: a file's bytes and tokens live
/// only while it is parsed; what is kept are its declarations.
public enum SourceScanner {
    /// What to scan.
    public struct Options: Sendable {
        public var paths: [String]
        /// `--module`: the module of every Swift file, instead of finding it.
        public var module: String?
        /// `--exclude` globs.
        public var excludes: [String] = []
        /// `--platform`: the targets kept are those that build for it (iOS by default).
        public var platform: PlatformChoice = .only(.iOS)
        /// `--target`: when given, only these targets and what they link.
        public var targets: [String] = []
        /// `--configuration`: the Xcode configuration whose settings decide (default: Release).
        public var configuration: String?

        public init(
            paths: [String], module: String? = nil, excludes: [String] = [], platform: PlatformChoice = .only(.iOS),
            targets: [String] = [], configuration: String? = nil
        ) {
            self.paths = paths
            self.module = module
            self.excludes = excludes
            self.platform = platform
            self.targets = targets
            self.configuration = configuration
        }
    }

    /// What a scan found: the models, sorted by class, and its summary.
    public struct Result: Sendable {
        public var models: [ScreenModel]
        /// Second declarations of a runtime name by another kept target (the same module twice):
        /// kept apart, never merged into `models` (SPEC §10, `ambiguous-class`).
        public var alternates: [ScreenModel] = []
        /// `Module.Outer.Inner` for each nested class the runtime registers under its mangled
        /// name: spellings a SPOC may write and the runtime lacks, with the name to write.
        package var nestedSpellings: [UnreachableClass] = []
        /// The classes of files the kept targets do not compile (no target, a test bundle,
        /// another platform's target), by each name a SPOC may write for them: an entry naming
        /// one is told why the app lacks it, never to add it to a catalog.
        package var leftOutClasses: [UnreachableClass] = []
        /// Where each module of the scan comes from ("the PRODUCT_MODULE_NAME of target 'App'",
        /// "the folder 'Shop'"), for the hints of `unknown-class`.
        package var moduleSources: [String: String] = [:]
        public var summary: ScanSummary
    }

    /// Whether `path` names a file a scan reads (`.h`, `.m`, `.mm`, `.swift`).
    public static func isSourceFile(_ path: String) -> Bool { SourceTree.language(of: path) != nil }

    /// The largest source file read; larger ones are skipped with a warning.
    static let maximumFileSize = 64 * 1024 * 1024

    /// Throws when a path given does not exist (exit 2); everything inside that cannot be
    /// read is a warning in the summary. `known` is what the app's names resolve against: the
    /// SDK, and the catalog files given beside the scan.
    /// `progress` is told the files parsed of those to parse, on this thread, every 256 files
    /// (the files are parsed on every core in between).
    public static func scan(
        _ options: Options, known: Catalog = .standard, progress: ((_ parsed: Int, _ of: Int) -> Void)? = nil
    ) throws(DocumentError) -> Result {
        var warnings: [ScanWarning] = []
        let tree = try SourceTree.walk(
            options.paths, excluding: options.excludes.map(ExcludePattern.init), warnings: &warnings)
        let workingDirectory = Platform.currentDirectory
        var projects: [XcodeProject] = []
        if options.module == nil {
            for path in tree.projects {
                do {
                    projects.append(
                        try XcodeProject.load(
                            path: SourcePath.standardized(path, relativeTo: workingDirectory),
                            configuration: options.configuration))
                } catch {
                    let file =
                        SourcePath.relative(
                            SourcePath.standardized(path, relativeTo: workingDirectory), to: workingDirectory)
                        + "/project.pbxproj"
                    warnings.append(
                        ScanWarning(
                            path: file, position: error.position,
                            message: "the project cannot be read: \(error.message); modules come from the folders"))
                }
            }
        }
        // A specification that exists is never replaced by a guess (SPEC §10): folder names as
        // modules would pass a SPOC rewritten to them, though no such class exists. XcodeGen's
        // is read as `xcodegen generate` would read it, Tuist's literal manifest too; what cannot
        // be read is an error saying to generate the project.
        if options.module == nil, tree.projects.isEmpty, !tree.projectSpecs.isEmpty {
            let sourcePaths = tree.files.map { SourcePath.standardized($0.path, relativeTo: workingDirectory) }
            var specFiles = Set<String>()
            for spec in tree.projectSpecs.map({ SourcePath.standardized($0, relativeTo: workingDirectory) })
            where !specFiles.contains(spec) {
                do {
                    let project =
                        spec.hasSuffix(".swift")
                        ? try TuistManifest.load(path: spec, platform: options.platform, files: sourcePaths)
                        : try XcodeGenProject.load(
                            path: spec, configuration: options.configuration, platform: options.platform,
                            files: sourcePaths)
                    specFiles.formUnion(project.configurationFiles)
                    projects.append(project)
                } catch {
                    // Said at the file it is in (the spec, or one it includes), as walked.
                    let file =
                        error.file.hasPrefix("/") ? SourcePath.relative(error.file, to: workingDirectory) : error.file
                    throw DocumentError(file: file, message: error.message, position: error.position)
                }
            }
        }
        if let configuration = options.configuration {
            let names = projects.flatMap(\.configurations).reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            if !names.contains(configuration) {
                throw DocumentError(
                    file: "--configuration",
                    message: "'\(configuration)' is not a configuration of the scanned Xcode projects"
                        + (names.isEmpty
                            ? " (none was found)" : "; they have: \(names.joined(separator: ", "))")
                        + Suggester.didYouMean(configuration, among: names))
            }
        }
        let allPackages = options.module == nil ? tree.packages.compactMap(SwiftPackage.load) : []
        let selection = try TargetSelection(
            projects: projects, packages: allPackages,
            files: tree.files.map { SourcePath.standardized($0.path, relativeTo: workingDirectory) },
            platform: options.platform, named: options.targets)
        for project in projects { warnings += project.warnings }
        let modules = ModuleResolver(
            explicitModule: options.module, projects: selection.projects, packages: selection.packages,
            leftOut: selection.leftOut,
            leftOutPackageFolders: selection.leftOutPackageFolders, workingDirectory: workingDirectory)
        // Only what is compiled (SPEC §10.1): a file no kept target of its project compiles is
        // left out; a header goes with its .m or .mm when that is left out.
        let resolutions = tree.files.map { modules.module(of: $0) }
        func isLeftOut(_ origin: ModuleResolver.Origin) -> Bool { origin == .notCompiled || origin == .leftOut }
        var implementationsLeftOut = Set<String>()
        for (file, result) in zip(tree.files, resolutions)
        where isLeftOut(result.origin) && file.language == .objectiveC && !file.path.hasSuffix(".h") {
            implementationsLeftOut.insert(String(file.path.dropLast(SourcePath.fileExtension(file.path).count + 1)))
        }
        var notCompiled: [String] = []
        var otherTargets: [String] = []
        var leftOutFiles: [(file: SourceTree.File, compiledElsewhere: Bool)] = []
        var compiled: [SourceTree.File] = []
        var layoutModules: [String: Int] = [:]
        var resolved: [ModuleResolver.Resolution] = []
        for (file, result) in zip(tree.files, resolutions) {
            let isHeader = file.path.hasSuffix(".h")
            if isLeftOut(result.origin), !isHeader || implementationsLeftOut.contains(String(file.path.dropLast(2))) {
                if result.origin == .leftOut { otherTargets.append(file.path) } else { notCompiled.append(file.path) }
                leftOutFiles.append((file, result.origin == .leftOut))
                continue
            }
            if result.origin == .layout || isLeftOut(result.origin), file.language == .swift {
                layoutModules[result.module, default: 0] += 1
            }
            compiled.append(file)
            resolved.append(result)
        }
        let files = compiled
        if files.isEmpty, notCompiled.isEmpty, otherTargets.isEmpty {
            // A wrong path in a CI script must not pass quietly (SwiftLint: "No lintable files found").
            for path in options.paths {
                warnings.append(ScanWarning(path: path, position: nil, message: Self.noSourceFiles))
            }
        }
        let conditions = resolved.map {
            Self.conditions(of: $0, projects: selection.projects, platform: options.platform)
        }
        var results: [(declarations: FileDeclarations, warning: ScanWarning?)] = []
        results.reserveCapacity(files.count)
        let batch = progress == nil ? max(files.count, 1) : 256
        var first = 0
        while first < files.count {
            let end = min(files.count, first + batch)
            let offset = first
            results += Parallel.map(end - first) { index -> (declarations: FileDeclarations, warning: ScanWarning?) in
                scanFile(files[offset + index], conditions: conditions[offset + index])
            }
            progress?(end, files.count)
            first = end
        }
        var scanned: [CatalogBuilder.ScannedFile] = []
        scanned.reserveCapacity(files.count)
        var shared: [ScanSummary.SharedFile] = []
        for ((file, result), module) in zip(zip(files, results), resolved) {
            if let warning = result.warning { warnings.append(warning) }
            if file.language == .swift, let sharedFile = module.shared { shared.append(sharedFile) }
            scanned.append(
                CatalogBuilder.ScannedFile(
                    file: file, module: file.language == .swift ? module.module : "", targets: module.targets,
                    declarations: result.declarations))
            // The same classes in each other shipping target's module (an app extension's process).
            if file.language == .swift {
                for other in module.shared?.alsoIn ?? [] {
                    scanned.append(
                        CatalogBuilder.ScannedFile(
                            file: file, module: other.module, targets: [other.target], declarations: result.declarations
                        ))
                }
            }
        }
        let (models, alternates, skipped, nestedSpellings) = CatalogBuilder.build(scanned, known: known)
        let leftOutClasses = Self.leftOutClasses(
            leftOutFiles, modules: (selection.projects + selection.leftOut).flatMap { $0.targets.map(\.moduleName) },
            platform: options.platform)
        let summary = ScanSummary(
            swiftFiles: files.count { $0.language == .swift },
            objectiveCFiles: files.count { $0.language == .objectiveC },
            classes: models.count { !$0.isCategory }, categories: models.count(where: \.isCategory),
            selectors: models.reduce(0) { $0 + $1.selectors.count },
            unexposed: models.reduce(0) { $0 + $1.unexposed.count },
            skipped: skipped, warnings: warnings.sorted(),
            sharedFiles: shared, notCompiled: notCompiled, layoutModules: layoutModules,
            targets: selection.choices, otherTargetsOnly: otherTargets, platform: options.platform,
            ambiguous: alternates.map { alternate in
                ScanSummary.Ambiguity(
                    name: alternate.name,
                    declarations: [models.first { $0.name == alternate.name }?.source ?? "", alternate.source ?? ""])
            })
        var moduleSources: [String: String] = [:]
        if let module = options.module { moduleSources[module] = "--module" }
        for target in selection.projects.flatMap(\.targets) where moduleSources[target.moduleName] == nil {
            moduleSources[target.moduleName] = target.moduleSource
        }
        for target in selection.packages.flatMap(\.targets) where moduleSources[target.module] == nil {
            moduleSources[target.module] = "the Swift package target '\(target.name)'"
        }
        for module in layoutModules.keys where moduleSources[module] == nil {
            moduleSources[module] = "the folder '\(module)', as no Xcode target or Swift package compiles its files"
        }
        return Result(
            models: models, alternates: alternates, nestedSpellings: nestedSpellings, leftOutClasses: leftOutClasses,
            moduleSources: moduleSources, summary: summary)
    }

    /// Reads and parses one file; a file that cannot be read or decoded is a warning.
    /// The classes declared in files left out of the scan, each by its bare name and as a class of
    /// each module of the projects (`App.OldViewController`), read on every core.
    static func leftOutClasses(
        _ files: [(file: SourceTree.File, compiledElsewhere: Bool)], modules: [String], platform: PlatformChoice
    ) -> [UnreachableClass] {
        guard !files.isEmpty else { return [] }
        var known = BuildConditions.unknown
        if case .only(let only) = platform { known.platform = only }
        let conditions = known
        let declared = Parallel.map(files.count) { index -> [(name: String, line: Int)] in
            let declarations = scanFile(files[index].file, conditions: conditions).declarations
            return declarations.swiftTypes.filter { $0.kind == .class && !$0.isNested }.map { ($0.name, $0.line) }
                + declarations.objcClasses.filter { $0.category == nil }.map { ($0.name, $0.line) }
        }
        var result: [UnreachableClass] = []
        for ((file, elsewhere), classes) in zip(files, declared) {
            let why =
                elsewhere
                ? "its file is compiled only by targets the scan leaves out (a test bundle, another platform's "
                    + "target; the summary says which), so the app does not have it"
                : "no target of the Xcode project compiles its file for this build (--platform, --configuration), "
                    + "so the app does not have it; add the file to the app's target, or remove the entry"
            for (name, line) in classes {
                for spelled in [name] + Set(modules).sorted().map({ "\($0).\(name)" }) {
                    result.append(
                        UnreachableClass(
                            name: spelled, swiftName: name, why: why,
                            source: SourceLine(path: file.path, line: line).description))
                }
            }
        }
        return result
    }

    /// What the `#if` conditions of a file see: the scanned platform (none for `--platform
    /// all`), and — when Xcode targets compile it — their flags and what they link.
    static func conditions(
        of resolution: ModuleResolver.Resolution, projects: [XcodeProject], platform: PlatformChoice
    ) -> BuildConditions {
        var conditions = BuildConditions.unknown
        if case .only(let only) = platform { conditions.platform = only }
        guard !resolution.targets.isEmpty else { return conditions }
        var flags = Set<String>()
        var found = false
        for project in projects {
            for target in project.targets where resolution.targets.contains(target.name) {
                found = true
                flags.formUnion(target.compilationFlags)
                conditions.modules.formUnion(target.packageProducts)
                for dependency in project.targets where target.dependencies.contains(dependency.name) {
                    conditions.modules.insert(dependency.moduleName)
                }
            }
        }
        if found { conditions.flags = flags }
        return conditions
    }

    static func scanFile(_ file: SourceTree.File, conditions: BuildConditions = .unknown) -> (
        declarations: FileDeclarations, warning: ScanWarning?
    ) {
        let bytes: [UInt8]
        switch FileInput.readSource(path: file.path, limit: maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(let problem):
            return (FileDeclarations(), ScanWarning(path: file.path, message: "\(problem.message); skipped"))
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return (
                FileDeclarations(),
                ScanWarning(
                    path: file.path, position: SourcePosition(line: 1, column: 1),
                    message: "the file is UTF-16; save it as UTF-8 to have it scanned; skipped")
            )
        }
        var warning: ScanWarning?
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let bad = TextChecks.firstInvalidUTF8(bytes, from: start) {
            // Old files in another encoding (a © in a comment): read anyway, names are ASCII.
            warning = ScanWarning(
                path: file.path, position: TextCursor.position(of: bad, in: bytes),
                message: "not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true))); read as bytes")
        }
        let declarations = bytes.withUnsafeBufferPointer { buffer -> FileDeclarations in
            let text = UnsafeBufferPointer(rebasing: buffer[start...])
            switch file.language {
            case .swift: return SwiftDeclarationParser.parse(text, path: file.path, conditions: conditions)
            case .objectiveC: return ObjCDeclarationParser.parse(text, path: file.path, conditions: conditions)
            }
        }
        return (declarations, warning)
    }
}

/// What a scan read, made of, and left out: the summary `catalog scan` prints on stderr.
extension SourceScanner {
    package static let noSourceFiles =
        "no source file to scan here (.h, .m, .mm or .swift, outside hidden, Pods, Carthage, .build and DerivedData "
        + "folders and --exclude); is the path right?"
}

public struct ScanSummary: Sendable {
    public var swiftFiles: Int
    public var objectiveCFiles: Int
    public var classes: Int
    public var categories: Int
    public var selectors: Int
    public var unexposed: Int
    /// Constructs left out, with why, in file order.
    public var skipped: [SkippedConstruct]
    public var warnings: [ScanWarning]
    /// Files compiled by several targets, and the module chosen.
    public var sharedFiles: [SharedFile]
    /// Files inside an Xcode project's folder that none of its targets compiles: left out.
    public var notCompiled: [String] = []
    /// Modules named after folders (no Xcode target or Swift package compiles their files),
    /// with how many Swift files each has.
    public var layoutModules: [String: Int] = [:]
    /// Every target of the scanned projects and packages: kept or left out, and why.
    public var targets: [TargetChoice] = []
    /// Files only left-out targets compile (another platform, not `--target`): left out.
    public var otherTargetsOnly: [String] = []
    public var platform: PlatformChoice = .only(.iOS)
    /// Runtime names declared by two kept targets (the same module twice), with both places.
    public var ambiguous: [Ambiguity] = []

    public struct TargetChoice: Hashable, Sendable {
        public var name: String
        /// "application", "app extension", "Swift package target", …
        public var kind: String
        /// "iOS", "iOS and macOS", …
        public var platforms: String
        public var module: String
        public var kept: Bool
        public var why: String
        /// How its configurations differ ("its module is A in Debug, B in Release; Release decides").
        public var note: String?
    }

    public struct Ambiguity: Hashable, Sendable {
        public var name: String
        /// `path:line` of each declaration, the catalog's first.
        public var declarations: [String]
    }

    public struct SharedFile: Hashable, Sendable {
        public var path: String
        public var targets: [String]
        /// The target whose module the file's classes get: the first application target.
        public var chosen: String
        public var module: String
        /// Why that one: "the first application target", or what it is when no application
        /// compiles the file ("the first of them, an app extension (…)").
        public var why: String
        /// The other shipping targets that compile it: its classes exist in their modules too.
        public var alsoIn: [Module] = []

        public struct Module: Hashable, Sendable {
            public var target: String
            public var module: String
        }
    }

    /// "generic classes" for "generic class" when there are several (each reason names one class).
    private static func pluralReason(_ reason: String, _ count: Int) -> String {
        guard count > 1, let range = reason.range(of: "class") else { return reason }
        return reason.replacingCharacters(in: range, with: "classes")
    }

    /// The summary as lines: the counts, then each warning, skipped construct and shared file.
    public var lines: [String] { lines(verbose: false) }

    /// The summary as lines; `verbose` lists each file no target compiles.
    public func lines(verbose: Bool) -> [String] {
        let files = swiftFiles + objectiveCFiles
        // A file several targets compile is read once per module: its skipped classes, once.
        var skippedLines: [String] = []
        var counted: [(reason: SkippedConstruct.Reason, count: Int)] = []
        var listed = Set<String>()
        for construct in skipped {
            let line =
                "\(construct.location): skipped \(construct.reason.rawValue) '\(construct.name)': \(construct.detail)"
            guard listed.insert(line).inserted else { continue }
            // What an app's code is made of (root, generic, private classes) is counted; what went
            // wrong reading it is said where it is.
            if verbose || construct.reason.isProblem {
                skippedLines.append(line)
            } else if let index = counted.firstIndex(where: { $0.reason == construct.reason }) {
                counted[index].count += 1
            } else {
                counted.append((construct.reason, 1))
            }
        }
        var result = [
            "scanned \(plural(files, "file")) (\(swiftFiles) Swift, \(objectiveCFiles) Objective-C): "
                + "\(plural(classes, "class", "classes")), \(plural(categories, "category", "categories")), "
                + "\(plural(selectors, "selector")), \(unexposed) unexposed, \(listed.count) skipped"
        ]
        result += warnings.map(\.description)
        result += skippedLines
        if !counted.isEmpty {
            let total = counted.reduce(0) { $0 + $1.count }
            result.append(
                "\(total) skipped as the runtime has no name for \(total == 1 ? "it" : "them") a SPOC can write "
                    + "(--verbose lists each, with why): "
                    + counted.sorted { ($0.count, $1.reason.rawValue) > ($1.count, $0.reason.rawValue) }
                    .map { "\($0.count) " + Self.pluralReason($0.reason.rawValue, $0.count) }.joined(separator: ", "))
        }
        for file in sharedFiles {
            let also = file.alsoIn.map { ", and \($0.module) of \($0.target) too" }.joined()
            result.append(
                "\(file.path): compiled by the targets \(file.targets.joined(separator: ", ")); its classes get the "
                    + "module \(file.module) of \(file.chosen), \(file.why)\(also)"
            )
        }
        if !notCompiled.isEmpty {
            result.append(
                "\(plural(notCompiled.count, "file")) not compiled by any target of the Xcode project, left out"
                    + (verbose ? ":" : " (--verbose lists them)"))
            if verbose { result += notCompiled.map { "  \($0)" } }
        }
        if !otherTargetsOnly.isEmpty {
            result.append(
                "\(plural(otherTargetsOnly.count, "file")) compiled only by targets left out, left out"
                    + (verbose ? ":" : " (--verbose lists them)"))
            if verbose { result += otherTargetsOnly.map { "  \($0)" } }
        }
        if !targets.isEmpty {
            let platformWord: String
            switch platform {
            case .all: platformWord = "every platform"
            case .only(let chosen): platformWord = chosen.displayName
            }
            result.append("targets for \(platformWord) (--platform, --target):")
            // Xcode targets one a line; a package's kept targets together (a package has many).
            var keptInPackages: [String] = []
            for target in targets {
                if target.kept, target.kind == "Swift package target", target.why.isEmpty {
                    keptInPackages.append(target.name)
                    continue
                }
                let state = target.kept ? "kept, module \(target.module)" : "left out"
                let why = target.why.isEmpty ? "" : "; \(target.why)"
                result.append("  \(target.name) (\(target.kind), \(target.platforms)): \(state)\(why)")
                if let note = target.note { result.append("    \(note)") }
            }
            if !keptInPackages.isEmpty {
                result.append(
                    "  \(plural(keptInPackages.count, "Swift package target")) kept: "
                        + "\(keptInPackages.joined(separator: ", "))"
                )
            }
        }
        for ambiguity in ambiguous {
            result.append(
                "ambiguous class '\(ambiguity.name)': declared by two kept targets with the same module, at "
                    + "\(ambiguity.declarations.joined(separator: " and ")); "
                    + "the catalog lists the first; choose one with --platform or --target")
        }
        if !layoutModules.isEmpty {
            let modules = layoutModules.sorted { $0.key < $1.key }.map {
                "\($0.key) (\(plural($0.value, "Swift file")))"
            }
            result.append(
                "modules named after folders, since no Xcode target or Swift package compiles these files: "
                    + "\(modules.joined(separator: ", "))"
            )
        }
        return result
    }
}

extension SourceScanner {
    /// Every file a scan of `paths` reads, absolute, in the scan's order: the sources, then the
    /// Xcode projects' `project.pbxproj` and the `.xcconfig` files their settings come from, and
    /// the packages' `Package.swift`, which name the modules.
    /// What `xcfilelist` writes for a build phase's dependency analysis (SPEC §15); a superset
    /// of what a scan compiles (a file no target compiles is still listed: changing it is cheap).
    public static func inputFiles(_ paths: [String], excludes: [String] = []) throws(DocumentError) -> [String] {
        var warnings: [ScanWarning] = []
        let tree = try SourceTree.walk(paths, excluding: excludes.map(ExcludePattern.init), warnings: &warnings)
        let workingDirectory = Platform.currentDirectory
        var files = tree.files.map { SourcePath.standardized($0.path, relativeTo: workingDirectory) }
        for project in tree.projects {
            files.append(SourcePath.join(project, "project.pbxproj"))
            // A project that cannot be read is the scan's warning; its file is still an input.
            files += (try? XcodeProject.load(path: project))?.configurationFiles ?? []
        }
        return files + tree.packages
    }
}
