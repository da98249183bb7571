import Foundation

// The build integration's one piece of logic (SPEC §15): how `trackctl.json` is found and read,
// and the command a plugin makes of it. `validate --settings` reads the file with it, and the two
// plugins compile it too: `Plugins/TrackctlPlugin/BuildCheck.swift` and
// `Plugins/TrackctlCommandPlugin/BuildCheck.swift` are links to this file, because a plugin
// cannot depend on a library target. So it uses Foundation only.

/// `trackctl.json`: what a build-tool plugin cannot be told by arguments, found by convention.
/// Paths are relative to the file; they are kept absolute here.
struct TrackctlSettings: Equatable {
    static let fileName = "trackctl.json"
    /// The keys a file may have; any other is an error (a misspelled `plan` must not pass quietly).
    static let keys = ["config", "catalog", "plan", "source", "module", "strict", "scripts"]

    /// The `trackctl.json` these settings came from.
    var file: String
    /// The SPOC.
    var config: String
    var catalogs: [String] = []
    /// The tracking plan: `plan`, else `tracking-plan.json` beside the SPOC when there is one.
    var plan: String?
    /// Folders or files to scan; nil: the target's own sources.
    var sources: [String]?
    /// The module of the scanned Swift files, when the target's name is not it.
    var module: String?
    var strict = false
    /// The scripts `swift package trackctl coverage` replays when none are given.
    var scripts: [String] = []

    /// Reads the settings from the JSON text of `file`.
    static func parse(_ data: Data, file: String, fileExists: (String) -> Bool) throws -> TrackctlSettings {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw SettingsError(file: file, message: "is not JSON: \(error.localizedDescription)")
        }
        guard let fields = object as? [String: Any] else {
            throw SettingsError(file: file, message: "must be a JSON object with the keys \(keyList)")
        }
        for key in fields.keys.sorted() where !keys.contains(key) {
            let guess = closestKey(to: key).map { "; did you mean '\($0)'?" } ?? ""
            throw SettingsError(file: file, message: "unknown key '\(key)'\(guess) (the keys: \(keyList))")
        }
        let folder = (file as NSString).deletingLastPathComponent
        func path(_ value: String) -> String {
            normalized(value.hasPrefix("/") ? value : (folder as NSString).appendingPathComponent(value))
        }
        func string(_ key: String) throws -> String? {
            guard let value = fields[key] else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                throw SettingsError(file: file, message: "'\(key)' must be a non-empty string")
            }
            return text
        }
        func strings(_ key: String) throws -> [String]? {
            guard let value = fields[key] else { return nil }
            if let text = value as? String, !text.isEmpty { return [text] }
            guard let list = value as? [String], !list.contains(where: \.isEmpty) else {
                throw SettingsError(file: file, message: "'\(key)' must be a string or a list of strings")
            }
            return list
        }
        guard let config = try string("config") else {
            throw SettingsError(
                file: file, message: "'config' is missing: name the SPOC, relative to this file (\"config\": \"…\")")
        }
        var settings = TrackctlSettings(file: file, config: path(config))
        settings.catalogs = try strings("catalog")?.map(path) ?? []
        settings.sources = try strings("source")?.map(path)
        settings.module = try string("module")
        settings.scripts = try strings("scripts")?.map(path) ?? []
        if fields["strict"] != nil {
            // JSONSerialization reads `1` and `true` alike; the decoder takes only a JSON boolean.
            struct Strict: Decodable { var strict: Bool }
            guard let strict = try? JSONDecoder().decode(Strict.self, from: data) else {
                throw SettingsError(file: file, message: "'strict' must be true or false")
            }
            settings.strict = strict.strict
        }
        if let plan = try string("plan") {
            settings.plan = path(plan)
        } else {
            let beside = ((settings.config as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("tracking-plan.json")
            settings.plan = fileExists(beside) ? beside : nil
        }
        return settings
    }

    private static var keyList: String { keys.joined(separator: ", ") }

    /// `path` without `.` and `a/..` components, on the text alone (no link is followed): what a
    /// finding then names. A relative path keeps the `..` it starts with.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", path.hasPrefix("/") { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The key `key` is likely a misspelling of: at most two edits away (a swap counts as one).
    static func closestKey(to key: String) -> String? {
        let typed = Array(key.lowercased())
        func distance(_ other: [Character]) -> Int {
            // Optimal string alignment: insertions, deletions, substitutions, adjacent swaps.
            var table = Array(repeating: Array(repeating: 0, count: other.count + 1), count: typed.count + 1)
            for i in 0...typed.count { table[i][0] = i }
            for j in 0...other.count { table[0][j] = j }
            for i in stride(from: 1, through: typed.count, by: 1) {
                for j in stride(from: 1, through: other.count, by: 1) {
                    let cost = typed[i - 1] == other[j - 1] ? 0 : 1
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                    if i > 1, j > 1, typed[i - 1] == other[j - 2], typed[i - 2] == other[j - 1] {
                        table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                    }
                }
            }
            return table[typed.count][other.count]
        }
        let ranked = keys.map { (key: $0, distance: distance(Array($0))) }.filter { $0.distance <= 2 }
        return ranked.min { $0.distance < $1.distance }?.key
    }
}

