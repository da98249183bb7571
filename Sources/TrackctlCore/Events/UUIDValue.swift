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
        var position = 0
        func put(_ value: UInt64, _ nibbles: Int) {
            var shift = (nibbles - 1) * 4
            while shift >= 0 {
                raw[position] = hexDigit(UInt8((value >> UInt64(shift)) & 0xF))
                position += 1
                shift -= 4
            }
        }
        func dash() { raw[position] = UInt8(ascii: "-"); position += 1 }
        put(high >> 32, 8); dash()
        put((high >> 16) & 0xFFFF, 4); dash()
        put(high & 0xFFFF, 4); dash()
        put(low >> 48, 4); dash()
        put(low & 0xFFFF_FFFF_FFFF, 12)
        line.advance(by: 36)
    }

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
