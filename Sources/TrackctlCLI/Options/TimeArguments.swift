import Foundation
import TrackctlCore
import TrackctlModel

/// `--clock`: a fixed start, or the wall clock's `now`.
enum ClockStart: ArgumentValue {
    case fixed(Int64)
    case now

    init(argument text: String, for name: String) throws(UsageError) {
        if text == "now" { self = .now; return }
        if let value = Timestamp.parse(text) {
            self = .fixed(value)
            return
        }
        // An offset (`+02:00`), as `merge` reads it: the same instant in UTC.
        guard let instant = ISO8601Instant(text) else {
            throw UsageError(
                message:
                    "'\(name)' needs an ISO 8601 time such as 2026-01-01T00:00:00Z or 2026-01-01T10:00:00+02:00, or "
                    + "'now'; not '\(Spelling.quote(text))'"
            )
        }
        self = .fixed(instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000))
    }

    /// Milliseconds since the Unix epoch; `now` reads the wall clock, only when asked to.
    var milliseconds: Int64 {
        switch self {
        case .fixed(let value): return value
        case .now: return Int64(Date().timeIntervalSince1970 * 1000)
        }
    }
}

/// `--span`: a duration from 1 ms to a year.
struct Span: ArgumentValue {
    var milliseconds: Int64

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    init(argument text: String, for name: String) throws(UsageError) {
        guard let span = DurationText.parse(text), span.milliseconds >= 1, span <= TimeSpan.longestWait else {
            throw UsageError(
                message: "'\(name)' needs a duration from 1ms to 365d, such as 1d or 12h; not '\(Spelling.quote(text))'"
            )
        }
        milliseconds = span.milliseconds
    }
}

/// A wall-clock duration: `500ms`, `2s`, `1m`.
struct WallDuration: ArgumentValue {
    var milliseconds: Int

    init(argument text: String, for name: String) throws(UsageError) {
        guard let span = DurationText.parse(text), span.milliseconds <= 3_600_000 else {
            throw UsageError(
                message:
                    "'\(name)' needs a duration up to an hour, such as 500ms, 2s or 1m; not '\(Spelling.quote(text))'")
        }
        milliseconds = Int(span.milliseconds)
    }
}

/// One duration syntax for every option (review 2026-11-27 newcomer #6): `500ms`, `2s`, `1m`,
/// `4h`, `1d`, and a bare number, which is seconds (`30`, `2.5`).
enum DurationText {
    static func parse(_ text: String) -> TimeSpan? {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1
        {
            return TimeSpan(parsing: text + "s")
        }
        return TimeSpan(parsing: text)
    }
}

/// A timeout in whole seconds, from 1 s to an hour, written as any duration (`30`, `30s`, `1m`).
struct WholeSeconds: ArgumentValue {
    var seconds: Int

    init(_ seconds: Int) { self.seconds = seconds }

    init(argument text: String, for name: String) throws(UsageError) {
        guard let span = DurationText.parse(text), span.milliseconds % 1000 == 0,
            (1_000...3_600_000).contains(span.milliseconds)
        else {
            throw UsageError(
                message:
                    "'\(name)' needs whole seconds from 1s to 1h, such as 30, 30s or 2m; not '\(Spelling.quote(text))'")
        }
        seconds = Int(span.milliseconds / 1000)
    }
}
