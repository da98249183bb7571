import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel

/// The YAML reader, one construct per test, as YAML 1.2 (yaml.org/spec/1.2.2) defines it and
/// XcodeGen's specifications use it. Values are compared in a compact rendering: strings
/// quoted, `null`, numbers and booleans bare, `[…]` and `{k: v}` in document order.
@Suite("YAML reader")
struct YAMLReaderTests {
    static func render(_ value: SourceValue) -> String {
        switch value.content {
        case .string(let text): return "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .decimal(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .dictionary(let members):
            return "{" + members.map { "\($0.key): " + render($0.value) }.joined(separator: ", ") + "}"
        case .date, .data: return "?"
        }
    }

    static func read(_ text: String) throws -> String {
        render(try YAMLReader.read(Array(text.utf8), file: "spec.yml"))
    }

    static func error(_ text: String) -> DocumentError? {
        do {
            _ = try YAMLReader.read(Array(text.utf8), file: "spec.yml")
            return nil
        } catch { return error }
    }

    @Test func blockMappingsAndSequencesNest() throws {
        #expect(
            try Self.read(
                """
                name: Kiwix   # a comment
                targets:
                  Kiwix:
                    type: application
                    platform: [iOS, macOS]
                    sources:
                      - path: App
                        excludes:
                          - "**/*.md"
                      - Views
                """)
                == "{name: \"Kiwix\", targets: {Kiwix: {type: \"application\", platform: [\"iOS\", \"macOS\"], "
                + "sources: [{path: \"App\", excludes: [\"**/*.md\"]}, \"Views\"]}}}")
    }

    @Test func aListMayStandAtItsKeysIndentation() throws {
        #expect(try Self.read("sources:\n- A\n- B\nname: X\n") == "{sources: [\"A\", \"B\"], name: \"X\"}")
    }

    @Test func scalarsResolveAsTheCoreSchemaSays() throws {
        #expect(
            try Self.read("a: ~\nb:\nc: true\nd: 12\ne: -3\nf: 1.5\ng: YES\nh: 0x1F\ni: '12'\nj: 15.0.1\n")
                == "{a: null, b: null, c: true, d: 12, e: -3, f: 1.5, g: \"YES\", h: \"0x1F\", i: \"12\", "
                + "j: \"15.0.1\"}"
        )
    }

    @Test func quotedScalarsEscapeAndFold() throws {
        #expect(try Self.read(#"a: "tab\there \u00e9 \"q\" \\""#) == "{a: \"tab\there é \"q\" \\\"}")
        #expect(try Self.read("a: 'it''s: #not a comment'") == "{a: \"it's: #not a comment\"}")
        #expect(try Self.read("a: \"one\n  two\n\n  three\"") == "{a: \"one two\\nthree\"}")
    }

    @Test func plainScalarsContinueOnMoreIndentedLines() throws {
        #expect(try Self.read("a: one\n  two\nb: http://x.org/a#b") == "{a: \"one two\", b: \"http://x.org/a#b\"}")
    }

    @Test func blockScalarsKeepOrFoldTheirLines() throws {
        #expect(try Self.read("a: |\n  one\n   two\n\nb: x") == "{a: \"one\\n two\\n\", b: \"x\"}")
        #expect(try Self.read("a: >-\n  one\n  two\n\n  three\nb: x") == "{a: \"one two\\nthree\", b: \"x\"}")
        #expect(try Self.read("a: |+\n  one\n\nb: x") == "{a: \"one\\n\\n\", b: \"x\"}")
        #expect(try Self.read("- |2\n   indented\n") == "[\" indented\\n\"]")
    }

    @Test func flowCollectionsSpanLinesAndNest() throws {
        #expect(
            try Self.read("a: {b: [1, 2], c: {d: e}}\nf: [\n  g,\n  h: i,\n]\n")
                == "{a: {b: [1, 2], c: {d: \"e\"}}, f: [\"g\", {h: \"i\"}]}")
        #expect(try Self.read(#"{"name": "Shop", "targets": {}}"#) == "{name: \"Shop\", targets: {}}")
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        #expect(
            try Self.read(
                """
                base: &base
                  type: framework
                  platform: iOS
                App:
                  <<: *base
                  type: application
                list: &l [a, b]
                copy: *l
                """)
                == "{base: {type: \"framework\", platform: \"iOS\"}, App: {type: \"application\", platform: \"iOS\"}, "
                + "list: [\"a\", \"b\"], copy: [\"a\", \"b\"]}")
    }

    @Test func documentMarkersDirectivesAndTagsAreRead() throws {
        #expect(try Self.read("%YAML 1.2\n---\na: !!str 12\n...\n") == "{a: \"12\"}")
        #expect(try Self.read("") == "null")
        #expect(try Self.read("# only a comment\n") == "null")
    }

    @Test func positionsAreThoseOfTheValues() throws {
        let root = try YAMLReader.read(Array("name: Shop\ntargets:\n  App:\n    type: x\n".utf8), file: "spec.yml")
        let targets = try #require(root.dictionaryValue?.first { $0.key == "targets" })
        #expect(targets.keyPosition == SourcePosition(line: 2, column: 1))
        let app = try #require(targets.value.dictionaryValue?.first)
        #expect(app.keyPosition == SourcePosition(line: 3, column: 3))
        #expect(app.value.dictionaryValue?.first?.value.position == SourcePosition(line: 4, column: 11))
    }

    @Test(arguments: [
        ("a:\n\tb: 1\n", 2, "a tab indents this line"),
        ("a: 1\n  b: 2\n", 2, "indented more than the key above it"),
        ("a: [1, 2\n", 1, "'[' is never closed"),
        ("a: \"open\n", 1, "never closed"),
        ("a: *nowhere\n", 1, "comes before any '&nowhere'"),
        ("a: 1\n---\nb: 2\n", 2, "a second document"),
        ("- a\nb: 1\n", 2, "unexpected text after the document's root"),
        ("a: \"\\q\"\n", 1, "no escape of double-quoted YAML"),
        ("? complex\n: key\n", 1, "complex keys"),
        ("a: |x\n  b\n", 1, "text after a block scalar's header")
    ])
    func malformedYAMLIsALocatedError(text: String, line: Int, message: String) throws {
        let error = try #require(Self.error(text), "\(text)")
        #expect(error.position?.line == line, "\(text): \(error.message)")
        #expect(error.message.contains(message), "\(text): \(error.message)")
    }

    @Test func aliasesCannotExpandWithoutBound() throws {
        // The "billion laughs": each level doubles the last; nine levels of ten would be 10^9.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let error = try #require(Self.error(text))
        #expect(error.message.contains("aliases expand to more than"))
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.error(deep)?.message.contains("nested deeper than") == true)
    }

    /// Seeded mutations of the fixture specifications — bytes flipped, cut, repeated, YAML's
    /// indicators inserted: every one reads or is an error with a line, never a crash or a hang.
    @Test func mutatedSpecificationsReadOrSayWhere() throws {
        let sources = RepositoryPaths.files(in: "Fixtures/source/xcodegen-app", extensions: ["yml"]).map {
            "Fixtures/source/xcodegen-app/" + $0
        }
        let originals = try sources.map { Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path($0)))) }
        #expect(!originals.isEmpty)
        let tokens = ["- ", ": ", "\t", "\n  ", "&a ", "*a", "<<: ", "[", "{", "\"", "'", "|", ">-", "#", "---\n"].map {
            Array($0.utf8)
        }
        var random = SeededRandom(seed: 47)
        var read = 0
        for round in 0..<800 {
            var bytes = originals[round % originals.count]
            for _ in 0...Int(random.next() % 3) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 5 {
                case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                case 1: bytes.removeSubrange(at...)
                case 2: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: at)
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 24)], at: at)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                }
            }
            do {
                _ = try YAMLReader.read(bytes, file: "fuzz.yml")
                read += 1
            } catch {
                #expect(error.position != nil, "round \(round): unlocated: \(error.message)")
            }
        }
        #expect(read > 50)
    }
}
