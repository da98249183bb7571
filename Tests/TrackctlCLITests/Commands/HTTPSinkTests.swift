import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// A real collector on 127.0.0.1, started by the test: Fixtures/http/collector.py, a Python
/// standard-library server that misbehaves as asked. Stopped when the test ends.
final class Collector {
    let process = Process()
    /// Closing it stops the collector (it exits at the end of its standard input).
    private let input = Pipe()
    let port: Int
    let folder: URL
    var record: URL { folder.appendingPathComponent("received.jsonl") }
    var headers: URL { folder.appendingPathComponent("headers.jsonl") }

    init(_ mode: String, _ arguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", RepositoryPaths.path("Fixtures/http/collector.py"), "--mode", mode, "--record",
                folder.appendingPathComponent("received.jsonl").path,
                "--headers", folder.appendingPathComponent("headers.jsonl").path
            ] + arguments.flatMap { ["--arg", $0] }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        try process.run()
        // The first line is the port it bound.
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the collector did not start: \(text)"])
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/v1/batch" }

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The request bodies it processed, in order.
    var bodies: [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The messageIds it received, in order (with the duplicates of resent batches).
    var receivedIDs: [String] {
        bodies.flatMap { body -> [String] in
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
                let batch = object["batch"] as? [[String: Any]]
            else { return [] }
            return batch.compactMap { $0["messageId"] as? String }
        }
    }
}

/// The HTTP sink (SPEC §6.1) against a real collector that fails in each way the issue lists:
/// for each, delivered ∪ dead-lettered = emitted, duplicates only from resends of unanswered
/// batches, the summary's numbers and the exit code.
@Suite("HTTP delivery", .serialized, .ownThread)
struct HTTPSinkTests {
    struct Run {
        var result: RunResult
        var emitted: [String]
        var deadLettered: [[String: Any]]
        var summary: String { result.err.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// Replays the demo script (16 events) in batches of 5 to `collector`, with the events also
    /// written to a file (what was emitted) and the dead letters to another.
    static func replay(
        _ collector: Collector, _ extra: [String] = [], script: String = "Fixtures/scripts/demo.trackscript",
        environment: [String: String] = [:]
    ) throws -> Run {
        let emittedFile = collector.folder.appendingPathComponent("emitted.jsonl").path
        let deadLetter = collector.folder.appendingPathComponent("dead.jsonl").path
        let result = try CommandRunner.binary(
            [
                "replay", script, "--sink", collector.url, "--sink", "file:" + emittedFile, "--batch-events", "5",
                "--backoff", "10ms", "--dead-letter", deadLetter
            ] + extra, environment: environment)
        func ids(_ lines: [Substring]) -> [String] {
            lines.compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["messageId"] as? String
            }
        }
        let emitted = ids(((try? String(contentsOfFile: emittedFile, encoding: .utf8)) ?? "").split(separator: "\n"))
        let dead = ((try? String(contentsOfFile: deadLetter, encoding: .utf8)) ?? "").split(separator: "\n").compactMap
        {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return Run(result: result, emitted: emitted, deadLettered: dead)
    }

    /// Nothing lost, nothing invented: every emitted event was received or dead-lettered, and
    /// a received event was received more than once only when its whole batch was resent
    /// byte for byte.
    static func checkNothingLost(_ run: Run, _ collector: Collector) {
        let received = collector.receivedIDs
        let dead = run.deadLettered.compactMap { ($0["event"] as? [String: Any])?["messageId"] as? String }
        #expect(run.emitted.count == 16)
        #expect(Set(received).union(dead) == Set(run.emitted), "delivered ∪ dead-lettered = emitted")
        #expect(Set(received).isDisjoint(with: dead) || !dead.isEmpty == false)
        let bodies = collector.bodies
        if Set(received).count != received.count {
            #expect(Set(bodies).count < bodies.count, "duplicates come from byte-identical resends")
        }
    }

    @Test func firstRequestsFailingWith500AreRetried() throws {
        let collector = try Collector("fail-first", ["2"])
        let run = try Self.replay(collector)
        #expect(run.result.code == 0)
        #expect(run.summary == "\(collector.url): 16 events, 16 delivered, 0 dead-lettered, 2 retries")
        Self.checkNothingLost(run, collector)
        #expect(collector.receivedIDs == run.emitted, "in emission order, once each")
        // The Segment batch shape; sentAt is the virtual time of the batch's last event.
        for body in collector.bodies {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            let batch = try #require(object["batch"] as? [[String: Any]])
            #expect(Set(object.keys) == ["batch", "sentAt"])
            #expect(object["sentAt"] as? String == batch.last?["originalTimestamp"] as? String)
        }
    }

    @Test func retryAfterWinsOverTheBackoff() throws {
        let collector = try Collector("retry-after", ["1", "1"])
        let start = Date()
        let run = try Self.replay(collector)
        #expect(
            Date().timeIntervalSince(start) >= 0.9, "waited the second Retry-After asked for, not the 10 ms backoff")
        #expect(run.result.code == 0)
        #expect(run.summary == "\(collector.url): 16 events, 16 delivered, 0 dead-lettered, 1 retry")
        Self.checkNothingLost(run, collector)
    }

