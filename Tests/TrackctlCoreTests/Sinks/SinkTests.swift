import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Sinks")
struct SinkTests {
    func event(_ name: String) -> Event {
        Event(
            kind: .track, name: name, properties: [],
            context: EventContext(screen: nil, previousScreen: nil, stack: [], step: 1), timestamp: 0)
    }

    /// Hands `body` the line of an event, as the emitter does.
    func withLine(_ name: String, _ body: (EventLine) throws -> Void) rethrows {
        let lifetime = LineLifetime()
        defer { lifetime.end() }
        try Array("{\"event\":\"\(name)\"}\n".utf8).withUnsafeBytes { try body(EventLine($0, lifetime: lifetime)) }
    }

    /// 10,000 lines fit in one buffer, written at close on this thread; 200,000 fill several,
    /// written by the background writer while the next fills.
    @Test(arguments: [10_000, 200_000])
    func theFileSinkAppendsWholeLinesAndSyncsOnClose(count: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-sink-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"event\":\"earlier\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sink = try FileSink(path: path)
        #expect(sink.capabilities.contains(.close))
        for i in 0..<count { try withLine("e\(i)") { try sink.receive($0, event: event("e\(i)")) } }
        try sink.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == count + 1)
        #expect(lines.first == "{\"event\":\"earlier\"}")
        #expect(
            lines.dropFirst().enumerated().allSatisfy { $0.element == "{\"event\":\"e\($0.offset)\"}" },
            "every line, whole and in order")
        #expect(text.hasSuffix("\n"))
    }

    /// A real pipe with a reader thread: a long output arrives whole and in order.
    @Test func aLongOutputCrossesAPipeInOrder() throws {
        let ends = try #require(Platform.makePipe())
        let reader = PipeReader(descriptor: ends.read)
        let sink = FileDescriptorSink(descriptor: ends.write, label: "pipe")
        let count = 100_000
        for i in 0..<count { try withLine("e\(i)") { try sink.receive($0, event: nil) } }
        try sink.flush()
        Platform.close(ends.write)
        let lines = reader.finish().split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.enumerated().allSatisfy { $0.element == "{\"event\":\"e\($0.offset)\"}" })
    }

    /// When the reader goes away (`| head -1`), the sink reports `.closed` — from the
    /// background writer, at a later hand-off or at the flush — and never a failure.
    @Test func aClosedReaderIsReportedAsClosed() throws {
        Platform.ignoreBrokenPipeSignal()  // as the trackctl binary does at startup
        let ends = try #require(Platform.makePipe())
        Platform.close(ends.read)
        defer { Platform.close(ends.write) }
        let sink = FileDescriptorSink(descriptor: ends.write, label: "pipe")
        var caught: SinkError?
        do {
            for i in 0..<200_000 { try withLine("e\(i)") { try sink.receive($0, event: nil) } }
            try sink.flush()
        } catch let error as SinkError {
            caught = error
        }
        #expect(caught == .closed)
    }

    /// The background writer on its own: stop writes everything handed off, in order, and ends
    /// its thread; a writer dropped without a hand-off, or stopped twice, does not hang.
    @Test func theBackgroundWriterStopsAfterWritingWhatWasHandedOff() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-writer-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = Platform.open(path, Platform.appendCreateWriteOnly)
        #expect(descriptor >= 0)
        defer { Platform.close(descriptor) }
        let writer = BackgroundWriter(descriptor: descriptor, label: "file", truncatesPartialLines: true)
        var buffer = LineBuffer(capacity: 64)
        for round in 0..<100 {
            buffer.append(Array("round \(round)\n".utf8))
            let handedOff = buffer
            try writer.handOff(&buffer)
            #expect(buffer !== handedOff, "the caller gets another buffer")
            #expect(buffer.count == 0)
        }
        writer.stop()
        writer.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines == (0..<100).map { "round \($0)"[...] })
        // Never started: dropping it is immediate.
        _ = BackgroundWriter(descriptor: descriptor, label: "file", truncatesPartialLines: true)
        BackgroundWriter(descriptor: descriptor, label: "file", truncatesPartialLines: true).stop()
    }

    /// The sink lifecycle is dynamic: closing a file sink through `any EventSink` runs its own
    /// `close()` — the data is written and the file closed.
    @Test func aFileSinkClosesThroughAnyEventSink() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-any-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileSink(path: path)
        let descriptor = file.descriptor
        let sink: any EventSink = file
        try withLine("only") { try sink.receive($0, event: nil) }
        try sink.close()
        #expect(
            Platform.identity(of: descriptor) == nil
                || Platform.identity(ofPath: path) != Platform.identity(of: descriptor),
            "the descriptor is closed")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"event\":\"only\"}\n")
    }

    /// One sink failing does not stop the others; the failure is reported at the end (where
    /// there is a /dev/full to fail).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func theMultiplexerKeepsGoingPastAFailedSink() throws {
        let memory = MemorySink()
        let multiplex = MultiplexSink([try FileSink(path: "/dev/full"), memory])
        for i in 0..<3 { try withLine("e\(i)") { try multiplex.receive($0, event: nil) } }
        #expect(throws: SinkError.failed("cannot write to '/dev/full': No space left on device")) {
            try multiplex.flush()
        }
        for i in 3..<5 { try withLine("e\(i)") { try multiplex.receive($0, event: nil) } }
        #expect(memory.lines.count == 5)
        #expect(multiplex.failures == ["cannot write to '/dev/full': No space left on device"])
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

    @Test(arguments: [
        ("stdout", SinkSpec.stdout), ("stderr", .stderr), ("null", .null), ("file:out.jsonl", .file("out.jsonl"))
    ])
    func sinkSpellingsParse(text: String, spec: SinkSpec) throws {
        #expect(try SinkSpec(parsing: text) == spec)
    }

    @Test func unknownSinkSpellingsSaySo() {
        #expect(
            throws: SinkError.failed(
                "unknown sink 'stdot'; use one of stdout, stderr, file:PATH, http://HOST:PORT/PATH, null; did you "
                    + "mean 'stdout'?"
            )
        ) {
            try SinkSpec(parsing: "stdot")
        }
        #expect(throws: SinkError.failed("'file:' needs a path, as in file:events.jsonl")) {
            try SinkSpec(parsing: "file:")
        }
    }
}

/// Reads a pipe to its end on a thread of its own, as `wc -l` would.
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(descriptor: Int32) {
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                // Not nil: 65,536 bytes.
                // swift-format-ignore: NeverForceUnwrap
                let n = chunk.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                data.append(contentsOf: chunk[0..<n])
            }
            Platform.close(descriptor)
            done.signal()
        }.start()
    }

    /// Waits for the end of the pipe; the text read.
    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
