import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCLI

/// Review 2026-11-27 ("long runs are silent"): simulate, merge, replay, catalog scan and plan
/// check keep one status line on stderr — where a person watches, or with `--progress` — and
/// wipe it, so what stays is what a run without it prints.
@Suite("Progress line")
struct ProgressLineTests {
    /// Stderr with every drawn status line (`\r…ESC[K`) and every wipe taken out.
    static func withoutStatus(_ err: String) -> String {
        var result = ""
        var rest = Substring(err)
        while let start = rest.firstIndex(of: "\r") {
            result += rest[..<start]
            guard let end = rest[start...].range(of: "\u{1B}[K") else { break }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    @Test(arguments: [
        ("simulate", ["simulate", "Fixtures/scripts/journey.trackscript", "--users", "300", "--summary"]),
        ("merge", ["merge", "Fixtures/merge/one.jsonl", "Fixtures/merge/two.jsonl"]),
        ("replay", ["replay", "Fixtures/scripts/journey.trackscript", "--sink", "null", "--coverage"]),
        ("catalog scan", ["catalog", "scan", "Fixtures/source/swift-app"]),
        ("plan check", ["plan", "check", "Config/tracking-plan.json", "Fixtures/plan/calls/planted.jsonl"])
    ])
    func aLongRunShowsItsStatusAndWipesIt(label: String, arguments: [String]) {
        let plain = CommandRunner.inProcess(arguments)
        let shown = CommandRunner.inProcess(arguments + ["--progress"])
        #expect(!plain.err.contains("\r"))
        #expect(shown.err.contains("\r\(label): "), "\(shown.err)")
        #expect(shown.code == plain.code)
        #expect(shown.out == plain.out)
        #expect(Self.withoutStatus(shown.err) == plain.err)
        let refused = CommandRunner.inProcess(arguments + ["--progress", "--no-progress"])
        #expect(refused.err == plain.err)
    }

    @Test func countsBytesAndTimesReadAsAPersonReadsThem() {
        #expect(ProgressLine.grouped(1_234_567) == "1,234,567" && ProgressLine.grouped(12) == "12")
        #expect(
            ProgressLine.bytes(812) == "812 bytes" && ProgressLine.bytes(4_500_000_000) == "4.5 GB"
                && ProgressLine.bytes(25_300_000) == "25 MB")
        #expect(ProgressLine.clock(75) == "1:15" && ProgressLine.clock(3_725) == "1:02:05")
    }
}
