import TrackctlModel

/// XcodeGen's project specification (`project.yml`, `project.yaml`, `project.json`) as
/// `xcodegen generate` reads it, before any project is written: includes merged, each target's
/// templates applied, a target of several platforms made one target per platform. The rules are
/// XcodeGen's documented ones (Docs/ProjectSpec.md of yonaskolb/XcodeGen 2.45): "Include",
/// "Target Template", "Platform" ("Multi Platform targets"), "Settings".
///
/// What it cannot read is a located `DocumentError` (exit 2): a spec that is not YAML, an
/// include that is missing or cycles, a target without `type` or `platform`, an unknown template.
struct XcodeGenSpec {
    /// One target as XcodeGen generates it: its final name and the merged dictionary.
    struct Target {
        var name: String
        /// The name before a platform suffix: `PRODUCT_NAME` when none is set ("so that this
        /// target can be imported under a single name").
        var productName: String
        var platform: String
        var spec: [SourceMember]
        /// Where its name is written, for messages.
        var position: SourcePosition?
    }

    /// The root spec's path (absolute).
    var path: String
    var root: [SourceMember]
    var targets: [Target]
    /// The spec and every file it includes (absolute): inputs of a build step.
    var files: [String]

    static func load(path: String) throws(DocumentError) -> XcodeGenSpec {
        var files: [String] = []
        let root = try loadMerged(path: path, rootFolder: SourcePath.parent(path) ?? "/", chain: [], files: &files)
        guard root.contains(where: { $0.key == "name" }) else {
            throw DocumentError(file: path, message: "an XcodeGen specification needs a 'name' (the project's)")
        }
        let templates = root.value("targetTemplates")?.dictionaryValue ?? []
        var targets: [Target] = []
        for member in root.value("targets")?.dictionaryValue ?? [] {
            guard let fields = member.value.dictionaryValue else {
                throw DocumentError(
                    file: path, message: "target '\(member.key)' is not a dictionary", position: member.keyPosition)
            }
            var spec = try applyTemplates(fields, named: member.key, templates: templates, file: path)
            let name = spec.value("name")?.stringValue ?? member.key
            spec.removeAll { $0.key == "templates" || $0.key == "templateAttributes" }
            targets += try platformTargets(name, spec: spec, position: member.keyPosition, file: path)
        }
        return XcodeGenSpec(path: path, root: root, targets: targets, files: files)
    }

    // MARK: - Includes

    /// The spec at `path` with its includes merged under it, paths made relative to `rootFolder`
    /// where an include asks for its own (`relativePaths`, true by default).
    private static func loadMerged(path: String, rootFolder: String, chain: [String], files: inout [String])
        throws(DocumentError) -> [SourceMember]
    {
        guard !chain.contains(path) else {
            throw DocumentError(file: chain.last ?? path, message: "the includes loop back to '\(path)'")
        }
        guard chain.count < 32 else { throw DocumentError(file: path, message: "includes nested deeper than 32") }
        let bytes = try FileInput.readAll(path: path, reportedAs: path)
        files.append(path)
        guard let spec = try YAMLReader.read(bytes, file: path).dictionaryValue else {
            throw DocumentError(file: path, message: "an XcodeGen specification is a dictionary of keys")
        }
        var merged: [SourceMember] = []
        let folder = SourcePath.parent(path) ?? "/"
        for include in try includes(of: spec, file: path) {
            let included = SourcePath.standardized(include.path, relativeTo: folder)
            guard Platform.entryKind(included) != nil else {
                throw DocumentError(
                    file: path, message: "the included spec '\(include.path)' does not exist",
                    position: include.position)
            }
            var members = try loadMerged(path: included, rootFolder: rootFolder, chain: chain + [path], files: &files)
            if include.relativePaths, let includedFolder = SourcePath.parent(included), includedFolder != rootFolder {
                members = rebased(members, from: includedFolder, to: rootFolder)
            }
            merged = merge(merged, members)
        }
        return merge(merged, spec.filter { $0.key != "include" })
    }

    private struct Include {
        var path: String
        var relativePaths: Bool
        var position: SourcePosition?
    }

