/// The users of a simulation (SPEC §12): how many, and what each one is — its seed (ids and
/// random stream), its start time within the span, its device — all derived from `--seed` and
/// the user's index alone, so any user can be made on its own, in any shard, in any order.
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

    /// The most users a simulation takes: a trillion — weeks of a machine's time, so more is a typo.
    public static let mostUsers = 1_000_000_000_000

    public let count: Int
    public let seed: UInt64
    /// Milliseconds since the Unix epoch.
    public let start: Int64
    /// Users start in [start, start + span): at least a millisecond.
    public let span: Int64
    public let devices: [WeightedDevice]
    private let cumulativeWeights: [Double]

    public init(count: Int, seed: UInt64, start: Int64, span: Int64, devices: [WeightedDevice]) {
        precondition((1...Self.mostUsers).contains(count) && span >= 1 && !devices.isEmpty, "the command line checks counts, spans and devices")
        self.count = count
        self.seed = seed
        self.start = start
        self.span = span
        self.devices = devices
        var sum = 0.0
        cumulativeWeights = devices.map {
            sum += $0.weight; return sum
        }
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
    }

    public func user(_ index: Int) -> User {
        let seed = UserSeeds.seed(of: index, base: self.seed)
        // Start and device come from a stream of their own: the script's draws stay a replay's.
        var placement = UserRandom(seed: seed, stream: 0x5851_F42D_4C95_7F2D)
        let offset = placement.uniform(in: 0...(span - 1))
        let device = devices.count == 1 ? 0 : placement.pick(cumulative: cumulativeWeights)
        return User(index: index, seed: seed, start: start + offset, device: device)
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
        self.index = index
        self.count = count
    }

    public static let whole = Shard(index: 1, count: 1)!

    /// The users of this shard among `total`.
    public func users(of total: Int) -> Range<Int> {
        // total ≤ 10^12 and count ≤ 10^5: the products stay far below Int.max.
        (index - 1) * total / count..<index * total / count
    }

    public var description: String { "\(index)/\(count)" }
}
