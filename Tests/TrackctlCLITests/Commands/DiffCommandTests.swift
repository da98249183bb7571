import Foundation
import Testing
import TrackctlTestSupport

/// `trackctl diff` run as the built binary on the corpus in Fixtures/diff: the demo replay's
/// output (`expected.jsonl`), the same calls as an app would send them (`actual-same.jsonl`:
/// other ids, clocks and library, keys shuffled, a blank line), the same calls as
/// analytics-swift sends them (`actual-sdk.jsonl`: without the replay's `context.step`,
/// `context.navigation`, `properties.class`, with the SDK's `context.network`, `instanceId`,
/// `userAgent`, `_metadata`, … as its Context.swift writes them), and one difference of each
/// kind planted (`actual-planted.jsonl`).
@Suite("diff command")
struct DiffCommandTests {
    private let folder = "Fixtures/diff/"

    @Test func streamsThatDifferOnlyInVolatileFieldsAreTheSame() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected.jsonl", folder + "actual-same.jsonl"])
        #expect(result.code == 0)
        #expect(
            result.out == "same: 16 calls expected, 16 received: 16 the same, 0 changed, 0 missing, 0 extra, 0 moved\n")
    }

    /// SPEC §13, "diff against a real app": the README's workflow exits 0 when the app sent
    /// what the replay says, and the keys left out are counted.
    @Test func aReplayAndWhatAnSDKSentAreTheSame() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected.jsonl", folder + "actual-sdk.jsonl"])
        #expect(result.code == 0)
        #expect(
            result.out.hasPrefix(
                "same: 16 calls expected, 16 received: 16 the same, 0 changed, 0 missing, 0 extra, 0 moved; left "
                    + "out 12 keys only one side has (_metadata, "
            ))
        let everything = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "actual-sdk.jsonl", "--all-keys"
        ])
        #expect(everything.code == 1)
    }

    /// analytics-swift sends `track(name:)` without `properties`; Segment reads that as `{}`. Such
    /// a call is the replay's when the replay's properties are only trackctl's own (review
    /// 2026-11-27 newcomer #1), and a real property the app left out is named, not the object.
    @Test func aCallWithoutPropertiesHasEmptyOnes() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected-no-properties.jsonl", folder + "actual-no-properties.jsonl"
        ])
        #expect(result.code == 1)
        #expect(result.out.contains("1 the same, 1 changed"))
        #expect(result.out.contains("    properties.n: 2 expected, missing\n"))
        #expect(!result.out.contains("properties: {"))
    }

    /// Review 2026-11-27 N6: texts and keys are compared by code points, as JSON and a warehouse
    /// compare them — NFC against NFD is a change, said to look alike.
    @Test func unicodeFormsDifferByCodePoints() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected-nfc.jsonl", folder + "actual-nfd.jsonl"])
        #expect(result.code == 1)
        #expect(result.out.contains("0 the same, 1 changed"))
        #expect(result.out.contains("(the same text in another Unicode form: the code points differ)"))
        #expect(result.out.contains("expected, missing") && result.out.contains("not expected, received 1"))
    }

    /// Review 2026-11-27 N5: numbers are compared by their exact decimal value — `10` and
    /// `10.0`, `1.5e3` and `1500` are the same; digits past 64 bits or a Double's 17 are never
    /// rounded into equality.
    @Test func numbersAreComparedByTheirExactValue() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected-numbers.jsonl", folder + "actual-numbers.jsonl"
        ])
        #expect(result.code == 1)
        #expect(result.out.contains("1 the same, 3 changed"))
        #expect(
            result.out.contains("    properties.id: 12345678901234567890 expected, received 12345678901234567891\n"))
        #expect(
            result.out.contains("    properties.price: 0.1 expected, received 0.1000000000000000055511151231257827\n"))
        #expect(result.out.contains("changed track \"Past 2^53\""))
        #expect(!result.out.contains("\"Count\""))
    }

    /// Review 2026-11-27 N11: a call missing at the start and one of the same name extra at
    /// the end are two differences, not one call "moved, and changed"; moved is the same call at
    /// another place.
    @Test func aShiftedWindowIsAMissingAndAnExtraCall() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected-shifted.jsonl", folder + "actual-shifted.jsonl"
        ])
        #expect(result.code == 1)
        #expect(
            result.out.hasSuffix("3 calls expected, 3 received: 2 the same, 0 changed, 1 missing, 1 extra, 0 moved\n"),
            "\(result.out)")
        #expect(result.out.contains("expected-shifted.jsonl:1: missing track \"Same\""))
    }

    /// Review 2026-11-27 (collect, minor): calls moved together are one block in the text
    /// form, each in the JSON form.
    @Test func aMovedBlockIsSaidOnce() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected-block.jsonl", folder + "actual-block.jsonl"])
        #expect(result.code == 1)
        #expect(
            result.out
                == "Fixtures/diff/expected-block.jsonl:6–10 → Fixtures/diff/actual-block.jsonl:11–15: moved 5 calls "
                + "together, from track \"E5\" to track \"E9\"\n"
                + "20 calls expected, 20 received: 15 the same, 0 changed, 0 missing, 0 extra, 5 moved\n")
        let json = CommandRunner.inProcess([
            "diff", folder + "expected-block.jsonl", folder + "actual-block.jsonl", "--format", "json"
        ])
        #expect(json.out.components(separatedBy: "\"kind\":\"moved\"").count == 6)
    }

    /// Review 2026-11-27 (collect, minor): one side without `context` at all, the other with
    /// only `context.traits` (which an SDK writes by nature): that key is left out and an empty
    /// context is none, as an empty `properties` is.
    @Test func aCallWithoutContextLeavesOutOneSidedTraits() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected-no-context.jsonl", folder + "actual-context-traits.jsonl"
        ])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("same: 1 call expected, 1 received: 1 the same"))
        #expect(result.out.contains("left out 1 key only one side has (context.traits;"))
    }

    /// Review 2026-11-27 N4: an object of thousands of keys is compared through a table; the
    /// one changed key and the one added are found, nothing else.
    @Test func thousandsOfKeysAreComparedByTable() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected-many-keys.jsonl", folder + "actual-many-keys.jsonl"
        ])
        #expect(result.code == 1)
        let lines = result.out.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(
            lines == ["    properties.k1500: 1 expected, received 2", "    properties.last: not expected, received 2"])
    }

    @Test func everyPlantedDifferenceIsFoundWithBothLineNumbers() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "actual-planted.jsonl", "--format", "json"
        ])
        #expect(result.code == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let differences = try #require(report["differences"] as? [[String: Any]])
        let summary = differences.map {
            "\($0["kind"] ?? "") \($0["call"] ?? "") \($0["expectedLine"] ?? "-") \($0["actualLine"] ?? "-")"
        }
        #expect(
            summary == [
                "moved track \"Login error with Facebook\" 2 3",  // reordered
                "changed track \"Shared\" 6 6",  // a property changed
                "extra screen \"Onboarding\" - 8",
                "changed track \"Post liked\" 10 11",  // the name changed
                "missing track \"Logout\" 15 -"
            ])
        let shared = try #require(differences[1]["changes"] as? [[String: Any]])
        #expect(
            shared.map { "\($0["path"] ?? "") \($0["expected"] ?? "") \($0["actual"] ?? "")" } == [
                "properties.service twitter facebook"
            ])
        let renamed = try #require(differences[3]["changes"] as? [[String: Any]])
        #expect(renamed.map { "\($0["path"] ?? "")" } == ["event"])
    }

    /// The text form is the README's example: kept as a golden file.
    @Test func theTextFormMatchesItsGolden() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected.jsonl", folder + "actual-planted.jsonl"])
        #expect(result.code == 1)
        if let problem = Golden.mismatch(result.out, golden: "Fixtures/expected/diff-planted.txt") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func ignoredPathsAndOrderCanBeLeftOut() throws {
        let ignoring = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "actual-planted.jsonl", "--ignore", "properties.*", "--format",
            "json"
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ignoring.out.utf8)) as? [String: Any])
        #expect((report["counts"] as? [String: Int])?["changed"] == 1)  // only the renamed event
        let unordered = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "actual-planted.jsonl", "--unordered", "--format", "json"
        ])
        let counts = try #require(
            (try JSONSerialization.jsonObject(with: Data(unordered.out.utf8)) as? [String: Any])?["counts"]
                as? [String: Int])
        #expect(counts["moved"] == 0)
        #expect(counts["changed"] == 1)
    }

    @Test func githubAnnotationsPointAtTheActualLine() throws {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "actual-planted.jsonl", "--format", "github"
        ])
        #expect(result.code == 1)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines.contains {
                $0.hasPrefix("::error file=Fixtures/diff/actual-planted.jsonl,line=6,title=trackctl diff%3A changed::")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("::error file=Fixtures/diff/expected.jsonl,line=15,title=trackctl diff%3A missing::")
            })
    }

    @Test(arguments: [
        ("malformed.jsonl", "Fixtures/diff/malformed.jsonl:3:25: error: not a JSON line: unexpected end of file"),
        (
            "not-an-object.jsonl",
            "Fixtures/diff/not-an-object.jsonl:2:1: error: a call must be a JSON object, found an array"
        ),
        ("no-such-file.jsonl", "Fixtures/diff/no-such-file.jsonl: error: no such file"),
        // Review 2026-11-27 N6: bytes that are not UTF-8 are refused, not repaired into equality.
        ("not-utf8.jsonl", "Fixtures/diff/not-utf8.jsonl:1:27: error: not UTF-8 (byte 0xFF here)")
    ])
    func badInputIsALocatedErrorAndExitTwo(file: String, message: String) throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected.jsonl", folder + file])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message))
        #expect(result.out.isEmpty)
    }

    /// Review 2026-11-27 (the collector's minor list): an `--ignore` typo is a usage error, not
    /// a pattern that ignores nothing.
    @Test(arguments: [
        ("", "error: '--ignore': an empty path ignores nothing"),
        ("properties.a[", "error: '--ignore': 'properties.a[' has a bracket that does not close: write [N] or [*]"),
        ("properties..a", "error: '--ignore': 'properties..a' has an empty key: write keys joined by dots"),
        ("properties.a[x]", "error: '--ignore': 'properties.a[x]' has '[x]': an element is [N] or [*]")
    ])
    func aMalformedIgnorePathIsAUsageError(pattern: String, message: String) {
        let result = CommandRunner.inProcess([
            "diff", folder + "expected.jsonl", folder + "expected.jsonl", "--ignore", pattern
        ])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }

    @Test func bothFilesAreRequired() throws {
        let result = CommandRunner.inProcess(["diff", folder + "expected.jsonl"])
        #expect(result.code == 2)
        #expect(result.err.contains("missing ACTUAL"))
    }
}
