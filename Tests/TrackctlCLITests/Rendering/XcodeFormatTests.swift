import Foundation
import Testing
import TrackctlTestSupport

/// `--format xcode` (SPEC §15): one issue line per finding on stdout,
/// `/absolute/path:line:col: error|warning: message [rule]`, then a summary without a severity
/// word, and nothing at all when nothing was found. Goldens hold `$ROOT` for the repository.
@Suite("Xcode format")
struct XcodeFormatTests {
    /// An issue line as Xcode's log parser and SwiftPM's output read it.
    static var issueLine: Regex<(Substring, Substring?, Substring, Substring?)> {
        #/^/[^:]+(:\d+:\d+)?: (error|warning|note): .+( \[[a-z-]+\])?$/#
    }

    /// `text` with the repository's path written `$ROOT`, so a golden holds on every machine.
    static func portable(_ text: String) -> String {
        text.replacingOccurrences(of: RepositoryPaths.root.path, with: "$ROOT")
    }

    static func expectGolden(_ text: String, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = Golden.mismatch(portable(text), golden: golden) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// Every line but the last is an issue; the last is the summary, which Xcode must not take
    /// for one.
    static func expectIssuesThenSummary(_ out: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "ends with a newline", sourceLocation: sourceLocation)
        lines.removeLast()
        let summary = lines.removeLast()
        #expect(summary.hasPrefix("trackctl "), sourceLocation: sourceLocation)
        for word in ["error", "warning", "note"] {
            #expect(
                !summary.contains(word + ":"), "the summary is not an issue: \(summary)", sourceLocation: sourceLocation
            )
        }
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.wholeMatch(of: issueLine) != nil, "not an issue line: \(line)", sourceLocation: sourceLocation)
            #expect(
                line.hasPrefix(RepositoryPaths.root.path + "/"), "absolute: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func theSPOCsAndThePlansFindingsAreIssueLines() {
        let run = CommandRunner.inProcess([
            "validate", "Fixtures/plan/static/analytics.json", "--catalog", "Config/catalog.json", "--format", "xcode"
        ])
        #expect(run.code == 1)
        #expect(run.err.isEmpty, "everything a build shows is on stdout")
        Self.expectIssuesThenSummary(run.out)
        Self.expectGolden(run.out, "Fixtures/plan/static/validate.xcode")
    }

    @Test func aCleanRunPrintsNothing() {
        let run = CommandRunner.inProcess(["validate", "--format", "xcode"])
        #expect(run.code == 0)
        #expect(run.out.isEmpty)
        #expect(run.err.isEmpty)
    }

    /// Warnings do not fail the build; `--strict` (trackctl.json's `strict`) makes them errors.
    @Test func warningsPassAndStrictFails() {
        let arguments = [
            "validate", "Fixtures/plugin/ShopPackage/Analytics/spoc.json", "--source",
            "Fixtures/plugin/ShopPackage/Sources/ShopApp", "--module", "ShopApp", "--format", "xcode"
        ]
        let run = CommandRunner.inProcess(arguments)
        #expect(run.code == 0)
        Self.expectIssuesThenSummary(run.out)
        #expect(
            Self.portable(run.out).hasPrefix(
                "$ROOT/Fixtures/plugin/ShopPackage/Analytics/spoc.json:8:58: warning: 'shareTapped:' is hooked on "))
        #expect(
            run.out.contains(
                "trackctl validate: 1 finding (none failing the build) in \(RepositoryPaths.root.path)"
                    + "/Fixtures/plugin/ShopPackage/Analytics/spoc.json's 5 entries, checked against "))
        let strict = CommandRunner.inProcess(arguments + ["--strict"])
        #expect(strict.code == 1)
        #expect(strict.out.contains(": error: 'shareTapped:' is hooked on "))
        #expect(strict.out.contains("(1 failing the build)"))
    }

    /// A file that cannot be read is one issue line too, with exit 2 (SPEC §8).
    @Test func anUnreadableSPOCIsAnIssueLine() {
        let run = CommandRunner.inProcess(["validate", "Fixtures/malformed/trailing-comma.json", "--format", "xcode"])
        #expect(run.code == 2)
        #expect(run.err.isEmpty)
        #expect(
            run.out.wholeMatch(
                of: #/^/\S+/Fixtures/malformed/trailing-comma\.json:\d+:\d+: error: .+ \[unreadable-input\]\n$/#)
                != nil, "\(run.out)")
    }

    /// A plan that is not there, or not a plan, is an issue line as well (exit 2).
    @Test func anUnusablePlanIsAnIssueLine() {
        let missing = CommandRunner.inProcess(["validate", "--plan", "Fixtures/plan/nope.json", "--format", "xcode"])
        #expect(missing.code == 2)
        #expect(missing.err.isEmpty)
        #expect(
            Self.portable(missing.out)
                == "$ROOT/Fixtures/plan/nope.json: error: no such file [unreadable-input]\n", "\(missing.out)")
        let broken = CommandRunner.inProcess([
            "validate", "--plan", "Fixtures/plan/invalid/not-json.json", "--format", "xcode"
        ])
        #expect(broken.code == 2)
        #expect(broken.out.hasPrefix(RepositoryPaths.root.path + "/Fixtures/plan/invalid/not-json.json:1:51: error: "))
        #expect(broken.out.contains("[invalid-plan]\n"))
    }

    /// What the scan warns of is in the build's issues as well (no rule: it is not a SPOC finding).
    @Test func scanWarningsAreIssueLines() {
        let run = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/shop-swift-fixed.json", "--source", "Fixtures/source/broken",
            "--module", "ShopApp", "--format", "xcode"
        ])
        let warnings = run.out.split(separator: "\n").filter { $0.contains(": warning: ") && !$0.hasSuffix("]") }
        #expect(!warnings.isEmpty, "\(run.out)")
        for warning in warnings {
            #expect(warning.hasPrefix(RepositoryPaths.root.path + "/Fixtures/source/broken/"))
        }
    }

    @Test func planCheckWritesIssueLinesToo() {
        let run = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl", "--format", "xcode"
        ])
        #expect(run.code == 1)
        #expect(run.err.isEmpty)
        Self.expectIssuesThenSummary(run.out)
        Self.expectGolden(run.out, "Fixtures/plan/calls/planted.xcode")
        let broken = CommandRunner.inProcess([
            "plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/not-json.jsonl", "--format", "xcode"
        ])
        #expect(broken.code == 2)
        #expect(broken.out.contains("/Fixtures/plan/calls/not-json.jsonl:"))
        #expect(broken.out.contains("[unreadable-input]"))
    }

    /// A diff's differences are not lines of a source file: `diff` keeps its three formats.
    @Test func diffHasNoXcodeFormat() {
        let run = CommandRunner.inProcess(["diff", "a", "b", "--format", "xcode"])
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("error: unknown format 'xcode'; use one of text, json, github\n"))
    }
}