    /// `include: a.yml`, a list of paths, or `{path:, relativePaths:, enable:}` items.
    private static func includes(of spec: [SourceMember], file: String) throws(DocumentError) -> [Include] {
        guard let value = spec.value("include") else { return [] }
        var result: [Include] = []
        for item in value.arrayValue ?? [value] {
            if let text = item.stringValue {
                result.append(Include(path: text, relativePaths: true, position: item.position))
            } else if let fields = item.dictionaryValue, let text = fields.value("path")?.stringValue {
                if fields.value("enable")?.boolValue == false { continue }
                result.append(
                    Include(
                        path: text, relativePaths: fields.value("relativePaths")?.boolValue ?? true,
                        position: item.position))
            } else {
                throw DocumentError(
                    file: file, message: "an include is a path or a dictionary with 'path'", position: item.position)
            }
        }
        return result
    }

    /// XcodeGen's merge: dictionaries merge, lists append, anything else is replaced; a key
    /// written `key:REPLACE` replaces whatever it meets.
    static func merge(_ base: [SourceMember], _ top: [SourceMember]) -> [SourceMember] {
        var result = base
        for member in top {
            var key = member.key
            let replaces = key.hasSuffix(":REPLACE")
            if replaces { key = String(key.dropLast(":REPLACE".count)) }
            let incoming = SourceMember(key: key, keyPosition: member.keyPosition, value: member.value)
            guard let index = result.firstIndex(where: { $0.key == key }) else {
                result.append(incoming)
                continue
            }
            let existing = result[index].value
            switch (existing.content, member.value.content) {
            case (.dictionary(let old), .dictionary(let new)) where !replaces:
                result[index].value = SourceValue(.dictionary(merge(old, new)), at: existing.position)
            case (.array(let old), .array(let new)) where !replaces:
                result[index].value = SourceValue(.array(old + new), at: existing.position)
            default:
                result[index] = incoming
            }
        }
        return result
    }

