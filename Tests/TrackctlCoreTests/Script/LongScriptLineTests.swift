import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `ScriptSource`: the longest line a script may have.
@Suite("A script line too long")
struct LongScriptLineTests {
    /// The replay's own limit, through a real script: a 1 MiB line is malformed input (exit 2),
    /// refused at its line.
    @Test func aScriptLineLongerThanOneMebibyteIsMalformedInput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-long-\(UUID().uuidString).trackscript"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("launch ZOCMainViewController in navigation\n# " + String(repeating: "x", count: 1 << 20) + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        var stop: ReplayStop?
        let source = try ScriptSource(path: path)
        do throws(ReplayStop) { try source.forEachStep { _, _ throws(ReplayStop) in } } catch { stop = error }
        guard case .document(let error) = stop else { Issue.record("\(String(describing: stop))"); return }
        #expect(error.position == SourcePosition(line: 2, column: 1))
        #expect(error.message == "a line longer than 1 MiB; is this a script?")
    }
}
