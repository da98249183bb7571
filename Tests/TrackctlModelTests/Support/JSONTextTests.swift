import Foundation
import Testing

@testable import TrackctlModel

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
