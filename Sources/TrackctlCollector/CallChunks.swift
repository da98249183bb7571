import Foundation
import TrackctlModel

/// The calls of one request, worked on by the machine's cores in chunks: a client's batch
/// waits for its answer, so its hundred calls are the only work there is to share out, and
/// building, reading and checking each call is most of `collect`'s time.
///
/// Deterministic: each chunk is a run of consecutive calls, and the results come back in call
/// order whatever thread finished first. The work must be pure per call (each chunk makes its
/// own memos).
enum CallChunks {
    /// Below this many calls a chunk costs less to do than to hand to another thread.
    static let minimumCallsPerChunk = 16

    /// `work` over `0..<count` split into runs, concurrently, results in index order.
    static func map<T: Sendable>(_ count: Int, _ work: @Sendable (Range<Int>) -> [T]) -> [T] {
        let chunks = min(1 * ProcessInfo.processInfo.activeProcessorCount, count / minimumCallsPerChunk)
        guard chunks > 1 else { return work(0..<count) }
        let size = (count + chunks - 1) / chunks
        return Parallel.map(chunks) { chunk in work((chunk * size)..<min(count, (chunk + 1) * size)) }.flatMap { $0 }
    }
}
