import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// What `merge` reads of a line: the top-level `timestamp` only (found by a scan, not a
/// parse), as the instant any ISO 8601 form names.
@Suite("Merge reading")
struct EventStreamMergeTests {
    /// Every form names the instant it should, to the nanosecond (RFC 3339 §5.6 and ISO 8601's
    /// basic form); a form without a zone, or out of range, is refused.
    @Test(arguments: [
        ("2026-01-01T00:00:00Z", 1_767_225_600, 0),
        ("2026-01-01T00:00:00.5Z", 1_767_225_600, 500_000_000),
        ("2026-01-01T00:00:00.123456789Z", 1_767_225_600, 123_456_789),
        ("2026-01-01T01:00:00+01:00", 1_767_225_600, 0),
        ("2025-12-31T19:00:00-0500", 1_767_225_600, 0),
        ("2026-01-01T05:30:00+05:30", 1_767_225_600, 0),
        ("2026-01-01T03:00:00+03", 1_767_225_600, 0),
        ("20260101T000000Z", 1_767_225_600, 0),
        ("2026-01-01t00:00z", 1_767_225_600, 0),
        ("2026-01-01 00:00:00,25Z", 1_767_225_600, 250_000_000),
        ("2024-02-29T12:00:00Z", 1_709_208_000, 0),
        ("2026-01-01T24:00:00Z", 1_767_312_000, 0)
    ])
    func everyFormNamesItsInstant(text: String, seconds: Int64, nanoseconds: Int32) {
        #expect(ISO8601Instant(text) == ISO8601Instant(seconds: seconds, nanoseconds: nanoseconds))
    }

    @Test(arguments: [
        "2026-01-01T00:00:00", "2026-01-01", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2026-01-01T25:00:00Z",
        "2026-01-01T00:00:00.1234567890Z", "2026-01-01T00:00:00.Z", "2026-01-01T24:00:01Z", "yesterday",
        "2026-01-01T00:00:00Zjunk"
    ])
    func whatIsNotADateTimeWithAZoneIsRefused(text: String) {
        #expect(ISO8601Instant(text) == nil)
    }

    /// The top-level key, not one nested in `properties` or inside a string; escaped quotes in
    /// strings do not end them.
    @Test(
        arguments: [
            (
                #"{"properties":{"timestamp":"1999-01-01T00:00:00Z"},"timestamp":"2026-01-01T00:00:00Z"}"#,
                "2026-01-01T00:00:00Z"
            ),
            (#"{"event":"say \"timestamp\":\"x\"","timestamp" : "2026-01-01T00:00:00Z"}"#, "2026-01-01T00:00:00Z"),
            (#"{"list":["timestamp",{"timestamp":"a"}],"timestamp":"b"}"#, "b"),
            (#"{"event":"timestamp"}"#, nil),
            (#"{"timestamp":12}"#, nil),
            // The search from the end: a compact key nested last is not the event's, whatever
            // follows the top-level one; braces inside strings are not levels.
            (#"{"timestamp":"a","properties":{"timestamp":"b"}}"#, "a"),
            (#"{"a":1,"timestamp":"x","b":[1,{"c":"}]"}],"d":"{"}   "#, "x"),
            (#"{"timestamp":"a\"b","c":"\\"}"#, #"a\"b"#),
            (#"{"x":{"y":1},"timestamp":"t"}"#, "t")
        ] as [(String, String?)])
    func theTopLevelTimestampIsFound(line: String, expected: String?) {
        let bytes = Array(line.utf8)
        let found = bytes.withUnsafeBytes { raw -> String? in
            guard case .found(let range) = TimestampField.locate(in: raw) else { return nil }
            return String(decoding: raw[range], as: UTF8.self)
        }
        #expect(found == expected)
    }

    @Test func blankAndNonObjectLinesAreToldApart() {
        func locate(_ text: String) -> TimestampField.Location {
            Array(text.utf8).withUnsafeBytes { TimestampField.locate(in: $0) }
        }
        #expect(locate("   ") == .blank)
        #expect(locate("[1,2]") == .notAnObject)
        #expect(locate(#"[{"timestamp":"2026-01-01T00:00:00Z"}]"#) == .notAnObject)
        #expect(locate("{\"a\":1}") == .missing)
    }
}
