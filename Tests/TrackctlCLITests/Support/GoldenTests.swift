import Foundation
import Testing
import TrackctlTestSupport

/// The golden-file helper every target uses: equal text passes, a difference names its first
/// line, and recording writes the file but never passes (a recording run must be run again).
@Suite("Golden files")
struct GoldenTests {
    @Test func recordingWritesTheFileAndStillFails() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-golden-\(UUID().uuidString).txt"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try #require(Golden.mismatch("a\nb\n", golden: path, recording: true))
        #expect(recorded.hasPrefix("recorded \(path): review its diff"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
        #expect(Golden.mismatch("a\nb\n", golden: path, recording: false) == nil)
        #expect(
            Golden.mismatch("a\nc\n", golden: path, recording: false)
                == "differs from \(path) at line 2\n  expected: b\n  produced: c")
        #expect(
            Golden.mismatch("a\n", golden: path + ".missing", recording: false)?.hasSuffix(
                "cannot be read; TRACKCTL_RECORD=1 writes it") == true)
    }
}
