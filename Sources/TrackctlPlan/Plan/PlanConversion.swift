import Foundation

/// Plans in other tools' shapes, read and written as pure file transforms — no network, no
/// token (SPEC §14). Segment Protocols: the Public API's rules (`{"data":{"rules":[…]}}` or a
/// bare `{"rules":[…]}`), each `{key, type, version, jsonSchema}` with TRACK, SCREEN, PAGE,
/// IDENTIFY, GROUP and COMMON rules; a rule's `jsonSchema` describes the whole call, so an event's
/// schema is its `properties.properties` (unwrapped as Typewriter does), a trait schema its
/// `properties.traits`. Every version is kept. Schemas of older drafts are normalised to 2020-12
/// on the way in (`id` → `$id`, `definitions` → `$defs`, boolean exclusive bounds, array `items`,
/// `dependencies`), Segment's `labels` annotation dropped.
public enum PlanConversion {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    // MARK: - Segment

    public static func importSegment(_ document: JSONValue) throws(Failure) -> JSONValue {
        try importRules(document, from: "Segment Protocols' rules")
    }

    private static func importRules(_ document: JSONValue, from origin: String) throws(Failure) -> JSONValue {
        var rulesValue = document.objectValue?["rules"]
        if rulesValue == nil, case .object(let data)? = document.objectValue?["data"] { rulesValue = data["rules"] }
        guard case .array(let rules)? = rulesValue else {
            throw Failure(message: "not Segment's rules: expected {\"data\":{\"rules\":[…]}} or {\"rules\":[…]}")
        }
        var events: [String: [(String, JSONValue)]] = [:], screens: [String: [(String, JSONValue)]] = [:]
        var identify: JSONValue?, group: JSONValue?, common: JSONValue?
        var defs = JSONObject()
        for (index, rule) in rules.enumerated() {
            guard case .object(let object) = rule, let type = object["type"]?.stringValue else {
                throw Failure(message: "rule \(index + 1) has no 'type' (TRACK, SCREEN, PAGE, IDENTIFY, GROUP, COMMON)")
            }
            let key = object["key"]?.stringValue
            var version = "1"
            if case .number(let number)? = object["version"] { version = number.description }
            guard let schema = object["jsonSchema"] ?? object["json_schema"] else {
                throw Failure(message: "rule \(index + 1) has no 'jsonSchema'")
            }
            let prefix = (key ?? type.lowercased()) + (version == "1" ? "" : ".v" + version)
            var normalised = normalise(schema, definitionsPrefix: prefix, into: &defs)
            if case .object(var top) = normalised {
                top["$schema"] = nil
                normalised = .object(top)
            }
            func member(_ name: String) -> JSONValue {
                guard case .object(let top) = normalised, case .object(let members)? = top["properties"],
                    let inner = members[name]
                else {
                    return .object(JSONObject())
                }
                return inner
            }
            switch type {
            case "TRACK":
                guard let key else { throw Failure(message: "TRACK rule \(index + 1) has no 'key' (the event's name)") }
                events[key, default: []].append((version, member("properties")))
            case "SCREEN", "PAGE":
                guard let key else {
                    throw Failure(message: "\(type) rule \(index + 1) has no 'key' (the screen's name)")
                }
                screens[key, default: []].append((version, member("properties")))
            case "IDENTIFY": identify = member("traits")
            case "GROUP": group = member("traits")
            case "COMMON": common = normalised
            default:
                throw Failure(
                    message:
                        "rule \(index + 1) has type '\(type)', not one of TRACK, SCREEN, PAGE, IDENTIFY, GROUP, COMMON")
            }
        }
        var plan = JSONObject()
        plan["format"] = .string(TrackingPlan.formatName)
        plan["description"] = .string("Imported from \(origin) by trackctl plan import.")
        if let common { plan["common"] = common }
        if !events.isEmpty { plan["events"] = entries(events) }
        if !screens.isEmpty { plan["screens"] = entries(screens) }
        if let identify { plan["identify"] = .object(JSONObject([("traits", identify)])) }
        if let group { plan["group"] = .object(JSONObject([("traits", group)])) }
        if defs.count > 0 { plan["$defs"] = .object(defs) }
        return .object(plan)
    }

