import Foundation
import TrackctlModel

/// The users of a simulation (SPEC §12): how many, and what each one is — its seed (ids and
/// random stream), its start time, its device, time zone and locale — all derived from `--seed`
/// and the user's index alone, so any user can be made on its own, in any shard, in any order.
///
/// Users `0..<count` start within the window [start, start + span); with a warm-up, users
/// `count..<total` start within [start − warmup, start) at the same density, and their events
/// before `start` are not written (SimulationRun), so the window opens on a steady state. Users
/// run, and shards split them, in the order `index(at:)` gives: the warm-up's among the window's.
public struct Population: Sendable {
    /// A device and its relative weight (`--device iphone-15:3`).
    public struct WeightedDevice: Sendable, Equatable {
        public var device: DeviceProfile
        public var weight: Double

        public init(_ device: DeviceProfile, weight: Double = 1) {
            self.device = device
            self.weight = weight
        }
    }

    /// A time zone or locale and its relative weight (`--timezone Europe/Paris:2`).
    public struct WeightedName: Sendable, Equatable {
        public var name: String
        public var weight: Double

        public init(_ name: String, weight: Double = 1) {
            self.name = name
            self.weight = weight
        }
    }

    /// How start times spread over the window.
    public enum Arrivals: Sendable, Equatable {
        /// Evenly over the window, in absolute time.
        case uniform
        /// By the hour of each user's local day (its own time zone), as the profile weighs them.
        case diurnal(DiurnalProfile)
    }

    /// The most users a simulation takes: a trillion — weeks of a machine's time, so more is a typo.
    public static let mostUsers = 1_000_000_000_000

    /// Users in the window (`--users`, or `--rate` × `--span`).
    public let count: Int
    /// Users of the warm-up, beyond `count`: the window's density over `warmup`.
    public let warmupCount: Int
    public let seed: UInt64
    /// Milliseconds since the Unix epoch.
    public let start: Int64
    /// Users start in [start, start + span): at least a millisecond.
    public let span: Int64
    /// Warm-up users start in [start − warmup, start).
    public let warmup: Int64
    public let arrivals: Arrivals
    public let devices: [WeightedDevice]
    public let timezones: [WeightedName]
    public let locales: [WeightedName]
    private let cumulativeDevices: CumulativeWeights
    private let cumulativeTimezones: CumulativeWeights
    private let cumulativeLocales: CumulativeWeights
    /// The time zones, resolved once (the command line checked the names).
    private let zones: [TimeZone]

    /// Every user, the window's and the warm-up's: what shards split.
    public var total: Int { count + warmupCount }

    /// The user at `position` of the run order (`0..<total`, what shards split): the warm-up's
    /// users spread evenly among the window's, so every shard gets its share of both (review
    /// 2026-11-27, simulate #6: numbered last, they all fell in the last shards, one shard 33 MB
    /// beside 486 MB). Position `p` holds a warm-up user when the count of warm-up positions up
    /// to it, ⌊(p + 1)·W / T⌋, grows there — a line drawn from (0, 0) to (T, W), as Bresenham
    /// draws one — so the map is one-to-one and needs no table.
    public func index(at position: Int) -> Int {
        guard warmupCount > 0 else { return position }
        let upTo = warmups(before: position + 1)
        return upTo > warmups(before: position) ? count + upTo - 1 : position - upTo
    }

    /// How many of the positions `0..<position` hold warm-up users.
    public func warmups(before position: Int) -> Int {
        guard warmupCount > 0, position > 0 else { return 0 }
        let (product, overflow) = position.multipliedReportingOverflow(by: warmupCount)
        return overflow ? Int(Double(position) * Double(warmupCount) / Double(total)) : product / total
    }

    /// `user(index(at: position))`.
    public func user(at position: Int) -> User { user(index(at: position)) }

    public init(
        count: Int, seed: UInt64, start: Int64, span: Int64, devices: [WeightedDevice], arrivals: Arrivals = .uniform,
        warmup: Int64 = 0,
        timezones: [WeightedName] = [WeightedName("UTC")], locales: [WeightedName] = [WeightedName("en-US")]
    ) {
        precondition(
            (1...Self.mostUsers).contains(count) && span >= 1 && warmup >= 0 && !devices.isEmpty && !timezones.isEmpty
                && !locales.isEmpty,
            "the command line checks counts, spans, devices, time zones and locales")
        self.count = count
        self.seed = seed
        self.start = start
        self.span = span
        self.warmup = warmup
        self.arrivals = arrivals
        self.devices = devices
        self.timezones = timezones
        self.locales = locales
        // The window's density over the warm-up: count × warmup / span users, rounded.
        let (product, overflow) = count.multipliedReportingOverflow(by: Int(warmup))
        warmupCount =
            overflow
            ? Int((Double(count) * Double(warmup) / Double(span)).rounded()) : (product + Int(span) / 2) / Int(span)
        cumulativeDevices = CumulativeWeights(devices.map(\.weight))
        cumulativeTimezones = CumulativeWeights(timezones.map(\.weight))
        cumulativeLocales = CumulativeWeights(locales.map(\.weight))
        zones = timezones.map { TimeZone(identifier: $0.name) ?? .gmt }
    }

