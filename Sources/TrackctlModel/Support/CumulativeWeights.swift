/// Weights as the running sums a weighted draw reads (`UserRandom.pick`): a `choose`'s arms, a
/// population's devices, time zones and locales. One type so every draw sums its weights the
/// same way — the same floating-point sums give the same picks, which shards and golden files
/// depend on.
package struct CumulativeWeights: Sendable {
    /// `sums[i]` is the total of the weights up to and including `i`.
    package let sums: [Double]

    /// `weights` are positive (the parsers check).
    package init(_ weights: [Double]) {
        var sum = 0.0
        sums = weights.map {
            sum += $0
            return sum
        }
    }

    package var count: Int { sums.count }
}