    private static func entries(_ byName: [String: [(String, JSONValue)]]) -> JSONValue {
        .object(
            JSONObject(
                byName.sorted { $0.key < $1.key }.map { name, entries in
                    let versions = entries.sorted { PlanEntries.versionPrecedes($0.0, $1.0) }
                    if versions.count == 1 {
                        var schema = versions[0].1.objectValue ?? JSONObject()
                        if versions[0].0 != "1" { schema["version"] = .string(versions[0].0) }
                        return (name, .object(schema))
                    }
                    return (
                        name, .object(JSONObject([("versions", .object(JSONObject(versions.map { ($0.0, $0.1) })))]))
                    )
                }))
    }

    /// Segment's rules from a plan: one rule per event version, screen, trait schema and the
    /// common schema, each a draft-07 whole-call schema with the plan's `$defs` it uses as
    /// `definitions`.
    public static func exportSegment(_ plan: JSONValue) -> JSONValue {
        let root = plan.objectValue ?? JSONObject()
        let defs = root["$defs"]?.objectValue ?? JSONObject()
        var rules: [JSONValue] = []
        func wholeCall(_ member: String, _ schema: JSONValue) -> JSONValue {
            var inner = schema.objectValue ?? JSONObject()
            inner["version"] = nil
            var call = JSONObject()
            call["$schema"] = .string("http://json-schema.org/draft-07/schema#")
            call["type"] = .string("object")
            let (rewritten, definitions) = withDefinitions(.object(inner), defs)
            var members = JSONObject()
            for name in ["context", "traits", "properties"] {
                members[name] = name == member ? rewritten : .object(JSONObject())
            }
            call["properties"] = .object(members)
            // References resolve against the document's root: the definitions go there.
            if let definitions { call["definitions"] = definitions }
            return .object(call)
        }
        func rule(_ type: String, _ key: String?, _ version: String, _ schema: JSONValue) -> JSONValue {
            .object(
                JSONObject([
                    ("key", key.map(JSONValue.string) ?? .null), ("type", .string(type)),
                    ("version", .number(JSONDecimal(version) ?? JSONDecimal(Int64(1)))), ("jsonSchema", schema)
                ]))
        }
        for (noun, type) in [("events", "TRACK"), ("screens", "SCREEN")] {
            for (name, entry) in (root[noun]?.objectValue ?? JSONObject()).members {
                if case .object(let versions)? = entry.objectValue?["versions"] {
                    for (version, schema) in versions.members {
                        rules.append(rule(type, name, version, wholeCall("properties", schema)))
                    }
                } else {
                    let version =
                        entry.objectValue?["version"].flatMap {
                            $0.stringValue ?? ($0.typeName == "integer" ? $0.jsonText : nil)
                        } ?? "1"
                    rules.append(rule(type, name, version, wholeCall("properties", entry)))
                }
            }
        }
        if let traits = root["identify"]?.objectValue?["traits"] {
            rules.append(rule("IDENTIFY", nil, "1", wholeCall("traits", traits)))
        }
        if let traits = root["group"]?.objectValue?["traits"] {
            rules.append(rule("GROUP", nil, "1", wholeCall("traits", traits)))
        }
        if let common = root["common"] {
            let (rewritten, definitions) = withDefinitions(common, defs)
            var schema = rewritten.objectValue ?? JSONObject()
            if let definitions { schema["definitions"] = definitions }
            schema["$schema"] = .string("http://json-schema.org/draft-07/schema#")
            rules.append(rule("COMMON", nil, "1", .object(schema)))
        }
        return .object(JSONObject([("rules", .array(rules))]))
    }