    /// The slow answer came after the timeout: the batch is resent; the collector may have
    /// processed both, the only duplicates.
    @Test func aCollectorSlowerThanTheTimeoutGetsTheBatchAgain() throws {
        let collector = try Collector("slow-first", ["1", "1.5"])
        let run = try Self.replay(collector, ["--http-timeout", "300ms"])
        #expect(run.result.code == 0)
        // At least one retry; a loaded machine may time out the resend too (review T1).
        #expect(run.summary.hasPrefix("\(collector.url): 16 events, 16 delivered, 0 dead-lettered, "))
        let retries = Int(run.summary.split(separator: ", ").last?.split(separator: " ").first ?? "") ?? 0
        #expect(retries >= 1)
        Self.checkNothingLost(run, collector)
    }

    @Test(arguments: ["close-first", "garbage-first"])
    func aConnectionClosedOrAnAnswerThatIsNotHTTPIsRetried(mode: String) throws {
        let collector = try Collector(mode, ["2"])
        let run = try Self.replay(collector)
        #expect(run.result.code == 0)
        #expect(run.summary == "\(collector.url): 16 events, 16 delivered, 0 dead-lettered, 2 retries")
        Self.checkNothingLost(run, collector)
    }

    @Test func a400IsFinalAndEveryEventIsDeadLetteredWithItsReason() throws {
        let collector = try Collector("reject")
        let run = try Self.replay(collector)
        #expect(run.result.code == 1)
        #expect(run.summary.hasPrefix("\(collector.url): 16 events, 0 delivered, 16 dead-lettered to "))
        #expect(run.summary.hasSuffix("dead.jsonl, 0 retries"))
        #expect(run.deadLettered.count == 16)
        #expect(
            run.deadLettered.allSatisfy {
                $0["error"] as? String == "HTTP 400 (final: not retried)" && $0["attempts"] as? Int == 1
            })
        Self.checkNothingLost(run, collector)
    }

    /// 413 for bodies over 2 KB (the batches of five): those are dead-lettered, the last batch
    /// (one event) is delivered.
    @Test func a413DeadLettersTheBatchesTooLargeForTheCollector() throws {
        let collector = try Collector("too-large", ["2000"])
        let run = try Self.replay(collector)
        #expect(run.result.code == 1)
        let dead = run.deadLettered.count
        #expect(dead > 0 && dead < 16)
        #expect(run.summary.hasPrefix("\(collector.url): 16 events, \(16 - dead) delivered, \(dead) dead-lettered to "))
        #expect(run.deadLettered.allSatisfy { $0["error"] as? String == "HTTP 413 (final: not retried)" })
        Self.checkNothingLost(run, collector)
    }

