import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// `CallHasher`'s fast path reads a line's bytes without a tree; it must hash exactly as the
/// tree `JSONDocumentReader` builds from the same line, or give up so the tree is used.
@Suite("Call hashes")
struct CallHasherTests {
    private static let lines = [
        #"{"type":"track","event":"Order "#
            + #"Completed","properties":{"total":10,"items":[{"sku":"a","n":1},{"sku":"b","n":2.5}]}}"#,
        #"{"type":"screen","name":"Feed "#
            + #"\u00e9\n\"quoted\"","properties":{},"context":{"list":[],"nested":[[1,2],[3]]}}"#,
        #"{"a":true,"b":false,"c":null,"d":-0,"e":1e3,"f":-12.5E-2,"g":9007199254740993,"h":-9223372036854775808}"#,
        #"{"big":18446744073709551615,"emoji":"\ud83d\ude00 😀","slash":"a\/b","tab":"\t","esc":"\\"}"#,
        #"  { "spaced" : [ 1 , { "k" : "v" } ] , "type" : "identify" }  "#,
        #"{"event":"\u0041","name":"first name wins","name":"second"}"#
    ]

    @Test(arguments: lines)
    func theFastPathHashesAsTheTree(line: String) throws {
        let paths = CallPathTable { $0.path == "properties.items[1].n" }
        var fast = CallHasher(paths: paths)
        let bytes = Array(line.utf8)
        let fastHash = try #require(bytes.withUnsafeBytes { fast.hashLine($0) })
        var reader = JSONDocumentReader(bytes: bytes, start: 0)
        var slow = CallHasher(paths: paths)
        #expect(slow.hash(try reader.read()) == fastHash)
        #expect(slow.type == fast.type)
        #expect(slow.event == fast.event)
        #expect(slow.name == fast.name)
    }

    /// What the reader refuses, the fast path refuses too (then the reader names the error);
    /// a string that is not UTF-8 the reader repairs, so the fast path leaves it to the tree.
    @Test(arguments: [
        #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":1e400}"#, #"{"a":"\x"}"#, #"{"a":"\udc00"}"#,
        #"{"a":"\ud800"}"#,
        #"{"a":[1,]}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":tru}"#, #"{"a":1} x"#, #"[1]"#, "{\"a\":\"\u{1}\"}"
    ])
    func theFastPathGivesUpOnWhatTheReaderRefuses(line: String) {
        var hasher = CallHasher(paths: CallPathTable { _ in false })
        #expect(Array(line.utf8).withUnsafeBytes { hasher.hashLine($0) } == nil)
    }

    @Test func invalidUTF8IsLeftToTheTree() {
        var hasher = CallHasher(paths: CallPathTable { _ in false })
        let bytes: [UInt8] = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(bytes.withUnsafeBytes { hasher.hashLine($0) } == nil)
    }

    /// Equal calls hash equal whatever their spelling; a changed value or key changes it.
    @Test func equalCallsMeetAndChangedOnesDoNot() {
        func hash(_ line: String, ignoring: [String] = []) -> UInt64? {
            let ignored = IgnoredPaths(ignoring)
            var hasher = CallHasher(paths: CallPathTable { ignored.contains($0.path) })
            return Array(line.utf8).withUnsafeBytes { hasher.hashLine($0) }
        }
        let base = hash(#"{"x":{"a":1,"b":"s"},"y":[1,2]}"#)
        #expect(base == hash(#"{ "y" : [1.0, 2e0], "x" : {"b":"\u0073","a":1} }"#))
        #expect(base != hash(#"{"x":{"a":1,"b":"s"},"y":[2,1]}"#))
        #expect(base != hash(#"{"x":{"a":1,"c":"s"},"y":[1,2]}"#))
        #expect(base != hash(#"{"x":{"a":"1","b":"s"},"y":[1,2]}"#))
        #expect(
            hash(#"{"x":{"a":1,"b":"s"},"id":"1"}"#, ignoring: ["id"])
                == hash(#"{"x":{"a":1,"b":"s"},"id":"2"}"#, ignoring: ["id"]))
    }
}