/// A `trackctl.json` that cannot be used: the plugin reports it on the file and fails.
struct SettingsError: Error, Equatable, CustomStringConvertible {
    var file: String
    var message: String

    var description: String { "\(file): \(message)" }
}

/// Where `trackctl.json` is: exactly one in the target's folder, else at the package's or
/// project's root (SPEC §15).
enum SettingsSearch: Equatable {
    case found(String)
    /// Nowhere: the plugin warns and adds no command.
    case none(searched: [String])
    /// More than one in the target's folder: which one is meant cannot be guessed.
    case several([String])

    /// Folders never searched: hidden ones, build products and dependencies.
    static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]

    static func find(targetFolder: String?, root: String, fileManager: FileManager = .default) -> SettingsSearch {
        // SwiftPM gives folders with a final slash; messages name them without.
        let targetFolder = targetFolder.map(trimmed)
        let root = trimmed(root)
        var searched: [String] = []
        if let targetFolder {
            let found = files(named: TrackctlSettings.fileName, under: targetFolder, fileManager: fileManager)
            if found.count > 1 { return .several(found) }
            if let only = found.first { return .found(only) }
            searched.append(targetFolder)
        }
        let atRoot = (root as NSString).appendingPathComponent(TrackctlSettings.fileName)
        if fileManager.fileExists(atPath: atRoot) { return .found(atRoot) }
        if !searched.contains(root) { searched.append(root) }
        return .none(searched: searched)
    }

    /// `path` without its final slashes (`/` stays).
    static func trimmed(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    /// Every file called `name` under `folder`, sorted.
    static func files(named name: String, under folder: String, fileManager: FileManager) -> [String] {
        FolderWalk.files(under: folder, fileManager: fileManager) { ($0 as NSString).lastPathComponent == name }
    }
}

