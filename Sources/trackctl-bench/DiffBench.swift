import Foundation

// `trackctl-bench diff`: `trackctl diff` on two 300,000-call streams with five planted
// differences (a changed property, a dropped call, an extra call, a moved call, a renamed
// event), beside GNU diff on the same files.

/// The first `count` lines of the journey simulated for enough users, and a copy with the
/// differences planted at 10%, 30%, 50%, 70% and 90%.
func writeDiffStreams(count: Int, in folder: URL, binary: String) throws -> (expected: String, actual: String) {
    let expected = folder.appendingPathComponent("diff-expected.jsonl").path
    let actual = folder.appendingPathComponent("diff-actual.jsonl").path
    _ = pipeThrough(
        "/usr/bin/env",
        [
            "bash", "-c",
            "'\(binary)' simulate Fixtures/scripts/journey.trackscript --users \(count / 12 + 1000) | head -n "
                + "\(count) > '\(expected)'"
        ])
    var lines = try String(contentsOfFile: expected, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: true
    ).map(String.init)
    let changed = count / 10, dropped = 3 * count / 10, extra = count / 2, moved = 7 * count / 10,
        renamed = 9 * count / 10
    lines[changed] = lines[changed].replacingOccurrences(of: "\"properties\":{", with: "\"properties\":{\"planted\":1,")
    lines[renamed] = lines[renamed].replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"Renamed ")
        .replacingOccurrences(of: "\"event\":\"", with: "\"event\":\"Renamed ")
    let movedLine = lines.remove(at: moved)
    lines.insert(movedLine, at: moved + 40)
    lines.insert("{\"type\":\"track\",\"event\":\"Planted extra\",\"properties\":{}}", at: extra)
    lines.remove(at: dropped)
    try (lines.joined(separator: "\n") + "\n").write(toFile: actual, atomically: false, encoding: .utf8)
    return (expected, actual)
}

func benchDiff() throws {
    guard let (folder, binary) = try benchWorkspace("diff", needs: ["Fixtures/scripts/journey.trackscript"]) else {
        return
    }
    let (expected, actual) = try writeDiffStreams(count: 300_000, in: folder, binary: binary)
    let mine = pipeThrough(binary, ["diff", expected, actual])
    print(
        String(
            format:
                "diff: 300,000 calls against the same with 5 planted differences: %d lines of report in %.2f s, max "
                + "RSS %.1f MB",
            mine.lines, mine.seconds, Double(mine.maxRSSKiB) / 1024))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/diff") {
        let gnu = pipeThrough("/usr/bin/diff", [expected, actual])
        print(
            String(
                format: "peer: GNU diff on the same files: %.2f s, max RSS %.1f MB (trackctl diff: %.1fx its time)",
                gnu.seconds, Double(gnu.maxRSSKiB) / 1024, mine.seconds / gnu.seconds))
    }
    try? FileManager.default.removeItem(atPath: expected)
    try? FileManager.default.removeItem(atPath: actual)
}
