/// ISO 8601 timestamps with milliseconds in UTC (`2026-01-01T00:00:00.350Z`), written
/// directly as bytes: a date formatter per event would dominate a million-event replay.
public enum Timestamp {
    /// 2026-01-01T00:00:00Z, the default start of the virtual clock.
    public static let defaultStart: Int64 = 1_767_225_600_000
    /// The times a timestamp can write in its four-digit year: 0000-01-01T00:00:00.000Z to
    /// 9999-12-31T23:59:59.999Z. The virtual clock stays inside (SPEC §8): a step that would
    /// take it past the end stops the replay with a located error instead of writing year 0000.
    public static let writable: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// Appends the 24 bytes of `milliseconds` since the epoch.
    public static func write(_ milliseconds: Int64, into buffer: inout [UInt8]) {
        let (days, msOfDay) = milliseconds.quotientAndRemainderFloored(dividingBy: 86_400_000)
        let (year, month, day) = civilDate(fromDays: days)
        put(year, 4, &buffer); buffer.append(UInt8(ascii: "-"))
        put(month, 2, &buffer); buffer.append(UInt8(ascii: "-"))
        put(day, 2, &buffer); buffer.append(UInt8(ascii: "T"))
        put(msOfDay / 3_600_000, 2, &buffer); buffer.append(UInt8(ascii: ":"))
        put(msOfDay / 60_000 % 60, 2, &buffer); buffer.append(UInt8(ascii: ":"))
        put(msOfDay / 1000 % 60, 2, &buffer); buffer.append(UInt8(ascii: "."))
        put(msOfDay % 1000, 3, &buffer); buffer.append(UInt8(ascii: "Z"))
    }

    public static func string(_ milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        write(milliseconds, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.mmm]Z`; nil otherwise.
    public static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var value: Int64 = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int64(b[i] - 0x30)
            }
            return value
        }
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b.last == UInt8(ascii: "Z"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var millis: Int64 = 0
        if b.count == 24, b[19] == UInt8(ascii: ".") {
            guard let ms = number(20, 3) else { return nil }
            millis = ms
        } else if b.count != 20 {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + millis
    }

    private static func put(_ value: Int64, _ digits: Int, _ buffer: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        var v = value
        while divisor > 0 {
            buffer.append(UInt8(0x30 + (v / divisor) % 10))
            v %= divisor
            divisor /= 10
        }
    }

    // Howard Hinnant's civil-from-days and days-from-civil algorithms.
    private static func civilDate(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

extension Int64 {
    /// Division rounding toward negative infinity, so dates before 1970 format correctly.
    package func quotientAndRemainderFloored(dividingBy divisor: Int64) -> (Int64, Int64) {
        var (q, r) = quotientAndRemainder(dividingBy: divisor)
        if r < 0 { q -= 1; r += divisor }
        return (q, r)
    }
}
