import TrackctlModel

/// The Xcode project `xcodegen generate` would write from a specification, as far as the scan
/// needs it: each target's module, product kind, platforms, dependencies and the source files
/// it compiles — so an app whose project is generated and not committed is read like any other
/// (docs/catalog-scan.md). XcodeGen's documented rules (Docs/ProjectSpec.md, 2.45):
///
/// - **Settings**: the project's `configFiles` and `settings`, then the target's, each a simple
///   map or `groups` (from `settingGroups`), `base` and `configs` (a key applies to the
///   configurations whose names contain it, case-insensitively, unless it names one exactly).
///   `PRODUCT_NAME` defaults to the target's name before any platform suffix; the module is
///   `PRODUCT_MODULE_NAME` as the settings resolve it. `configs` names the configurations
///   (`Debug` and `Release` by default); Release decides, as in Xcode.
/// - **Sources**: a path (string) or `{path, excludes, includes, type, buildPhase, optional,
///   destinationFilters, inferDestinationFiltersByPath}`, relative to the spec's folder; a folder
///   brings every file under it, globs (`*`, `?`, `[…]`, `**` across folders) relative to it;
///   `type: folder` and a `buildPhase` other than `sources` compile nothing; a missing path
///   stops XcodeGen unless `optional: true`.
/// - **Platforms**: `platform`, or `supportedDestinations` (`macCatalyst` is an iOS target's);
///   a file filtered to other destinations is not compiled for `--platform`.
enum XcodeGenProject {
    /// The project of the spec at `path` (absolute), `files` being the scanned source files
    /// (absolute, standardized) that its folders may hold.
    static func load(path: String, configuration: String?, platform: PlatformChoice, files: [String])
        throws(DocumentError) -> XcodeProject
    {
        let spec = try XcodeGenSpec.load(path: path)
        let folder = SourcePath.parent(path) ?? "/"
        let projectName = spec.root.value("name")?.stringValue ?? ""
        let configurations = spec.root.value("configs")?.dictionaryValue?.map(\.key) ?? ["Debug", "Release"]
        var reader = SettingsReader(
            folder: folder, file: path, groups: spec.root.value("settingGroups")?.dictionaryValue ?? [],
            configurations: configurations)
        var targets: [XcodeProject.Target] = []
        for target in spec.targets {
            let builtins = [
                "TARGET_NAME": target.name, "PROJECT_NAME": projectName, "PROJECT_DIR": folder, "SRCROOT": folder,
                "SOURCE_ROOT": folder, "PRODUCT_NAME": target.productName,
                "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)"
            ]
            var all: [(BuildSettings, BuildContext)] = []
            for name in configurations {
                var settings = BuildSettings(builtins: builtins.merging(["CONFIGURATION": name]) { _, new in new })
                for level in [spec.root, target.spec] {
                    settings.append(reader.configFile(level.value("configFiles"), configuration: name))
                    settings.append(try reader.settings(level.value("settings"), configuration: name))
                }
                all.append((settings, BuildContext(configuration: name)))
            }
            let chosen =
                all.first { $0.1.configuration == configuration } ?? all.first { $0.1.configuration == "Release" }
                ?? all[0]
            let platforms = try Self.platforms(of: target, file: path)
            let type = target.spec.value("type")?.stringValue ?? ""
            let productType = "com.apple.product-type." + type
            targets.append(
                XcodeProject.Target(
                    name: target.name,
                    moduleName: XcodeProject.moduleName(target: target.name, settings: chosen, platforms: platforms),
                    moduleSource: XcodeProject.moduleSource(
                        target: target.name, settings: chosen.0, productName: target.productName)
                        + " in \(SourcePath.lastComponent(path))",
                    isApplication: type == "application" || type.hasPrefix("application."),
                    productKind: XcodeProject.kind(ofProductType: productType),
                    files: try SourceSelection.files(
                        of: target, chosen: platform, folder: folder, file: path, scanned: files),
                    synchronizedFolders: [], exceptions: [], platforms: platforms,
                    dependencies: Self.dependencies(of: target.spec, key: "target"),
                    packageProducts: Self.dependencies(of: target.spec, key: "package", product: true),
                    configurationNote: XcodeProject.configurationNote(
                        target: target.name, all: all, chosen: chosen.1.configuration,
                        chosenByName: chosen.1.configuration == configuration, platforms: platforms),
                    compilationFlags: XcodeProject.compilationFlags(chosen, platforms: platforms)))
        }
        return XcodeProject(
            path: path, directory: folder, targets: targets, warnings: reader.warnings,
            configurationFiles: Array(Set(reader.filesRead + spec.files)).sorted(), configurations: configurations)
    }

