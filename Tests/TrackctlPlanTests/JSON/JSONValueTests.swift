import Testing
import TrackctlPlan

/// Exact JSON values (SPEC §14: "numbers compare by value at any size, never through Double
/// alone"; strings are sequences of code points, RFC 8259 §8.3).
@Suite("Exact JSON values")
struct JSONValueTests {
    private func number(_ text: String) throws -> JSONDecimal { try #require(JSONDecimal(text)) }

    @Test func numbersCompareByValueAtAnySize() throws {
        #expect(try number("1e400") > number("1e399"))
        #expect(try number("-1e400") < number("-1e399"))
        #expect(try number("12345678901234567890") != number("12345678901234567891"))
        #expect(try number("12345678901234567890") < number("12345678901234567891"))
        #expect(try number("1.0") == number("1"))
        #expect(try number("100") == number("1e2"))
        #expect(try number("0.0") == number("-0"))
        #expect(try number("1.0").isInteger && number("1e2").isInteger && !number("1.5").isInteger)
        #expect(try number("0.1") < number("0.10000000000000001"))
    }

    /// `multipleOf` on decimal text (the suite's "by number" and "float division = inf" cases).
    @Test func multiplesAreExact() throws {
        #expect(try number("0.3").isMultiple(of: number("0.1")))
        #expect(try number("0.0075").isMultiple(of: number("0.0001")))
        #expect(try !number("0.00751").isMultiple(of: number("0.0001")))
        #expect(try !number("1e308").isMultiple(of: number("0.123456789")))
        #expect(try number("1e400").isMultiple(of: number("2")))
        #expect(
            try number("123456789012345678901234567890").isMultiple(of: number("1234567890123456789012345")) == false)
        #expect(try number("2469135780246913578024691356").isMultiple(of: number("1234567890123456789012345678")))
        #expect(try !number("0.05").isMultiple(of: number("0.1")))
    }

    @Test func numbersPrintAsWritten() throws {
        #expect(try number("12").description == "12")
        #expect(try number("-0.50").description == "-0.5")
        #expect(try number("1e400").description == "1e400")
        #expect(JSONDecimal(double: 0.1)?.description == "0.1")
    }

    /// "é" precomposed and "e" + U+0301 are equal Swift strings but different JSON strings.
    @Test func stringsCompareByCodePoints() {
        #expect(JSONValue.string("\u{E9}") != JSONValue.string("e\u{301}"))
        let object = JSONObject([("\u{E9}", .number(JSONDecimal(1))), ("e\u{301}", .number(JSONDecimal(2)))])
        #expect(object.count == 2)
        #expect(object["e\u{301}"] == .number(JSONDecimal(2)))
    }

    @Test func objectsCompareWithoutOrderArraysWithIt() {
        let a = JSONValue.object(JSONObject([("a", .bool(true)), ("b", .null)]))
        let b = JSONValue.object(JSONObject([("b", .null), ("a", .bool(true))]))
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(JSONValue.array([.null, .bool(true)]) != JSONValue.array([.bool(true), .null]))
    }

    @Test func theReaderIsStrictAndLocated() throws {
        for (text, message) in [
            ("{\"a\": 01}", "numbers may not have leading zeros"), ("[1,]", "unexpected ']': expected a JSON value"),
            ("{\"a\" 1}", "unexpected '1': expected ':' after a key"),
            ("\"\\ud800\"", "unpaired UTF-16 surrogate in a \\u escape"),
            ("[1] 2", "unexpected '2' after the end of the JSON document")
        ] {
            var reader = JSONValueReader(bytes: Array(text.utf8))
            do throws(JSONValueReader.Failure) {
                _ = try reader.read()
                Issue.record("\(text) was read")
            } catch {
                #expect(error.message == message, "\(text)")
            }
        }
        var deep = JSONValueReader(
            bytes: Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        #expect(throws: JSONValueReader.Failure.self) { try deep.read() }
    }
}