    /// `schema` with `#/$defs/x` references rewritten to `#/definitions/x`, and the definitions
    /// it reaches (transitively), for the root of the draft-07 document it goes into.
    private static func withDefinitions(_ schema: JSONValue, _ defs: JSONObject) -> (JSONValue, JSONValue?) {
        let needed = usedDefinitions(schema, defs)
        func rewrite(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let object):
                return .object(
                    JSONObject(
                        object.members.map { key, member in
                            if key == "$ref", let text = member.stringValue, text.hasPrefix("#/$defs/") {
                                return (key, .string("#/definitions/" + text.dropFirst(8)))
                            }
                            return (key, rewrite(member))
                        }))
            case .array(let items): return .array(items.map(rewrite))
            default: return value
            }
        }
        guard !needed.members.isEmpty else { return (rewrite(schema), nil) }
        return (rewrite(schema), .object(JSONObject(needed.members.map { ($0.key, rewrite($0.value)) })))
    }

    // MARK: - Older drafts

    /// A schema of draft-04, -06 or -07 (or 2019-09) as 2020-12 reads it. Its `definitions` (or
    /// `$defs`) move to the plan's `$defs` under `prefix.name`, and its references follow.
    static func normalise(_ schema: JSONValue, definitionsPrefix prefix: String, into defs: inout JSONObject)
        -> JSONValue
    {
        // A definition keeps its name when the plan has none by it, or the same one already
        // (exported rules repeat the definitions they share); another gets the rule's prefix.
        var renamed: [String: String] = [:]
        var planned: [(name: String, definition: JSONValue)] = []
        if case .object(let top) = schema {
            for key in ["definitions", "$defs"] {
                for (name, definition) in top[key]?.objectValue?.members ?? [] {
                    let plain = defs[name] == nil || defs[name] == definition ? name : prefix + "." + name
                    renamed[key + "/" + name] = plain
                    planned.append((plain, definition))
                }
            }
        }
        func convert(_ value: JSONValue, atRoot: Bool) -> JSONValue {
            switch value {
            case .array(let items): return .array(items.map { convert($0, atRoot: false) })
            case .object(let object):
                var out = JSONObject()
                for (key, member) in object.members {
                    switch key {
                    case "labels": continue  // Segment's own annotation
                    case "definitions",
                        "$defs" where atRoot:
                        continue  // moved to the plan's $defs
                    case "id": out["$id"] = member
                    case "$ref":
                        if let text = member.stringValue, text.hasPrefix("#/") {
                            let path = String(text.dropFirst(2))
                            if let slash = path.firstIndex(of: "/"),
                                let target = renamed[String(path[..<slash]) + "/" + path[path.index(after: slash)...]]
                            {
                                out[key] = .string("#/$defs/" + JSONValueReader.escape(target))
                                continue
                            }
                        }
                        out[key] = member
                    case "exclusiveMinimum", "exclusiveMaximum":
                        if case .bool(let flag) = member {
                            let bound = key == "exclusiveMinimum" ? "minimum" : "maximum"
                            if flag, let limit = object[bound] { out[key] = limit; out[bound] = nil }
                            continue
                        }
                        out[key] = member
                    case "minimum", "maximum":
                        let exclusive = key == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"
                        if case .bool(true)? = object[exclusive] { continue }
                        out[key] = member
                    case "items":
                        if case .array(let list) = member {
                            out["prefixItems"] = .array(list.map { convert($0, atRoot: false) })
                            if let additional = object["additionalItems"] {
                                out["items"] = convert(additional, atRoot: false)
                            }
                        } else {
                            out[key] = convert(member, atRoot: false)
                        }
                    case "additionalItems": continue  // read with `items`
                    case "dependencies":
                        var required = JSONObject(), schemas = JSONObject()
                        for (name, dependency) in member.objectValue?.members ?? [] {
                            if case .array = dependency {
                                required[name] = dependency
                            } else {
                                schemas[name] = convert(dependency, atRoot: false)
                            }
                        }
                        if required.count > 0 { out["dependentRequired"] = .object(required) }
                        if schemas.count > 0 { out["dependentSchemas"] = .object(schemas) }
                    default:
                        if schemaMaps.contains(key), case .object(let map) = member {
                            // Names, not keywords: each value converted as a schema.
                            out[key] = .object(
                                JSONObject(map.members.map { ($0.key, convert($0.value, atRoot: false)) }))
                        } else {
                            out[key] = convert(member, atRoot: false)
                        }
                    }
                }
                return .object(out)
            default: return value
            }
        }
        for (name, definition) in planned { defs[name] = convert(definition, atRoot: false) }
        return convert(schema, atRoot: true)
    }
}

