import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `StepMemos`' fast path (its header states the rule).
@Suite("Step memos")
struct StepMemoTests {
    /// Two steps whose addresses hash to one memo slot take it over from each other: each finds
    /// only what was worked out for itself, and a step that runs again finds its own memo.
    @Test func stepsCollidingInOneMemoSlotNeverShareAMemo() throws {
        let memos = StepMemos()
        var steps = [PreparedStep(.background)]
        var bySlot: [Int: PreparedStep] = [StepMemos.slot(of: steps[0]): steps[0]]
        var pair: (PreparedStep, PreparedStep)?
        while pair == nil, steps.count < 100_000 {
            let step = PreparedStep(.background)
            steps.append(step)  // kept alive: no address is reused
            if let earlier = bySlot[StepMemos.slot(of: step)] {
                pair = (earlier, step)
            } else {
                bySlot[StepMemos.slot(of: step)] = step
            }
        }
        let (first, second) = try #require(pair, "no two steps share a slot")
        memos.memo(for: first).pointee.callClass = 7
        #expect(memos.memo(for: first).pointee.callClass == 7, "a step finds its own memo again")
        #expect(memos.memo(for: second).pointee.callClass == .max, "the other step starts afresh")
        #expect(memos.memo(for: first).pointee.callClass == .max, "and the first, taken over, starts afresh too")
    }
}
