/// A duration in whole milliseconds, as written in `dwell` and in a script's `wait`: `10s`,
/// `2.5s`, `300ms`, `1m`, `4h`, `1d`. Milliseconds keep the virtual clock exact and output deterministic.
public struct TimeSpan: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The longest `wait` a script may write: a year. Longer waits are almost always a unit
    /// typo (`9999999999m`), and the bound keeps the virtual clock far from overflow.
    public static let longestWait = TimeSpan(milliseconds: 365 * 86_400_000)

    /// Parses `NUMBER` followed by `ms`, `s`, `m`, `h` or `d` (`wait 4h`); nil for anything else,
    /// negatives included.
    /// A number too large for the clock saturates at `Int64.max` milliseconds, so that the
    /// caller's bound (not "not a duration") is what a user reads about it.
    public init?(parsing text: String) {
        let units: [(suffix: String, factor: Double)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite, value >= 0
            else { return nil }
            let scaled = (value * unit.factor).rounded()
            milliseconds = scaled < 9e18 ? Int64(scaled) : .max
            return
        }
        return nil
    }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// In the largest unit that writes it exactly (`4h`, `90s`, `1500ms`), as a script would.
    public var description: String {
        for (suffix, factor) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds != 0 && milliseconds % factor == 0 {
            return "\(milliseconds / factor)\(suffix)"
        }
        return milliseconds == 0 ? "0s" : "\(milliseconds)ms"
    }
}
