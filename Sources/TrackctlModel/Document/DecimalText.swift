/// A JSON number's exact value, read from its text: `10`, `10.0`, `1e1` and `1.00E+1` are one
/// value, `0.1` and `0.1000000000000000055511151231257827` two, and `12345678901234567890`,
/// `12345678901234567891` and `1e400` each themselves — what no `Int64` or `Double` can tell
/// (review 2026-11-27, collect N5: `diff` said `same` past 64-bit precision).
///
/// The canonical form is scientific: sign, significant digits without leading or trailing
/// zeros, and the exponent `e` of `0.d₁d₂… × 10^e`; zero has no digits and no sign. `scan` walks
/// a number's bytes once with no allocation (the hash of `diff`'s fast path feeds on it);
/// `init` keeps the digits (the comparison of two parsed values).
public struct DecimalText: Hashable, Sendable {
    public let isNegative: Bool
    /// Significant digits, 0…9, the first and last non-zero; empty for zero.
    public let digits: [UInt8]
    public let exponent: Int

    /// Exponents are saturated here: `1e999999999999999999` and `1e9999999999999999999` are one
    /// value for `diff` (no event means either).
    static let exponentLimit = 1 << 52

    /// The value of `text`, a number as RFC 8259 writes it; nil for anything else.
    public init?(_ text: String) {
        var digits: [UInt8] = []
        var copy = text
        guard
            let (negative, exponent) = copy.withUTF8({
                Self.scan(UnsafeRawBufferPointer($0), 0..<$0.count) { digits.append($0) }
            })
        else {
            return nil
        }
        isNegative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// Walks the number in `bytes[range]`, handing each significant digit (0…9) to `digit` in
    /// order — the zeros between significant digits included, the trailing ones not — and returns
    /// the sign and the exponent (both false/0 for zero); nil when the bytes are not a JSON number.
    @inline(__always)
    public static func scan(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, digit: (UInt8) -> Void) -> (
        negative: Bool, exponent: Int
    )? {
        var index = range.lowerBound
        guard index < range.upperBound else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var started = false
        var pendingZeros = 0
        var exponent = 0
        var sawDigit = false
        func take(_ value: UInt8) {
            if value == 0 {
                if started { pendingZeros += 1 }
                return
            }
            while pendingZeros > 0 { digit(0); pendingZeros -= 1 }
            started = true
            digit(value)
        }
        while index < range.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let value = bytes[index] - 0x30
            take(value)
            if started { exponent += 1 }
            sawDigit = true
            index += 1
        }
        guard sawDigit else { return nil }
        if index < range.upperBound, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var fraction = false
            while index < range.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let value = bytes[index] - 0x30
                if !started, value == 0 { exponent -= 1 }
                take(value)
                fraction = true
                index += 1
            }
            guard fraction else { return nil }
        }
        if index < range.upperBound, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < range.upperBound, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var any = false
            while index < range.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if written < exponentLimit { written = written * 10 + Int(bytes[index] - 0x30) }
                any = true
                index += 1
            }
            guard any else { return nil }
            exponent += negativeExponent ? -min(written, exponentLimit) : min(written, exponentLimit)
        }
        guard index == range.upperBound else { return nil }
        return started ? (negative, exponent) : (false, 0)
    }

    /// The Double `text` reads as, when a Double can hold it: not past ±1.8e308, and not a
    /// non-zero value below 4.9e-324 that would read as 0 (review 2026-11-27: `1e400` was
    /// refused and `1e-400` taken as 0). The one range rule of the JSON reader, collect's
    /// checker and diff's hash.
    public static func doubleInRange(_ text: String) -> Double? {
        guard let real = Double(text), real.isFinite, real != 0 || DecimalText(text)?.digits.isEmpty != false else {
            return nil
        }
        return real
    }

    /// The same value as a `Double` prints it (`Double.description`, its shortest round trip):
    /// whether `text` means exactly what a `Double` holds.
    public static func isExactlyDouble(_ text: String, _ value: Double) -> Bool {
        value.isFinite && DecimalText(text) == DecimalText(value.description)
    }
}
