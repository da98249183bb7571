import Foundation
import Testing
@testable import TrackctlCore

@Suite("Sinks")
struct SinkTests {
    func event(_ name: String) -> Event {
        Event(kind: .track, name: name, properties: [], context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 1), timestamp: 0)
    }

    /// Hands `body` the line of an event, as the emitter does.
    func withLine(_ name: String, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try Array("{\"event\":\"\(name)\"}\n".utf8).withUnsafeBytes(body)
    }

    @Test func theFileSinkAppendsWholeLinesAndSyncsOnClose() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-sink-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"event\":\"earlier\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sink = try FileSink(path: path)
        #expect(sink.capabilities.contains(.close))
        for i in 0..<10_000 { try withLine("e\(i)") { try sink.receive($0, event: event("e\(i)")) } }
        try sink.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 10_001)
        #expect(lines.first == "{\"event\":\"earlier\"}")
        #expect(lines.last == "{\"event\":\"e9999\"}")
        #expect(text.hasSuffix("\n"))
    }

    @Test func aFileThatCannotBeOpenedIsAnError() {
        #expect(throws: SinkError.self) { try FileSink(path: "/nonexistent-folder/x.jsonl") }
    }

    @Test func theMultiplexerFansOutInOrderAndUnitesCapabilities() throws {
        let first = MemorySink(), second = MemorySink()
        let sink = MultiplexSink([first, second, NullSink()])
        for name in ["a", "b", "c"] { try withLine(name) { try sink.receive($0, event: event(name)) } }
        #expect(first.events.map(\.name) == ["a", "b", "c"])
        #expect(second.lines == first.lines)
        #expect(sink.capabilities == [.events])
    }

    @Test(arguments: [("stdout", SinkSpec.stdout), ("stderr", .stderr), ("null", .null), ("file:out.jsonl", .file("out.jsonl"))])
    func sinkSpellingsParse(text: String, spec: SinkSpec) throws {
        #expect(try SinkSpec(parsing: text) == spec)
    }

    @Test func unknownSinkSpellingsSaySo() {
        #expect(throws: SinkError.failed("unknown sink 'stdot'; use one of stdout, stderr, file:PATH, null; did you mean 'stdout'?")) {
            try SinkSpec(parsing: "stdot")
        }
        #expect(throws: SinkError.failed("'file:' needs a path, as in file:events.jsonl")) { try SinkSpec(parsing: "file:") }
    }
}
