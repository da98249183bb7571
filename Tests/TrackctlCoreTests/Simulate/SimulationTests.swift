import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// SPEC §12's contract for `simulate`, in process: each user is exactly a replay of its own,
/// shards partition the users, time order is a merge of the same events, and the population
/// is a pure function of the seed.
@Suite("Simulation")
struct SimulationTests {
    static let journey = RepositoryPaths.path("Fixtures/scripts/journey.trackscript")
    static let devices = [("iphone-15", 3.0), ("ipad-pro-11-m4", 1.0)].compactMap { name, weight in
        DeviceProfile.named(name).map { Population.WeightedDevice($0, weight: weight) }
    }

    /// Keeps the lines, as stdout would.
    final class Lines: EventSink {
        let capabilities: SinkCapabilities = []
        var lines: [String] = []
        func receive(_ line: EventLine, event: Event?) throws(SinkError) { lines.append(line.text) }
    }

    static func population(_ users: Int, seed: UInt64 = 7, devices: [Population.WeightedDevice] = devices) -> Population
    {
        Population(count: users, seed: seed, start: Timestamp.defaultStart, span: 86_400_000, devices: devices)
    }

    static func simulate(
        _ population: Population, shard: Shard = .whole, order: SimulationRun.Order = .user,
        scripts: [String] = [journey],
        summarize: ((SimulationSummary) -> Void)? = nil, timeOrderMemoryBudget: Int = 64 << 20
    ) -> [String] {
        var options = SimulationRun.Options(
            scripts: scripts, config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], population: population)
        options.shard = shard
        options.order = order
        options.timeOrderMemoryBudget = timeOrderMemoryBudget
        let sink = Lines()
        let outcome = SimulationRun.run(options, summarize: summarize) { () throws(SinkError) -> EventSink in sink }
        guard case .completed = outcome else { Issue.record("\(outcome)"); return [] }
        return sink.lines
    }

    /// "Every user's events exactly what `replay` emits for that user": user k is `replay
    /// --seed S --user k --clock START_k --device DEVICE_k`, on a fresh runtime, byte for byte —
    /// so nothing of one user leaks into the next on the reused runtime.
    @Test func everyUserIsTheReplayOfItsOwnSeedClockAndDevice() {
        let population = Self.population(12)
        let simulated = Self.simulate(population)
        var replayed: [String] = []
        for index in 0..<population.count {
            let user = population.user(index)
            var options = ReplayRun.Options(
                scripts: [Self.journey], config: RepositoryPaths.path("Config/analytics.plist"),
                catalogs: [RepositoryPaths.path("Config/catalog.json")])
            options.seed = population.seed
            options.user = index
            options.clock = user.start
            options.device = population.devices[user.device].device
            let sink = Lines()
            _ = ReplayRun.run(options, sink: sink)
            replayed += sink.lines
        }
        #expect(simulated.count > 100)
        #expect(simulated == replayed)
    }

    @Test(arguments: [1, 3, 4, 7])
    func shardsConcatenateToTheWholeRun(count: Int) {
        let population = Self.population(50)
        let whole = Self.simulate(population)
        let shards = (1...count).flatMap { Self.simulate(population, shard: Shard(index: $0, count: count)!) }
        #expect(shards == whole)
    }

    /// Shards are contiguous, cover every user once, and differ in size by one at most.
    @Test(arguments: [(10, 3), (7, 7), (3, 5), (1_000_000_000_000, 99_999)])
    func shardsPartitionTheUsers(users: Int, count: Int) {
        let ranges = (1...count).map { Shard(index: $0, count: count)!.users(of: users) }
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == users)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let sizes = ranges.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    /// `--order time`: the same events, by timestamp, ties by user — and independent of
    /// sharding once merged.
    @Test func timeOrderIsTheSameEventsByTimestamp() throws {
        let population = Self.population(40)
        let byUser = Self.simulate(population)
        let byTime = Self.simulate(population, order: .time)
        #expect(byTime.sorted() == byUser.sorted())
        let times = byTime.map { Self.field("timestamp", of: $0) }
        #expect(times == times.sorted())
        #expect(Set(byTime.prefix(200).map { Self.field("anonymousId", of: $0) }).count > 5, "users interleave")
        // Shard outputs merged by time are the unsharded stream.
        var files: [String] = []
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        for index in 1...3 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trackctl-shard-\(UUID().uuidString).jsonl"
            ).path
            try Data(
                Self.simulate(population, shard: Shard(index: index, count: 3)!, order: .time).map { $0 + "\n" }
                    .joined().utf8
            ).write(
                to: URL(fileURLWithPath: path))
            files.append(path)
        }
        var merged: [String] = []
        try EventStreamMerge.merge(files) { line in
            merged.append(String(decoding: line, as: UTF8.self)); return true
        }
        #expect(merged == byTime)
    }

    /// Time order holds the users running at once, not all of them: 2,000 users, each active
    /// for an hour, spread over 30 days, overlap by a handful.
    @Test func timeOrderHoldsOnlyTheUsersRunningAtOnce() throws {
        let population = Population(
            count: 2000, seed: 1, start: Timestamp.defaultStart, span: 30 * 86_400_000, devices: Self.devices)
        let lifetime = LineLifetime()
        var written: [Int64] = []
        final class Times: EventSink {
            let capabilities: SinkCapabilities = []
            var times: [Int64] = []
            func receive(_ line: EventLine, event: Event?) throws(SinkError) { times.append(line.timestamp) }
        }
        let sink = Times()
        let held = try TimeOrderMerge.run(0..<2000, of: population, into: sink) { user, buffer throws(ReplayStop) in
            for time in [user.start, user.start + 3_600_000] {
                try? [UInt8]("{}\n".utf8).withUnsafeBytes { raw throws(SinkError) in
                    defer { lifetime.end() }
                    try buffer.receive(EventLine(raw, timestamp: time, lifetime: lifetime), event: nil)
                }
            }
        }
        written = sink.times
        #expect(written.count == 4000)
        #expect(written == written.sorted())
        #expect(held.mostUsersHeld >= 1 && held.mostUsersHeld < 30, "held \(held.mostUsersHeld) users at most")
        #expect(held.runsSpilled == 0)
    }

    /// Two users never share an anonymousId; the same seed gives the same bytes; another seed
    /// other bytes.
    @Test func idsAreDistinctAndTheSeedDecidesEverything() {
        let lines = Self.simulate(Self.population(2000))
        var firstIDs: [String: Int] = [:]
        var previous = ""
        for line in lines {
            let id = Self.field("anonymousId", of: line)
            if id != previous { firstIDs[id, default: 0] += 1 }
            previous = id
        }
        #expect(firstIDs.count == 2000)
        #expect(firstIDs.values.allSatisfy { $0 == 1 }, "each user's events are contiguous and its id its own")
        #expect(
            Set(lines.compactMap { $0.contains("\"type\":\"identify\"") ? Self.field("userId", of: $0) : nil }).count
                == 2000)
        #expect(Self.simulate(Self.population(30)) == Self.simulate(Self.population(30)))
        #expect(Self.simulate(Self.population(30, seed: 8)) != Self.simulate(Self.population(30)))
    }

    /// Adding users changes no one else's events.
    @Test func addingUsersChangesNoOtherUser() {
        let fewer = Self.simulate(Self.population(20))
        let more = Self.simulate(Self.population(25))
        #expect(Array(more.prefix(fewer.count)) == fewer)
    }

    /// Starts fall in [start, start + span); devices follow their weights.
    @Test func startsAndDevicesFollowTheOptions() {
        let population = Self.population(20_000)
        let users = (0..<20_000).map { population.user($0) }
        #expect(users.allSatisfy { $0.start >= population.start && $0.start < population.start + population.span })
        let ipads = users.filter { $0.device == 1 }.count
        #expect(abs(Double(ipads) / 20_000 - 0.25) < 0.01)
        #expect(Set(users.map { $0.start / 3_600_000 }).count == 24, "every hour of the day has starts")
    }

    /// 100,000 users: each choice's observed share is within one percentage point of its
    /// weight (SPEC §12), and the summary counts what was emitted.
    @Test func choicesFollowTheirWeightsOverAHundredThousandUsers() throws {
        var summary: SimulationSummary?
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-shares-\(UUID().uuidString).trackscript"
        ).path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data(
            """
            launch ZOCMainViewController in navigation
            choose 70
              call openFeed:
            or 20
              call shareButtonPressed:
            or 10%
              call openSettings:
            end
            maybe 25%
              identify user-{user}
            end
            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        let population = Population(
            count: 100_000, seed: 11, start: Timestamp.defaultStart, span: 86_400_000, devices: [.init(.standard)])
        var options = SimulationRun.Options(
            scripts: [script], config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], population: population)
        options.order = .user
        let outcome = SimulationRun.run(options, summarize: { summary = $0 }) { () throws(SinkError) -> EventSink in
            NullSink()
        }
        guard case .completed(let events) = outcome, let summary else { Issue.record("\(outcome)"); return }
        #expect(summary.users == 100_000)
        #expect(summary.sessions == 100_000)
        #expect(summary.events == events)
        #expect(summary.choices.count == 2)
        for choice in summary.choices {
            let weights = choice.arms.reduce(0) { $0 + $1.weight }
            #expect(choice.total == 100_000)
            for arm in choice.arms {
                let share = 100 * Double(arm.taken) / Double(choice.total)
                #expect(
                    abs(share - 100 * arm.weight / weights) < 1,
                    "line \(choice.line): \(share)% for weight \(arm.weight)")
            }
        }
        #expect(summary.screens["Main screen"] == 100_000)
        #expect(summary.byType["identify"] == summary.choices[1].arms[0].taken)
        #expect(summary.byName["Share button"] == summary.choices[0].arms[1].taken)
        #expect(summary.json.hasPrefix(#"{"users":100000,"sessions":100000,"events":"#))
    }

    static func field(_ name: String, of line: String) -> String {
        guard let range = line.range(of: "\"\(name)\":\"") else { return "" }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
}
