import Foundation
import Testing
import TrackctlCLI
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// `trackctl collect` on a free port, started by the test, stopped, and what it wrote read back.
/// Embedded in the test process by default (`EmbeddedCollector`: the command's own setup, server
/// and summary, stopped by a flag of its own); `asProcess` starts the built binary instead, for
/// the tests where a signal is the point. Unchecked Sendable: after `init`, concurrent tests only
/// read `port` and open connections of their own.
final class TrackctlCollector: @unchecked Sendable {
    let port: Int
    let folder: URL
    var output: URL { folder.appendingPathComponent("collected.jsonl") }
    private let running: Running

    private enum Running {
        case process(Process, Pipe)
        case embedded(EmbeddedRun)
    }

    /// An embedded collector's thread, stop flag, stderr and exit code.
    final class EmbeddedRun: Terminal, @unchecked Sendable {
        private let lock = NSLock()
        private var errorText = ""
        private var code: Int32?
        private var stopping = false
        private let finished = DispatchSemaphore(value: 0)

        var err: String { lock.withLock { errorText } }

        func writeOut(_ text: String) -> Bool { true }
        func writeErr(_ text: String) { lock.withLock { errorText += text } }

        func start(_ arguments: [String]) {
            Thread { [self] in
                let code = EmbeddedCollector.run(arguments, terminal: self) { [self] in lock.withLock { stopping } }
                lock.withLock { self.code = code }
                finished.signal()
            }.start()
        }

        /// Waits for the "listening on" line, or for the run to end (a usage error).
        func waitUntilListening() -> String {
            for _ in 0..<2_000 {
                let (text, ended) = lock.withLock { (errorText, code != nil) }
                if text.contains("listening on") && text.hasSuffix("\n") || ended { return text }
                usleep(5_000)
            }
            return err
        }

        func stop() -> (code: Int32, err: String) {
            lock.withLock { stopping = true }
            finished.wait()
            return lock.withLock { (code ?? -1, errorText) }
        }
    }

