import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel

/// Every file under Fixtures/malformed gets a clean, located error: never a crash or a hang.
@Suite("Malformed input")
struct MalformedInputTests {
    static let cases: [(file: String, message: String, position: SourcePosition?)] = [
        ("a-directory", "is a directory; name a file inside it", nil),
        (
            "billion-laughs.plist",
            "undefined entity '&lol3;'; trackctl never resolves DTD or external entities, write the text itself",
            SourcePosition(line: 7, column: 90)
        ),
        (
            "broken-catalog.json", "expected ',' or ']' after an array element, found '{' (a missing ','?)",
            SourcePosition(line: 4, column: 5)
        ),
        ("corrupt-binary.plist", "malformed binary property list: its trailer is invalid", nil),
        ("deep-nesting.json", "nesting deeper than 512 levels", SourcePosition(line: 1, column: 530)),
        ("deep-nesting.plist", "nesting deeper than 512 levels", SourcePosition(line: 3, column: 3609)),
        ("empty.json", "the file is empty; expected a JSON object or a property list", nil),
        (
            "external-entity.plist",
            "undefined entity '&xxe;'; trackctl never resolves DTD or external entities, write the text itself",
            SourcePosition(line: 11, column: 12)
        ),
        (
            "garbage.txt", "not a JSON document or a property list: it starts with 't' where '{' or '<' was expected",
            SourcePosition(line: 1, column: 1)
        ),
        (
            "mismatched-tag.plist", "expected </string> to close the <string> opened at 8:4, found </strin>",
            SourcePosition(line: 8, column: 33)
        ),
        (
            "non-utf8.json", "the file is not valid UTF-8 (byte 0xFF here); save it as UTF-8",
            SourcePosition(line: 3, column: 24)
        ),
        ("nul-byte.json", "the file contains a NUL byte; is it a binary file?", SourcePosition(line: 2, column: 22)),
        (
            "openstep.plist",
            "an old-style (OpenStep) property list, which trackctl does not read; convert it to XML (plutil "
                + "-convert xml1 FILE) or write it as JSON",
            SourcePosition(line: 1, column: 1)
        ),
        (
            "shared-references.plist",
            "malformed binary property list: its 29 objects refer to each other so often that they expand to more "
                + "than 100290 values",
            nil
        ),
        ("trailing-comma.json", "trailing comma before ']'; remove it", SourcePosition(line: 4, column: 3)),
        (
            "comment.json",
            "expected a string key in double quotes, found '/': JSON has no comments; write a \"_comment\" key instead",
            SourcePosition(line: 2, column: 3)
        ),
        (
            "truncated.json", "unexpected end of file: the array opened at 2:21 is not closed",
            SourcePosition(line: 4, column: 1)
        ),
        (
            "truncated.plist", "unexpected end of file: the <string> opened at 8:4 is not closed",
            SourcePosition(line: 8, column: 4)
        ),
        (
            "unknown-element.plist",
            "unknown property list element <list>; expected dict, array, string, integer, real, true, false, date "
                + "or data",
            SourcePosition(line: 5, column: 2)
        ),
        ("utf16.plist", "the file is UTF-16; save it as UTF-8", SourcePosition(line: 1, column: 1)),
        ("whitespace.plist", "the file is empty (only white space); expected a JSON object or a property list", nil)
    ]

    @Test(arguments: cases.indices)
    func eachMalformedFixtureHasItsError(index: Int) {
        let (file, message, position) = Self.cases[index]
        let path = RepositoryPaths.path("Fixtures/malformed/" + file)
        do {
            _ = try DocumentLoader.load(path: path)
            Issue.record("\(file) loaded without error")
        } catch {
            #expect(error.file == path)
            #expect(error.message == message, "\(file)")
            #expect(error.position == position, "\(file)")
        }
    }

    @Test func everyMalformedFixtureIsCovered() {
        let onDisk = Set(
            RepositoryPaths.files(in: "Fixtures/malformed", extensions: ["json", "plist", "txt"]) + ["a-directory"])
        #expect(onDisk == Set(Self.cases.map(\.file)))
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: DocumentError(file: "nope.json", message: "no such file")) {
            try DocumentLoader.load(path: "nope.json")
        }
    }

    /// A file over the limit is refused before it is read (a sparse file: no disk is used).
    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-huge-\(getpid()).json").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(DocumentLoader.maximumSize + 1_048_576))
        try handle.close()
        #expect(throws: DocumentError(file: path, message: "is 257 MB; trackctl reads files up to 256 MB")) {
            try DocumentLoader.load(path: path)
        }
    }
}
