import TrackctlModel

/// Which module a source file belongs to — the prefix of its classes' runtime names
/// (`App.ProfileViewController`) — and whether anything compiles it at all (SPEC §10, "Runtime
/// names"; SPEC §10, "Only what is compiled"). In order: `--module`; the Xcode project that
/// compiles the file (the first application target when several do, else the first that ships
/// — an app extension, a framework — before a test bundle), through its Sources build phase or
/// a synchronized folder; the Swift package target whose folder holds it (its name, whatever
/// its `path:`); and only then the folder layout: a `Sources/<Module>/` folder, or the top
/// folder under the scanned path.
///
/// A file inside an Xcode project's folder that no target compiles (an old file left on disk)
/// and no package holds is in no app: its classes do not exist at runtime.
struct ModuleResolver {
    private let explicitModule: String?
    private let projects: [XcodeProject]
    private let packages: [SwiftPackage]
    /// Targets a scan leaves out (another platform, not named by `--target`): a file only they
    /// compile is left out too.
    private let leftOut: [XcodeProject]
    private let leftOutPackageFolders: [String]
    private let workingDirectory: String

    init(
        explicitModule: String?, projects: [XcodeProject], packages: [SwiftPackage] = [], leftOut: [XcodeProject] = [],
        leftOutPackageFolders: [String] = [], workingDirectory: String
    ) {
        self.explicitModule = explicitModule
        self.projects = projects
        self.packages = packages
        self.leftOut = leftOut
        self.leftOutPackageFolders = leftOutPackageFolders
        self.workingDirectory = workingDirectory
    }

    /// Where a file's module came from.
    enum Origin: Equatable, Sendable {
        case explicit, xcodeTarget, package
        /// The folder layout: nothing that builds the file says.
        case layout
        /// An Xcode project holds the file, but none of its targets compiles it.
        case notCompiled
        /// Only targets the scan leaves out compile it (another platform, not `--target`).
        case leftOut
    }

    /// What `module(of:)` found for a file.
    struct Resolution: Sendable {
        var module: String
        var origin: Origin
        /// The targets and the module chosen, when more than one target compiles it.
        var shared: ScanSummary.SharedFile?
        /// The kept targets that compile it (Xcode or package; empty when none says): a Swift
        /// extension joins the class of its own target when two targets declare one name.
        var targets: [String] = []
    }

    /// The module of `file`, where it came from, and the targets that compile it. A file inside
    /// a project that no target names as spelled is looked for again ignoring case, as a Mac's
    /// volume finds it (`MacPathLookup`): `notesViewController.swift` in the project is the
    /// `NotesViewController.swift` on disk.
    func module(of file: SourceTree.File) -> Resolution {
        if let explicitModule { return Resolution(module: explicitModule, origin: .explicit) }
        let absolute = SourcePath.standardized(file.path, relativeTo: workingDirectory)
        let exact = module(of: file, at: absolute, projects: projects, leftOut: leftOut)
        guard exact.origin == .notCompiled else { return exact }
        let folded = foldedProjects.projects(projects, leftOut: leftOut)
        let found = module(
            of: file, at: MacPathLookup.folded(absolute), projects: folded.projects, leftOut: folded.leftOut)
        return found.origin == .xcodeTarget || found.origin == .leftOut ? found : exact
    }

    /// Memo: the projects with every path folded, made on the first file that needs them (most
    /// scans have none). The invariant: `projects` and `leftOut` never change after `init`, and
    /// `module(of:)` is called from one thread (the scan resolves modules before parsing in parallel).
    private final class FoldedProjects {
        private var made: (projects: [XcodeProject], leftOut: [XcodeProject])?

        func projects(_ projects: [XcodeProject], leftOut: [XcodeProject])
            -> (projects: [XcodeProject], leftOut: [XcodeProject])
        {
            if let made { return made }
            func folded(_ project: XcodeProject) -> XcodeProject {
                var copy = project
                copy.directory = MacPathLookup.folded(project.directory)
                copy.targets = project.targets.map(\.folded)
                return copy
            }
            let result = (projects.map(folded), leftOut.map(folded))
            made = result
            return result
        }
    }

