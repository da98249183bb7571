import TrackctlModel

/// One simulated user's random stream (SPEC §12): what `choose`, `maybe`, `repeat A..B` and
/// `wait A..B` draw from, in script order. SplitMix64 — a Weyl sequence through a bijective
/// mixer — so a stream is a pure function of its seed: the same user makes the same choices
/// on any machine and in any shard, and adding a user never moves another's draws.
///
/// The stream is kept apart from the ids (`IDGenerator`, seeded with the same user seed): a
/// choice added to a script changes which events are emitted, never the ids the others get.
package struct UserRandom: Sendable {
    private var state: UInt64

    /// The stream of the user whose seed is `seed` (`UserSeeds.seed(of:)`; a replay's
    /// `--seed`, as user 0's).
    package init(seed: UInt64) {
        // A constant unlike IDGenerator's, so the two streams never run in step.
        self.init(seed: seed, stream: 0xD1B5_4A32_D192_ED03)
    }

    /// Another stream of the same seed, told apart by `stream` (a simulated user's start time
    /// and device are drawn from their own, so the script's draws match a replay's).
    package init(seed: UInt64, stream: UInt64) {
        state = Self.mix(seed ^ stream)
    }

    /// The next 64 random bits.
    @inline(__always)
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finalizer: a bijection of 64-bit values that maps 0 to 0.
    @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1), from the top 53 bits.
    @inline(__always)
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A whole number in `range`, every value equally likely (Lemire's multiply-shift with
    /// rejection: no modulo bias, one draw almost always).
    package mutating func uniform(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if width == 0 { return Int64(bitPattern: next()) }  // the whole 64-bit range
        var product = next().multipliedFullWidth(by: width)
        if product.low < width {
            let threshold = (0 &- width) % width
            while product.low < threshold { product = next().multipliedFullWidth(by: width) }
        }
        return range.lowerBound &+ Int64(bitPattern: product.high)
    }

    /// The index of the arm drawn, each with probability its weight over the total.
    package mutating func pick(_ weights: CumulativeWeights) -> Int {
        let sums = weights.sums
        let target = unit() * sums[sums.count - 1]
        for (index, sum) in sums.enumerated() where target < sum { return index }
        return sums.count - 1
    }
}

/// Each simulated user's seed, from `--seed` and the user's index alone (SPEC §12): user 0's is
/// `--seed` itself, so `replay --seed S` is user 0 of `simulate --seed S`. `mix` is a bijection
/// that maps 0 to 0, so two users never share a seed, and so never an `anonymousId` stream.
package enum UserSeeds {
    package static func seed(of user: Int, base: UInt64) -> UInt64 {
        base &+ UserRandom.mix(UInt64(user))
    }
}