    /// `platform: iOS`, or for `auto` the `supportedDestinations` (`macCatalyst` builds the iOS target).
    private static func platforms(of target: XcodeGenSpec.Target, file: String) throws(DocumentError)
        -> Set<ApplePlatform>
    {
        if target.platform != "auto" {
            guard let platform = ApplePlatform(packageName: target.platform) else {
                throw DocumentError(
                    file: file,
                    message: "target '\(target.name)': '\(target.platform)' is no platform of XcodeGen (iOS, macOS, "
                        + "tvOS, watchOS, visionOS)", position: target.spec.value("platform")?.position)
            }
            return [platform]
        }
        let destinations = target.spec.value("supportedDestinations")?.arrayValue?.compactMap(\.stringValue) ?? []
        let platforms = Set(destinations.compactMap(ApplePlatform.init(packageName:)))
        guard !platforms.isEmpty else {
            throw DocumentError(
                file: file, message: "target '\(target.name)': 'supportedDestinations' names no platform",
                position: target.spec.value("supportedDestinations")?.position)
        }
        return platforms
    }

    /// `dependencies: [{target: Name}]` names (a project reference's `Project/Target` by its
    /// target), or the products of `{package: Name, product: P}`.
    private static func dependencies(of spec: [SourceMember], key: String, product: Bool = false) -> [String] {
        (spec.value("dependencies")?.arrayValue ?? []).compactMap { item in
            guard let fields = item.dictionaryValue, let name = fields.value(key)?.stringValue else { return nil }
            if product { return fields.value("product")?.stringValue ?? name }
            return String(name.split(separator: "/").last ?? Substring(name))
        }
    }
}

/// Build settings as XcodeGen writes them into the project, and the `.xcconfig` files it names.
private struct SettingsReader {
    let folder: String
    let file: String
    let groups: [SourceMember]
    let configurations: [String]
    private(set) var warnings: [ScanWarning] = []
    private var contents: [String: XcodeConfigFile.Contents] = [:]

    init(folder: String, file: String, groups: [SourceMember], configurations: [String]) {
        self.folder = folder
        self.file = file
        self.groups = groups
        self.configurations = configurations
    }

    var filesRead: [String] { contents.values.flatMap(\.files) }

    /// `configFiles: {Release: App/release.xcconfig}`: the assignments of the configuration's file.
    mutating func configFile(_ value: SourceValue?, configuration: String) -> [BuildSettingAssignment] {
        guard let fields = value?.dictionaryValue, let member = fields.first(where: { $0.key == configuration }),
            let relative = member.value.stringValue
        else { return [] }
        let path = SourcePath.standardized(relative, relativeTo: folder)
        if let known = contents[path] { return known.assignments }
        let read = XcodeConfigFile.read(path: path)
        if read.files.isEmpty {
            warnings.append(
                ScanWarning(
                    path: file, position: member.value.position,
                    message: "the configuration file '\(relative)' does not exist; its settings are left out"))
        }
        warnings += read.problems
        contents[path] = read
        return read.assignments
    }

