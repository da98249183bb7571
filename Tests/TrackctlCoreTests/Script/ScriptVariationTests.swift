import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// SPEC §12's script variation: blocks assembled from lines (text and JSON alike), draws from
/// the seed's own stream, and the stream itself.
@Suite("Script variation")
struct ScriptVariationTests {
    func temporaryScript(_ text: String, extension ext: String = "trackscript") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-variation-\(UUID().uuidString).\(ext)"
        ).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Indentation is free; blocks nest; each arm keeps its own steps and lines.
    @Test func blocksNestAndKeepTheirArms() throws {
        let path = try temporaryScript(
            """
            launch ZOCMainViewController in navigation
            choose 70
              call openFeed:
              repeat 1..5
                maybe 25%
                  pop
                end
              end
            or 30
            call shareButtonPressed:
            end
            wait 2s..40s
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let program = try ScriptSource(path: path).program()
        #expect(program.count == 3)
        guard case .block(let choose) = program[1] else { Issue.record("line 2 is a block"); return }
        #expect(choose.kind == .choose(weights: [70, 30]))
        #expect(choose.line == 2)
        #expect(choose.arms.count == 2)
        #expect(choose.arms[1].count == 1)
        guard case .block(let repeated) = choose.arms[0][1], case .block(let maybe) = repeated.arms[0][0] else {
            Issue.record("nested blocks"); return
        }
        #expect(repeated.kind == .repeat(1...5))
        #expect(maybe.kind == .maybe(percent: 25))
        guard case .step(let pop, let line) = maybe.arms[0][0] else { Issue.record("a step"); return }
        #expect(pop.action == .pop(.top, animated: true))
        #expect(line == 6)
        #expect(choose.innerBlocks.map(\.line) == [4, 5])
        guard case .step(let wait, _) = program[2] else { Issue.record("a step"); return }
        #expect(wait.action == .waitBetween(TimeSpan(milliseconds: 2000), TimeSpan(milliseconds: 40_000)))
    }

    /// The JSON form mirrors the text form: the same draws give the same events (only the
    /// lines in `context.step` differ).
    @Test func theJSONFormReplaysAsTheTextForm() {
        func lines(_ script: String) -> [String] {
            let (outcome, sink) = ReplayGoldenTests.replay(script)
            guard case .completed = outcome else { Issue.record("\(script): \(outcome)"); return [] }
            return sink.lines.map {
                $0.replacingOccurrences(of: #""step":[0-9]+"#, with: "", options: .regularExpression)
            }
        }
        let text = lines("variation.trackscript")
        #expect(text.count > 40)
        #expect(lines("variation.json") == text)
    }

    /// The same seed takes the same arms; other seeds take others (SPEC §12: draws come from
    /// the seed's stream).
    @Test func theSeedDecidesEveryDraw() {
        func draws(_ seed: UInt64) -> [String] {
            let (_, sink) = ReplayGoldenTests.replay("variation.trackscript", seed: seed)
            return sink.lines.filter {
                $0.contains(#""name":"choose""#) || $0.contains(#""name":"maybe""#) || $0.contains(#""name":"repeat""#)
                    || $0.contains(#""name":"wait""#)
            }
        }
        #expect(draws(7) == draws(7))
        let seen = Set((1...12).map { draws($0) })
        #expect(seen.count > 6, "twelve seeds draw more than six different ways")
        // Both arms of the 70/30 choice are taken by some seed.
        let all = (1...12).flatMap { draws($0) }
        #expect(all.contains { $0.contains(#""arm":1"#) })
        #expect(all.contains { $0.contains(#""arm":2"#) })
    }

    /// Without --trace the draws are the same: traces draw nothing and take no message id.
    @Test func tracingChangesNoDraw() {
        let (_, traced) = ReplayGoldenTests.replay("variation.trackscript", seed: 3, trace: true)
        let (_, plain) = ReplayGoldenTests.replay("variation.trackscript", seed: 3, trace: false)
        #expect(traced.lines.filter { !$0.hasPrefix(#"{"type":"trace""#) } == plain.lines)
    }

    /// What a run draws is counted by its own tally, not in the parsed blocks: two runs of one
    /// program count apart, and a block no run reached counts zero of each arm.
    @Test func eachRunCountsItsOwnDraws() throws {
        let program = try ScriptSource(path: RepositoryPaths.path("Fixtures/scripts/journey.trackscript")).program()
        let blocks = program.flatMap { node -> [ScriptBlock] in
            guard case .block(let block) = node else { return [] }
            return [block] + block.innerBlocks
        }
        let choose = try #require(blocks.first { if case .choose = $0.kind { true } else { false } })
        let repeated = try #require(blocks.first { if case .repeat = $0.kind { true } else { false } })
        let (first, second) = (ScriptTally(programs: [program, program]), ScriptTally(programs: [program, program]))
        first.record(choose, in: 0, 1)
        first.record(repeated, in: 0, 0, adding: 3)
        first.record(repeated, in: 0, 1)
        second.record(choose, in: 0, 0)
        guard case .choose(let weights) = choose.kind else { return }
        #expect(first.taken(choose, in: 0) == [0, 1] + Array(repeating: 0, count: weights.count - 2))
        #expect(second.taken(choose, in: 0) == [1] + Array(repeating: 0, count: weights.count - 1))
        #expect(first.taken(repeated, in: 0) == [3, 1])
        #expect(second.taken(repeated, in: 0) == [0, 0])
        // The same block run as another script of the run is counted apart.
        #expect(first.taken(choose, in: 1) == Array(repeating: 0, count: weights.count))
        #expect(Set(blocks.map(\.number)).count == blocks.count)
    }

    /// Over 100,000 draws each arm's share is within one percentage point of its weight.
    @Test func picksFollowTheWeights() {
        var random = UserRandom(seed: 42)
        let weights = [70.0, 20, 7.5, 2.5]
        let cumulative = CumulativeWeights(weights)
        var counts = [0, 0, 0, 0]
        for _ in 0..<100_000 { counts[random.pick(cumulative)] += 1 }
        for (count, weight) in zip(counts, weights) {
            #expect(abs(Double(count) / 1000 - weight) < 1, "\(count) of 100,000 for weight \(weight)")
        }
    }

    /// `uniform(in:)` reaches both ends and never leaves the range; a one-value range needs no luck.
    @Test func uniformDrawsStayInTheirRange() {
        var random = UserRandom(seed: 9)
        var seen = Set<Int64>()
        for _ in 0..<10_000 {
            let value = random.uniform(in: -3...3)
            #expect((-3...3).contains(value))
            seen.insert(value)
        }
        #expect(seen.count == 7)
        #expect(random.uniform(in: 5...5) == 5)
        let huge = random.uniform(in: Int64.min...Int64.max)
        #expect(huge != random.uniform(in: Int64.min...Int64.max))
    }

    /// User 0's seed is the base seed (a replay is user 0); users never share a seed.
    @Test func userSeedsAreDistinctAndUserZeroIsTheReplay() {
        #expect(UserSeeds.seed(of: 0, base: 1234) == 1234)
        let seeds = (0..<100_000).map { UserSeeds.seed(of: $0, base: 1) }
        #expect(Set(seeds).count == seeds.count)
    }
}
