/// Formats doubles the way JSON writers commonly do: integral values with `.0` dropped.
package enum JSONNumber {
    package static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.isFinite ? "\(value)" : "null"
    }
}
