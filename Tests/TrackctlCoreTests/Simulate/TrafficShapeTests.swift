import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// SPEC §12, "Traffic with the shape of production": diurnal arrivals by each user's local
/// hour, weighted time zones and locales per user, a warm-up that opens the window on a steady
/// state, and `--order time` in bounded memory — each still a pure function of the seed, so
/// shards still make the whole run.
@Suite("Traffic shape")
struct TrafficShapeTests {
    static let zones = [
        Population.WeightedName("America/New_York", weight: 5), Population.WeightedName("Europe/Paris", weight: 3),
        Population.WeightedName("Asia/Tokyo", weight: 2)
    ]
    static let locales = [
        Population.WeightedName("en-US", weight: 6), Population.WeightedName("fr-FR", weight: 3),
        Population.WeightedName("ja-JP", weight: 1)
    ]

    static func population(
        _ users: Int, arrivals: Population.Arrivals = .diurnal(.standard), warmup: Int64 = 0, span: Int64 = 86_400_000
    ) -> Population {
        Population(
            count: users, seed: 5, start: Timestamp.defaultStart, span: span, devices: [.init(.standard)],
            arrivals: arrivals, warmup: warmup,
            timezones: zones, locales: locales)
    }

    /// χ² of observed counts against expected shares (summing to 1).
    static func chiSquare(_ observed: [Int], shares: [Double]) -> Double {
        let total = Double(observed.reduce(0, +))
        return zip(observed, shares).reduce(0) { sum, pair in
            let expected = total * pair.1
            return sum + (Double(pair.0) - expected) * (Double(pair.0) - expected) / expected
        }
    }

    /// Diurnal arrivals follow the profile by the hour of each user's own clock: over 100,000
    /// users in three time zones, χ² against the profile stays under 49.7, the 0.1% critical
    /// value for 23 degrees of freedom — while by UTC hour the same starts are far from it.
    @Test func diurnalArrivalsFollowTheProfileInLocalTime() {
        let population = Self.population(100_000)
        var local = [Int](repeating: 0, count: 24), utc = [Int](repeating: 0, count: 24)
        let zones = Self.zones.map { TimeZone(identifier: $0.name)! }
        for index in 0..<population.count {
            let user = population.user(index)
            #expect(user.start >= population.start && user.start < population.start + population.span)
            local[Population.localHour(user.start, zone: zones[user.timezone])] += 1
            utc[Population.localHour(user.start, zone: TimeZone(identifier: "UTC")!)] += 1
        }
        let total = DiurnalProfile.standard.weights.reduce(0, +)
        let shares = DiurnalProfile.standard.weights.map { $0 / total }
        #expect(Self.chiSquare(local, shares: shares) < 49.7, "local hours \(local)")
        #expect(Self.chiSquare(utc, shares: shares) > 1000, "the UTC hours should not follow the local profile: \(utc)")
    }

    /// Time zones and locales are drawn per user, within a point of their weights.
    @Test func timeZonesAndLocalesFollowTheirWeights() {
        let population = Self.population(100_000, arrivals: .uniform)
        var zones = [0, 0, 0], locales = [0, 0, 0]
        for index in 0..<population.count {
            let user = population.user(index)
            zones[user.timezone] += 1
            locales[user.locale] += 1
        }
        for (count, weight) in zip(zones, [0.5, 0.3, 0.2]) {
            #expect(abs(Double(count) / 1000 - weight * 100) < 1, "zones \(zones)")
        }
        for (count, weight) in zip(locales, [0.6, 0.3, 0.1]) {
            #expect(abs(Double(count) / 1000 - weight * 100) < 1, "locales \(locales)")
        }
    }

