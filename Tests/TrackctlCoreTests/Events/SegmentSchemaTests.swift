import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// A check against the Segment spec, not against ourselves (issue 13): every event of every
/// golden — screen, track, identify, lifecycle, Screen Time, dwell screen views; traces are not
/// Segment events — is validated against Fixtures/segment/common-fields.schema.json, a JSON
/// Schema of the spec's common fields written from segment.com/docs/connections/spec/common/.
@Suite("Segment spec")
struct SegmentSchemaTests {
    static let goldens: [String] =
        RepositoryPaths.files(in: "Fixtures/replay", extensions: ["jsonl"]).map { "Fixtures/replay/" + $0 }
        + ["Fixtures/suite/suite.jsonl"]
        + RepositoryPaths.files(in: "Fixtures/expected", extensions: ["jsonl"]).map { "Fixtures/expected/" + $0 }

    static func schema() throws -> SourceValue {
        try SchemaValidator.parse(
            try String(
                contentsOfFile: RepositoryPaths.path("Fixtures/segment/common-fields.schema.json"), encoding: .utf8))
    }

    @Test(arguments: goldens)
    func everyEventOfTheGoldenIsASegmentEvent(golden: String) throws {
        let text = try String(contentsOfFile: RepositoryPaths.path(golden), encoding: .utf8)
        var kinds = Set<String>()
        let schema = try Self.schema()
        for (index, line) in text.split(separator: "\n").enumerated() {
            let event = try SchemaValidator.parse(String(line))
            guard let type = event.dictionaryValue?.first(where: { $0.key == "type" })?.value.stringValue,
                type != "trace"
            else { continue }
            kinds.insert(type)
            let problems = SchemaValidator.problems(event, against: schema, at: "")
            #expect(problems.isEmpty, "\(golden):\(index + 1): \(problems.joined(separator: "; "))")
        }
        #expect(!kinds.isEmpty, "\(golden) has Segment events")
    }

    /// Every kind of event trackctl emits is among the goldens checked.
    @Test func theGoldensCoverEveryKindOfEvent() throws {
        var seen = Set<String>()
        for golden in Self.goldens {
            for line in try String(contentsOfFile: RepositoryPaths.path(golden), encoding: .utf8).split(separator: "\n")
            {
                let event = try SchemaValidator.parse(String(line)).dictionaryValue ?? []
                func field(_ key: String) -> String? { event.first { $0.key == key }?.value.stringValue }
                guard let type = field("type") else { continue }
                seen.insert(type == "track" ? "track " + (field("event") ?? "") : type)
            }
        }
        for kind in [
            "screen", "identify", "track Application Opened", "track Application Backgrounded",
            "track Application Foregrounded",
            "track Screen Time", "track Login error"
        ] {
            #expect(seen.contains(kind), "\(kind)")
        }
    }

    /// The check can fail: the old shape, with the navigation state under the reserved
    /// `context.screen`, and an event without an id are refused.
    @Test func theValidatorRefusesWhatTheSpecReserves() throws {
        let schema = try Self.schema()
        let old =
            #"{"type":"screen","name":"Feed","properties":{},"context":{"screen":"Feed","#
            + #""library":{"name":"trackctl","version":"0.1.0"}},"messageId":"m","anonymousId":"a","#
            + #""timestamp":"2026-01-01T00:00:00.000Z"}"#
        #expect(
            SchemaValidator.problems(try SchemaValidator.parse(old), against: schema, at: "") == [
                "context.screen: not an object"
            ])
        let anonymous = #"{"type":"track","event":"E","context":{},"messageId":"m","timestamp":"2026-01-01T00:00:00Z"}"#
        #expect(
            SchemaValidator.problems(try SchemaValidator.parse(anonymous), against: schema, at: "") == [
                "the event: matches none of anyOf"
            ])
        let noEvent =
            #"{"type":"track","context":{},"messageId":"m","anonymousId":"a","timestamp":"2026-01-01T00:00:00Z"}"#
        #expect(
            SchemaValidator.problems(try SchemaValidator.parse(noEvent), against: schema, at: "") == ["event: required"]
        )
        let density =
            #"{"type":"screen","name":"F","context":{"screen":{"width":1,"height":2,"density":"3"}},"messageId":"m","#
            + #""anonymousId":"a","timestamp":"2026-01-01T00:00:00Z"}"#
        #expect(
            SchemaValidator.problems(try SchemaValidator.parse(density), against: schema, at: "") == [
                "context.screen.density: not a number"
            ])
    }
}