    /// `existing`: lines the output file holds before the collector starts.
    init(_ arguments: [String] = [], existing: String? = nil, asProcess: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-collect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let existing {
            try existing.write(to: folder.appendingPathComponent("collected.jsonl"), atomically: true, encoding: .utf8)
        }
        let all = ["--port", "0", "--output", folder.appendingPathComponent("collected.jsonl").path] + arguments
        var errorText = ""
        if asProcess {
            let process = Process()
            let errorPipe = Pipe()
            process.executableURL = RepositoryPaths.binary
            process.currentDirectoryURL = RepositoryPaths.root
            process.arguments = ["collect"] + all
            process.standardError = errorPipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // A line on stderr names the port (after the note on an output that already has lines).
            while !errorText.contains("listening on") || !errorText.hasSuffix("\n") {
                let data = errorPipe.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                errorText += String(decoding: data, as: UTF8.self)
            }
            running = .process(process, errorPipe)
        } else {
            guard FileManager.default.changeCurrentDirectoryPath(RepositoryPaths.root.path) else {
                throw CocoaError(.fileReadNoSuchFile)
            }
            let run = EmbeddedRun()
            run.start(all)
            errorText = run.waitUntilListening()
            running = .embedded(run)
        }
        self.errorText = errorText
        guard let line = errorText.split(separator: "\n").first(where: { $0.contains("listening on") }),
            line.contains("listening on http://127.0.0.1:"),
            let port = Int(line.split(separator: ":").last ?? "")
        else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "collect did not start: \(errorText)"])
        }
        self.port = port
    }

    private var errorText: String
    private var stopped: (code: Int32, err: String)?

    /// Stops it — with SIGTERM (or SIGINT) when it is a process — and gives its exit code and
    /// everything it wrote on stderr.
    @discardableResult
    func stop(interrupt: Bool = false) -> (code: Int32, err: String) {
        if let stopped { return stopped }
        let result: (code: Int32, err: String)
        switch running {
        case .process(let process, let errorPipe):
            if process.isRunning {
                if interrupt { process.interrupt() } else { process.terminate() }
                process.waitUntilExit()
            }
            errorText += String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            result = (process.terminationStatus, errorText)
        case .embedded(let run):
            result = run.stop()
        }
        stopped = result
        return result
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    var lines: [String] {
        ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// `trackctl diff` of `printed` (what a run wrote on stdout) against what was collected.
    func diff(printed: String, _ options: [String] = []) throws -> RunResult {
        let expected = folder.appendingPathComponent("expected.jsonl")
        try printed.write(to: expected, atomically: true, encoding: .utf8)
        return try CommandRunner.binary(["diff", expected.path, output.path] + options)
    }

    var calls: [[String: Any]] {
        lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Sends `request` as raw bytes on a new connection and reads until the server closes it or
    /// `seconds` pass: the raw answer.
    func exchange(_ request: [UInt8], seconds: Int32 = 5, closeAfterSending: Bool = false) -> String {
        Self.exchange(port: port, request, seconds: seconds, closeAfterSending: closeAfterSending)
    }

    static func exchange(port: Int, _ request: [UInt8], seconds: Int32 = 5, closeAfterSending: Bool = false) -> String {
        guard
            case .success(let socket) = Platform.connectTCP(
                host: "127.0.0.1", port: UInt16(port), timeoutMilliseconds: 2000)
        else { return "" }
        defer { _ = Platform.close(socket) }
        var offset = 0
        while offset < request.count {
            guard Platform.wait(socket, forWriting: true, timeoutMilliseconds: 2000) > 0 else { break }
            let sent = request.withUnsafeBytes {
                // Not nil: offset < request.count in the loop: not empty.
                // swift-format-ignore: NeverForceUnwrap
                Platform.send(socket, $0.baseAddress! + offset, request.count - offset)
            }
            if sent < 0, Platform.errorNumber == Platform.wouldBlock { continue }
            guard sent > 0 else { break }
            offset += sent
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Platform.wait(socket, forWriting: false, timeoutMilliseconds: seconds * 1000) > 0 {
            // Not nil: 65,536 bytes.
            // swift-format-ignore: NeverForceUnwrap
            let count = buffer.withUnsafeMutableBytes { Platform.receive(socket, $0.baseAddress!, $0.count) }
            if count < 0, Platform.errorNumber == Platform.wouldBlock { continue }
            guard count > 0 else { break }
            answer += buffer[..<count]
            if closeAfterSending { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// One request with `Connection: close`.
    func send(_ method: String, _ path: String, body: String = "", headers: [String] = []) -> String {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        return exchange(Array((head + "\r\n" + body).utf8))
    }

    func json(_ path: String) -> Any? {
        let answer = send("GET", path)
        guard let start = answer.range(of: "\r\n\r\n") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(answer[start.upperBound...].utf8))
    }

    var total: Int { counts()["total"] ?? -1 }

    /// `/collect/all`'s counts (its `rules` object left out).
    func counts(_ path: String = "/collect/all") -> [String: Int] {
        ((json(path) as? [String: Any]) ?? [:]).compactMapValues { $0 as? Int }
    }

    /// The first reason's message of each call of `/collect/bad`.
    func firstReasons() -> [String] {
        ((json("/collect/bad") as? [[String: Any]]) ?? []).map {
            (($0["reasons"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        }
    }
}

/// `collect` (SPEC §13) against the clients it must serve: trackctl's own HTTP sink, requests
/// exactly as analytics-swift and server libraries send them, and hostile input.
@Suite("collect command", .serialized, .ownThread)
struct CollectCommandTests {
    static func call(_ event: String, id: String = "m1") -> String {
        #"{"type":"track","event":"\#(event)","anonymousId":"a1","messageId":"\#(id)","#
            + #""timestamp":"2026-11-25T10:00:00.000Z","properties":{"n":1}}"#
    }

    static func status(_ answer: String) -> Int { Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0 }

    /// The replay into collect, then diff of the replay's stdout with what was collected: the same.
    @Test func aReplayDeliveredToCollectIsWhatTheReplayPrinted() throws {
        let collector = try TrackctlCollector(["--config", "Config/analytics.plist"])
        let replay = try CommandRunner.binary([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "stdout", "--sink",
            "http://127.0.0.1:\(collector.port)/v1/batch", "--dead-letter",
            collector.folder.appendingPathComponent("dl.jsonl").path
        ])
        #expect(replay.code == 0)
        #expect(collector.counts() == ["total": 16, "good": 16, "bad": 0])  // every demo event is in the plan
        let stopped = collector.stop()
        #expect(stopped.code == 0)
        #expect(stopped.err.contains("stopped; 16 calls received (16 good, 0 bad)"))
        let diff = try collector.diff(printed: replay.out)
        #expect(diff.code == 0)
        #expect(diff.out.hasPrefix("same: 16 calls expected, 16 received"))
    }

    /// Every third request failed, no retries: the dead-lettered calls are exactly those diff
    /// calls missing.
    @Test func whatTheSinkDeadLettersIsWhatDiffCallsMissing() throws {
        let collector = try TrackctlCollector(["--fail-every", "3"])
        let deadLetter = collector.folder.appendingPathComponent("dl.jsonl")
        let replay = try CommandRunner.binary([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "stdout", "--sink",
            "http://127.0.0.1:\(collector.port)/v1/batch",
            "--batch-events", "1", "--retries", "0", "--max-in-flight", "1", "--dead-letter", deadLetter.path
        ])
        #expect(replay.code == 1)
        #expect(replay.err.contains("16 events, 11 delivered, 5 dead-lettered"))
        collector.stop()
        let diff = try collector.diff(printed: replay.out, ["--format", "json"])
        #expect(diff.code == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(diff.out.utf8)) as? [String: Any])
        let differences = try #require(report["differences"] as? [[String: Any]])
        #expect(differences.allSatisfy { $0["kind"] as? String == "missing" })
        let expectedLines = replay.out.split(separator: "\n").map(String.init)
        let missingIDs = Set(
            differences.compactMap { $0["expectedLine"] as? Int }.map { line -> String in
                let object =
                    try? JSONSerialization.jsonObject(with: Data(expectedLines[line - 1].utf8)) as? [String: Any]
                return object?["messageId"] as? String ?? ""
            })
        let deadIDs = Set(
            try String(contentsOf: deadLetter, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return (object?["event"] as? [String: Any])?["messageId"] as? String
            })
        #expect(deadIDs.count == 5)
        #expect(missingIDs == deadIDs)
    }

    /// analytics-swift uploads its batch file to https://{apiHost}/b
    /// (Sources/Segment/Utilities/Networking/HTTPClient.swift: `startBatchUpload`,
    /// `configuredRequest`): Content-Type "application/json; charset=utf-8", User-Agent
    /// "analytics-ios/VERSION", Accept-Encoding gzip, no Authorization. The file is `{ "batch": [`
    /// + a line per event joined by ",", then `],"sentAt":"…","writeKey":"…"}`
    /// (Sources/Segment/Utilities/Storage/Types/DirectoryStore.swift).
    @Test func analyticsSwiftsBatchFileIsAcceptedWithTheKeyInTheBody() throws {
        let collector = try TrackctlCollector(["--write-key", "KEY123"])
        let body = try String(
            contentsOfFile: RepositoryPaths.path("Fixtures/collect/analytics-swift-batch.json"), encoding: .utf8)
        let answer = collector.send(
            "POST", "/v1/b", body: body,
            headers: [
                "Content-Type: application/json; charset=utf-8", "User-Agent: analytics-ios/1.7.3",
                "Accept-Encoding: gzip"
            ])
        #expect(Self.status(answer) == 200)
        #expect(answer.hasSuffix("{\"success\":true}"))
        #expect(collector.calls.map { $0["event"] as? String } == ["One", "Two"])
        #expect(collector.calls.allSatisfy { $0["receivedAt"] is String })
        // The settings it fetches from cdnHost keep Segment on and point apiHost back here.
        let settings = try #require(collector.json("/v1/projects/KEY123/settings") as? [String: Any])
        let segment = try #require((settings["integrations"] as? [String: Any])?["Segment.io"] as? [String: Any])
        #expect(segment["apiHost"] as? String == "127.0.0.1:\(collector.port)/v1")
        #expect(segment["apiKey"] as? String == "KEY123")
    }

    /// Server libraries post /v1/batch with HTTP Basic auth and batch-level context: merged into
    /// each call, the call's own keys winning. Single calls take their type from the path.
    @Test func batchContextIsMergedAndSingleCallsTakeTheirTypeFromThePath() throws {
        let collector = try TrackctlCollector(["--write-key", "KEY"])
        let auth = "Authorization: Basic " + Data("KEY:".utf8).base64EncodedString()
        let body =
            #"{"batch":[{"type":"track","event":"A","userId":"u","context":{"ip":"9.9.9.9"}}],"#
            + #""context":{"ip":"1.2.3.4","library":{"name":"analytics-node"}}}"#
        #expect(Self.status(collector.send("POST", "/v1/batch", body: body, headers: [auth])) == 200)
        #expect(
            Self.status(
                collector.send(
                    "POST", "/v1/identify", body: #"{"userId":"u","traits":{"plan":"pro"}}"#, headers: [auth])) == 200)
        let calls = collector.calls
        let context = try #require(calls.first?["context"] as? [String: Any])
        #expect(context["ip"] as? String == "9.9.9.9")
        #expect((context["library"] as? [String: Any])?["name"] as? String == "analytics-node")
        #expect(calls.last?["type"] as? String == "identify")
        #expect(
            Self.status(
                collector.send(
                    "POST", "/v1/track", body: Self.call("A"),
                    headers: ["Authorization: Basic " + Data("WRONG:".utf8).base64EncodedString()]))
                == 401)
        #expect(Self.status(collector.send("POST", "/v1/track", body: Self.call("A"))) == 401)
        #expect(collector.calls.count == 2)
    }

    /// Bad calls are recorded with their reasons and kept apart; the query API filters and resets.
    @Test func badCallsHaveTheirReasonsAndTheQueryAPIFilters() throws {
        let collector = try TrackctlCollector()
        let big = String(repeating: "x", count: 33_000)
        let batch =
            "{\"batch\":["
            + [
                Self.call("Good"),
                #"{"event":"No type","anonymousId":"a"}"#,
                #"{"type":"track","anonymousId":"a"}"#,
                #"{"type":"track","event":"Nobody"}"#,
                #"{"type":"track","event":"Late","anonymousId":"a","timestamp":"yesterday"}"#,
                #"{"type":"track","event":"Big","anonymousId":"a","properties":{"blob":"\#(big)"}}"#,
                Self.call("Good", id: "m2")
            ].joined(separator: ",") + "]}"
        #expect(Self.status(collector.send("POST", "/v1/batch", body: batch)) == 200)
        #expect(collector.counts() == ["total": 7, "good": 2, "bad": 5])
        #expect((collector.json("/collect/all") as? [String: Any])?["rules"] as? [String: Int] == ["malformed-call": 5])
        let reasons = collector.firstReasons()
        #expect(
            reasons == [
                "missing 'type'", "a track without 'event'", "neither 'userId' nor 'anonymousId'",
                "'timestamp' is not an ISO-8601 date: \"yesterday\"",
                "the call is 33113 bytes, over Segment's limit of 32768 (32 KB)"
            ])
        #expect((collector.json("/collect/good?messageId=m2") as? [[String: Any]])?.count == 1)
        #expect(
            (collector.json("/collect/good?event=Good&limit=1") as? [[String: Any]])?.first?["messageId"] as? String
                == "m2")
        // Any dot path is a filter: one no call has matches nothing; a path with an empty key is refused.
        #expect((collector.json("/collect/good?properties.n=1") as? [[String: Any]])?.count == 2)
        #expect((collector.json("/collect/good?colour=red") as? [[String: Any]])?.count == 0)
        #expect(Self.status(collector.send("GET", "/collect/good?properties..n=1")) == 400)
        #expect(Self.status(collector.send("POST", "/collect/reset")) == 200)
        #expect(collector.total == 0)
        #expect(collector.lines.count == 7)  // the output keeps everything
    }

    /// The output is appended to, as replay's `--sink file:` is, and a note says so (review
    /// 2026-11-27 newcomer #4: a second session must not wipe the first).
    @Test func theOutputIsAppendedTo() throws {
        let collector = try TrackctlCollector(existing: "{\"type\":\"track\",\"event\":\"Earlier\"}\n", asProcess: true)
        #expect(
            Self.status(collector.send("POST", "/v1/batch", body: "{\"batch\":[" + Self.call("Later") + "]}")) == 200)
        let (code, err) = collector.stop(interrupt: true)
        #expect(code == 0)
        #expect(
            err.hasPrefix(
                "note: --output \(collector.output.path) appends to what the file holds (35 bytes); remove it first "
                    + "to start afresh\n"
            ))
        #expect(collector.lines.count == 2)
        #expect(collector.lines.first == "{\"type\":\"track\",\"event\":\"Earlier\"}")
    }

    /// With the SPOC, a track no label can produce and a screen no entry names are bad.
    @Test func callsThePlanCannotProduceAreBad() throws {
        let collector = try TrackctlCollector(["--config", "Config/analytics.plist"])
        let screen = #"{"type":"screen","name":"Checkout","anonymousId":"a"}"#
        let batch =
            "{\"batch\":[" + Self.call("Launched rockets") + "," + screen + ","
            + #"{"type":"screen","name":"Feed","anonymousId":"a"}"# + "]}"
        #expect(Self.status(collector.send("POST", "/v1/batch", body: batch)) == 200)
        #expect(
            collector.firstReasons() == [
                "no event of the SPOC (Config/analytics.plist) is named 'Launched rockets'",
                "no screen of the SPOC (Config/analytics.plist) is named 'Checkout'"
            ])
        #expect(collector.counts()["good"] == 1)
    }

    /// With a tracking plan (SPEC §14), a call it refuses is bad with every reason as an object
    /// — rule, path, expected, actual, message — still answered 200, and `/collect/all` counts
    /// the reasons by rule.
    @Test func callsTheTrackingPlanRefusesAreBadWithReasonObjects() throws {
        let collector = try TrackctlCollector(["--plan", "Config/tracking-plan.json"])
        let calls = [
            #"{"type":"track","event":"Shared","anonymousId":"a","properties":{"service":"myspace"}}"#,
            #"{"type":"track","event":"Login error with "#
                + #"Facebook","anonymousId":"a","properties":{"reason":404,"extra":true}}"#,
            #"{"type":"track","event":"Shared","anonymousId":"a","properties":{"service":"mail"}}"#
        ]
        #expect(
            Self.status(collector.send("POST", "/v1/batch", body: "{\"batch\":[" + calls.joined(separator: ",") + "]}"))
                == 200)
        #expect(collector.counts() == ["total": 3, "good": 1, "bad": 2])
        #expect(
            (collector.json("/collect/all") as? [String: Any])?["rules"] as? [String: Int] == [
                "type-mismatch": 1, "unplanned-property": 1, "value-not-allowed": 1
            ])
        let bad = try #require(collector.json("/collect/bad") as? [[String: Any]])
        let reasons = try #require(bad.last?["reasons"] as? [[String: Any]])
        #expect(reasons.map { $0["rule"] as? String } == ["type-mismatch", "unplanned-property"])
        #expect(reasons.first?["path"] as? String == "properties.reason")
        #expect(reasons.first?["expected"] as? String == "string")
        #expect(reasons.first?["actual"] as? String == "integer 404")
        #expect(
            reasons.first?["message"] as? String
                == "'Login error with Facebook' property 'reason' is integer 404, the plan wants string")
        #expect((collector.json("/collect/bad?properties.service=myspace") as? [[String: Any]])?.count == 1)
    }

    /// Each hostile input gets Segment's answer, nothing of a rejected body is recorded, and the
    /// collector serves the next client.
    @Test func hostileInputIsAnsweredAndTheNextClientIsServed() throws {
        let collector = try TrackctlCollector(["--write-key", "K", "--idle-timeout", "1"])
        let auth = "Authorization: Basic " + Data("K:".utf8).base64EncodedString()
        func accepted() -> Bool {
            Self.status(collector.send("POST", "/v1/track", body: Self.call("Next"), headers: [auth])) == 200
        }
        var expectedLines = 0
        // Malformed JSON, a body that is not an object, a batch without a list.
        for file in ["malformed.json", "not-an-object.json", "no-batch-list.json"] {
            let body = try String(contentsOfFile: RepositoryPaths.path("Fixtures/collect/" + file), encoding: .utf8)
            #expect(Self.status(collector.send("POST", "/v1/batch", body: body, headers: [auth])) == 400)
            #expect(accepted()); expectedLines += 1
        }
        // 600 KB, and 2,501 calls.
        #expect(
            Self.status(
                collector.send(
                    "POST", "/v1/batch", body: "{\"batch\":[" + String(repeating: " ", count: 600_000) + "]}",
                    headers: [auth])) == 400)
        #expect(accepted()); expectedLines += 1
        let many =
            "{\"batch\":["
            + Array(repeating: #"{"type":"track","event":"E","anonymousId":"a"}"#, count: 2501).joined(separator: ",")
            + "]}"
        let tooMany = collector.send("POST", "/v1/batch", body: many, headers: [auth])
        #expect(Self.status(tooMany) == 400)
        #expect(tooMany.contains("2501 calls, over 2500 a batch"))
        #expect(accepted()); expectedLines += 1
        // Compressed.
        #expect(
            Self.status(
                collector.send("POST", "/v1/track", body: "\u{1F}\u{8B}", headers: [auth, "Content-Encoding: gzip"]))
                == 415)
        // A chunked body is read whole.
        let chunked =
            "POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\n\(auth)\r\nTransfer-Encoding: chunked\r\nConnection: "
            + "close\r\n\r\n"
            + String(Self.call("Chunked").utf8.count / 2, radix: 16) + "\r\n"
            + String(Self.call("Chunked").prefix(Self.call("Chunked").utf8.count / 2))
            + "\r\n"
            + String(Self.call("Chunked").utf8.count - Self.call("Chunked").utf8.count / 2, radix: 16) + "\r\n"
            + String(Self.call("Chunked").dropFirst(Self.call("Chunked").utf8.count / 2)) + "\r\n0\r\n\r\n"
        #expect(Self.status(collector.exchange(Array(chunked.utf8))) == 200); expectedLines += 1
        // Half a request, then silence: dropped after the idle time with 408.
        let half = collector.exchange(
            Array("POST /v1/track HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"type\":".utf8),
            seconds: 4)
        #expect(Self.status(half) == 408)
        #expect(accepted()); expectedLines += 1
        // Garbage bytes.
        #expect(
            Self.status(
                collector.exchange((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 37) } + Array("\r\n\r\n".utf8)))
                == 400)
        #expect(accepted()); expectedLines += 1
        #expect(collector.lines.count == expectedLines)
        #expect(
            collector.lines.allSatisfy { $0.contains("\"event\":\"Next\"") || $0.contains("\"event\":\"Chunked\"") })
        let stopped = collector.stop(interrupt: true)
        #expect(stopped.code == 0)
        #expect(stopped.err.contains("stopped; \(expectedLines) calls received"))
    }

    /// 200 clients at once: every call recorded once, every line whole.
    @Test func twoHundredConcurrentClientsAreAllServed() throws {
        let collector = try TrackctlCollector()
        let answers = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let status = Self.status(
                collector.send("POST", "/v1/track", body: Self.call("Concurrent", id: "c\(index)")))
            answers.update { $0.append(status) }
        }
        #expect(answers.value.count == 200)
        #expect(answers.value.allSatisfy { $0 == 200 })
        let ids = collector.calls.compactMap { $0["messageId"] as? String }
        #expect(Set(ids).count == 200)
        #expect(collector.lines.count == 200)
        // Stamped when written: the output is in the order of its receivedAt times.
        let times = collector.calls.compactMap { $0["receivedAt"] as? String }
        #expect(times == times.sorted())
    }

    @Test(arguments: [
        (["--port", "70000"], "'--port' needs a whole number from 0 to 65535"),
        (
            ["--catalog", "Config/catalog.json"],
            "'--catalog' and '--source' check the SPOC's classes; add --config SPOC"
        ),
        (["--config", "Fixtures/config/invalid/unknown-class.json"], "has errors")
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try CommandRunner.binary(["collect"] + arguments)
        #expect(result.code == 2)
        #expect(result.err.contains(message))
    }

    @Test func aPortInUseIsAUsageError() throws {
        let collector = try TrackctlCollector()
        let result = try CommandRunner.binary(["collect", "--port", String(collector.port)])
        #expect(result.code == 2)
        #expect(result.err.contains("cannot listen on 127.0.0.1:\(collector.port)"))
    }
}

/// A value shared by concurrent test closures.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func update(_ body: (inout Value) -> Void) { lock.lock(); body(&stored); lock.unlock() }
}
