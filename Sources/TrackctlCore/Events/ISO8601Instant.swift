import TrackctlModel

/// An instant written in any ISO 8601 date-time form (RFC 3339 and the rest): `merge` orders
/// lines by it, whatever wrote them (SPEC §12). Extended (`2026-01-01T12:30:00.5+01:00`) or
/// basic (`20260101T123000Z`) form; seconds optional; a fraction of 0 to 9 digits after `.` or
/// `,`; `Z` or an offset `±hh`, `±hhmm`, `±hh:mm`; `T`, `t` or a space between date and time.
/// Compared exactly, to the nanosecond.
package struct ISO8601Instant: Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    package let seconds: Int64
    package let nanoseconds: Int32

    package static func < (a: ISO8601Instant, b: ISO8601Instant) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    package var description: String {
        Timestamp.string(seconds * 1000 + Int64(nanoseconds / 1_000_000))
    }

    package init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    package init?(_ text: String) {
        guard let instant = Array(text.utf8).withUnsafeBytes({ Self.parse($0) }) else { return nil }
        self = instant
    }

    /// The instant `bytes` write, or nil when they are not an ISO 8601 date-time with a zone.
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> ISO8601Instant? {
        var cursor = Cursor(bytes: bytes)
        // The date: YYYY-MM-DD or YYYYMMDD.
        guard let year = cursor.digits(4) else { return nil }
        let extended = cursor.take(UInt8(ascii: "-"))
        guard let month = cursor.digits(2), !extended || cursor.take(UInt8(ascii: "-")), let day = cursor.digits(2),
            (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        guard cursor.take(UInt8(ascii: "T")) || cursor.take(UInt8(ascii: "t")) || cursor.take(UInt8(ascii: " ")) else {
            return nil
        }
        // The time: hh:mm[:ss] or hhmm[ss], then a fraction.
        guard let hour = cursor.digits(2), !extended || cursor.take(UInt8(ascii: ":")), let minute = cursor.digits(2),
            hour <= 24, minute < 60
        else {
            return nil
        }
        var second: Int64 = 0
        if extended ? cursor.take(UInt8(ascii: ":")) : cursor.atDigit {
            guard let value = cursor.digits(2), value <= 60 else { return nil }
            second = value
        }
        var nanoseconds: Int64 = 0
        if cursor.take(UInt8(ascii: ".")) || cursor.take(UInt8(ascii: ",")) {
            var written = 0
            while cursor.atDigit {
                guard written < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + Int64(cursor.next() - 0x30)
                written += 1
            }
            guard written > 0 else { return nil }
            for _ in written..<9 { nanoseconds *= 10 }
        }
        guard hour < 24 || (minute == 0 && second == 0 && nanoseconds == 0) else { return nil }
        // The zone: Z, or ±hh[[:]mm].
        var offset: Int64 = 0
        if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) {
        } else if cursor.take(UInt8(ascii: "+")) || cursor.take(UInt8(ascii: "-")) {
            let sign: Int64 = bytes[cursor.index - 1] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = cursor.digits(2), hours < 24 else { return nil }
            var minutes: Int64 = 0
            if cursor.take(UInt8(ascii: ":")) || !cursor.atEnd {
                guard let value = cursor.digits(2), value < 60 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard cursor.atEnd else { return nil }
        // A leap second (:60) counts as the next second's start, as POSIX time does.
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return ISO8601Instant(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    /// A read position in the bytes being parsed. A struct of its own rather than a `var`
    /// captured by nested functions: captured, the index is boxed and every access checked for
    /// exclusivity, which `merge` (a parse per line) paid for.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var atDigit: Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }

        /// The next byte; only after `atDigit` (or another check) says there is one.
        mutating func next() -> UInt8 {
            defer { index += 1 }
            return bytes[index]
        }

        /// The value of the next `n` decimal digits, consumed; nil (nothing consumed) otherwise.
        mutating func digits(_ n: Int) -> Int64? {
            guard index + n <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<n {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += n
            return value
        }

        /// Consumes `byte` when it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
    }

    private static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