    /// The collector processed the first two requests, then answered 503: the resends are the
    /// same bytes, so it can drop what it already has.
    @Test func aProcessedBatchAnswered503IsResentByteForByte() throws {
        let collector = try Collector("ack-then-503", ["2"])
        let run = try Self.replay(collector)
        #expect(run.result.code == 0)
        #expect(run.summary == "\(collector.url): 16 events, 16 delivered, 0 dead-lettered, 2 retries")
        let bodies = collector.bodies
        #expect(bodies.count == 6)
        #expect(bodies[0] == bodies[1] && bodies[1] == bodies[2], "one batch sent three times, identical")
        Self.checkNothingLost(run, collector)
    }

    @Test func aCollectorThatIsDownDeadLettersEverythingAfterTheRetries() throws {
        let collector = try Collector("ok")
        collector.stop()
        let run = try Self.replay(collector, ["--retries", "2"])
        #expect(run.result.code == 1)
        #expect(run.summary.hasPrefix("\(collector.url): 16 events, 0 delivered, 16 dead-lettered to "))
        #expect(run.summary.hasSuffix(", 8 retries"), "4 batches, 2 resends each")
        #expect(
            run.deadLettered.allSatisfy {
                $0["error"] as? String == "Connection refused" && $0["attempts"] as? Int == 3
            })
        Self.checkNothingLost(run, collector)
    }

    @Test func anEventOverTheSizeLimitIsNeverSentAndIsDeadLetteredWithAttemptsZero() throws {
        let collector = try Collector("ok")
        let script = collector.folder.appendingPathComponent("big.trackscript").path
        try
            ("launch ZOCMainViewController\ncall loginView:handleError: handleError="
            + String(repeating: "x", count: 40_000) + "\ncall shareButtonPressed:\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let deadLetter = collector.folder.appendingPathComponent("dead.jsonl").path
        let result = try CommandRunner.binary(["replay", script, "--sink", collector.url, "--dead-letter", deadLetter])
        #expect(result.code == 1)
        // The screen view, the login error (over the limit), the share button and the sheet's screen view.
        #expect(
            result.err.hasSuffix(
                "\(collector.url): 4 events, 3 delivered, 1 dead-lettered to \(deadLetter), 0 retries\n"))
        let line = try #require(try String(contentsOfFile: deadLetter, encoding: .utf8).split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["attempts"] as? Int == 0)
        #expect((object["error"] as? String)?.hasSuffix("bytes, over the 32768-byte limit of an event") == true)
    }

    /// The key and header values are sent, and appear nowhere else: not on stdout, stderr,
    /// in traces or dead letters.
    @Test func secretsAreSentAndNeverShown() throws {
        let collector = try Collector("fail-first", ["100"])
        let run = try Self.replay(
            collector, ["--header", "X-Api-Key: hunter2-header-secret", "--retries", "1", "--trace"],
            environment: ["TRACKCTL_WRITE_KEY": "wk-secret-4242"])
        #expect(run.result.code == 1)
        let headers = try String(contentsOf: collector.headers, encoding: .utf8)
        #expect(headers.contains("Basic " + Data("wk-secret-4242:".utf8).base64EncodedString()))
        #expect(headers.contains("hunter2-header-secret"))
        let dead = try String(
            contentsOfFile: collector.folder.appendingPathComponent("dead.jsonl").path, encoding: .utf8)
        let emitted = try String(
            contentsOfFile: collector.folder.appendingPathComponent("emitted.jsonl").path, encoding: .utf8)
        for secret in ["wk-secret-4242", "hunter2-header-secret", Data("wk-secret-4242:".utf8).base64EncodedString()] {
            for (name, text) in [
                ("stdout", run.result.out), ("stderr", run.result.err), ("dead letters", dead),
                ("events and traces", emitted)
            ] {
                #expect(!text.contains(secret), "\(name) shows a secret")
            }
        }
        let bad = try CommandRunner.binary([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", collector.url, "--header",
            "X-Api-Key hunter2-header-secret"
        ])
        #expect(bad.code == 2)
        #expect(!bad.err.contains("hunter2"))
    }

