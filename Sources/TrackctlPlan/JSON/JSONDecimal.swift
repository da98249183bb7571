import Foundation

/// A JSON number exactly as written, compared by value at any size: `1e400`, a 20-digit
/// integer and `0.1` are what they say, never what a `Double` rounds them to (SPEC §14: "numbers
/// compare by value at any size"). `1.0` is the integer 1, as JSON Schema says.
///
/// Stored normalised — sign, significant digits without leading or trailing zeros, and a
/// power of ten — so two spellings of one value are one representation and `==` is by value.
public struct JSONDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let isNegative: Bool
    /// The significant digits (0…9), most significant first; empty for zero.
    public let digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    public let exponent: Int

    /// Exponents beyond this are clamped: no plan or event means 10^(10^9), and clamping keeps
    /// the arithmetic in `Int`.
    private static let exponentLimit = 1_000_000_000

    private init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        var leading = 0
        while leading < digits.count, digits[leading] == 0 { leading += 1 }
        if leading > 0 { digits.removeFirst(leading) }
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = digits.isEmpty ? false : isNegative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : max(-Self.exponentLimit, min(Self.exponentLimit, exponent))
    }

    /// Reads JSON number syntax (`-12.5e3`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
            digits.append(byte - 0x30)
            sawDigit = true
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            var fraction = false
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                digits.append(byte - 0x30)
                exponent -= 1
                fraction = true
                bytes = bytes.dropFirst()
            }
            guard fraction else { return nil }
        }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            var written = 0
            var sawExponentDigit = false
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                written = min(written * 10 + Int(byte - 0x30), 2 * Self.exponentLimit)
                sawExponentDigit = true
                bytes = bytes.dropFirst()
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard bytes.isEmpty else { return nil }
        self.init(isNegative: negative, digits: digits, exponent: exponent)
    }

    public init(_ value: Int64) {
        self.init(isNegative: value < 0, digits: Array(String(value.magnitude).utf8).map { $0 - 0x30 }, exponent: 0)
    }

    /// A finite double by its shortest round-tripping decimal text (`0.1` is 0.1).
    public init?(double value: Double) {
        guard value.isFinite else { return nil }
        self.init(String(value).replacingOccurrences(of: "e+", with: "e"))
    }

    public static let zero = JSONDecimal(Int64(0))

    public var isZero: Bool { digits.isEmpty }

    /// An integer by value: `1.0` and `1e2` are, `1.5` is not.
    public var isInteger: Bool { digits.isEmpty || exponent >= 0 }

    /// The nearest double (for messages and the cheap paths only, never for comparisons).
    public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

    /// The value as an `Int64`, when it is an integer that fits.
    public var int64Value: Int64? {
        guard isInteger, digits.count + exponent <= 19 else { return nil }
        return Int64(description)
    }

    /// Plain decimal text for moderate exponents (`12`, `0.5`, `-1200`), scientific beyond them (`1e400`).
    public var description: String {
        if digits.isEmpty { return "0" }
        let text = String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
        let sign = isNegative ? "-" : ""
        if exponent >= 0, exponent + digits.count <= 21 { return sign + text + String(repeating: "0", count: exponent) }
        if exponent < 0, -exponent < digits.count {
            return sign + String(text.dropLast(-exponent)) + "." + String(text.suffix(-exponent))
        }
        if exponent < 0, -exponent - digits.count < 6 {
            return sign + "0." + String(repeating: "0", count: -exponent - digits.count) + text
        }
        let first = String(text.prefix(1)), rest = String(text.dropFirst())
        return sign + first + (rest.isEmpty ? "" : "." + rest) + "e" + String(exponent + digits.count - 1)
    }

    public static func < (lhs: JSONDecimal, rhs: JSONDecimal) -> Bool { compare(lhs, rhs) < 0 }

    /// -1, 0 or 1.
    public static func compare(_ lhs: JSONDecimal, _ rhs: JSONDecimal) -> Int {
        let lhsSign = lhs.digits.isEmpty ? 0 : (lhs.isNegative ? -1 : 1)
        let rhsSign = rhs.digits.isEmpty ? 0 : (rhs.isNegative ? -1 : 1)
        if lhsSign != rhsSign { return lhsSign < rhsSign ? -1 : 1 }
        if lhsSign == 0 { return 0 }
        let magnitude = compareMagnitude(lhs, rhs)
        return lhsSign > 0 ? magnitude : -magnitude
    }

    private static func compareMagnitude(_ lhs: JSONDecimal, _ rhs: JSONDecimal) -> Int {
        let lhsOrder = lhs.digits.count + lhs.exponent, rhsOrder = rhs.digits.count + rhs.exponent
        if lhsOrder != rhsOrder { return lhsOrder < rhsOrder ? -1 : 1 }
        for index in 0..<max(lhs.digits.count, rhs.digits.count) {
            let a = index < lhs.digits.count ? lhs.digits[index] : 0
            let b = index < rhs.digits.count ? rhs.digits[index] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// Whether `self ÷ divisor` is an integer, exactly (`0.3` is a multiple of `0.1`; `1e308` is
    /// not one of `0.123456789`). `divisor` is positive (the plan checks `multipleOf > 0`).
    public func isMultiple(of divisor: JSONDecimal) -> Bool {
        if digits.isEmpty { return true }
        if divisor.digits.isEmpty { return false }
        // self = a × 10^ea, divisor = b × 10^eb, neither a nor b ends in 0: the quotient is
        // (a / b) × 10^(ea − eb). With ea < eb the quotient needs a to hold a factor 10, which
        // a number without trailing zeros never does.
        let shift = exponent - divisor.exponent
        if shift < 0 { return false }
        return Self.remainder(digits, zeros: shift, dividedBy: divisor.digits) == 0
    }

    /// `(digits followed by zeros) mod divisor` is zero (0) or not (1).
    private static func remainder(_ digits: [UInt8], zeros: Int, dividedBy divisor: [UInt8]) -> Int {
        if divisor.count <= 18 {
            var modulus: UInt64 = 0
            for digit in divisor { modulus = modulus * 10 + UInt64(digit) }
            var value: UInt64 = 0
            for digit in digits { value = mulMod(value, 10, modulus) &+ UInt64(digit); value %= modulus }
            value = mulMod(value, powMod(10, zeros, modulus), modulus)
            return value == 0 ? 0 : 1
        }
        // A divisor of more than 18 digits: schoolbook remainder on decimal digits (rare; the
        // trailing zeros are bounded by what a real plan writes).
        var rest: [UInt8] = []
        func step(_ digit: UInt8) {
            rest.append(digit)
            while let first = rest.first, first == 0, rest.count > 1 { rest.removeFirst() }
            while !lessThan(rest, divisor) { rest = subtract(rest, divisor) }
        }
        digits.forEach(step)
        for _ in 0..<min(zeros, 100_000) { step(0) }
        return rest.allSatisfy { $0 == 0 } ? 0 : 1
    }

    private static func mulMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func powMod(_ base: UInt64, _ exponent: Int, _ m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m, power = base % m, rest = exponent
        while rest > 0 {
            if rest & 1 == 1 { result = mulMod(result, power, m) }
            power = mulMod(power, power, m)
            rest >>= 1
        }
        return result
    }

    /// Decimal digit arrays without leading zeros (or `[0]`).
    private static func lessThan(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let a = a.drop { $0 == 0 }, b = b.drop { $0 == 0 }
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }

    private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a
        var borrow = 0
        var j = b.count - 1
        for i in stride(from: result.count - 1, through: 0, by: -1) {
            var value = Int(result[i]) - borrow - (j >= 0 ? Int(b[j]) : 0)
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 10 }
            result[i] = UInt8(value)
            j -= 1
        }
        return Array(result.drop { $0 == 0 }.isEmpty ? [0] : result.drop { $0 == 0 })
    }
}