// MARK: - Folders of schemas: plain JSON Schema and Iglu

extension PlanConversion {
    /// One file of a folder export: its path below the folder, and its schema.
    public struct SchemaFile: Sendable {
        public var path: String
        public var schema: JSONValue

        public init(path: String, schema: JSONValue) {
            self.path = path
            self.schema = schema
        }
    }

    private static let draft202012 = "https://json-schema.org/draft/2020-12/schema"
    private static let igluSelfDescribing =
        "http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0#"

    /// The plan's events and screens as they appear to a generic validator: one 2020-12 schema
    /// per entry version describing the whole call (`properties` nested, the type and name as
    /// constants), with the `$defs` it uses; its `$id` names the entry and version, so
    /// `importJSONSchema` reads it back.
    public static func exportJSONSchema(_ plan: JSONValue) -> [SchemaFile] {
        let root = plan.objectValue ?? JSONObject()
        let defs = root["$defs"]?.objectValue ?? JSONObject()
        var files: [SchemaFile] = []
        for (noun, type, nameKey) in [("events", "track", "event"), ("screens", "screen", "name")] {
            for (name, entry, version) in versions(of: root[noun]) {
                var call = JSONObject()
                call["$schema"] = .string(draft202012)
                call["$id"] = .string("urn:trackctl:\(noun):\(percentEncoded(name)):\(percentEncoded(version))")
                call["title"] = .string(name)
                call["type"] = .string("object")
                var schema = entry.objectValue ?? JSONObject()
                schema["version"] = nil
                call["properties"] = .object(
                    JSONObject([
                        ("type", .object(JSONObject([("const", .string(type))]))),
                        (nameKey, .object(JSONObject([("const", .string(name))]))),
                        ("properties", .object(schema))
                    ]))
                call["required"] = .array([.string("type"), .string(nameKey)])
                let used = usedDefinitions(.object(schema), defs)
                if used.count > 0 { call["$defs"] = .object(used) }
                files.append(
                    SchemaFile(
                        path: "\(noun)/\(fileName(name))\(version == "1" ? "" : ".v" + fileName(version)).json",
                        schema: .object(call)))
            }
        }
        // Traits and the common schema, each in a file of its own.
        for kind in ["identify", "group"] {
            guard let traits = root[kind]?.objectValue?["traits"] else { continue }
            var call = JSONObject()
            call["$schema"] = .string(draft202012)
            call["$id"] = .string("urn:trackctl:\(kind)")
            call["type"] = .string("object")
            call["properties"] = .object(
                JSONObject([("type", .object(JSONObject([("const", .string(kind))]))), ("traits", traits)]))
            let used = usedDefinitions(traits, defs)
            if used.count > 0 { call["$defs"] = .object(used) }
            files.append(SchemaFile(path: kind + ".json", schema: .object(call)))
        }
        if case .object(var common)? = root["common"] {
            common["$schema"] = .string(draft202012)
            common["$id"] = .string("urn:trackctl:common")
            let used = usedDefinitions(.object(common), defs)
            if used.count > 0 { common["$defs"] = .object(used) }
            files.append(SchemaFile(path: "common.json", schema: .object(common)))
        }
        return files
    }

