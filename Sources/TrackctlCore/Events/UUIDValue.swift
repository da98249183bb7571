import TrackctlModel

/// A 128-bit identifier rendered as a lower-case RFC 4122 version-4 UUID string.
public struct UUIDValue: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        // Version 4 and the RFC 4122 variant, as random UUIDs have.
        self.high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        self.low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    }

    /// The 36 ASCII bytes of the canonical form.
    public func write(into buffer: inout [UInt8]) {
        let line = LineBuffer(capacity: 36)
        write(into: line)
        buffer.append(contentsOf: line.bytes)
    }

    /// The 36 ASCII bytes of the canonical form, written in place: each half of the value
    /// becomes sixteen hex digits at once (SWAR), then the dashes go in at 8, 13, 18 and 23.
    ///
    /// The SWAR words are stored in little-endian memory order; a big-endian machine takes the
    /// portable path, a digit at a time (`UUIDValueTests` checks both give the same bytes).
    func write(into line: LineBuffer) {
        #if _endian(little)
            writeSWAR(into: line)
        #else
            writePortable(into: line)
        #endif
    }

    /// A hex digit at a time, dashes at 8, 13, 18 and 23: any byte order.
    func writePortable(into line: LineBuffer) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { hex in
            for (half, value) in [(0, high), (1, low)] {
                for nibble in (0..<16).reversed() {
                    let position = half * 16 + (15 - nibble)
                    if position == 8 || position == 12 || position == 16 || position == 20 {
                        line.append(UInt8(ascii: "-"))
                    }
                    line.append(hex[Int((value >> UInt64(nibble * 4)) & 0xF)])
                }
            }
        }
    }

    /// The little-endian fast path of `write(into:)`.
    func writeSWAR(into line: LineBuffer) {
        line.reserve(36)
        let raw = UnsafeMutableRawPointer(line.base + line.count)
        let (h0, h1) = Self.hexDigits(high)
        let (l0, l1) = Self.hexDigits(low)
        // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
        raw.storeBytes(of: h0, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: h1), toByteOffset: 9, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: h1 >> 32), toByteOffset: 14, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: l0), toByteOffset: 19, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: l0 >> 32), toByteOffset: 24, as: UInt32.self)
        raw.storeBytes(of: l1, toByteOffset: 28, as: UInt64.self)
        line.advance(by: 36)
    }

    /// The sixteen lower-case hex digits of `value`, most significant first, as two words to
    /// store in memory order (little-endian): the first eight digits, then the last eight.
    @inline(__always)
    static func hexDigits(_ value: UInt64) -> (UInt64, UInt64) {
        (hexDigits(UInt32(truncatingIfNeeded: value >> 32)), hexDigits(UInt32(truncatingIfNeeded: value)))
    }

    /// The eight hex digits of `value`, the most significant in the lowest byte.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        // Its bytes, most significant first in memory, one per 16-bit lane.
        var x = UInt64(value.byteSwapped)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        // In each lane, the high nibble in the first byte and the low one in the second.
        let nibbles = ((x >> 4) & 0x000F_000F_000F_000F) | ((x & 0x000F_000F_000F_000F) << 8)
        // 0-9 → '0'-'9', 10-15 → 'a'-'f': add '0', and 39 more where the nibble is above 9.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39
    }

    public var string: String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Deterministic identifiers from a seed (SplitMix64), so that the same replay gives the same
/// `messageId`s and `anonymousId` byte for byte, and another seed gives others.
package struct IDGenerator: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed ^ 0x9E37_79B9_7F4A_7C15
    }

    public mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func next() -> UUIDValue {
        UUIDValue(high: nextUInt64(), low: nextUInt64())
    }
}