    /// `| head -1` closes stdout: the HTTP sink still gets every event.
    @Test func aClosedStdoutLosesNothingOnTheHTTPSide() throws {
        let collector = try Collector("ok")
        let result = try CommandRunner.binary(
            [
                "-c",
                "'\(RepositoryPaths.binary.path)' replay Fixtures/scripts/demo.trackscript --sink stdout --sink "
                    + "\(collector.url) | head -1 > /dev/null"
            ],
            executable: "/bin/bash")
        #expect(result.err == "\(collector.url): 16 events, 16 delivered, 0 dead-lettered, 0 retries\n")
        #expect(collector.receivedIDs.count == 16)
    }

    /// SIGINT (or SIGTERM) in the middle of a long replay to a slow collector: the replay stops
    /// between two lines, the file sink keeps whole lines, the queue gets its 5 s, what is left is
    /// dead-lettered, the summary is printed, and the exit code is 130 (143). Nothing emitted is
    /// lost.
    @Test(arguments: [("SIGINT", Int32(130)), ("SIGTERM", Int32(143))])
    func aStopSignalStopsCleanlyAndLosesNothing(signal: String, code: Int32) throws {
        let collector = try Collector("slow", ["0.3"])
        let script = collector.folder.appendingPathComponent("long.trackscript").path
        try
            ("launch ZOCMainViewController in navigation\n"
            + String(repeating: "push ZOCFeedViewController\npop\n", count: 20_000)).write(
                toFile: script, atomically: true, encoding: .utf8)
        let emittedFile = collector.folder.appendingPathComponent("emitted.jsonl").path
        let deadLetter = collector.folder.appendingPathComponent("dead.jsonl").path
        let process = Process()
        process.executableURL = RepositoryPaths.binary
        process.arguments = [
            "replay", script, "--sink", collector.url, "--sink", "file:" + emittedFile, "--dead-letter", deadLetter,
            "--max-in-flight", "2"
        ]
        process.currentDirectoryURL = RepositoryPaths.root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.0)
        let stopped = Date()
        if signal == "SIGINT" { process.interrupt() } else { process.terminate() }
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(stopped) < 8, "the queue got its 5 s, not more")
        #expect(process.terminationStatus == code)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err.contains("replay stopped by \(signal) after "))
        let emitted = try String(contentsOfFile: emittedFile, encoding: .utf8).split(separator: "\n")
        #expect(emitted.count > 0 && emitted.count < 40_001, "stopped in the middle")
        #expect(emitted.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "whole lines")
        let dead = ((try? String(contentsOfFile: deadLetter, encoding: .utf8)) ?? "").split(separator: "\n").count
        let received = Set(collector.receivedIDs).count
        #expect(received + dead == emitted.count, "delivered + dead-lettered = emitted")
        #expect(err.contains("\(collector.url): \(emitted.count) events, \(received) delivered, \(dead) dead-lettered"))
    }

    @Test(arguments: [
        (
            ["--sink", "http://127.0.0.1:9/v1/batch", "--batch-events", "2501"],
            "error: '--batch-events' needs a whole number from 1 to 2500; not '2501'"
        ),
        (["--retries", "3"], "error: the HTTP flags (--batch-events, --retries, --header, …) need an HTTP sink"),
        (["--sink", "http://user:pass@127.0.0.1:9/v1/batch"], "error: '--sink' takes no credentials in the URL"),
        (
            ["--sink", "http://127.0.0.1:99999/v1/batch"],
            "error: '--sink' needs a URL such as http://127.0.0.1:8080/v1/batch"
        )
    ])
    func badHTTPFlagsAreUsageErrors(arguments: [String], message: String) {
        let result = CommandRunner.inProcess(["replay", "Fixtures/scripts/demo.trackscript"] + arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(!result.err.contains("pass"))
    }
}