    /// Reads back what `exportJSONSchema` wrote (a file's `$id` says the entry and version).
    public static func importJSONSchema(_ files: [SchemaFile]) throws(Failure) -> JSONValue {
        var events: [String: [(String, JSONValue)]] = [:], screens: [String: [(String, JSONValue)]] = [:]
        var identify: JSONValue?, group: JSONValue?, common: JSONValue?
        var defs = JSONObject()
        for file in files {
            guard case .object(let call) = file.schema, let id = call["$id"]?.stringValue, id.hasPrefix("urn:trackctl:")
            else {
                throw Failure(
                    message:
                        "\(file.path): no \"$id\": \"urn:trackctl:events|screens:NAME:VERSION\" (a schema 'plan "
                        + "export --to jsonschema' wrote)"
                )
            }
            let parts = id.dropFirst("urn:trackctl:".count).split(separator: ":", omittingEmptySubsequences: false).map
            {
                String($0).removingPercentEncoding ?? String($0)
            }
            if parts.count == 1, ["identify", "group", "common"].contains(parts[0]) {
                var document = call
                document["$id"] = nil
                document["$schema"] = nil
                if parts[0] == "common" {
                    common = normalise(.object(document), definitionsPrefix: "common", into: &defs)
                } else {
                    var traits = document["properties"]?.objectValue?["traits"]?.objectValue ?? JSONObject()
                    if let fileDefs = document["$defs"] { traits["$defs"] = fileDefs }
                    let schema = normalise(.object(traits), definitionsPrefix: parts[0], into: &defs)
                    if parts[0] == "identify" { identify = schema } else { group = schema }
                }
                continue
            }
            guard parts.count == 3, parts[0] == "events" || parts[0] == "screens" else {
                throw Failure(message: "\(file.path): '\(id)' does not name an entry")
            }
            let inner = call["properties"]?.objectValue?["properties"] ?? .object(JSONObject())
            var withDefs = inner.objectValue ?? JSONObject()
            if let fileDefs = call["$defs"] { withDefs["$defs"] = fileDefs }
            let schema = normalise(.object(withDefs), definitionsPrefix: parts[1], into: &defs)
            if parts[0] == "events" {
                events[parts[1], default: []].append((parts[2], schema))
            } else {
                screens[parts[1], default: []].append((parts[2], schema))
            }
        }
        var plan = JSONObject()
        plan["format"] = .string(TrackingPlan.formatName)
        plan["description"] = .string("Imported from JSON Schemas by trackctl plan import.")
        if let common { plan["common"] = common }
        if !events.isEmpty { plan["events"] = entries(events) }
        if !screens.isEmpty { plan["screens"] = entries(screens) }
        if let identify { plan["identify"] = .object(JSONObject([("traits", identify)])) }
        if let group { plan["group"] = .object(JSONObject([("traits", group)])) }
        if defs.count > 0 { plan["$defs"] = .object(defs) }
        return .object(plan)
    }

    /// The plan's events as Iglu self-describing schemas (`VENDOR/NAME/jsonschema/M-R-A`): each
    /// event's properties schema is the event's data; a version written `M-R-A` stays, another
    /// becomes `V-0-0`.
    public static func exportIglu(_ plan: JSONValue, vendor: String) -> [SchemaFile] {
        let root = plan.objectValue ?? JSONObject()
        let defs = root["$defs"]?.objectValue ?? JSONObject()
        return versions(of: root["events"]).map { name, entry, version in
            var schema = entry.objectValue ?? JSONObject()
            schema["version"] = nil
            let iglu = igluName(name)
            let semver =
                version.split(separator: "-").count == 3 ? version : (Int(version).map { "\($0)-0-0" } ?? "1-0-0")
            var document = JSONObject()
            document["$schema"] = .string(igluSelfDescribing)
            document["description"] = schema["description"] ?? .string(name)
            document["self"] = .object(
                JSONObject([
                    ("vendor", .string(vendor)), ("name", .string(iglu)), ("format", .string("jsonschema")),
                    ("version", .string(semver))
                ]))
            for (key, value) in schema.members where key != "description" { document[key] = value }
            let used = usedDefinitions(.object(schema), defs)
            if used.count > 0 { document["$defs"] = .object(used) }
            return SchemaFile(path: "\(vendor)/\(iglu)/jsonschema/\(semver)", schema: .object(document))
        }
    }

