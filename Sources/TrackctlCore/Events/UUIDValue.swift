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

    /// The 36 ASCII bytes of the canonical form, written in place.
    func write(into line: LineBuffer) {
        line.reserve(36)
        let raw = line.base + line.count
        // Byte by byte through a 256-entry table of two hex digits, dashes at 8, 13, 18, 23.
        var position = 0
        // The 16 bytes in order, each through a 256-entry table of two hex digits; dashes
        // after bytes 4, 6, 8 and 10.
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { bytes in
            Self.hexPairs.withUnsafeBufferPointer { table in
                for index in 0..<16 {
                    let pair = table[Int(bytes[index])]
                    raw[position] = UInt8(truncatingIfNeeded: pair >> 8)
                    raw[position + 1] = UInt8(truncatingIfNeeded: pair)
                    position += 2
                    if index == 3 || index == 5 || index == 7 || index == 9 {
                        raw[position] = UInt8(ascii: "-")
                        position += 1
                    }
                }
            }
        }
        line.advance(by: 36)
    }

    /// For each byte value, its two lower-case hex digits (high digit in the high byte).
    private static let hexPairs: [UInt16] = (0..<256).map { UInt16(hexDigit(UInt8($0 >> 4))) << 8 | UInt16(hexDigit(UInt8($0 & 0xF))) }

    public var string: String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Deterministic identifiers from a seed (SplitMix64), so that the same replay gives the same
/// `messageId`s and `anonymousId` byte for byte, and another seed gives others.
public struct IDGenerator: Sendable {
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
