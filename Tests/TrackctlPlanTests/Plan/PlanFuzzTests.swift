import Foundation
import Testing
import TrackctlPlan
import TrackctlTestSupport

/// The fuzzing harness for plans and calls (SPEC §14: "never a crash on any plan or event"):
/// seeded mutations — bytes flipped, cut, repeated, inserted, keywords swapped — of the demo's
/// plan, the broken plans and the planted calls. Every mutated plan either loads or gives
/// findings that are all located; every mutated call gets the same findings from the fast line
/// checker (scan, memo, projection) as from a whole parse and check, and both refuse the same
/// lines as not JSON.
@Suite("Plan fuzzing")
struct PlanFuzzTests {
    private static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        let tokens = [
            "\"type\"", "\"enum\"", "[]", "{}", "\"$ref\":\"#\"", "1e400", "-0", "\"\\ud800\"", "null",
            "\"required\":[\"x\"]",
            "\"pattern\":\"(\"", "\"minimum\":\"a\"", "\"format\":\"uuid\"", "\"$defs\"", ",", ":", "\"", "\\"
        ].map { Array($0.utf8) }
        for _ in 0...Int(random.next() % 3) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: at)
            case 3:
                bytes.replaceSubrange(
                    at..<min(bytes.count, at + Int(random.next() % 12)),
                    with: tokens[Int(random.next() % UInt64(tokens.count))])
            case 4: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 16)], at: at)
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
            }
        }
        return bytes
    }

    @Test func mutatedPlansLoadOrSayWhere() throws {
        let sources =
            ["Config/tracking-plan.json"]
            + RepositoryPaths.files(in: "Fixtures/plan/invalid", extensions: ["json"]).map {
                "Fixtures/plan/invalid/" + $0
            }
        let originals = try sources.map { Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path($0)))) }
        var random = SeededRandom(seed: 36)
        var loaded = 0
        for round in 0..<600 {
            // The demo's plan every other round, so that some mutations still load.
            let bytes = Self.mutate(originals[round % 2 == 0 ? 0 : round % originals.count], &random)
            let result = TrackingPlan.load(bytes: bytes, file: "fuzz.json")
            if result.plan != nil { loaded += 1 }
            #expect(result.plan != nil || !result.findings.isEmpty, "round \(round): no plan and no finding")
            for finding in result.findings {
                #expect(finding.position != nil, "round \(round): unlocated: \(finding.message)")
                #expect(finding.rule == .invalidPlan || finding.rule == .unsupportedKeyword)
            }
        }
        // Some mutations still make a plan (a swapped keyword, a flipped letter in a description).
        #expect(loaded > 10)
    }

    @Test func theFastLineCheckerAgreesWithAWholeCheck() throws {
        let plan = try #require(try TrackingPlan.load(path: RepositoryPaths.path("Config/tracking-plan.json")).plan)
        let lines = try String(
            contentsOfFile: RepositoryPaths.path("Fixtures/plan/calls/planted.jsonl"), encoding: .utf8
        )
        .split(separator: "\n").map { Array($0.utf8) }
        let checker = PlanLineChecker(plan: plan)
        var random = SeededRandom(seed: 14)
        var compared = 0
        for round in 0..<3000 {
            let bytes = round < lines.count ? lines[round] : Self.mutate(lines[round % lines.count], &random)
            var reader = JSONValueReader(bytes: bytes)
            let whole: [PlanFinding]?
            if let call = try? reader.read() {
                whole = plan.check(call, from: .init(file: "f", position: .init(line: 1, column: 1)))
            } else {
                whole = nil
            }
            let fast = bytes.withUnsafeBufferPointer { try? checker.check($0, file: "f", line: 1) }
            #expect((whole == nil) == (fast == nil), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            if let whole, let fast {
                #expect(whole == fast, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
                compared += 1
            }
        }
        #expect(compared > 200)
    }
}
