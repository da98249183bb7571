/// How many events each SPOC entry emitted (SPEC §11), counted as the runtime emits them, over
/// every script of one replay. Indexed by the plan's entry ids (`SPOCHooks.entryCount`):
/// counting is one array increment per event, cheap enough to be always on.
public struct PlanCoverage: Sendable, Equatable {
    public private(set) var counts: [Int]

    init(entries: Int) {
        counts = Array(repeating: 0, count: entries)
    }

    @inline(__always)
    mutating func fired(_ entry: Int) {
        counts[entry] &+= 1
    }
}
