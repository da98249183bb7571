/// A duration in whole milliseconds, as written in `dwell` and in a script's `wait`: `10s`,
/// `2.5s`, `300ms`, `1m`. Milliseconds keep the virtual clock exact and output deterministic.
public struct TimeSpan: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Parses `NUMBER` followed by `ms`, `s` or `m`; nil for anything else, negatives included.
    public init?(parsing text: String) {
        let units: [(suffix: String, factor: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(number), value.isFinite, value >= 0, value * unit.factor < 1e15
            else { return nil }
            milliseconds = Int64((value * unit.factor).rounded())
            return
        }
        return nil
    }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public var description: String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
