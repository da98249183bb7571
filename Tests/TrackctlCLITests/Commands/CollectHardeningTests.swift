import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// `collect` against what the review of 2026-11-25 tried (../shared/reviews/2026-11-25-collect.md)
/// and SPEC §13's "Whatever collect writes, diff reads", "Answers a client can read", "Hostile
/// clients" and "Nothing half-written": each answered as the SPEC says, the collector still
/// serving after, and its output readable by `diff`.
@Suite("collect hardened", .serialized, .ownThread)
struct CollectHardeningTests {
    private static func status(_ answer: String) -> Int { CollectCommandTests.status(answer) }

    private static func body(of answer: String) -> [String: Any]? {
        guard let start = answer.range(of: "\r\n\r\n") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(answer[start.upperBound...].utf8)) as? [String: Any]
    }

    /// A POST of a file's bytes as they are.
    private func post(_ collector: TrackctlCollector, _ path: String, file: String, headers: [String] = []) throws
        -> String
    {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Fixtures/collect/" + file))))
        var head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(collector.port)\r\nConnection: close\r\nContent-Length: "
            + "\(bytes.count)\r\n"
        for header in headers { head += header + "\r\n" }
        return collector.exchange(Array((head + "\r\n").utf8) + bytes)
    }

    private func stillServes(_ collector: TrackctlCollector, headers: [String] = []) -> Bool {
        Self.status(collector.send("POST", "/v1/track", body: CollectCommandTests.call("Still here"), headers: headers))
            == 200
    }

    /// SPEC §13: a call is written byte for byte, batch context and integrations spliced in,
    /// the batch's sentAt on a call without one; then diff reads what was written.
    @Test func batchContextIsSplicedWithoutRewritingNumbers() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(try post(collector, "/v1/batch", file: "batch-context-numbers.json")) == 200)
        let lines = collector.lines
        #expect(lines.count == 2)
        let first: String =
            #"{"type":"track","event":"Big numbers","anonymousId":"a","properties":{"max":18446744073709551615,"#
            + #""negativeZero":-0,"real":3.0,"exponent":1e2,"name":"caf\u00e9 \ud83d\ude00"},"context":"#
            + #"{"locale":"en-US","library":{"name":"analytics-go","version":"3.3.0"}},"integrations":{"All":true},"#
            + #""sentAt":"2026-11-25T10:00:00.000Z","receivedAt":"#
        #expect(lines[0].hasPrefix(first))
        // The call's own context wins, the batch's other keys join it; its own sentAt stays.
        let second: String =
            #"{"type":"screen","name":"Home","anonymousId":"a","context":{"locale":"fr-FR","#
            + #""library":{"name":"analytics-go","version":"3.3.0"}},"sentAt":"2026-11-25T10:00:01.000Z","#
            + #""integrations":{"All":true},"receivedAt":"#
        #expect(lines[1].hasPrefix(second))
        let diff = try CommandRunner.binary(["diff", collector.output.path, collector.output.path])
        #expect(diff.code == 0)
    }

    /// What diff would refuse is never written: 400 with the reader's own reason, or bad.
    @Test(arguments: [
        ("out-of-range.json", "invalid_json", "malformed JSON at 1:77: number '1e400' is out of range"),
        // Review 2026-11-27 (minor): below a Double's range is out of range too, not 0.
        ("underflow.json", "invalid_json", "malformed JSON at 1:77: number '1e-400' is out of range"),
        ("lone-surrogate.json", "invalid_json", "malformed JSON at 1:47: unpaired UTF-16 surrogate in a \\u escape"),
        ("latin1.json", "invalid_json", "the body is not UTF-8 (byte 0xE9 at offset 38)"),
        (
            "non-object-elements.json", "invalid_batch",
            "batch[0] is not a JSON object; nothing of this batch was recorded"
        ),
        // Review 2026-11-27 N8: a key twice in the envelope would drop or merge calls unseen.
        (
            "envelope-duplicate-batch.json", "invalid_batch",
            "the key 'batch' appears twice in the batch's envelope (outside its calls); nothing of this batch was "
                + "recorded"
        ),
        (
            "envelope-duplicate-context.json", "invalid_batch",
            "the key 'k' appears twice in the batch's envelope (outside its calls); nothing of this batch was recorded"
        )
    ])
    func bodiesDiffWouldRefuseAreRefused(file: String, code: String, message: String) throws {
        let collector = try TrackctlCollector()
        let answer = try post(collector, "/v1/batch", file: file)
        #expect(Self.status(answer) == 400)
        let error = try #require(Self.body(of: answer))
        #expect(error["success"] as? Bool == false)
        #expect(error["code"] as? String == code)
        #expect(error["message"] as? String == message)
        #expect(collector.lines.isEmpty)
        #expect(stillServes(collector))
    }

    /// A batch's calls are built and checked on several cores in chunks: the lines still come
    /// out in the batch's order, each call's findings stay its own, and a call's own
    /// `receivedAt` — even spelled with an escape — gives way to the collector's.
    @Test func aBigBatchIsWrittenInOrderWithEachCallsOwnFindings() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(try post(collector, "/v1/batch", file: "batch-100-in-order.json")) == 200)
        let calls = collector.calls
        #expect(calls.map { $0["event"] as? String } == (0..<100).map { String(format: "Call %03d", $0) })
        #expect(calls.allSatisfy { $0["sentAt"] as? String == "2026-11-27T10:00:01.000Z" })
        let bad = try #require(collector.json("/collect/bad") as? [[String: Any]])
        #expect(bad.count == 1)
        #expect((bad.first?["call"] as? [String: Any])?["event"] as? String == "Call 057")
        let line80 = collector.lines[80]
        #expect(!line80.contains("1999") && !line80.contains("\\u0072"))
        #expect(line80.components(separatedBy: "receivedAt").count == 2)
    }

    /// Review 2026-11-27 N4: an object of thousands of keys is checked through a set, not key
    /// against key — and a repeat spelled with an escape is still the same key.
    @Test func aRepeatAmongThousandsOfKeysIsFound() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(try post(collector, "/v1/batch", file: "many-keys-duplicate.json")) == 200)
        let bad = try #require(collector.json("/collect/bad") as? [[String: Any]])
        #expect(bad.count == 1)
        #expect((bad.first?["call"] as? [String: Any])?["event"] as? String == "Keys")
        #expect(
            (bad.first?["reasons"] as? [[String: Any]])?.first?["message"] as? String
                == "the key 'k7' appears twice in one object")
        #expect(collector.lines.count == 2)
    }

    /// Review 2026-11-27 (the collector's minor list): one call's own `type` must be its
    /// path's; a track posted to /v1/identify is bad, with why.
    @Test func aSingleCallsTypeIsItsPaths() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(collector.send("POST", "/v1/identify", body: CollectCommandTests.call("Mismatch"))) == 200)
        #expect(Self.status(collector.send("POST", "/v1/track", body: CollectCommandTests.call("Match"))) == 200)
        let bad = try #require(collector.json("/collect/bad") as? [[String: Any]])
        #expect(bad.count == 1)
        #expect(
            (bad.first?["reasons"] as? [[String: Any]])?.first?["message"] as? String
                == "'type' is 'track', but the call was posted to /v1/identify")
    }

    @Test func aDuplicateKeyMakesTheCallBad() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(try post(collector, "/v1/batch", file: "duplicate-key.json")) == 200)
        let bad = try #require(collector.json("/collect/bad") as? [[String: Any]])
        let reasons = bad.first?["reasons"] as? [[String: Any]]
        #expect(reasons?.map { $0["message"] as? String } == ["the key 'n' appears twice in one object"])
        #expect(reasons?.first?["rule"] as? String == "duplicate-key")
        #expect(try CommandRunner.binary(["diff", collector.output.path, collector.output.path]).code == 0)
    }

    /// Keys are read as a parser reads them: an escaped `"\u0065vent"` is `event` (review F4);
    /// an absolute-form target is accepted (RFC 9112 §3.2.2); an empty Content-Encoding is
    /// identity.
    @Test func keysTargetsAndEncodingsAsTheRFCsSay() throws {
        let collector = try TrackctlCollector()
        #expect(
            Self.status(
                collector.send("POST", "/v1/track", body: #"{"type":"track","\u0065vent":"EscKey","anonymousId":"a"}"#))
                == 200)
        #expect((collector.json("/collect/good?event=EscKey") as? [[String: Any]])?.count == 1)
        let call = CollectCommandTests.call("Absolute")
        let absolute =
            "POST http://127.0.0.1:\(collector.port)/v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: "
            + "close\r\nContent-Length: \(call.utf8.count)\r\n\r\n"
            + call
        #expect(Self.status(collector.exchange(Array(absolute.utf8))) == 200)
        #expect(
            Self.status(
                collector.send(
                    "POST", "/v1/track", body: CollectCommandTests.call("Plain"), headers: ["Content-Encoding:"]))
                == 200)
        // Review 2026-11-27 (collect, minor): every coding of every field counts — `identity,
        // identity` is plain, a second field's gzip is not.
        #expect(
            Self.status(
                collector.send(
                    "POST", "/v1/track", body: CollectCommandTests.call("Twice"),
                    headers: ["Content-Encoding: identity, identity"]))
                == 200)
        let second = collector.send(
            "POST", "/v1/track", body: CollectCommandTests.call("Zipped"),
            headers: ["Content-Encoding: identity", "Content-Encoding: gzip"])
        #expect(Self.status(second) == 415)
        #expect(second.contains("the body is gzip-encoded"))
        #expect(collector.lines.count == 4)
    }

    /// The review's 71-byte request: a chunk size that would overflow. 400, and the next client is served.
    @Test func theOverflowingChunkIsAnsweredAndTheCollectorLives() throws {
        let collector = try TrackctlCollector()
        let attack =
            "POST /v1/b HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n7fffffffffffffff\r\n"
        #expect(Self.status(collector.exchange(Array(attack.utf8))) == 400)
        #expect(stillServes(collector))
    }

    /// With a write key, the query API and reset need it too (Basic user name or ?writeKey=).
    @Test func theQueryAPIIsClosedWithoutTheKey() throws {
        let collector = try TrackctlCollector(["--write-key", "K"])
        let auth = "Authorization: Basic " + Data("K:".utf8).base64EncodedString()
        #expect(stillServes(collector, headers: [auth]))
        #expect(Self.status(collector.send("GET", "/collect/good")) == 401)
        #expect(Self.status(collector.send("POST", "/collect/reset")) == 401)
        #expect(Self.status(collector.send("GET", "/collect/good", headers: [auth])) == 200)
        #expect(Self.status(collector.send("GET", "/collect/all?writeKey=K")) == 200)
        #expect(collector.counts("/collect/all?writeKey=K")["total"] == 1)
    }

    /// A web page cannot post into or read the collector: Origin and Host must be this machine.
    @Test func webPagesAreRefused() throws {
        let collector = try TrackctlCollector()
        let fromPage = collector.send(
            "POST", "/v1/track", body: CollectCommandTests.call("CSRF"), headers: ["Origin: http://evil.example"])
        #expect(Self.status(fromPage) == 403)
        let rebound = collector.exchange(
            Array(
                "GET /collect/good HTTP/1.1\r\nHost: evil.example:\(collector.port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(Self.status(rebound) == 403)
        // Review 2026-11-27 N10: a page on another local port is a web page too; the
        // collector's own origin is not.
        #expect(Self.status(collector.send("GET", "/collect/all", headers: ["Origin: http://localhost:3000"])) == 403)
        #expect(
            Self.status(collector.send("GET", "/collect/all", headers: ["Origin: http://127.0.0.1:\(collector.port)"]))
                == 200)
        #expect(collector.lines.isEmpty)
        let stopped = collector.stop()
        #expect(
            stopped.err.contains(
                "refused POST /v1/track with 403 Forbidden: requests from web pages (Origin: http://evil.example) "
                    + "are refused"
            ))
        #expect(stopped.err.contains("3 refused (3 × 403)"))
    }

    /// Review 2026-11-27 N9: a filter's number matches by value, as the app may have written
    /// it (`10.0`, `1e2`, `1.50`); a path steps into lists with `[N]` or `[*]`; a malformed
    /// path is a 400, not a query that never matches.
    @Test func filtersReadNumbersByValueAndStepIntoLists() throws {
        let collector = try TrackctlCollector()
        #expect(Self.status(try post(collector, "/v1/track", file: "numbers-and-lists.json")) == 200)
        func found(_ query: String) -> Int { (collector.json("/collect/good?" + query) as? [Any])?.count ?? -1 }
        for query in [
            "properties.p4=10.0", "properties.p4=10", "properties.p3=1e2", "properties.p3=100", "properties.p5=12.0",
            "properties.p6=-0",
            "properties.p7=1.50", "properties.big=18446744073709551616", "properties.tags%5B1%5D=y",
            "properties.tags%5B*%5D=x",
            "properties.items%5B*%5D.sku=B", "properties.items%5B0%5D.sku=A"
        ] {
            #expect(found(query) == 1, "\(query)")
        }
        for query in [
            "properties.p4=11", "properties.tags%5B2%5D=x", "properties.tags=x", "properties.items%5B1%5D.sku=A"
        ] {
            #expect(found(query) == 0, "\(query)")
        }
        #expect(Self.status(collector.send("GET", "/collect/good?properties.a%5B=1")) == 400)
    }

    /// Review 2026-11-27 N10: one Host, well formed; an absolute-form target's authority is the
    /// host; a fully qualified `localhost.` is loopback.
    @Test(arguments: [
        ("POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n", 400),
        ("POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1:18119@evil.example\r\n", 400),
        ("POST http://evil.example/v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\n", 403),
        ("POST http://127.0.0.1/v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\n", 200),
        ("POST /v1/track HTTP/1.1\r\nHost: localhost.\r\n", 200)
    ])
    func theHostIsOneWellFormedLoopbackName(head: String, status: Int) throws {
        let collector = try TrackctlCollector()
        let body = CollectCommandTests.call("Host")
        let answer = collector.exchange(
            Array((head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8))
        #expect(Self.status(answer) == status)
        #expect(collector.lines.count == (status == 200 ? 1 : 0))
    }

    /// Refusals are counted by status in the summary, and the first of each said at once.
    @Test func refusalsAreCountedByStatus() throws {
        let collector = try TrackctlCollector(["--write-key", "K"])
        for _ in 0..<3 { _ = collector.send("POST", "/v1/track", body: CollectCommandTests.call("No key")) }
        _ = collector.send("GET", "/nowhere")
        let answer = collector.send(
            "POST", "/v1/track", body: CollectCommandTests.call("Wrong"),
            headers: ["Authorization: Basic " + Data("X:".utf8).base64EncodedString()])
        #expect(Self.body(of: answer)?["code"] as? String == "unauthorized")
        let stopped = collector.stop()
        #expect(stopped.err.contains("0 calls received (0 good, 0 bad) in 0 requests, 5 refused (4 × 401, 1 × 404)"))
        #expect(stopped.err.components(separatedBy: "with 401 Unauthorized").count == 2)  // said once
    }

    /// Past --max-connections, a client is answered 503 and closed.
    @Test func clientsPastTheCapAreTurnedAway() throws {
        let collector = try TrackctlCollector(["--max-connections", "2"])
        var idle: [Int32] = []
        for _ in 0..<2 {
            guard
                case .success(let socket) = Platform.connectTCP(
                    host: "127.0.0.1", port: UInt16(collector.port), timeoutMilliseconds: 2000)
            else { continue }
            idle.append(socket)
        }
        defer { idle.forEach { _ = Platform.close($0) } }
        Thread.sleep(forTimeInterval: 0.5)
        let turnedAway = collector.send("GET", "/collect/all")
        #expect(Self.status(turnedAway) == 503)
        #expect(turnedAway.contains("over 2 clients at once (--max-connections)"))
        idle.forEach { _ = Platform.close($0) }
        idle.removeAll()
        // Once their threads have seen them close (a loaded machine takes longer).
        var served = false
        for _ in 0..<50 where !served {
            Thread.sleep(forTimeInterval: 0.2)
            served = stillServes(collector)
        }
        #expect(served)
    }

    /// A client trickling a byte at a time is cut off at --request-timeout, not held forever.
    @Test func aTricklingClientIsCutOff() throws {
        let collector = try TrackctlCollector(["--request-timeout", "1"])
        guard
            case .success(let socket) = Platform.connectTCP(
                host: "127.0.0.1", port: UInt16(collector.port), timeoutMilliseconds: 2000)
        else {
            Issue.record("no connection")
            return
        }
        defer { _ = Platform.close(socket) }
        var answer: [UInt8] = []
        for byte in Array("POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) {
            _ = Platform.writeAll([byte], to: socket, socket: true)
            if Platform.wait(socket, forWriting: false, timeoutMilliseconds: 100) > 0 { break }
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Platform.wait(socket, forWriting: false, timeoutMilliseconds: 3000) > 0 {
            let count = buffer.withUnsafeMutableBytes { Platform.receive(socket, $0.baseAddress!, $0.count) }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        #expect(Self.status(String(decoding: answer, as: UTF8.self)) == 408)
        #expect(stillServes(collector))
    }

    /// A client speaking TLS to the plain port is told so on stderr at once and closed.
    @Test func aTLSClientIsToldAtOnce() throws {
        let collector = try TrackctlCollector()
        let answer = collector.exchange([0x16, 0x03, 0x01, 0x00, 0x40, 0x01], seconds: 3)
        #expect(answer.isEmpty)
        #expect(stillServes(collector))
        #expect(collector.stop().err.contains("a client speaks TLS (https) to this plain-HTTP port"))
    }

    /// HEAD is GET without a body; HTTP/1.0 closes; 100 Continue only for a body that is read.
    @Test func protocolDetails() throws {
        let collector = try TrackctlCollector()
        let head = collector.exchange(
            Array("HEAD /collect/all HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        let old = collector.exchange(Array("GET /collect/all HTTP/1.0\r\n\r\n".utf8))
        #expect(old.contains("Connection: close"))
        let refusedEarly = collector.exchange(
            Array(
                "POST /v1/nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n"
                    .utf8))
        #expect(!refusedEarly.contains("100 Continue"))
        #expect(Self.status(refusedEarly) == 404)
        let call = CollectCommandTests.call("Continued")
        let continued = collector.exchange(
            Array(
                ("POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nConnection: "
                    + "close\r\nContent-Length: \(call.utf8.count)\r\n\r\n\(call)").utf8))
        #expect(continued.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"))
    }

    /// Sends `path` (a query with `wait=`) from another thread, and gives it half a second to
    /// start waiting: its answer arrives in the returned box.
    static func waitingQuery(_ path: String, on collector: TrackctlCollector) -> Locked<String> {
        let answer = Locked<String>("")
        Thread {
            let received = collector.send("GET", path)
            answer.update { $0 = received }
        }.start()
        Thread.sleep(forTimeInterval: 0.5)
        return answer
    }

    /// A query with wait=S answers as soon as a matching call arrives; any dot path filters.
    @Test func aWaitingQueryAnswersWhenTheCallComes() throws {
        let collector = try TrackctlCollector()
        let answer = Self.waitingQuery("/collect/good?event=Late&properties.n=1&wait=10", on: collector)
        #expect(answer.value.isEmpty)
        #expect(Self.status(collector.send("POST", "/v1/track", body: CollectCommandTests.call("Late"))) == 200)
        for _ in 0..<50 where answer.value.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        #expect(answer.value.contains("\"event\":\"Late\""))
        #expect(Self.status(collector.send("GET", "/collect/good?wait=31")) == 400)
    }

    /// Review 2026-11-27 N2: a stop answers a waiting query with what it has at once; the
    /// collector exits well inside the 5 s its requests in progress get, not at the wait's end.
    @Test func aStopAnswersAWaitingQueryAtOnce() throws {
        let collector = try TrackctlCollector()
        let answer = Self.waitingQuery("/collect/good?event=Never&wait=30", on: collector)
        let started = Date()
        let (code, _) = collector.stop()
        #expect(code == 0)
        #expect(Date().timeIntervalSince(started) < 5)
        for _ in 0..<20 where answer.value.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        #expect(Self.status(answer.value) == 200)
        #expect(answer.value.hasSuffix("\r\n\r\n[]"))
    }

    /// Review 2026-11-27 N1: a client that asks and never reads its answers is dropped after
    /// `--idle-timeout`, so it does not keep its place (here the only one), and a stop still
    /// ends the process in time.
    @Test func aClientThatNeverReadsIsDropped() throws {
        let collector = try TrackctlCollector(["--idle-timeout", "1", "--max-connections", "1"])
        // One client at a time: the next post may come before the last one's place is free.
        for _ in 0..<4 {
            var status = 0
            for _ in 0..<40 where status != 200 {
                status = Self.status(try post(collector, "/v1/batch", file: "batch-100-in-order.json"))
                if status != 200 { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(status == 200)
        }
        guard
            case .success(let socket) = Platform.connectTCP(
                host: "127.0.0.1", port: UInt16(collector.port), timeoutMilliseconds: 2000)
        else {
            Issue.record("no connection")
            return
        }
        defer { _ = Platform.close(socket) }
        // 200 queries of about 80 KB each, pipelined: far more than the socket buffers hold.
        let queries = String(repeating: "GET /collect/good HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 200)
        #expect(Platform.writeAll(Array(queries.utf8), to: socket, socket: true))
        var status = 0
        for _ in 0..<40 where status != 200 {
            Thread.sleep(forTimeInterval: 0.25)
            status = Self.status(collector.send("POST", "/v1/track", body: CollectCommandTests.call("After")))
        }
        #expect(status == 200)
        let started = Date()
        #expect(collector.stop().code == 0)
        #expect(Date().timeIntervalSince(started) < 8)
    }

    /// Review 2026-11-27 N7: what a client sends is echoed on stderr with its control
    /// characters escaped — no escape sequence or line of its own reaches the terminal.
    @Test func aClientsControlCharactersNeverReachTheTerminal() throws {
        let collector = try TrackctlCollector()
        _ = collector.exchange(
            Array(
                "GET /nope\u{1B}]0;PWNED\u{07}\u{1B}[31mRED HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .utf8))
        let (_, errors) = collector.stop()
        #expect(!errors.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(errors.contains("refused"))
    }

    /// SPEC §13, "Nothing half-written": a request the output cannot take whole is cut back out
    /// of the file and answered 503; what was written before stays whole. The file size limit
    /// (`ulimit -f`, with SIGXFSZ ignored) makes the write fail part way, on any POSIX system.
    @Test func aRequestTheOutputCannotTakeIsCutBackOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.jsonl").path
        let (process, errors, started) = try Self.startCollect(limitedBy: "trap '' XFSZ; ulimit -f 4", output: output)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var text = started
        let port = try #require(text.split(separator: "\n").first.flatMap { Int($0.split(separator: ":").last ?? "") })
        func post(_ body: String) -> Int {
            let request =
                "POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: "
                + "\(body.utf8.count)\r\n\r\n"
                + body
            return Self.status(TrackctlCollector.exchange(port: port, Array(request.utf8), seconds: 3))
        }
        #expect(post("{\"batch\":[" + CollectCommandTests.call("Fits") + "]}") == 200)
        let big =
            "{\"batch\":[" + (0..<40).map { CollectCommandTests.call("Too much", id: "m\($0)") }.joined(separator: ",")
            + "]}"
        #expect(post(big) == 503)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.hasSuffix("\n"))
        #expect(written.split(separator: "\n").count == 1)
        #expect(written.contains("\"event\":\"Fits\""))
        process.terminate()
        process.waitUntilExit()
        text += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("the output cannot be written"))
    }

    /// Out of file descriptors (a shell's low `ulimit -n`), the collector turns the next client
    /// away with 503 instead of spinning on accept, and serves again once descriptors free up.
    @Test func runningOutOfDescriptorsNeitherSpinsNorStops() throws {
        let (process, _, text) = try Self.startCollect(limitedBy: "ulimit -n 40", output: "/dev/null")
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let port = try #require(
            text.split(separator: "\n").first.flatMap { UInt16($0.split(separator: ":").last ?? "") })
        var idle: [Int32] = []
        defer { idle.forEach { _ = Platform.close($0) } }
        for _ in 0..<60 {
            if case .success(let socket) = Platform.connectTCP(host: "127.0.0.1", port: port, timeoutMilliseconds: 1000)
            {
                idle.append(socket)
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
        // The last ones were turned away: their sockets say 503 and are closed.
        var turnedAway = 0
        var buffer = [UInt8](repeating: 0, count: 512)
        for socket in idle where Platform.wait(socket, forWriting: false, timeoutMilliseconds: 50) > 0 {
            let count = buffer.withUnsafeMutableBytes { Platform.receive(socket, $0.baseAddress!, $0.count) }
            if count > 0, String(decoding: buffer[..<count], as: UTF8.self).hasPrefix("HTTP/1.1 503") {
                turnedAway += 1
            }
        }
        #expect(turnedAway > 0)
        // Not spinning: the process uses little CPU while it waits (Linux: /proc says how much).
        if let before = Self.cpuTicks(process.processIdentifier) {
            Thread.sleep(forTimeInterval: 1)
            if let after = Self.cpuTicks(process.processIdentifier) {
                #expect(after - before < 50, "\(after - before) ticks of CPU in 1 s")
            }
        }
        idle.forEach { _ = Platform.close($0) }
        idle.removeAll()
        // Served again once the connections' threads have seen them close (a loaded machine
        // takes longer: up to 10 s are allowed).
        var status = 0
        for _ in 0..<50 where status != 200 {
            Thread.sleep(forTimeInterval: 0.2)
            status = Self.status(
                TrackctlCollector.exchange(
                    port: Int(port),
                    Array("GET /collect/all HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)))
        }
        #expect(status == 200)
    }

    /// The built `collect` on a free port, started by a shell that sets `limits` first
    /// (`ulimit`, `trap`), and what it printed up to its first line (the port).
    private static func startCollect(limitedBy limits: String, output: String) throws -> (Process, Pipe, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.currentDirectoryURL = RepositoryPaths.root
        process.arguments = [
            "-c", "\(limits); exec '\(RepositoryPaths.binary.path)' collect --port 0 --output '\(output)'"
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = errors.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, errors, text)
    }

    /// utime + stime of a process in clock ticks, from /proc (nil elsewhere).
    private static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// A fuzz test of the server (SPEC §13, "Hostile clients"): seeded mutations of real
    /// requests — bytes flipped, cut, repeated, inserted; headers doubled — sent 24 at a time.
    /// Every answer is an HTTP response or a closed connection, the collector serves after, and
    /// every line it wrote reads with `diff`.
    @Test func mutatedRequestsNeverBreakTheCollector() throws {
        let collector = try TrackctlCollector(["--idle-timeout", "1", "--request-timeout", "1"])
        let batch = try String(
            contentsOfFile: RepositoryPaths.path("Fixtures/collect/batch-context-numbers.json"), encoding: .utf8)
        let call = CollectCommandTests.call("Fuzz")
        let seeds: [String] = [
            "POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(batch.utf8.count)\r\nConnection: "
                + "close\r\n\r\n"
                + batch,
            "POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + String(call.utf8.count, radix: 16) + "\r\n" + call + "\r\n0\r\n\r\n",
            "GET /collect/good?event=Fuzz&limit=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        ]
        var random = SeededBytes(seed: 29)
        var requests: [[UInt8]] = []
        for index in 0..<160 {
            var bytes = Array(seeds[index % seeds.count].utf8)
            for _ in 0...Int(random.next() % 3) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 6 {
                case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                case 1: bytes.removeSubrange(at...)
                case 2:
                    bytes.insert(
                        contentsOf: (0..<Int(random.next() % 8 + 1)).map { _ in UInt8(truncatingIfNeeded: random.next())
                        }, at: at)
                case 3: bytes.insert(contentsOf: Array("\r\nContent-Length: 7".utf8), at: min(at, 20))
                case 4: bytes.insert(contentsOf: Array("ffffffffffffffff\r\n".utf8), at: at)
                default: bytes.replaceSubrange(at..<min(bytes.count, at + 4), with: Array("\r\n\r\n".utf8))
                }
                if bytes.isEmpty { bytes = [0] }
            }
            requests.append(bytes)
        }
        let answers = Locked<[String]>([])
        let mutated = requests
        // Threads, not concurrentPerform: its width is the number of cores, and most of these
        // clients wait on the network.
        let done = DispatchGroup()
        for lane in 0..<24 {
            done.enter()
            Thread {
                for index in stride(from: lane, to: mutated.count, by: 24) {
                    let answer = collector.exchange(mutated[index], seconds: 3, closeAfterSending: true)
                    answers.update { $0.append(answer) }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(answers.value.count == requests.count)
        for answer in answers.value where !answer.isEmpty {
            #expect(
                answer.range(of: #"^HTTP/1\.1 [1-5][0-9][0-9] "#, options: .regularExpression) != nil,
                "\(answer.prefix(80))")
        }
        #expect(stillServes(collector))
        #expect(try CommandRunner.binary(["diff", collector.output.path, collector.output.path]).code == 0)
    }
}

/// Seeded bytes for the fuzz test: the same mutations on every run.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