    /// A `settings` value for one configuration: a simple map, or `groups`, `base`, `configs` in
    /// that order (a simple map beside them is ignored, as XcodeGen ignores it).
    func settings(_ value: SourceValue?, configuration: String, depth: Int = 0) throws(DocumentError)
        -> [BuildSettingAssignment]
    {
        guard let fields = value?.dictionaryValue else { return [] }
        guard depth < 16 else {
            throw DocumentError(file: file, message: "setting groups nested deeper than 16", position: value?.position)
        }
        let structured = fields.contains { ["groups", "base", "configs"].contains($0.key) }
        guard structured else { return Self.assignments(fields) }
        var result: [BuildSettingAssignment] = []
        for item in fields.value("groups")?.arrayValue ?? [] {
            guard let name = item.stringValue, let group = groups.value(name) else {
                throw DocumentError(
                    file: file,
                    message: "the setting group '\(item.stringValue ?? "?")' is not in 'settingGroups'"
                        + Suggester.didYouMean(item.stringValue ?? "", among: groups.map(\.key)),
                    position: item.position)
            }
            result += try settings(group, configuration: configuration, depth: depth + 1)
        }
        result += Self.assignments(fields.value("base")?.dictionaryValue ?? [])
        for member in fields.value("configs")?.dictionaryValue ?? [] where applies(member.key, to: configuration) {
            result += try settings(member.value, configuration: configuration, depth: depth + 1)
        }
        return result
    }

    /// "Each key will be matched to any configs that contain the key and is case insensitive …
    /// if a config name is an exact match to a config it won't be applied to any others"; the
    /// exact match is case-sensitive (XcodeGen's SettingsBuilder.getBuildSettings and
    /// Project.getConfig).
    private func applies(_ key: String, to configuration: String) -> Bool {
        guard configuration.lowercased().contains(key.lowercased()) else { return false }
        return !configurations.contains(key) || key == configuration
    }

    /// A map's values as Xcode keeps them: `true` is `YES`, a list is joined by spaces.
    private static func assignments(_ fields: [SourceMember]) -> [BuildSettingAssignment] {
        fields.compactMap { member in
            let text: String
            switch member.value.content {
            case .string(let string): text = string
            case .bool(let flag): text = flag ? "YES" : "NO"
            case .integer(let number): text = String(number)
            case .real(let number): text = String(number)
            case .array(let items): text = items.compactMap(\.stringValue).joined(separator: " ")
            default: return nil
            }
            return BuildSettingAssignment(key: member.key, value: text)
        }
    }
}

/// The files a target's `sources` compile, among those scanned.
private enum SourceSelection {
    static func files(
        of target: XcodeGenSpec.Target, chosen: PlatformChoice, folder: String, file: String, scanned: [String]
    ) throws(DocumentError) -> Set<String> {
        let value = target.spec.value("sources")
        let destinations = target.spec.value("supportedDestinations")?.arrayValue?.compactMap(\.stringValue) ?? []
        var result = Set<String>()
        for source in value.map({ $0.arrayValue ?? [$0] }) ?? [] {
            let fields = source.dictionaryValue ?? []
            guard let relative = source.stringValue ?? fields.value("path")?.stringValue else {
                throw DocumentError(
                    file: file, message: "target '\(target.name)': a source is a path or a dictionary with 'path'",
                    position: source.position)
            }
            let path = SourcePath.standardized(relative, relativeTo: folder)
            guard let kind = Platform.entryKind(path) else {
                if fields.value("optional")?.boolValue == true { continue }
                throw DocumentError(
                    file: file,
                    message: "target '\(target.name)': the source path '\(relative)' does not exist, so "
                        + "'xcodegen generate' stops here; fix it, or mark it 'optional: true' if a build step "
                        + "makes it",
                    position: source.position)
            }
            if fields.value("type")?.stringValue == "folder" { continue }
            if let phase = fields.value("buildPhase"), phase.stringValue != "sources" { continue }
            let filters = (fields.value("destinationFilters") ?? fields.value("platformFilters"))?.arrayValue?
                .compactMap(\.stringValue)
            let infer = fields.value("inferDestinationFiltersByPath")?.boolValue == true
            let excludes = patterns(fields.value("excludes"))
            let includes = patterns(fields.value("includes"))
            guard kind == .directory else {
                if builds(filters, for: chosen) { result.insert(path) }
                continue
            }
            for candidate in scanned where candidate.hasPrefix(path + "/") {
                let inside = String(candidate.dropFirst(path.count + 1))
                if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                if excludes.contains(where: { SourceGlob.matchesOrContains($0, inside) }) { continue }
                if !includes.isEmpty, !includes.contains(where: { SourceGlob.matchesOrContains($0, inside) }) {
                    continue
                }
                let fileFilters = filters ?? (infer ? inferred(inside, destinations: destinations) : nil)
                if builds(fileFilters, for: chosen) { result.insert(candidate) }
            }
        }
        return result
    }

