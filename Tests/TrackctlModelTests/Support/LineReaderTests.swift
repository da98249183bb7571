import Foundation
import Testing

@testable import TrackctlModel

/// `LineReader`: chunks, the last line, the longest line.
@Suite("Line reader")
struct LineReaderTests {
    /// Lines crossing a chunk boundary come whole; a last line without a newline counts; a
    /// line longer than the limit is refused with its number.
    @Test func linesCrossChunksAndTheLongestLineIsEnforced() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-lines-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chunk = LineReader.chunkSize
        // The second line starts 10 bytes before the first chunk ends and runs past it.
        let lines = [String(repeating: "a", count: chunk - 11), String(repeating: "b", count: 300), "c\r", "last"]
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        var read: [String] = []
        while let line = try reader.next() { read.append(String(decoding: line, as: UTF8.self)) }
        #expect(read == lines)
        #expect(reader.lineNumber == 4)

        let limited = try LineReader(path: path, maximumLineLength: 1_000)
        do {
            while try limited.next() != nil {}
            Issue.record("a line over the limit was read")
        } catch {
            guard case .lineTooLong(let line) = error else { Issue.record("\(error)"); return }
            #expect(line == 1)
        }
    }
}