    /// One user.
    public struct User: Sendable, Equatable {
        public let index: Int
        /// What `replay --seed` takes to give this user's events.
        public let seed: UInt64
        /// When its first step runs (`replay --clock`).
        public let start: Int64
        /// An index into `devices`.
        public let device: Int
        /// An index into `timezones`.
        public let timezone: Int
        /// An index into `locales`.
        public let locale: Int
        /// A user of the warm-up: its events before the window are not written.
        public let isWarmup: Bool
    }

    public func user(_ index: Int) -> User {
        let seed = UserSeeds.seed(of: index, base: self.seed)
        // Time zone and locale from a stream of their own, drawn first (a diurnal start depends
        // on the zone); start and device from another: the script's draws stay a replay's, and
        // a run without the new options keeps the starts and devices it always had.
        var profile = UserRandom(seed: seed, stream: 0x2545_F491_4F6C_DD1D)
        let timezone = timezones.count == 1 ? 0 : profile.pick(cumulativeTimezones)
        let locale = locales.count == 1 ? 0 : profile.pick(cumulativeLocales)
        var placement = UserRandom(seed: seed, stream: 0x5851_F42D_4C95_7F2D)
        let isWarmup = index >= count
        let window: ClosedRange<Int64> = isWarmup ? (start - warmup)...(start - 1) : start...(start + span - 1)
        let userStart: Int64
        switch arrivals {
        case .uniform:
            userStart = placement.uniform(in: window)
        case .diurnal(let profile):
            userStart = Self.diurnalStart(in: window, zone: zones[timezone], profile: profile, random: &placement)
        }
        let device = devices.count == 1 ? 0 : placement.pick(cumulativeDevices)
        return User(
            index: index, seed: seed, start: userStart, device: device, timezone: timezone, locale: locale,
            isWarmup: isWarmup)
    }

    /// A start in `window` whose local hour in `zone` follows `profile`: a uniform time, kept
    /// with probability its hour's weight over the largest (rejection sampling: about
    /// max/mean draws, from the user's own stream). A window that holds no weighted hour at
    /// all takes the last draw after 1,000.
    static func diurnalStart(
        in window: ClosedRange<Int64>, zone: TimeZone, profile: DiurnalProfile, random: inout UserRandom
    ) -> Int64 {
        // A profile has a positive weight (`DiurnalProfile.init`).
        let largest = profile.weights.max() ?? 1
        var candidate = window.lowerBound
        for _ in 0..<1000 {
            candidate = random.uniform(in: window)
            let hour = localHour(candidate, zone: zone)
            if random.unit() * largest < profile.weights[hour] { return candidate }
        }
        return candidate
    }

    /// The hour (0–23) of `time` (milliseconds since the epoch) on a clock in `zone`.
    static func localHour(_ time: Int64, zone: TimeZone) -> Int {
        let seconds = time.floorDivided(by: 1000)
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        let secondOfDay = (seconds + offset).floorModulo(86_400)
        return Int(secondOfDay / 3600)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

/// `--shard I/N` (1-based, as Playwright's and Jest's): the contiguous block of users
/// [floor((I-1)·U/N), floor(I·U/N)), so the shards' outputs, concatenated in order, are the
/// whole run's.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public static let mostShards = 100_000

    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard (1...Self.mostShards).contains(count), (1...count).contains(index) else { return nil }
        self.init(checked: index, of: count)
    }

    /// A shard `init?(index:count:)` accepts.
    private init(checked index: Int, of count: Int) {
        self.index = index
        self.count = count
    }

    public static let whole = Shard(checked: 1, of: 1)

    /// The users of this shard among `total`.
    public func users(of total: Int) -> Range<Int> {
        // total ≤ 10^12 and count ≤ 10^5: the products stay far below Int.max.
        (index - 1) * total / count..<index * total / count
    }

    public var description: String { "\(index)/\(count)" }
}
