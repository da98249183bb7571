import Foundation
import Testing

@testable import TrackctlModel

/// `LineBuffer`'s fast path (its header states the rule).
@Suite("Line buffer")
struct LineBufferTests {
    /// Appending bytes of the buffer itself while it grows reads them at their new place.
    @Test func aLineBufferAppendsItsOwnBytesAcrossGrowth() {
        let buffer = LineBuffer(capacity: 8)
        buffer.append(Array("abcdefgh".utf8))
        #expect(buffer.count == 8)
        buffer.append(buffer)  // grows: the source moves with the storage
        buffer.append(buffer.base + 2, count: 3)  // an earlier part of itself
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "abcdefghabcdefghcde")
    }
}
