import Foundation
import PackagePlugin

/// `swift package trackctl validate|coverage [--target NAME]... [SCRIPT...]` (SPEC §15): the
/// build-tool plugin's check on demand, in the text format, for every target with a
/// `trackctl.json` (or the targets named).
@main
struct TrackctlCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try PluginRequest.parse(arguments)
        guard let verb = request.verb else {
            print(PluginRequest.usage)
            return
        }
        let named = request.targets
        let all = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in named where !all.contains(where: { $0.name == name }) {
            throw PluginRequestError(
                "no target '\(name)' (the targets: \(all.map(\.name).sorted().joined(separator: ", ")))")
        }
        let tool = try context.tool(named: "trackctl").url
        let root = context.package.directoryURL.path(percentEncoded: false)
        var failed: [String] = []
        var checked = 0
        for module in all where named.isEmpty || named.contains(module.name) {
            let folder = module.directoryURL.path(percentEncoded: false)
            let file: String
            switch SettingsSearch.find(targetFolder: folder, root: root) {
            case .found(let found): file = found
            case .none:
                if !named.isEmpty { print("trackctl: no \(TrackctlSettings.fileName) for '\(module.name)'; skipped") }
                continue
            case .several(let files):
                throw SettingsError(
                    file: files[0], message: "target '\(module.name)' has several: \(files.joined(separator: ", "))")
            }
            let settings = try TrackctlSettings.parse(
                Data(contentsOf: URL(fileURLWithPath: file)), file: file,
                fileExists: { FileManager.default.fileExists(atPath: $0) })
            let target = CheckedTarget.package(
                name: module.name, moduleName: module.moduleName, isClang: module is ClangSourceModuleTarget,
                folder: folder,
                listed: module.sourceFiles.filter { $0.type == .source || $0.type == .header }
                    .map { $0.url.path(percentEncoded: false) })
            let work = context.pluginWorkDirectoryURL.appending(path: module.name).path(percentEncoded: false)
            if let list = BuildCheck.sourceList(settings, target: target, workDirectory: work) {
                try BuildCheck.write(list)
            }
            let toRun: [String]
            if verb == .validate {
                toRun =
                    ["validate", "--settings", file]
                    + BuildCheck.scanArguments(settings, target: target, workDirectory: work)
            } else {
                let chosen = request.scripts.isEmpty ? settings.scripts : request.scripts
                guard !chosen.isEmpty else {
                    throw SettingsError(
                        file: file,
                        message: "coverage replays scripts: name them after the verb, or list them under 'scripts'")
                }
                toRun = BuildCheck.coverage(settings, scripts: chosen, target: target, workDirectory: work)
            }
            print("trackctl \(verb.rawValue) \(module.name): \(settings.config)")
            checked += 1
            let process = Process()
            process.executableURL = tool
            process.arguments = toRun
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(module.name) }
        }
        if checked == 0 {
            Diagnostics.warning("trackctl: no target has a \(TrackctlSettings.fileName); nothing was checked")
        }
        if !failed.isEmpty {
            throw PluginRequestError("\(verb.rawValue) found errors in \(failed.joined(separator: ", ")) (above)")
        }
    }
}
