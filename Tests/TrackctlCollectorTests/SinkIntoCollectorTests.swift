import Foundation
import Synchronization
import Testing
import TrackctlTestSupport

@testable import TrackctlCollector
@testable import TrackctlCore
@testable import TrackctlModel

/// The HTTP sink delivering a replay into our own collector, both in this process over a real
/// loopback socket (SPEC §6.1, §13): every event arrives once, in order, byte for byte as the
/// stdout sink writes it; a collector that refuses every third request (`--fail-every 3`:
/// answered 503, nothing recorded) gets each refused batch again and loses nothing.
@Suite("HTTP sink into the collector")
struct SinkIntoCollectorTests {
    /// A collector listening on a free loopback port, served on its own thread until `stop()`.
    final class RunningCollector: Sendable {
        let server: CollectorServer
        let store: CollectorStore
        let output: String
        /// Set once to stop the server: a class, so the server's closure can share it.
        private final class Flag: Sendable {
            let value = Mutex(false)
        }
        private let stopping = Flag()
        private let finished = DispatchSemaphore(value: 0)

        init(failEvery: Int, folder: URL) throws {
            output = folder.appendingPathComponent("collected.jsonl").path
            let descriptor = Platform.open(output, Platform.truncateCreateWriteOnly)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            store = CollectorStore(output: descriptor, maximumKept: 10_000)
            let collector = SegmentCollector(options: .init(failEvery: failEvery), store: store)
            let stopping = self.stopping
            server = try CollectorServer(
                host: "127.0.0.1", port: 0, collector: collector, limits: .init(),
                shouldStop: { stopping.value.withLock { $0 } })
            let (server, finished) = (server, finished)
            Thread {
                server.run()
                finished.signal()
            }.start()
        }

        /// Stops the server, waits for it, and closes the output.
        func stop() {
            stopping.value.withLock { $0 = true }
            finished.wait()
            store.finish()
        }
    }

    static func replayOptions() -> ReplayRun.Options {
        var options = ReplayRun.Options(
            scripts: [RepositoryPaths.path("Fixtures/scripts/demo.trackscript")],
            config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")])
        options.seed = 7
        return options
    }

    @Test(arguments: [0, 3])
    func everyEventArrivesOnceInOrderAsWritten(failEvery: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the replay writes, as the stdout sink would.
        let expected = MemorySink()
        guard case .completed = ReplayRun.run(Self.replayOptions(), sink: expected) else {
            Issue.record("the demo replay did not complete")
            return
        }
        let collector = try RunningCollector(failEvery: failEvery, folder: folder)
        var options = HTTPSinkOptions()
        options.batchEvents = 3
        options.backoffMilliseconds = 1
        options.deadLetter = folder.appendingPathComponent("dead-letter.jsonl").path
        let endpoint = try #require(HTTPEndpoint("http://127.0.0.1:\(collector.server.port)/v1/batch"))
        let sink = HTTPSink(endpoint: endpoint, options: options)
        let outcome = ReplayRun.run(Self.replayOptions(), sink: sink)
        collector.stop()
        guard case .completed = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(sink.report.delivered == expected.lines.count)
        #expect(sink.report.deadLettered == 0)
        #expect(sink.report.retries > 0 || failEvery == 0, "a refused batch is sent again")
        #expect(!FileManager.default.fileExists(atPath: options.deadLetter))
        // Each call as sent — the event's line, with the batch's `sentAt` and the collector's
        // `receivedAt` appended — in the replay's order, none twice.
        let received = try String(contentsOfFile: collector.output, encoding: .utf8).split(separator: "\n")
        #expect(received.count == expected.lines.count)
        for (line, event) in zip(received, expected.lines) {
            let body = event.hasSuffix("}") ? String(event.dropLast()) : event
            #expect(line.hasPrefix(body + ",\"sentAt\":"), "\(line)")
        }
    }
}
