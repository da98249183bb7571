import Testing

@testable import TrackctlModel

/// `RawJSON`, collect's tree-free reading of a batch: it must accept exactly what the document
/// reader accepts (its scans trust a body it accepted), and find the same calls and fields.
@Suite("Raw JSON")
struct RawJSONTests {
    static let corpus = [
        #"{}"#, #"[]"#, #"{"a":1}"#, #" { "a" : [ 1 , 2.5e-3 , -0 , true , false , null ] } "#,
        #"{"s":"\"\\\/\b\f\n\r\t\u00e9"}"#,
        #"{"batch":[{"type":"track","event":"A"},{"type":"screen","name":"B"}],"sentAt":"x"}"#, #""text""#, "0",
        "-12.5E+3",
        // Malformed:
        "", " ", "{", "}", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, "[1,]", "[1 2]", "01", "1.", "-", ".5", "1e", "tru",
        "nul",
        #"{"a":"\x"}"#, #"{"a":"\u12"}"#, "1e400", "-1E999", #""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#,
        // Valid again: a surrogate pair, a small exponent.
        #""\ud83d\ude00""#, "1e-400", "2.5E10", "\"unterminated", "{\"a\":\"line\nbreak\"}", #"{"a":1}x"#, "{'a':1}",
        "[1]]", "{\"a\":1}}"
    ]

    @Test(arguments: corpus)
    func acceptsExactlyWhatTheDocumentReaderAccepts(text: String) {
        var reader = JSONDocumentReader(bytes: Array(text.utf8), start: 0)
        let parses = (try? reader.read()) != nil
        #expect(RawJSON.isValid(Array(text.utf8)) == parses)
    }

    @Test func deepNestingIsRefusedWithoutRecursingForever() {
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(!RawJSON.isValid(deep))
    }

    @Test func callsAreFoundAndCompactedAsSent() {
        let body = Array(
            (#"{ "batch": [ {"type":"track", "event":"A\u0042", "anonymousId":7,"properties":{"x":1,"y":[2]}} "#
                + #",{"type":"screen"} ],"writeKey":"K"}"#).utf8)
        #expect(RawJSON.isValid(body))
        let ranges = RawJSON.elementRanges(ofList: "batch", in: body) ?? []
        #expect(ranges.count == 2)
        var line: [UInt8] = []
        RawJSON.compact(body, ranges[0], into: &line)
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"type":"track","event":"A\u0042","anonymousId":7,"properties":{"x":1,"y":[2]}}"#)
        #expect(RawJSON.members(ofObjectIn: 0..<body.count, of: body)?.map(\.key) == ["batch", "writeKey"])
    }

    /// The one pass that checks a body also finds what collect reads next — the top object's
    /// members, its lists' elements, white space, the keys asked for — exactly as the separate
    /// scans find them.
    @Test(arguments: [
        #"{"batch":[{"type":"track","event":"A"},{"type":"screen","name":"B"}],"sentAt":"x"}"#,
        #" { "batch" : [ { "a" : [ 1 , {"b":"]\"}"} ] } , 2 , "three\\" ] , "empty":[], "k\u0065y" : { "sentAt" : "#
            + #"null } } "#,
        #"{"a":1}"#, #"[{"a":[1,2]}]"#, #"{}"#
    ])
    func theCheckFindsTheStructureTheScansFind(text: String) throws {
        let body = Array(text.utf8)
        let checked = RawJSON.check(body, noting: ["sentAt", "receivedAt"])
        #expect(checked.isValid)
        #expect(checked.hasSpace == text.contains(" "))
        let scanned = body.withUnsafeBufferPointer { RawJSON.memberRanges(ofObjectIn: 0..<body.count, of: $0) }
        #expect(checked.topMembers?.map(\.key) == scanned?.map(\.key))
        #expect(checked.topMembers?.map(\.value) == scanned?.map(\.value))
        for member in scanned ?? [] where body[member.value.lowerBound] == UInt8(ascii: "[") {
            let elements = body.withUnsafeBufferPointer { RawJSON.elementRanges(ofArrayIn: member.value, of: $0) }
            #expect(checked.topLists[member.value.lowerBound] == elements)
        }
        if body.first == UInt8(ascii: "[") { #expect(checked.topMembers == nil && checked.topLists.isEmpty) }
        // Keys spelled as asked, and escaped keys (which might spell one), at any depth.
        let noted = checked.notedKeys.map {
            RawJSON.decodedString(body, $0...(body[($0 + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? $0))
        }
        #expect(
            noted == (text.hasPrefix(#"{"batch""#) ? ["sentAt"] : text.contains("k\\u0065y") ? ["key", "sentAt"] : []))
        #expect(checked.notesKey(in: 0..<body.count) == !noted.isEmpty)
    }
}