    /// Without the new options the users are those they always were (the goldens and the
    /// documentation's outputs rely on it): the uniform start and device draws are unchanged.
    @Test func theUniformPopulationIsUnchanged() {
        let plain = Population(
            count: 1000, seed: 7, start: Timestamp.defaultStart, span: 86_400_000, devices: [.init(.standard)])
        // User 0 of seed 7 starts where it did before time zones existed (recorded then).
        let user = plain.user(0)
        #expect(user.timezone == 0 && user.locale == 0 && !user.isWarmup)
        let weighted = Population(
            count: 1000, seed: 7, start: Timestamp.defaultStart, span: 86_400_000, devices: [.init(.standard)],
            timezones: Self.zones,
            locales: Self.locales)
        // Drawing time zones and locales moves no start: they come from a stream of their own.
        #expect((0..<1000).allSatisfy { plain.user($0).start == weighted.user($0).start })
    }

    /// The warm-up adds users at the window's density before it; with them the window's first
    /// hours carry as many events as its middle ones (a flat day), without them far fewer — with
    /// a script whose events come mostly 6 to 18 hours after the user arrives.
    @Test func theWarmupOpensTheWindowOnASteadyState() {
        func hourly(_ population: Population) -> [Int] {
            let lines = SimulationTests.simulate(
                population, scripts: [RepositoryPaths.path("Fixtures/simulate/comeback.trackscript")])
            var hours = [Int](repeating: 0, count: 24)
            for line in lines {
                let time = Timestamp.parse(SimulationTests.field("timestamp", of: line))!
                #expect(time >= population.start, "an event before the window was written")
                let hour = Int((time - population.start) / 3_600_000)
                if hour < 24 { hours[hour] += 1 }
            }
            return hours
        }
        let users = 4000
        let cold = hourly(Self.population(users, arrivals: .uniform))
        let warm = Self.population(users, arrivals: .uniform, warmup: 2 * 86_400_000)
        #expect(warm.warmupCount == 2 * users)
        let steady = hourly(warm)
        func ratio(_ hours: [Int]) -> Double { Double(hours[0..<4].reduce(0, +)) / Double(hours[12..<16].reduce(0, +)) }
        #expect(ratio(cold) < 0.5, "without a warm-up the day starts low: \(cold)")
        #expect(abs(ratio(steady) - 1) < 0.1, "with a warm-up the day is flat: \(steady)")
    }

    /// Review 2026-11-27 (simulate #6): warm-up users are spread among the window's, so every
    /// shard gets its share of both — numbered last, they all fell in the last shards. The order
    /// is a permutation of the users, and counting warm-ups by position agrees with it.
    @Test func warmupUsersAreSpreadOverEveryShard() {
        let population = Self.population(1000, arrivals: .uniform, warmup: 12 * 3_600_000)
        #expect(population.warmupCount == 500)
        let indexes = (0..<population.total).map { population.index(at: $0) }
        #expect(indexes.sorted() == Array(0..<population.total))
        #expect(indexes.filter { $0 >= population.count }.sorted() == indexes.filter { $0 >= population.count })
        for shard in 1...4 {
            let range = Shard(index: shard, count: 4)!.users(of: population.total)
            let warm = range.filter { population.user(at: $0).isWarmup }.count
            #expect((124...126).contains(warm), "shard \(shard) has \(warm) warm-up users of \(range.count)")
            #expect(warm == population.warmups(before: range.upperBound) - population.warmups(before: range.lowerBound))
        }
        #expect(Self.population(10, arrivals: .uniform).index(at: 7) == 7)
    }

