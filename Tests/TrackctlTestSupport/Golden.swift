import Foundation

/// Golden files under the repository, compared byte for byte. With `TRACKCTL_RECORD=1` the
/// produced text is written over the golden first — and the comparison still fails, saying so:
/// a recording run never passes, so a golden cannot be rewritten by a CI job that happens to
/// have the variable set, and whoever records must run the tests again (and review the diff).
///
/// It returns what is wrong rather than recording an issue, so this target needs no test
/// library; callers write `if let problem = Golden.mismatch(…) { Issue.record(…) }`.
public enum Golden {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["TRACKCTL_RECORD"] == "1" }

    /// Nil when `produced` is the golden at `relativePath` (from the repository root, unless it
    /// starts with `/`); else the first differing line of each, or that the file was recorded
    /// or cannot be read.
    public static func mismatch(_ produced: String, golden relativePath: String, recording: Bool = isRecording)
        -> String?
    {
        let path = relativePath.hasPrefix("/") ? relativePath : RepositoryPaths.path(relativePath)
        if recording {
            do {
                try produced.write(toFile: path, atomically: true, encoding: .utf8)
                return "recorded \(relativePath): review its diff, then run the tests again without TRACKCTL_RECORD"
            } catch {
                return "cannot record \(relativePath): \(error)"
            }
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "\(relativePath) cannot be read; TRACKCTL_RECORD=1 writes it"
        }
        if produced == expected { return nil }
        let producedLines = produced.components(separatedBy: "\n"),
            expectedLines = expected.components(separatedBy: "\n")
        let index =
            zip(producedLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(producedLines.count, expectedLines.count)
        func line(_ lines: [String]) -> String { index < lines.count ? lines[index] : "(end of text)" }
        return
            "differs from \(relativePath) at line \(index + 1)\n  expected: \(line(expectedLines))\n  produced: "
            + "\(line(producedLines))"
    }
}