    private let foldedProjects = FoldedProjects()

    private func module(
        of file: SourceTree.File, at absolute: String, projects: [XcodeProject], leftOut: [XcodeProject]
    ) -> Resolution {
        if !projects.isEmpty {
            var containing: [XcodeProject.Target] = []
            for project in projects {
                containing += project.targets.filter { $0.contains(absolute) }
            }
            // An application first; else what ships (an app extension, a framework) before a test bundle.
            let shipping = containing.first { !$0.productKind.contains("test bundle") }
            if let first = containing.first(where: \.isApplication) ?? shipping ?? containing.first {
                // Each other target that ships (an app extension beside the app) has the classes too,
                // in its own module and process; a test bundle's copies are not the app's.
                var others: [(target: String, module: String)] = []
                for target in containing
                where target.name != first.name && !target.productKind.contains("test bundle")
                    && target.moduleName != first.moduleName
                    && !others.contains(where: { $0.module == target.moduleName })
                {
                    others.append((target.name, target.moduleName))
                }
                let shared =
                    containing.count > 1
                    ? ScanSummary.SharedFile(
                        path: file.path, targets: containing.map(\.name), chosen: first.name, module: first.moduleName,
                        why: first.isApplication
                            ? "the first application target"
                            : "\(Self.indefiniteArticle(first.productKind)) \(first.productKind): no application "
                                + "target compiles the file",
                        alsoIn: others.map { ScanSummary.SharedFile.Module(target: $0.target, module: $0.module) })
                    : nil
                return Resolution(
                    module: first.moduleName, origin: .xcodeTarget, shared: shared, targets: containing.map(\.name))
            }
        }
        if let target = packages.compactMap({ $0.target(containing: absolute) }).max(by: {
            $0.folder.count < $1.folder.count
        }) {
            return Resolution(module: target.module, origin: .package, targets: [target.name])
        }
        if leftOut.contains(where: { $0.targets.contains { $0.contains(absolute) } })
            || leftOutPackageFolders.contains(where: { absolute.hasPrefix($0 + "/") })
        {
            return Resolution(module: Self.moduleFromLayout(file), origin: .leftOut)
        }
        // Where the scan read a project, a file none of its targets compiles is in no module,
        // under the project's folder or beside it (Go Map!!'s `src/` next to `src/iOS/`): its
        // folder's name would be a module the app does not have.
        if !projects.isEmpty || !leftOut.isEmpty {
            return Resolution(module: Self.moduleFromLayout(file), origin: .notCompiled)
        }
        return Resolution(module: Self.moduleFromLayout(file), origin: .layout)
    }

    /// `…/Sources/<Module>/…`, else the first folder under the root, else the root's name.
    static func moduleFromLayout(_ file: SourceTree.File) -> String {
        let components = file.path.split(separator: "/").map(String.init)
        if let index = components.lastIndex(of: "Sources"), index + 2 < components.count {
            return SourcePath.c99Identifier(components[index + 1])
        }
        let rootIsFile = file.path == file.root
        if !rootIsFile {
            var relative = Substring(file.path)
            if file.path.hasPrefix(file.root) { relative = relative.dropFirst(file.root.count) }
            let inside = relative.split(separator: "/")
            if inside.count >= 2 { return SourcePath.c99Identifier(String(inside[0])) }
        }
        let absolute = SourcePath.standardized(
            rootIsFile ? file.path : file.root, relativeTo: Platform.currentDirectory)
        let folder = rootIsFile ? (SourcePath.parent(absolute) ?? "/") : absolute
        return SourcePath.c99Identifier(SourcePath.lastComponent(folder))
    }
}

extension ModuleResolver {
    /// "an app extension", "a framework", "a unit test bundle", "a UI test bundle": the
    /// product kinds of `XcodeProject.kind(ofProductType:)`, whose initial `u` sounds "you".
    static func indefiniteArticle(_ noun: String) -> String {
        guard let first = noun.first else { return "a" }
        return "aeioAEIO".contains(first) ? "an" : "a"
    }
}
