import Foundation
import TrackctlPlan

/// The tracking plan's line checkers, lent out one per chunk of calls and taken back, so each
/// checker's memo of verdicts stays warm from one request to the next: a client repeats the same
/// few calls with new ids and times, and a checker made afresh for every chunk of every request
/// parsed its first calls again each time.
///
/// Invariant that makes it safe: a `PlanLineChecker` is single-threaded, and here one is only
/// ever held by the one chunk that borrowed it, between `borrow`'s taking it out of `idle`
/// under the lock and putting it back under the lock.
final class PlanCheckerPool: @unchecked Sendable {
    private let plan: TrackingPlan
    private let lock = NSLock()
    private var idle: [PlanLineChecker] = []

    init(plan: TrackingPlan) { self.plan = plan }

    /// `work` with a checker no other thread holds.
    func borrow<T>(_ work: (PlanLineChecker) -> T) -> T {
        let checker = lock.withLock { idle.popLast() } ?? PlanLineChecker(plan: plan)
        defer { lock.withLock { idle.append(checker) } }
        return work(checker)
    }
}
