import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// JSON string literals written by hand: every string a catalog or report may hold must come
/// back the same through a JSON reader.
@Suite("JSON text")
struct JSONTextTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("\u{1}\u{1F}\u{7F}", "\"\\u0001\\u001f\\u007f\""),
        ("line\u{2028}para\u{2029}", "\"line\\u2028para\\u2029\""),
        ("café ✓ 🎉", "\"café ✓ 🎉\""),
        ("", "\"\"")
    ])
    func quoted(text: String, literal: String) throws {
        #expect(JSONText.quoted(text) == literal)
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + literal + "]").utf8)) as? [String]
        #expect(decoded == [text])
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
