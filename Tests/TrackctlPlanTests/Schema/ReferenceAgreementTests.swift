import Foundation
import Testing
import TrackctlPlan
import TrackctlTestSupport

/// Agreement with a reference validator (SPEC §14, "Done when": 100% agreement on 20,000
/// generated events): Python's `jsonschema` (Draft 2020-12) as a real peer, run on the schemas of
/// Fixtures/plan/agreement/schemas.json — every keyword but `format`, which `jsonschema` only
/// asserts with optional packages — and 20,000 seeded values drawn near their edges. Skipped
/// where python3 or its `jsonschema` module is missing.
@Suite("Agreement with Python's jsonschema", .enabled(if: ReferenceValidator.available))
struct ReferenceAgreementTests {
    @Test func twentyThousandValuesGetTheSameVerdict() throws {
        let schemasPath = RepositoryPaths.path("Fixtures/plan/agreement/schemas.json")
        var reader = JSONValueReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: schemasPath))))
        guard case .array(let schemas) = try reader.read() else { throw ReferenceValidator.Failure() }
        let compiled = schemas.map { schema -> CompiledSchema in
            var compiler = SchemaCompiler(document: schema)
            let result = compiler.compile(at: "")
            #expect(compiler.problems.isEmpty)
            return result
        }
        var random = SeededRandom(seed: 2020)
        var lines: [String] = []
        var ours: [Bool] = []
        for index in 0..<20_000 {
            let schema = index % schemas.count
            let value = ValueGenerator.value(&random, depth: 0)
            lines.append("[\(schema),\(value.jsonText)]")
            let accepted = compiled[schema].accepts(value)
            #expect(accepted == compiled[schema].violations(of: value).isEmpty)
            ours.append(accepted)
        }
        let theirs = try ReferenceValidator.verdicts(
            schemas: schemasPath, instances: lines.joined(separator: "\n") + "\n")
        #expect(theirs.count == ours.count)
        let disagreements = zip(ours, theirs).enumerated().filter { $0.element.0 != $0.element.1 }.map {
            lines[$0.offset]
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, the first: \(disagreements.prefix(5))")
        // Both verdicts occur often: the values are drawn near the schemas' edges.
        #expect(ours.filter { $0 }.count > 2_000 && ours.filter { !$0 }.count > 2_000)
    }
}

/// Seeded JSON values: small numbers and their edges, strings of the schemas' words and of
/// non-ASCII characters, short arrays, objects of the schemas' keys.
enum ValueGenerator {
    static let words = ["free", "premium", "gold", "no", "é", "e\u{301}", "💩", "ab", "abcde", "x-a", "x-long", "a", ""]
    static let keys = [
        "total", "coupon", "discount", "card", "last4", "method", "sku", "children", "n", "x-a", "x-b", "long-key", "a",
        "b", "k"
    ]
    static let numbers = [
        "0", "-5", "-5.5", "0.5", "1", "1.0", "1.5", "2", "2.5", "3", "9.5", "10", "99.5", "100", "-0.0", "1e2",
        "12345678901234567890"
    ]

    static let decimals = numbers.compactMap { JSONDecimal($0) }

    static func value(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch random.next() % (depth > 2 ? 5 : 8) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2, 3: return .number(decimals[Int(random.next() % UInt64(decimals.count))])
        case 4: return .string(words[Int(random.next() % UInt64(words.count))])
        case 5:
            return .array((0..<Int(random.next() % 5)).map { _ in value(&random, depth: depth + 1) })
        case 6:
            if random.next() % 4 == 0 {
                return .object(
                    JSONObject([
                        (
                            "a",
                            .array([
                                .number(JSONDecimal(Int64(1))), .number(JSONDecimal("2.0") ?? JSONDecimal(Int64(2)))
                            ])
                        ),
                        ("b", .string("é"))
                    ]))
            }
            fallthrough
        default:
            var object = JSONObject()
            for _ in 0..<Int(random.next() % 4) {
                var member = value(&random, depth: depth + 1)
                if random.next() % 3 == 0 { member = .array([.object(JSONObject([("sku", .string("s"))]))]) }
                object[keys[Int(random.next() % UInt64(keys.count))]] = member
            }
            if random.next() % 3 == 0 { object["method"] = .string(random.next() % 2 == 0 ? "card" : "cash") }
            return .object(object)
        }
    }
}

/// Python's `jsonschema`, run once over every instance.
enum ReferenceValidator {
    struct Failure: Error {}

    static let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schemas = [Draft202012Validator(s) for s in json.load(open(sys.argv[1]))]
        for line in sys.stdin:
            index, value = json.loads(line)
            print("1" if schemas[index].is_valid(value) else "0")
        """

    static let available: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static func verdicts(schemas: String, instances: String) throws -> [Bool] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("instances.jsonl"),
            output = folder.appendingPathComponent("verdicts.txt")
        try instances.write(to: input, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schemas]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure() }
        return try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map { $0 == "1" }
    }
}