    /// An included spec's paths, written relative to its folder, made relative to the root's:
    /// target and template `sources` and `configFiles`, the project's `configFiles`.
    private static func rebased(_ spec: [SourceMember], from folder: String, to rootFolder: String) -> [SourceMember] {
        func path(_ value: SourceValue) -> SourceValue {
            guard let text = value.stringValue, !text.hasPrefix("/"), !text.hasPrefix("$") else { return value }
            let absolute = SourcePath.standardized(text, relativeTo: folder)
            return SourceValue(.string(SourcePath.relative(absolute, to: rootFolder)), at: value.position)
        }
        func paths(_ value: SourceValue) -> SourceValue {
            if let items = value.arrayValue { return SourceValue(.array(items.map(paths)), at: value.position) }
            if var fields = value.dictionaryValue {
                for index in fields.indices where fields[index].key == "path" {
                    fields[index].value = path(fields[index].value)
                }
                return SourceValue(.dictionary(fields), at: value.position)
            }
            return path(value)
        }
        func configFiles(_ value: SourceValue) -> SourceValue {
            guard let fields = value.dictionaryValue else { return value }
            return SourceValue(
                .dictionary(
                    fields.map { SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: path($0.value)) }),
                at: value.position)
        }
        func target(_ value: SourceValue) -> SourceValue {
            guard var fields = value.dictionaryValue else { return value }
            for index in fields.indices {
                switch fields[index].key {
                case "sources": fields[index].value = paths(fields[index].value)
                case "configFiles": fields[index].value = configFiles(fields[index].value)
                default: break
                }
            }
            return SourceValue(.dictionary(fields), at: value.position)
        }
        return spec.map { member in
            var member = member
            switch member.key {
            case "configFiles": member.value = configFiles(member.value)
            case "targets", "targetTemplates":
                if let targets = member.value.dictionaryValue {
                    member.value = SourceValue(
                        .dictionary(
                            targets.map {
                                SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: target($0.value))
                            }
                        ), at: member.value.position)
                }
            default: break
            }
            return member
        }
    }

    // MARK: - Templates and platforms

    /// The target's templates (and theirs) merged in order under it, `${target_name}` and its
    /// `templateAttributes` replaced in them.
    private static func applyTemplates(
        _ fields: [SourceMember], named name: String, templates: [SourceMember], file: String, depth: Int = 0
    ) throws(DocumentError) -> [SourceMember] {
        guard let names = fields.value("templates") else { return fields }
        guard depth < 16 else { throw DocumentError(file: file, message: "templates nested deeper than 16") }
        var attributes = ["target_name": name]
        for member in fields.value("templateAttributes")?.dictionaryValue ?? [] {
            if let text = member.value.stringValue { attributes[member.key] = text }
        }
        var merged: [SourceMember] = []
        for item in names.arrayValue ?? [names] {
            guard let templateName = item.stringValue,
                let template = templates.value(templateName)?.dictionaryValue
            else {
                throw DocumentError(
                    file: file,
                    message: "target '\(name)' uses the template '\(item.stringValue ?? "?")', which 'targetTemplates' "
                        + "does not define" + Suggester.didYouMean(item.stringValue ?? "", among: templates.map(\.key)),
                    position: item.position)
            }
            let expanded = try applyTemplates(template, named: name, templates: templates, file: file, depth: depth + 1)
            merged = merge(merged, substituted(expanded, attributes))
        }
        return merge(merged, fields)
    }

    /// Every `${key}` of `values` replaced in the strings of `members` (keys too).
    static func substituted(_ members: [SourceMember], _ values: [String: String]) -> [SourceMember] {
        func text(_ string: String) -> String {
            guard string.contains("${") else { return string }
            var result = string
            for (key, value) in values { result = result.replacingOccurrences(of: "${\(key)}", with: value) }
            return result
        }
        func rewritten(_ node: SourceValue) -> SourceValue {
            switch node.content {
            case .string(let string): return SourceValue(.string(text(string)), at: node.position)
            case .array(let items): return SourceValue(.array(items.map(rewritten)), at: node.position)
            case .dictionary(let fields):
                return SourceValue(.dictionary(substituted(fields, values)), at: node.position)
            default: return node
            }
        }
        return members.map { SourceMember(key: text($0.key), keyPosition: $0.keyPosition, value: rewritten($0.value)) }
    }

    /// One target per platform: `platform: [iOS, tvOS]` makes `Name_iOS` and `Name_tvOS` (or
    /// with `platformPrefix`/`platformSuffix`), `${platform}` replaced in each.
    private static func platformTargets(
        _ name: String, spec: [SourceMember], position: SourcePosition?, file: String
    ) throws(DocumentError) -> [Target] {
        guard spec.value("type") != nil else {
            throw DocumentError(file: file, message: "target '\(name)' has no 'type'", position: position)
        }
        let platformValue = spec.value("platform")
        guard let platformValue else {
            guard spec.value("supportedDestinations") != nil else {
                throw DocumentError(
                    file: file, message: "target '\(name)' has neither 'platform' nor 'supportedDestinations'",
                    position: position)
            }
            return [Target(name: name, productName: name, platform: "auto", spec: spec, position: position)]
        }
        if let single = platformValue.stringValue {
            return [Target(name: name, productName: name, platform: single, spec: spec, position: position)]
        }
        guard let list = platformValue.arrayValue?.compactMap(\.stringValue), !list.isEmpty else {
            throw DocumentError(
                file: file, message: "target '\(name)': 'platform' is a platform or a list of platforms",
                position: platformValue.position)
        }
        return list.map { platform in
            let prefix = spec.value("platformPrefix")?.stringValue.map { substitute($0, platform) } ?? ""
            let suffix = spec.value("platformSuffix")?.stringValue.map { substitute($0, platform) } ?? "_\(platform)"
            return Target(
                name: prefix + name + suffix, productName: name, platform: platform,
                spec: substituted(spec, ["platform": platform]), position: position)
        }
    }

    private static func substitute(_ text: String, _ platform: String) -> String {
        text.replacingOccurrences(of: "${platform}", with: platform)
    }
}

extension [SourceMember] {
    /// The value of `key`, if the dictionary has it.
    func value(_ key: String) -> SourceValue? { first { $0.key == key }?.value }
}