    /// Iglu schemas (a registry's folder, `VENDOR/NAME/jsonschema/M-R-A`) as events: the event is
    /// the schema's `self.name`, every `M-R-A` a version; `vendor` keeps only one vendor's.
    public static func importIglu(_ files: [SchemaFile], vendor: String?) throws(Failure) -> JSONValue {
        var events: [String: [(String, JSONValue)]] = [:]
        var defs = JSONObject()
        for file in files {
            guard case .object(var document) = file.schema, case .object(let describing)? = document["self"],
                let name = describing["name"]?.stringValue, let version = describing["version"]?.stringValue
            else {
                throw Failure(
                    message: "\(file.path): not a self-describing Iglu schema (no \"self\" with a name and version)")
            }
            if let vendor, describing["vendor"]?.stringValue != vendor { continue }
            document["self"] = nil
            document["$schema"] = nil
            let schema = normalise(.object(document), definitionsPrefix: name, into: &defs)
            events[name, default: []].append((version, schema))
        }
        var plan = JSONObject()
        plan["format"] = .string(TrackingPlan.formatName)
        plan["description"] = .string("Imported from Iglu schemas by trackctl plan import.")
        if !events.isEmpty { plan["events"] = entries(events) }
        if defs.count > 0 { plan["$defs"] = .object(defs) }
        return .object(plan)
    }

    /// Every (name, schema, version) of a plan's `events` or `screens`, in plan order.
    private static func versions(of entries: JSONValue?) -> [(String, JSONValue, String)] {
        var result: [(String, JSONValue, String)] = []
        for (name, entry) in entries?.objectValue?.members ?? [] {
            if case .object(let byVersion)? = entry.objectValue?["versions"] {
                for (version, schema) in byVersion.members { result.append((name, schema, version)) }
            } else {
                let version =
                    entry.objectValue?["version"].flatMap {
                        $0.stringValue ?? ($0.typeName == "integer" ? $0.jsonText : nil)
                    } ?? "1"
                result.append((name, entry, version))
            }
        }
        return result
    }

    /// The plan's `$defs` a schema reaches through `#/$defs/…` references, transitively.
    private static func usedDefinitions(_ schema: JSONValue, _ defs: JSONObject) -> JSONObject {
        var used = JSONObject()
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for (key, member) in object.members {
                    if key == "$ref", let text = member.stringValue, text.hasPrefix("#/$defs/") {
                        let name = String(text.dropFirst(8)).replacingOccurrences(of: "~1", with: "/")
                            .replacingOccurrences(of: "~0", with: "~")
                        if used[name] == nil, let target = defs[name] {
                            used[name] = target
                            collect(target)
                        }
                    } else {
                        collect(member)
                    }
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(schema)
        return used
    }

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }

    /// A file name for an entry: what a file system and a reader take (`/` and control
    /// characters replaced by `_`).
    private static func fileName(_ name: String) -> String {
        String(name.unicodeScalars.map { $0 == "/" || $0 == "\\" || $0.value < 0x20 ? "_" : Character($0) })
    }

    /// Iglu's names are `[a-zA-Z0-9-_]+`: other characters become `_`.
    private static func igluName(_ name: String) -> String {
        String(
            name.unicodeScalars.map {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_" ? Character($0) : "_"
            })
    }
}

// MARK: - Typewriter