    private static func patterns(_ value: SourceValue?) -> [String] {
        guard let value else { return [] }
        return (value.arrayValue ?? [value]).compactMap(\.stringValue)
    }

    /// `**/<destination>/*` or `*_<destination>.swift` ("inferDestinationFiltersByPath").
    private static func inferred(_ inside: String, destinations: [String]) -> [String]? {
        let components = inside.split(separator: "/").map(String.init)
        let name = components.last ?? ""
        let found = destinations.filter { destination in
            components.dropLast().contains(destination) || name.hasSuffix("_\(destination).swift")
        }
        return found.isEmpty ? nil : found
    }

    /// Whether a file filtered to `destinations` (nil: not filtered) is compiled for `--platform`.
    private static func builds(_ destinations: [String]?, for chosen: PlatformChoice) -> Bool {
        guard let destinations, case .only(let platform) = chosen else { return true }
        return destinations.contains(platform.displayName)
    }
}

/// Bash globs as XcodeGen matches `excludes` and `includes` (globstar on): `*` and `?` within a
/// path component, `[…]` sets and ranges, `**` any number of components.
enum SourceGlob {
    /// Whether `pattern` matches `path` or one of the folders holding it (a folder excluded
    /// takes its files with it).
    static func matchesOrContains(_ pattern: String, _ path: String) -> Bool {
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let parts = path.split(separator: "/").map(String.init)
        for count in stride(from: parts.count, through: 1, by: -1)
        where matches(patternParts[...], parts[..<count]) {
            return true
        }
        return false
    }

    private static func matches(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            for skip in 0...parts.count where matches(pattern.dropFirst(), parts.dropFirst(skip)) { return true }
            return false
        }
        guard let part = parts.first, component(Array(first.unicodeScalars)[...], Array(part.unicodeScalars)[...])
        else { return false }
        return matches(pattern.dropFirst(), parts.dropFirst())
    }

    private static func component(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            for skip in 0...text.count where component(pattern.dropFirst(), text.dropFirst(skip)) { return true }
            return false
        case "?":
            return !text.isEmpty && component(pattern.dropFirst(), text.dropFirst())
        case "[":
            guard let close = pattern.dropFirst(2).firstIndex(of: "]"), let c = text.first else {
                return text.first == "[" && component(pattern.dropFirst(), text.dropFirst())
            }
            var set = pattern[(pattern.startIndex + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            if negated { set = set.dropFirst() }
            var found = false
            var k = set.startIndex
            while k < set.endIndex {
                if k + 2 < set.endIndex, set[k + 1] == "-" {
                    if (set[k].value...set[k + 2].value).contains(c.value) { found = true }
                    k += 3
                } else {
                    if set[k] == c { found = true }
                    k += 1
                }
            }
            return found != negated && component(pattern[(close + 1)...], text.dropFirst())
        default:
            return text.first == first && component(pattern.dropFirst(), text.dropFirst())
        }
    }
}
