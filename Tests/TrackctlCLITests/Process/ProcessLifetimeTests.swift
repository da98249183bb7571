import Dispatch
import Testing

@testable import TrackctlCLI

/// Commands run concurrently in process (as the tests run them): what they keep until exit is
/// appended from many threads at once.
@Suite("Process lifetime")
struct ProcessLifetimeTests {
    @Test func keepingFromManyThreadsAtOnceIsSafe() {
        DispatchQueue.concurrentPerform(iterations: 10_000) { index in
            ProcessLifetime.keepUntilExit([index])
        }
        #expect(ProcessLifetime.keptCount >= 10_000)
    }
}