extension PlanConversion {
    /// Typewriter's `plan.json`, both versions it has written: V1 (the Config API's plan,
    /// `{"rules":{"events":[{name, rules, version}], …}}`, each `rules` a whole-call schema) and
    /// V2 (the Public API's, `{"rules":[{key, type, version, jsonSchema}]}`, each `jsonSchema`
    /// already unwrapped to the properties with an `eventMetadata` annotation). Typewriter's
    /// nested `id`s (`/properties/…`, paths that locate nothing) are dropped.
    public static func importTypewriter(_ document: JSONValue) throws(Failure) -> JSONValue {
        guard case .object(let root) = document else {
            throw Failure(message: "not a Typewriter plan.json: not an object")
        }
        switch root["rules"] {
        case .object(let v1)?:
            var rules: [JSONValue] = []
            for (section, type) in [("events", "TRACK")] {
                guard case .array(let events)? = v1[section] else { continue }
                for event in events {
                    guard case .object(let object) = event, let name = object["name"]?.stringValue,
                        var schema = object["rules"]
                    else {
                        throw Failure(message: "a V1 event without 'name' and 'rules'")
                    }
                    // The event's description, kept on its properties schema.
                    if let description = object["description"], case .object(var call) = schema,
                        case .object(var members)? = call["properties"],
                        case .object(var inner)? = members["properties"], inner["description"] == nil
                    {
                        inner["description"] = description
                        members["properties"] = .object(inner)
                        call["properties"] = .object(members)
                        schema = .object(call)
                    }
                    rules.append(
                        .object(
                            JSONObject([
                                ("key", .string(name)), ("type", .string(type)),
                                ("version", object["version"] ?? .number(JSONDecimal(Int64(1)))),
                                ("jsonSchema", withoutNestedIDs(schema))
                            ])))
                }
            }
            for (section, type) in [("identify", "IDENTIFY"), ("group", "GROUP"), ("global", "COMMON")] {
                if let schema = v1[section] {
                    rules.append(
                        .object(JSONObject([("type", .string(type)), ("jsonSchema", withoutNestedIDs(schema))])))
                }
            }
            return try importRules(.object(JSONObject([("rules", .array(rules))])), from: "Typewriter's plan.json (V1)")
        case .array(let v2)?:
            // Unwrapped schemas: put each back inside a whole call, so one reader serves both.
            let wrapped = v2.map { rule -> JSONValue in
                guard case .object(var object) = rule, case .object(var schema)? = object["jsonSchema"],
                    schema["eventMetadata"] != nil
                else {
                    return rule
                }
                schema["eventMetadata"] = nil
                schema["$schema"] = nil
                let member =
                    object["type"]?.stringValue == "IDENTIFY" || object["type"]?.stringValue == "GROUP"
                    ? "traits" : "properties"
                var definitions = JSONObject()
                for key in ["definitions", "$defs"] {
                    if let defs = schema[key] {
                        definitions[key] = defs
                        schema[key] = nil
                    }
                }
                var call = definitions
                call["properties"] = .object(JSONObject([(member, withoutNestedIDs(.object(schema)))]))
                object["jsonSchema"] = .object(call)
                return .object(object)
            }
            return try importRules(
                .object(JSONObject([("rules", .array(wrapped))])), from: "Typewriter's plan.json (V2)")
        default:
            throw Failure(message: "not a Typewriter plan.json: no 'rules' (an object in V1, a list in V2)")
        }
    }

    /// `schema` without the `id` of any schema below its root (a property named `id` stays).
    private static func withoutNestedIDs(_ schema: JSONValue) -> JSONValue {
        func strip(_ value: JSONValue, root: Bool) -> JSONValue {
            switch value {
            case .object(let object):
                return .object(
                    JSONObject(
                        object.members.compactMap { key, member in
                            if key == "id", !root { return nil }
                            if schemaMaps.contains(key), case .object(let map) = member {
                                return (
                                    key, .object(JSONObject(map.members.map { ($0.key, strip($0.value, root: false)) }))
                                )
                            }
                            return (key, strip(member, root: false))
                        }))
            case .array(let items): return .array(items.map { strip($0, root: false) })
            default: return value
            }
        }
        return strip(schema, root: true)
    }

    /// The keywords whose value maps names (of properties, definitions) to schemas: a name
    /// there is never a keyword.
    static let schemaMaps: Set<String> = [
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"
    ]
}

// MARK: - Avo