    /// Every new option keeps shards whole: user-order shards concatenate, and time-order shards
    /// merge, to the unsharded run's bytes.
    @Test func shardsStillMakeTheWholeRunWithEveryNewOption() throws {
        let population = Self.population(60, warmup: 86_400_000)
        let whole = SimulationTests.simulate(population)
        let shards = (1...4).flatMap { SimulationTests.simulate(population, shard: Shard(index: $0, count: 4)!) }
        #expect(shards == whole)
        #expect(Set(whole.map { SimulationTests.field("timezone", of: $0) }).count == 3)
        let byTime = SimulationTests.simulate(population, order: .time)
        var files: [String] = []
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        for index in 1...3 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trackctl-shape-\(UUID().uuidString).jsonl"
            ).path
            let lines = SimulationTests.simulate(population, shard: Shard(index: index, count: 3)!, order: .time)
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        var merged: [String] = []
        try EventStreamMerge.merge(files) { line in
            merged.append(String(decoding: line, as: UTF8.self))
            return true
        }
        #expect(merged == byTime)
    }

    /// `--order time` past its memory budget spills users to sorted runs on disk and merges
    /// them: the same bytes as when everything fits, with runs really spilled.
    @Test func timeOrderSpillsPastItsBudgetAndGivesTheSameBytes() throws {
        let population = SimulationTests.population(300)
        let inMemory = SimulationTests.simulate(population, order: .time)
        let spilled = SimulationTests.simulate(population, order: .time, timeOrderMemoryBudget: 16 * 1024)
        #expect(spilled.count > 1000)
        #expect(spilled == inMemory)
        // The runs themselves: at a 16 KB budget, 300 users' events make many.
        final class Count: EventSink {
            let capabilities: SinkCapabilities = []
            var count = 0
            func receive(_ line: EventLine, event: Event?) throws(SinkError) { count += 1 }
        }
        let lifetime = LineLifetime()
        let statistics = try TimeOrderMerge.run(0..<300, of: population, into: Count(), memoryBudget: 16 * 1024) {
            user, buffer throws(ReplayStop) in
            let line = [UInt8](repeating: UInt8(ascii: "x"), count: 200) + [0x0A]
            for step in 0..<10 {
                try? line.withUnsafeBytes { raw throws(SinkError) in
                    defer { lifetime.end() }
                    try buffer.receive(
                        EventLine(raw, timestamp: user.start + Int64(step) * 3_600_000, lifetime: lifetime), event: nil)
                }
            }
        }
        #expect(statistics.runsSpilled > 10)
        #expect(statistics.mostBytesHeld < 16 * 1024 + 4096)
    }

    /// A diurnal profile file: 24 weights, comments and blank lines allowed; anything else is
    /// a located error.
    @Test(
        arguments: [
            ("# a comment\n" + (0..<24).map { "\($0 % 5)  # hour \($0)" }.joined(separator: "\n") + "\n\n", nil),
            (
                (0..<23).map { _ in "1" }.joined(separator: "\n"),
                "profile.txt: error: 23 weights; a profile has one per hour, 24 in all, hour 00 first"
            ),
            (
                "1\n-2\n",
                "profile.txt:2:1: error: '-2' is not a weight: write a number ≥ 0 (one per hour, hour 00 first)"
            ),
            (
                (0..<24).map { _ in "0" }.joined(separator: "\n"),
                "profile.txt: error: every weight is 0: no user would ever arrive"
            ),
            (
                (0..<25).map { _ in "1" }.joined(separator: "\n"),
                "profile.txt:25:1: error: a 25th weight: a profile has one weight per hour, 24 in all"
            )
        ] as [(String, String?)])
    func aProfileFileIsReadOrRefusedWithItsLine(text: String, expected: String?) {
        do {
            let profile = try DiurnalProfile.parse(text, file: "profile.txt")
            #expect(expected == nil)
            #expect(profile.weights.count == 24)
        } catch {
            #expect(error.description == expected)
        }
    }

    /// The built-in day as docs/simulate.md prints it (a profile file, to start one's own from)
    /// is the one `--arrivals diurnal` uses.
    @Test func theDocumentedProfileIsTheBuiltInOne() throws {
        let page = try String(contentsOfFile: RepositoryPaths.path("docs/simulate.md"), encoding: .utf8)
        let marker = try #require(page.range(of: "<!-- diurnal profile -->\n```text\n"))
        let end = try #require(page.range(of: "```", range: marker.upperBound..<page.endIndex))
        let profile = try DiurnalProfile.parse(
            String(page[marker.upperBound..<end.lowerBound]), file: "docs/simulate.md")
        #expect(profile == DiurnalProfile.standard)
    }
}
