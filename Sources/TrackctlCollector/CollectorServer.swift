import Foundation
import Synchronization
import TrackctlModel

/// `collect`'s HTTP/1.1 server: a listening socket, one thread per client connection (keep-alive,
/// requests answered in order), stopped by a stop request (SIGINT, SIGTERM) after the requests
/// in progress are answered, within `HTTPRequestReader.stopGraceSeconds` (SPEC §13).
///
/// Threads: `run` accepts on the caller's thread; each connection has its own. The collector and
/// its store are shared (`SegmentCollector` is immutable; `CollectorStore` locks).
package final class CollectorServer: Sendable {
    package struct Limits: Sendable {
        /// A client that sends nothing for this long is dropped.
        package var idleSeconds = 30
        /// A request must arrive whole within this long of its first byte.
        package var requestSeconds = 60
        /// Clients served at once; the next ones are answered 503 and closed.
        package var maximumConnections = 256

        package init(idleSeconds: Int = 30, requestSeconds: Int = 60, maximumConnections: Int = 256) {
            self.idleSeconds = idleSeconds
            self.requestSeconds = requestSeconds
            self.maximumConnections = maximumConnections
        }
    }

    package let port: UInt16
    private let listener: Int32
    private let collector: SegmentCollector
    private let limits: Limits
    private let shouldStop: @Sendable () -> Bool
    /// The client connections being served, across their threads.
    private let open = Mutex(0)

    /// Listens on `host`:`port` (0: a free port, then `port` says which).
    package init(
        host: String, port: UInt16, collector: SegmentCollector, limits: Limits,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws(SocketError) {
        switch Platform.listenTCP(host: host, port: port) {
        case .success(let bound):
            listener = bound.descriptor
            self.port = bound.port
        case .failure(let error):
            throw error
        }
        self.collector = collector
        self.limits = limits
        self.shouldStop = shouldStop
    }

    /// Accepts and serves clients until a stop request, then waits for the connections to
    /// finish what they are answering (they close between requests, and give up on a request
    /// still arriving after the grace period).
    package func run() {
        // A descriptor held in reserve, by the accept loop alone: when the process runs out, it
        // is closed to accept the waiting client, answer it 503 and close it, so the accept loop
        // never spins on EMFILE.
        var reserve = Platform.open("/dev/null", Platform.readOnly)
        while !shouldStop() {
            guard Platform.wait(listener, forWriting: false, timeoutMilliseconds: 200) > 0 else { continue }
            while true {
                guard let client = Platform.acceptConnection(listener) else {
                    if Platform.errorNumber == Platform.tooManyOpenFiles
                        || Platform.errorNumber == Platform.tooManyOpenFilesInSystem
                    {
                        refuseWithoutDescriptors(reserve: &reserve)
                    }
                    break
                }
                // The reserve given up earlier is taken back once descriptors are free again.
                if reserve < 0 { reserve = Platform.open("/dev/null", Platform.readOnly) }
                guard changeOpen(by: 1, upTo: limits.maximumConnections) else {
                    turnAway(client, reason: "over \(limits.maximumConnections) clients at once (--max-connections)")
                    continue
                }
                let thread = Thread { [self] in
                    serve(client)
                    _ = Platform.close(client)
                    _ = changeOpen(by: -1, upTo: .max)
                }
                thread.stackSize = 512 * 1024
                thread.start()
            }
        }
        _ = Platform.close(listener)
        // The requests in progress get the reader's `stopGraceSeconds` (and a second to be
        // answered); a client still connected after that
        // (one that reads nothing, say) is left behind: its thread ends with the process.
        var waited = 0
        while openConnections > 0, waited < (HTTPRequestReader.stopGraceSeconds + 1) * 1000 {
            pause(milliseconds: 20)
            waited += 20
        }
        if reserve >= 0 { _ = Platform.close(reserve) }
    }

    /// Out of descriptors: the reserve one is given up to accept the waiting client and turn it
    /// away, then taken back. Without a reserve, a short pause instead of a spin.
    private func refuseWithoutDescriptors(reserve: inout Int32) {
        guard reserve >= 0 else { pause(milliseconds: 100); return }
        _ = Platform.close(reserve)
        reserve = -1
        if let client = Platform.acceptConnection(listener) {
            turnAway(client, reason: "out of file descriptors (ulimit -n)")
        }
        reserve = Platform.open("/dev/null", Platform.readOnly)
        if reserve < 0 { pause(milliseconds: 100) }
    }

    /// 503 and close, on the accepting thread: a few bytes into a new socket's empty buffer.
    private func turnAway(_ client: Int32, reason: String) {
        let answer = collector.refused(
            HTTPAnswer.refusal(503, "the collector is busy: \(reason); try again", close: true), request: nil)
        send(answer.bytes(headOnly: false), to: client)
        _ = Platform.close(client)
    }

    private func serve(_ client: Int32) {
        // An answer the client does not read within the idle time drops it (review 2026-11-27
        // N1: a client that never read its answers held its thread, and its place, forever).
        Platform.setSendTimeout(client, seconds: limits.idleSeconds)
        let reader = HTTPRequestReader(
            descriptor: client, idleSeconds: limits.idleSeconds, requestSeconds: limits.requestSeconds,
            shouldStop: shouldStop)
        while true {
            var request: HTTPRequest?
            var answer: HTTPAnswer
            do throws(HTTPReadError) {
                guard var head = try reader.nextHead() else { return }
                head.serverPort = port
                request = head
                var current = head
                if let refusal = collector.preflight(current) {
                    answer = refusal
                    answer.close = true  // its body is not read
                } else {
                    if current.header("expect")?.lowercased() == "100-continue", !current.isHTTP10 {
                        send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: client)
                    }
                    current.body = try reader.body(of: current)
                    answer = collector.answer(current)
                    request = current
                }
                if !current.keepsAlive || shouldStop() { answer.close = true }
            } catch {
                if reader.speaksTLS {
                    collector.notice(
                        "a client speaks TLS (https) to this plain-HTTP port: point it at http://, not https://")
                    return
                }
                switch error {
                case .endOfStream, .broken:
                    return  // gone: nothing to answer
                case .timedOut(let reason):
                    answer = .refusal(408, reason, close: true)
                case .malformed(let status, let reason):
                    answer = .refusal(status, reason, close: true)
                }
            }
            if answer.status >= 400 { answer = collector.refused(answer, request: request) }
            guard send(answer.bytes(headOnly: request?.method == "HEAD"), to: client), !answer.close else { return }
        }
    }

    @discardableResult
    private func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        Platform.writeAll(bytes, to: client, socket: true)
    }

    /// Adds `delta` to the open connections unless that would pass `limit`.
    private func changeOpen(by delta: Int, upTo limit: Int) -> Bool {
        open.withLock { open in
            guard open + delta <= limit else { return false }
            open += delta
            return true
        }
    }

    private var openConnections: Int { open.withLock { $0 } }

    private func pause(milliseconds: Int32) {
        _ = Platform.wait(-1, forWriting: false, timeoutMilliseconds: milliseconds)
    }
}