extension PlanConversion {
    /// Avo's JSON Schema export (the Export API's answer, `{"name", "events": [{name, description,
    /// rules}], …}`, each `rules` a draft-06 schema of the whole call): an event's schema is its
    /// `properties.properties`; a property marked `"isSystemProperty": true` belongs to every
    /// event and goes to the common schema; `userProperties` (a schema, or a list of named
    /// property schemas) become the identify traits. Avo writes an `enum` without `null` for a
    /// property whose type allows null: `null` is added, as Avo means it. Avo's own annotations
    /// (`isSystemProperty`, `id`, tags) are dropped.
    public static func importAvo(_ document: JSONValue) throws(Failure) -> JSONValue {
        guard case .object(let root) = document, case .array(let events)? = root["events"] else {
            throw Failure(message: "not Avo's export: expected {\"events\":[{\"name\":…,\"rules\":{…}}]}")
        }
        var rules: [JSONValue] = []
        var system = JSONObject()
        var systemRequired = Set<String>()
        for (index, event) in events.enumerated() {
            guard case .object(let object) = event, let name = object["name"]?.stringValue,
                case .object(var call)? = object["rules"]
            else {
                throw Failure(message: "event \(index + 1) has no 'name' and 'rules'")
            }
            if case .object(var members)? = call["properties"], case .object(var inner)? = members["properties"] {
                if case .object(var properties)? = inner["properties"] {
                    for (key, property) in properties.members
                    where property.objectValue?["isSystemProperty"] == .bool(true) {
                        system[key] = avoCleaned(property)
                        // Checked by the common schema; still a name this event may carry.
                        properties[key] = .object(JSONObject())
                        if case .array(let required)? = inner["required"], required.contains(.string(key)) {
                            systemRequired.insert(key)
                        }
                    }
                    inner["properties"] = .object(properties)
                    if case .array(let required)? = inner["required"] {
                        inner["required"] = .array(required.filter { $0.stringValue.map { system[$0] == nil } ?? true })
                    }
                }
                if inner["description"] == nil, let description = object["description"] {
                    inner["description"] = description
                }
                members["properties"] = avoCleaned(.object(inner))
                call["properties"] = .object(members)
            }
            rules.append(
                .object(JSONObject([("key", .string(name)), ("type", .string("TRACK")), ("jsonSchema", .object(call))]))
            )
        }
        if let users = root["userProperties"] {
            var traits: JSONValue
            if case .array(let list) = users {
                var properties = JSONObject()
                for item in list {
                    guard case .object(var property) = item, let name = property["name"]?.stringValue else { continue }
                    property["name"] = nil
                    properties[name] = avoCleaned(.object(property))
                }
                traits = .object(JSONObject([("properties", .object(properties))]))
            } else {
                traits = avoCleaned(users)
            }
            rules.append(
                .object(
                    JSONObject([
                        ("type", .string("IDENTIFY")),
                        ("jsonSchema", .object(JSONObject([("properties", .object(JSONObject([("traits", traits)])))])))
                    ]
                    )))
        }
        if system.count > 0 {
            var inner = JSONObject([("properties", .object(system))])
            if !systemRequired.isEmpty { inner["required"] = .array(systemRequired.sorted().map(JSONValue.string)) }
            let common = JSONObject([("properties", .object(JSONObject([("properties", .object(inner))])))])
            rules.append(.object(JSONObject([("type", .string("COMMON")), ("jsonSchema", .object(common))])))
        }
        return try importRules(.object(JSONObject([("rules", .array(rules))])), from: "Avo's JSON Schema export")
    }

    /// A schema without Avo's annotations, `null` added to an enum whose type allows it.
    private static func avoCleaned(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .object(let object):
            var out = JSONObject()
            for (key, member) in object.members {
                if ["isSystemProperty", "id", "tags", "categories", "nameMapping"].contains(key) { continue }
                if schemaMaps.contains(key), case .object(let map) = member {
                    out[key] = .object(JSONObject(map.members.map { ($0.key, avoCleaned($0.value)) }))
                } else {
                    out[key] = avoCleaned(member)
                }
            }
            let allowsNull: Bool
            switch out["type"] {
            case .string("null")?: allowsNull = true
            case .array(let types)?: allowsNull = types.contains(.string("null"))
            default: allowsNull = false
            }
            if allowsNull, case .array(var values)? = out["enum"], !values.contains(.null) {
                values.append(.null)
                out["enum"] = .array(values)
            }
            return .object(out)
        case .array(let items): return .array(items.map(avoCleaned))
        default: return schema
        }
    }
}
