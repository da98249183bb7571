/// Which module a Swift file belongs to — the prefix of its classes' runtime names
/// (`App.ProfileViewController`). In order: `--module`; the Xcode project that compiles the
/// file (the first application target when several do, else the first that ships — an app
/// extension, a framework — before a test bundle); a `Sources/<Module>/` folder; the
/// top folder under the scanned path (or the scanned folder itself for files directly in it).
struct ModuleResolver {
    private let explicitModule: String?
    private let projects: [XcodeProject]
    private let workingDirectory: String

    init(explicitModule: String?, projects: [XcodeProject], workingDirectory: String) {
        self.explicitModule = explicitModule
        self.projects = projects
        self.workingDirectory = workingDirectory
    }

    /// The module of `file`, and the targets when more than one compiles it.
    func module(of file: SourceTree.File) -> (module: String, shared: ScanSummary.SharedFile?) {
        if let explicitModule { return (explicitModule, nil) }
        if !projects.isEmpty {
            let absolute = SourcePath.standardized(file.path, relativeTo: workingDirectory)
            var containing: [XcodeProject.Target] = []
            for project in projects {
                containing += project.targets.filter { $0.contains(absolute) }
            }
            // An application first; else what ships (an app extension, a framework) before a test bundle.
            let shipping = containing.first { !$0.productKind.contains("test bundle") }
            if let first = containing.first(where: \.isApplication) ?? shipping ?? containing.first {
                let shared = containing.count > 1
                    ? ScanSummary.SharedFile(path: file.path, targets: containing.map(\.name), chosen: first.name, module: first.moduleName,
                                 why: first.isApplication ? "the first application target"
                                    : "a\(first.productKind.first.map { "aeiou".contains($0) } == true ? "n" : "") \(first.productKind): no application target compiles the file")
                    : nil
                return (first.moduleName, shared)
            }
        }
        return (Self.moduleFromLayout(file), nil)
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
        let absolute = SourcePath.standardized(rootIsFile ? file.path : file.root, relativeTo: Platform.currentDirectory)
        let folder = rootIsFile ? (SourcePath.parent(absolute) ?? "/") : absolute
        return SourcePath.c99Identifier(SourcePath.lastComponent(folder))
    }
}
