import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `StepCache`'s fast path (its header states the rule).
@Suite("Step cache")
struct StepCacheTests {
    /// Two different lines that hash to one slot replace each other: each lookup gives its own
    /// line's step, never the other's, and a line is a repeat only when it was the slot's last.
    @Test func linesCollidingInOneSlotNeverGiveEachOthersStep() throws {
        func slot(_ text: String) -> UInt64 {
            var text = text
            return text.withUTF8 { StepCache.hash(UnsafeRawBufferPointer($0)) >> 54 }
        }
        let first = "call loginView:handleError: handleError=a0"
        var second: String?
        for index in 1..<100_000 where slot("call loginView:handleError: handleError=a\(index)") == slot(first) {
            second = "call loginView:handleError: handleError=a\(index)"
            break
        }
        let other = try #require(second, "no colliding line found")
        var cache = StepCache()
        var results: [(String, Bool)] = []
        for (number, text) in [first, other, first, first, other].enumerated() {
            var bytes = text
            let (step, isRepeat) = try bytes.withUTF8 {
                try cache.step(for: UnsafeRawBufferPointer($0), line: number + 1, file: "t")
            }
            guard case .call(_, _, let arguments) = step?.takeUnretainedValue().action else {
                Issue.record("not a call"); return
            }
            results.append((arguments.first?.value ?? "", isRepeat))
        }
        let value = { (text: String) in String(text.split(separator: "=").last!) }
        #expect(results.map(\.0) == [value(first), value(other), value(first), value(first), value(other)])
        #expect(results.map(\.1) == [false, false, false, true, false])
    }
}
