import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Event encoding")
struct EventEncoderTests {
    let encoder = EventEncoder(anonymousID: UUIDValue(high: 1, low: 2))

    @Test func keysComeInTheDocumentedOrder() {
        let event = Event(
            kind: .screen, name: "Main screen", properties: [("class", .string("ZOCMainViewController"))],
            context: EventContext(screen: "Main screen", previousScreen: nil, stack: ["Main screen"], step: 1),
            timestamp: Timestamp.defaultStart + 350, messageID: UUIDValue(high: 3, low: 4))
        #expect(
            encoder.line(event)
                == #"{"type":"screen","name":"Main "#
                + #"screen","properties":{"class":"ZOCMainViewController"},"context":{"app":{"name":"Demo","#
                + #""version":"1.0","build":"1","namespace":"com.example.demo"},"#
                + #""device":{"manufacturer":"Apple","model":"iPhone18,3","type":"ios"},"#
                + #""os":{"name":"iOS","version":"26.1"},"screen":{"width":402,"height":874,"#
                + #""density":3},"locale":"en-US","timezone":"UTC","library":{"name":"trackctl","#
                + #""version":"0.2.0"},"navigation":{"screen":"Main "#
                + #"screen","previousScreen":null,"stack":["Main "# + #"screen"]},"step":1},"#
                + #""messageId":"00000000-0000-4003-8000-000000000004","#
                + #""anonymousId":"00000000-0000-4001-8000-000000000002","#
                + #""timestamp":"2026-01-01T00:00:00.350Z","# + #""originalTimestamp":"2026-01-01T00:00:00.350Z"}"#
                + "\n")
    }

    /// The device profile, app, locale and time zone are written as given; a user id and a
    /// script follow where SPEC §5 puts them; a trace carries the navigation and step only.
    @Test func theEnvironmentIdentityAndScriptGoWhereSPECPutsThem() throws {
        let environment = EventEnvironment(
            app: AppProfile(name: "Shop \"β\"", version: "2.3", build: "45"),
            device: DeviceProfile.named("ipad-pro-11-m4")!,
            locale: "fr-CA", timezone: "America/Toronto")
        let encoder = EventEncoder(anonymousID: UUIDValue(high: 1, low: 2), environment: environment)
        encoder.setIdentity(anonymousID: UUIDValue(high: 5, low: 6), userID: "user-42")
        let event = Event(
            kind: .identify, name: "user-42", properties: [("plan", .string("gold")), ("seats", .integer(3))],
            context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 7, script: "a.trackscript"),
            timestamp: 0, messageID: UUIDValue(high: 3, low: 4))
        #expect(
            encoder.line(event)
                == #"{"type":"identify","traits":{"plan":"gold","seats":3},"context":{"app":{"name":"Shop "#
                + #"\"β\"","version":"2.3","build":"45"},"device":{"manufacturer":"Apple","model":"iPad16,3","#
                + #""type":"ios"},"os":{"name":"iPadOS","version":"26.1"},"screen":{"width":834,"height":1210,"#
                + #""density":2},"locale":"fr-CA","timezone":"America/Toronto","#
                + #""library":{"name":"trackctl","version":"0.2.0"},"navigation":{"screen":null,"#
                + #""previousScreen":null,"stack":[]},"step":7,"script":"a.trackscript"},"#
                + #""messageId":"00000000-0000-4003-8000-000000000004","#
                + #""anonymousId":"00000000-0000-4005-8000-000000000006","#
                + #""userId":"user-42","timestamp":"1970-01-01T00:00:00.000Z","#
                + #""originalTimestamp":"1970-01-01T00:00:00.000Z"}"#
                + "\n")
        let trace = Event(
            kind: .trace, name: "viewDidLoad", properties: [],
            context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 1), timestamp: 0)
        #expect(
            encoder.line(trace)
                == #"{"type":"trace","name":"viewDidLoad","properties":{},"context":{"navigation":{"screen":null,"#
                + #""previousScreen":null,"stack":[]},"step":1},"timestamp":"1970-01-01T00:00:00.000Z"}"#
                + "\n")
    }

    @Test func stringsAreEscapedAndValuesTyped() throws {
        let event = Event(
            kind: .track, name: "Say \"hi\"\n\\ é 😀 \u{1}",
            properties: [("n", .integer(-42)), ("r", .real(2.5)), ("b", .bool(true)), ("z", .null)],
            context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 9), timestamp: 0,
            messageID: UUIDValue(high: 0, low: 0))
        let line = encoder.line(event)
        #expect(line.contains(#""event":"Say \"hi\"\n\\ é 😀 \u0001""#))
        #expect(line.contains(#""properties":{"n":-42,"r":2.5,"b":true,"z":null}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "Say \"hi\"\n\\ é 😀 \u{1}")
        #expect(object["timestamp"] as? String == "1970-01-01T00:00:00.000Z")
    }

    @Test(arguments: [
        ("2026-01-01T00:00:00.350Z", Int64(1_767_225_600_350)),
        ("2024-02-29T23:59:59.999Z", Int64(1_709_251_199_999)),
        ("1969-12-31T23:59:59.000Z", Int64(-1000)),
        ("0000-01-01T00:00:00.000Z", Timestamp.writable.lowerBound),
        ("9999-12-31T23:59:59.999Z", Timestamp.writable.upperBound)
    ])
    func timestampsRoundTrip(text: String, milliseconds: Int64) {
        #expect(Timestamp.string(milliseconds) == text)
        #expect(Timestamp.parse(text) == milliseconds)
    }

    @Test func integersAreWrittenInFullAtEveryLength() {
        var values: [Int64] = [0, 7, -7, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, 3 * power + 42]
        }
        for value in values {
            let line = LineBuffer(capacity: 1)
            line.append(UInt8(ascii: "["))
            EventEncoder.writeInteger(value, into: line)
            #expect(String(decoding: line.bytes, as: UTF8.self) == "[\(value)", "\(value)")
        }
    }

    /// The cache rewrites the time of day in place and the whole text on a new day: every
    /// event of a sequence must still get its own exact timestamp.
    @Test func cachedTimestampsMatchFormattedOnes() {
        var cache = TimestampCache()
        let line = LineBuffer()
        let times: [Int64] = [
            Timestamp.defaultStart, Timestamp.defaultStart, Timestamp.defaultStart + 350,
            Timestamp.defaultStart + 86_399_999,
            Timestamp.defaultStart + 86_400_000, Timestamp.defaultStart + 86_400_000 + 3_723_004, -1, 0,
            1_709_251_199_999
        ]
        for time in times {
            line.removeAll()
            cache.write(time, into: line)
            #expect(String(decoding: line.bytes, as: UTF8.self) == Timestamp.string(time), "\(time)")
        }
    }

    @Test func timestampsWithoutMillisecondsParseAndNonsenseDoesNot() {
        #expect(Timestamp.parse("2026-01-01T00:00:00Z") == Timestamp.defaultStart)
        #expect(Timestamp.parse("2026-13-01T00:00:00Z") == nil)
        #expect(Timestamp.parse("yesterday") == nil)
    }

    @Test func idsDependOnTheSeedOnly() {
        var a = IDGenerator(seed: 5), b = IDGenerator(seed: 5), c = IDGenerator(seed: 6)
        let first = a.next()
        #expect(first == b.next())
        #expect(first != c.next())
        #expect(first.string.count == 36)
        #expect(Array(first.string)[14] == "4")
    }
}

/// Event lines go through the same escaper: a label with a line separator stays one line.
@Suite("Event line escaping")
struct EventLineEscapingTests {
    @Test func lineSeparatorsAndDELAreEscapedInEvents() {
        let event = Event(
            kind: .track, name: "a\u{2028}b\u{7F}", properties: [("note", .string("p\u{2029}q"))],
            context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 1), timestamp: 0)
        let line = EventEncoder(anonymousID: UUIDValue(high: 0, low: 0)).line(event)
        #expect(line.contains(#""event":"a\u2028b\u007f""#))
        #expect(line.contains(#""note":"p\u2029q""#))
        #expect(!line.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0x7F })
    }
}
