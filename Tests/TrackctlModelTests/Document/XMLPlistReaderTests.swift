import Testing

@testable import TrackctlModel

@Suite("XML plist reader")
struct XMLPlistReaderTests {
    let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    func parse(_ body: String) throws(DocumentError) -> Document {
        try DocumentLoader.parse(bytes: Array((header + body).utf8), file: "t.plist")
    }

    @Test func everyValueElementReads() throws {
        let document = try parse(
            """
            <plist version="1.0"><dict>
            <key>s</key><string>a &amp; b &#233; <![CDATA[<raw>]]></string>
            <key>i</key><integer>-42</integer>
            <key>r</key><real>2.5</real>
            <key>t</key><true/>
            <key>f</key><false/>
            <key>d</key><data>aGk=</data>
            <key>date</key><date>2026-01-01T00:00:00Z</date>
            <key>a</key><array><string/></array>
            <key>e</key><dict/>
            </dict></plist>
            """)
        #expect(document.format == .xmlPropertyList)
        let members = try #require(document.root.dictionaryValue)
        #expect(members.map(\.key) == ["s", "i", "r", "t", "f", "d", "date", "a", "e"])
        #expect(members[0].value.stringValue == "a & b é <raw>")
        #expect(members[3].value.boolValue == true)
        #expect(members[4].value.boolValue == false)
        guard case .data(let bytes) = members[5].value.content else { Issue.record("not data"); return }
        #expect(bytes == Array("hi".utf8))
        #expect(members[7].value.arrayValue?.first?.stringValue == "")
    }

    @Test func positionsPointAtElements() throws {
        let document = try parse(
            "<plist version=\"1.0\">\n<dict>\n\t<key>class</key>\n\t<string>A</string>\n</dict>\n</plist>\n")
        let member = try #require(document.root.dictionaryValue?.first)
        #expect(member.keyPosition == SourcePosition(line: 5, column: 2))
        #expect(member.value.position == SourcePosition(line: 6, column: 2))
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key></dict></plist>", "the key 'a' has no value"),
        (
            "<plist><dict><string>a</string></dict></plist>",
            "expected <key> in the <dict> opened at 3:8, found <string>"
        ),
        ("<plist><array><integer>x</integer></array></plist>", "invalid <integer> 'x'"),
        ("<plist><dict/><dict/></plist>", "a <plist> holds exactly one value; found <dict> after it"),
        ("<dict/>", "expected the <plist> root element, found <dict>"),
        (
            "<plist><string>a & b</string></plist>",
            "'&' must start an entity reference such as &amp;; write a literal '&' as &amp;"
        )
    ])
    func structuralErrorsAreReported(body: String, message: String) {
        do {
            _ = try parse(body)
            Issue.record("no error for \(body)")
        } catch {
            #expect(error.message == message)
            #expect(error.position != nil)
        }
    }

    @Test func anotherEncodingIsRefused() {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict/></plist>"
        #expect(throws: DocumentError.self) { try DocumentLoader.parse(bytes: Array(text.utf8), file: "t.plist") }
    }
}