/// The files under a folder, sorted, as the plugins look for them: hidden folders, build
/// products and dependencies (`SettingsSearch.skippedFolders`) are never entered, as the scan
/// never enters them.
enum FolderWalk {
    static func files(under folder: String, fileManager: FileManager, where keep: (String) -> Bool) -> [String] {
        var found: [String] = []
        var queue = [folder]
        while let current = queue.popLast() {
            guard let entries = try? fileManager.contentsOfDirectory(atPath: current) else { continue }
            for entry in entries where !entry.hasPrefix(".") && !SettingsSearch.skippedFolders.contains(entry) {
                let path = (current as NSString).appendingPathComponent(entry)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    queue.append(path)
                } else if keep(path) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}

/// The target a command is made for, as the plugin sees it.
struct CheckedTarget: Equatable {
    enum Language: Equatable { case swift, clang }

    var name: String
    /// The module its Swift files belong to.
    var moduleName: String
    var language: Language
    /// Its `.swift`, `.m`, `.mm` and `.h` files, absolute.
    var sourceFiles: [String]

    /// The folder an Xcode target's `trackctl.json` is looked for in: the deepest folder holding
    /// all of its files, when that is inside the project's folder and not the folder itself (an
    /// Xcode target has no folder of its own); nil sends the search to the project's root alone.
    static func folder(of files: [String], within root: String) -> String? {
        let rootParts = root.split(separator: "/")
        var common: [Substring]?
        for file in files {
            let parts = Array(file.split(separator: "/").dropLast())
            guard let known = common else {
                common = parts
                continue
            }
            common = Array(zip(known, parts).prefix { $0 == $1 }.map(\.0))
        }
        guard let common, common.count > rootParts.count, Array(common.prefix(rootParts.count)) == rootParts else {
            return nil
        }
        return "/" + common.joined(separator: "/")
    }

    /// A Swift package's target, from what SwiftPM lists of it (`listed`). A C-family target's
    /// list holds what it compiles, not the Objective-C headers beside it, so its folder is
    /// walked instead.
    static func package(name: String, moduleName: String, isClang: Bool, folder: String, listed: [String])
        -> CheckedTarget
    {
        let files = isClang ? BuildCheck.sourceFiles(under: folder).filter { !$0.hasSuffix("/Package.swift") } : listed
        return CheckedTarget(
            name: name, moduleName: moduleName, language: isClang ? .clang : .swift, sourceFiles: files)
    }
}

/// The build command the build-tool plugin hands to SwiftPM or Xcode, and the command plugin's
/// runs: one construction, so the two never disagree about what is checked.
struct BuildCheck: Equatable {
    var displayName: String
    var arguments: [String]
    /// What the build system watches: a change to any of them runs the check again.
    var inputFiles: [String]
    /// The one output: the stamp `validate --stamp` writes when the check passes.
    var outputFile: String
    /// The list `--source-list` reads, to be written (when its text changed) before the build.
    var sourceList: (path: String, contents: String)?

    static func == (lhs: BuildCheck, rhs: BuildCheck) -> Bool {
        lhs.displayName == rhs.displayName && lhs.arguments == rhs.arguments && lhs.inputFiles == rhs.inputFiles
            && lhs.outputFile == rhs.outputFile && lhs.sourceList?.path == rhs.sourceList?.path
            && lhs.sourceList?.contents == rhs.sourceList?.contents
    }

    /// The file extensions a scan reads.
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The stamp's name. A build system runs a command only for an output something consumes,
    /// and SwiftPM consumes a plugin's output by its extension: `.swift` is compiled (the stamp
    /// is a comment, so it compiles to nothing), anything else it does not know is a resource
    /// (copied into a resource bundle). A C-family target cannot compile Swift, so its stamp is
    /// the resource.
    static func stampName(for language: CheckedTarget.Language) -> String {
        language == .swift ? "TrackctlCheck.swift" : "trackctl.stamp"
    }

    /// `validate` of `settings` for `target`, with its inputs, stamp and source list in
    /// `workDirectory`. `filesUnder` lists the files of a `source` folder (for the inputs).
    ///
    /// The command names `trackctl.json` (`--settings`) rather than its values: SwiftPM does not
    /// run a plugin again when only a file's text changes (swiftlang/swift-package-manager#7891),
    /// but the file is an input, so an edited `trackctl.json` reruns the check, which reads it then.
    static func validate(
        _ settings: TrackctlSettings, target: CheckedTarget, workDirectory: String,
        filesUnder: (String) -> [String]
    ) -> BuildCheck {
        let stamp = (workDirectory as NSString).appendingPathComponent(stampName(for: target.language))
        let arguments =
            ["validate", "--settings", settings.file]
            + scanArguments(settings, target: target, workDirectory: workDirectory)
            + ["--format", "xcode", "--stamp", stamp]
        var inputs = [settings.file, settings.config] + settings.catalogs + (settings.plan.map { [$0] } ?? [])
        let list = sourceList(settings, target: target, workDirectory: workDirectory)
        if let sources = settings.sources {
            inputs += sources.flatMap(filesUnder)
        } else {
            inputs += target.sourceFiles
        }
        if let list { inputs.append(list.path) }
        return BuildCheck(
            displayName: "trackctl validate \(target.name)", arguments: arguments, inputFiles: inputs,
            outputFile: stamp, sourceList: list)
    }

    /// What a run adds to `trackctl.json` for `target`: its own sources, through a list, with its
    /// module, when the file names no `source`; nothing when it does (the file says it all).
    static func scanArguments(_ settings: TrackctlSettings, target: CheckedTarget, workDirectory: String) -> [String] {
        guard let list = sourceList(settings, target: target, workDirectory: workDirectory) else { return [] }
        return ["--source-list", list.path] + (settings.module == nil ? ["--module", target.moduleName] : [])
    }

    /// The target's own sources, one per line, when `trackctl.json` names no `source`; nil when
    /// it does, or when the target has none to scan.
    static func sourceList(_ settings: TrackctlSettings, target: CheckedTarget, workDirectory: String)
        -> (path: String, contents: String)?
    {
        guard settings.sources == nil else { return nil }
        let files = target.sourceFiles.filter { sourceExtensions.contains(($0 as NSString).pathExtension) }.sorted()
        guard !files.isEmpty else { return nil }
        let path = (workDirectory as NSString).appendingPathComponent("sources.txt")
        return (path, files.map { $0 + "\n" }.joined())
    }

    /// `replay SCRIPT... --coverage` of `settings` for `target`: what the command plugin's
    /// `coverage` runs (every event goes nowhere; the report is the point). `replay` takes no
    /// `--settings`: the command plugin reads the file afresh on every run anyway.
    static func coverage(
        _ settings: TrackctlSettings, scripts: [String], target: CheckedTarget, workDirectory: String
    ) -> [String] {
        var arguments = ["replay"] + scripts + ["--config", settings.config]
        for catalog in settings.catalogs { arguments += ["--catalog", catalog] }
        if let plan = settings.plan { arguments += ["--plan", plan] }
        if let sources = settings.sources { arguments += ["--source"] + sources }
        if let module = settings.module { arguments += ["--module", module] }
        arguments += scanArguments(settings, target: target, workDirectory: workDirectory)
        if settings.strict { arguments.append("--strict") }
        return arguments + ["--sink", "null", "--coverage"]
    }

    /// Writes `list` unless the file already holds it: its time is what the build system
    /// watches, so an unchanged list must keep it.
    static func write(_ list: (path: String, contents: String), fileManager: FileManager = .default) throws {
        let data = Data(list.contents.utf8)
        if fileManager.contents(atPath: list.path) == data { return }
        try fileManager.createDirectory(
            atPath: (list.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: list.path), options: .atomic)
    }

    /// The files a `source` entry stands for: itself when a file, else every source under it
    /// (hidden folders, build products and dependencies skipped, as the scan skips them).
    static func sourceFiles(under path: String, fileManager: FileManager = .default) -> [String] {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        return FolderWalk.files(under: path, fileManager: fileManager) { file in
            let name = (file as NSString).lastPathComponent
            return sourceExtensions.contains((name as NSString).pathExtension) || name == "Package.swift"
                || name == "project.pbxproj"
        }
    }
}

/// What `swift package trackctl …` asks (SPEC §15): a verb, the targets, and for `coverage` the
/// scripts to replay. Anything else is refused, so a misspelled option is not run as a script.
struct PluginRequest: Equatable {
    enum Verb: String, Equatable { case validate, coverage }

    /// nil: the usage was asked for (`--help`, `help`).
    var verb: Verb?
    var targets: [String] = []
    var scripts: [String] = []

    static let usage = """
        usage: swift package trackctl validate|coverage [--target NAME]... [SCRIPT...]
          validate   check the SPOC of each target with a trackctl.json (or the targets named)
          coverage   replay the scripts (or trackctl.json's "scripts") and report what fired
        """

    static func parse(_ arguments: [String]) throws(PluginRequestError) -> PluginRequest {
        guard let first = arguments.first else {
            throw PluginRequestError("say what to run: 'validate' or 'coverage'\n" + usage)
        }
        if ["--help", "-h", "help"].contains(first) { return PluginRequest(verb: nil) }
        guard let verb = Verb(rawValue: first) else {
            throw PluginRequestError("unknown verb '\(first)'; say 'validate' or 'coverage'\n" + usage)
        }
        var request = PluginRequest(verb: verb)
        var words = arguments.dropFirst()
        while let word = words.popFirst() {
            if word == "--target" {
                guard let name = words.popFirst(), !name.hasPrefix("-") else {
                    throw PluginRequestError("'--target' needs a target's name")
                }
                request.targets.append(name)
            } else if word.hasPrefix("-") {
                throw PluginRequestError("unknown option '\(word)' (the options: --target NAME)\n" + usage)
            } else if verb == .coverage {
                request.scripts.append(word)
            } else {
                throw PluginRequestError("'validate' takes no script ('\(word)'); 'coverage' replays scripts")
            }
        }
        return request
    }
}

/// What `swift package trackctl` cannot do as asked; SwiftPM prints it and exits non-zero.
struct PluginRequestError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
