import Testing

@testable import TrackctlModel

/// The dozen top-level fields of a call that `collect`'s rules read, taken from the bytes as sent
/// (escapes decoded, kinds told apart) without building the call.
@Suite("Call fields")
struct CallFieldsTests {
    @Test func aCallsFieldsAreReadAsSent() {
        let body = Array(
            (#"{ "batch": [ {"type":"track", "event":"A\u0042", "anonymousId":7,"properties":{"x":1,"y":[2]}} "#
                + #",{"type":"screen"} ],"writeKey":"K"}"#).utf8)
        let ranges = RawJSON.elementRanges(ofList: "batch", in: body) ?? []
        #expect(ranges.count == 2)
        let fields = CallFields(bytes: body, range: ranges[0])
        #expect(fields.string("event") == "AB")
        #expect(fields.kind("anonymousId") == .integer)
        #expect(fields.propertyKeys == ["x", "y"])
        #expect(CallFields(bytes: body, range: ranges[1]).string("type") == "screen")
    }
}
