import Foundation
import PackagePlugin

/// The build-tool plugin (SPEC §15): one build command per target that runs `trackctl validate`
/// with `--format xcode`, so findings appear in the build log and, in Xcode, on the line. A
/// build command, not a prebuild command: it runs the `trackctl` built from this package (a
/// prebuild command cannot use a tool built from source), and only when one of its inputs changed.
@main
struct TrackctlPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.path(percentEncoded: false)
        let checked = Self.checkedTarget(module, folder: folder)
        return try Self.commands(
            for: checked, targetFolder: folder,
            root: context.package.directoryURL.path(percentEncoded: false),
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "trackctl").url)
    }

    /// A package target as the check sees it.
    static func checkedTarget(_ module: SourceModuleTarget, folder: String) -> CheckedTarget {
        CheckedTarget.package(
            name: module.name, moduleName: module.moduleName, isClang: module is ClangSourceModuleTarget,
            folder: folder,
            listed: module.sourceFiles.filter { $0.type == .source || $0.type == .header }
                .map { $0.url.path(percentEncoded: false) })
    }

    /// The one function both kinds of project go through: find `trackctl.json`, make the command.
    static func commands(
        for target: CheckedTarget, targetFolder: String?, root: String, workDirectory: URL, tool: URL
    ) throws -> [Command] {
        let file: String
        switch SettingsSearch.find(targetFolder: targetFolder, root: root) {
        case .found(let found): file = found
        case .none(let searched):
            Diagnostics.warning(
                "trackctl: no \(TrackctlSettings.fileName) in \(searched.joined(separator: " or ")); target "
                    + "'\(target.name)' is not checked (docs/build-integration.md says what to write)")
            return []
        case .several(let files):
            throw SettingsError(
                file: files[0],
                message: "target '\(target.name)' has \(files.count) \(TrackctlSettings.fileName) files "
                    + "(\(files.joined(separator: ", "))); keep one")
        }
        let settings = try TrackctlSettings.parse(
            Data(contentsOf: URL(fileURLWithPath: file)), file: file,
            fileExists: { FileManager.default.fileExists(atPath: $0) })
        let work = workDirectory.path(percentEncoded: false)
        let check = BuildCheck.validate(
            settings, target: target, workDirectory: work, filesUnder: { BuildCheck.sourceFiles(under: $0) })
        if let list = check.sourceList { try BuildCheck.write(list) }
        return [
            .buildCommand(
                displayName: check.displayName, executable: tool, arguments: check.arguments,
                inputFiles: check.inputFiles.map { URL(fileURLWithPath: $0) },
                outputFiles: [URL(fileURLWithPath: check.outputFile)])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command for a target of an Xcode project (not verified on Linux: Xcode only).
    extension TrackctlPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let files = target.inputFiles.map { $0.url.path(percentEncoded: false) }
                .filter { BuildCheck.sourceExtensions.contains(($0 as NSString).pathExtension) }
            let root = context.xcodeProject.directoryURL.path(percentEncoded: false)
            // An app without Swift would gain the Swift runtime from a Swift stamp: it gets the resource.
            let checked = CheckedTarget(
                name: target.displayName, moduleName: Self.moduleName(target.displayName),
                language: files.contains { $0.hasSuffix(".swift") } ? .swift : .clang, sourceFiles: files)
            // An Xcode target has no folder of its own: the one that holds all its files stands in.
            return try Self.commands(
                for: checked, targetFolder: CheckedTarget.folder(of: files, within: root),
                root: root, workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "trackctl").url)
        }

        /// Xcode's default `PRODUCT_MODULE_NAME`: the product name with every character that
        /// cannot be in an identifier made `_` (`trackctl.json`'s `module` overrides it).
        static func moduleName(_ name: String) -> String {
            var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        }
    }
#endif
