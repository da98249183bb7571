import Foundation
import Testing

/// Runs each test of a suite (or one test) on a thread of its own, not on the testing library's
/// pool. The pool has one thread per core — two on CI — and a test that waits (for a process, a
/// socket, the wall clock of `--realtime`) holds its thread while it waits: two such tests, and
/// no other test runs at all while the cores sit idle. On a thread of its own a waiting test
/// costs nothing; the test keeps its task, so `#expect` and issues still belong to it.
///
/// Use it on suites whose tests mostly wait: `@Suite("collect hardened", .serialized, .ownThread)`.
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope passes through: its tests get theirs.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(ThreadPerJob.shared) { try await function() }
    }
}

extension Trait where Self == OwnThread {
    /// See `OwnThread`.
    public static var ownThread: Self { OwnThread() }
}

/// An executor that runs every job it is given on a new thread: a job of a test that blocks
/// blocks only that thread.
final class ThreadPerJob: TaskExecutor {
    static let shared = ThreadPerJob()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
