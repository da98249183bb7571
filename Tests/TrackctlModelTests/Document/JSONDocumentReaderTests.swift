import Testing

@testable import TrackctlModel

@Suite("JSON reader")
struct JSONDocumentReaderTests {
    func parse(_ text: String) throws(DocumentError) -> Document {
        try DocumentLoader.parse(bytes: Array(text.utf8), file: "t.json")
    }

    func error(_ text: String) -> DocumentError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func positionsOfKeysAndValuesAreOneBasedLineAndColumn() throws {
        let document = try parse("{\n  \"a\": [1, \"é\", true],\n  \"b\": {\"c\": null}\n}")
        #expect(document.format == .json)
        let members = try #require(document.root.dictionaryValue)
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.position == SourcePosition(line: 2, column: 8))
        let array = try #require(members[0].value.arrayValue)
        #expect(array[1].position == SourcePosition(line: 2, column: 12))
        // "é" is one column although it is two bytes.
        #expect(array[2].position == SourcePosition(line: 2, column: 17))
        #expect(members[1].value.dictionaryValue?.first?.value.typeDescription == "null")
    }

    /// Columns count scalars, eight bytes at a time: long runs of two-, three- and four-byte
    /// characters before a value, on one line and after a line break; repeated keys come from
    /// the key cache with their own positions.
    @Test func columnsCountScalarsAcrossLongMultibyteRuns() throws {
        let prefix = String(repeating: "é", count: 9) + String(repeating: "中", count: 5) + "😀😀ab"
        let scalars = prefix.unicodeScalars.count
        let document = try parse("{\"\(prefix)\": 1, \"k\": [2, 3],\n \"\(prefix)x\": 4, \"k\": 5}")
        let members = try #require(document.root.dictionaryValue)
        #expect(members[0].value.position == SourcePosition(line: 1, column: scalars + 6))
        #expect(members[1].keyPosition == SourcePosition(line: 1, column: scalars + 9))
        #expect(members[1].value.arrayValue?[1].position == SourcePosition(line: 1, column: scalars + 18))
        #expect(members[2].key == prefix + "x")
        #expect(members[2].value.position == SourcePosition(line: 2, column: scalars + 7))
        #expect(members[3].key == "k")
        #expect(members[3].keyPosition == SourcePosition(line: 2, column: scalars + 10))
    }

    @Test func stringEscapesAndSurrogatePairsDecode() throws {
        let document = try parse(#"{"k": "a\"b\\c\n\u00e9\ud83d\ude00"}"#)
        #expect(document.root.dictionaryValue?.first?.value.stringValue == "a\"b\\c\né😀")
    }

    @Test func numbersKeepIntegerAndRealApart() throws {
        let document = try parse(#"{"i": -12, "r": 2.5e3}"#)
        let members = try #require(document.root.dictionaryValue)
        guard case .integer(-12) = members[0].value.content else { Issue.record("not an integer"); return }
        guard case .real(2500) = members[1].value.content else { Issue.record("not a real"); return }
    }

    @Test(
        arguments: [
            ("{\"a\": 1,}", "trailing comma before '}'; remove it", 1, 9),
            ("{\"a\" 1}", "expected ':' after the key \"a\", found '1'", 1, 6),
            ("{\"a\": tru}", "expected a JSON value, found 't'", 1, 7),
            ("{\"a\": 01}", "numbers may not have leading zeros", 1, 7),
            (
                "{\"a\": \"x\ny\"}",
                "line break inside a string (the string opened at 1:7 is not closed?); write it as \\n", 1, 9
            ),
            ("{\"a\": 1} x", "unexpected 'x' after the end of the JSON document", 1, 10),
            ("{\"a\": \"\\q\"}", "invalid escape '\\q' in a string", 1, 9),
            ("{\"a\": [1, 2}", "expected ',' or ']' after an array element, found '}'", 1, 12)
        ] as [(String, String, Int, Int)])
    func syntaxErrorsAreLocated(text: String, message: String, line: Int, column: Int) {
        let failure = error(text)
        #expect(failure?.message == message)
        #expect(failure?.position == SourcePosition(line: line, column: column))
    }

    @Test func aTwentyMegabyteStringReadsWhole() throws {
        let big = String(repeating: "x", count: 20 * 1024 * 1024)
        let document = try parse("{\"trackedScreens\": [{\"class\": \"A\", \"label\": \"\(big)\"}], \"z\": 1}")
        let members = try #require(document.root.dictionaryValue)
        #expect(members[1].keyPosition == SourcePosition(line: 1, column: 20 * 1024 * 1024 + 51))
    }
}
