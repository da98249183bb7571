import Foundation
import Testing

@testable import TrackctlModel

/// `Parallel`: the two-thread map keeps order.
@Suite("Parallel")
struct ParallelTests {
    @Test func theParallelMapKeepsIndexOrder() {
        #expect(Parallel.map(10_000) { $0 * 2 } == (0..<10_000).map { $0 * 2 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
        let (a, b) = Parallel.both({ "first" }, { 2 })
        #expect(a == "first" && b == 2)
    }
}
