import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `UUIDValue`: both writing paths agree.
@Suite("UUID values")
struct UUIDValueTests {
    /// The little-endian SWAR path and the portable one write the same bytes.
    @Test func bothUUIDPathsWriteTheSameBytes() {
        var ids = IDGenerator(seed: 42)
        for _ in 0..<1_000 {
            let value = ids.next()
            let swar = LineBuffer(capacity: 8), portable = LineBuffer(capacity: 8)
            value.writeSWAR(into: swar)
            value.writePortable(into: portable)
            #expect(Array(swar.bytes) == Array(portable.bytes))
        }
        let known = UUIDValue(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(known.string == "01234567-89ab-4def-bedc-ba9876543210")
    }
}
