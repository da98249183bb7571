import Dispatch
import Foundation
import Synchronization

/// Runs independent pieces of work on the machine's cores and returns their results in order.
///
/// Used where the work is pure (parsing two files, running independent rules), so the result
/// does not depend on scheduling: output stays deterministic.
package enum Parallel {
    /// Results of `work(0..<count)`, computed concurrently, in index order.
    package static func map<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.store(work(index), at: index)
        }
        return slots.values
    }

    /// Both results, computed concurrently.
    package static func both<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (
        A, B
    ) {
        let results = map(2) { index -> Either<A, B> in index == 0 ? .first(first()) : .second(second()) }
        guard case .first(let a) = results[0], case .second(let b) = results[1] else {
            preconditionFailure("slots out of order")
        }
        return (a, b)
    }

    private enum Either<A: Sendable, B: Sendable>: Sendable {
        case first(A)
        case second(B)
    }

    /// One slot per index, written once each under a lock.
    private final class Slots<T: Sendable>: Sendable {
        private let storage: Mutex<[T?]>

        init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

        func store(_ value: T, at index: Int) {
            storage.withLock { $0[index] = value }
        }

        var values: [T] {
            // Every slot is stored before the values are read (`Parallel.map` waits for all).
            storage.withLock { $0.compactMap { $0 } }
        }
    }
}