/// The JSON Schema subset the Segment schema uses: type, enum, required, properties,
/// additionalProperties, items, anyOf, allOf, if/then, format date-time. No package: a test's
/// own small validator, over values read by trackctl's own JSON reader (which keeps booleans,
/// integers and reals apart).
enum SchemaValidator {
    static func parse(_ text: String) throws -> SourceValue {
        var reader = JSONDocumentReader(bytes: Array(text.utf8), start: 0)
        return try reader.read()
    }

    static func problems(_ value: SourceValue, against schema: SourceValue, at path: String) -> [String] {
        guard let rules = schema.dictionaryValue else { return [] }
        func rule(_ key: String) -> SourceValue? { rules.first { $0.key == key }?.value }
        let shown = path.isEmpty ? "the event" : path
        var problems: [String] = []
        if let type = rule("type") {
            let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !types.contains(where: { matches(value, type: $0) }) {
                return ["\(shown): not \(types.count == 1 ? article(types[0]) : types.joined(separator: " or "))"]
            }
        }
        if let allowed = rule("enum")?.arrayValue, !allowed.contains(where: { equal($0, value) }) {
            problems.append("\(shown): not one of the allowed values")
        }
        if rule("format")?.stringValue == "date-time", let text = value.stringValue,
            text.range(
                of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression)
                == nil
        {
            problems.append("\(shown): not an ISO 8601 date-time")
        }
        if let object = value.dictionaryValue {
            for key in rule("required")?.arrayValue?.compactMap(\.stringValue) ?? []
            where !object.contains(where: { $0.key == key }) {
                problems.append("\(join(path, key)): required")
            }
            let properties = rule("properties")?.dictionaryValue ?? []
            for member in object {
                if let propertySchema = properties.first(where: { $0.key == member.key })?.value {
                    problems += self.problems(member.value, against: propertySchema, at: join(path, member.key))
                } else if let additional = rule("additionalProperties") {
                    if additional.boolValue == false {
                        problems.append("\(join(path, member.key)): not a key of the spec")
                    } else {
                        problems += self.problems(member.value, against: additional, at: join(path, member.key))
                    }
                }
            }
        }
        if let array = value.arrayValue, let items = rule("items") {
            for (index, element) in array.enumerated() {
                problems += self.problems(element, against: items, at: "\(path)[\(index)]")
            }
        }
        if let anyOf = rule("anyOf")?.arrayValue,
            !anyOf.contains(where: { self.problems(value, against: $0, at: path).isEmpty })
        {
            problems.append("\(shown): matches none of anyOf")
        }
        for part in rule("allOf")?.arrayValue ?? [] {
            let members = part.dictionaryValue ?? []
            if let condition = members.first(where: { $0.key == "if" })?.value,
                let then = members.first(where: { $0.key == "then" })?.value
            {
                if self.problems(value, against: condition, at: path).isEmpty {
                    problems += self.problems(value, against: then, at: path)
                }
            } else {
                problems += self.problems(value, against: part, at: path)
            }
        }
        return problems
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private static func article(_ type: String) -> String {
        type == "object" || type == "array" || type == "integer" ? "an \(type)" : "a \(type)"
    }

    private static func matches(_ value: SourceValue, type: String) -> Bool {
        switch (type, value.content) {
        case ("object", .dictionary), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null):
            return true
        case ("number", .integer), ("number", .real), ("integer", .integer): return true
        default: return false
        }
    }

    private static func equal(_ a: SourceValue, _ b: SourceValue) -> Bool {
        switch (a.content, b.content) {
        case (.string(let x), .string(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }
}
