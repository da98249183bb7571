import Foundation

/// `collect`'s HTTP/1.1 server: a listening socket, one thread per client connection (keep-alive,
/// requests answered in order), stopped by a stop request (SIGINT, SIGTERM) after the requests
/// in progress are answered (SPEC §13).
///
/// Threads: `run` accepts on the caller's thread; each connection has its own. The collector and
/// its store are shared (`SegmentCollector` is immutable; `CollectorStore` locks).
public final class CollectorServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let collector: SegmentCollector
    private let idleSeconds: Int
    private let shouldStop: @Sendable () -> Bool
    // Safe: `open` is read and written only under `lock`.
    private let lock = NSLock()
    private var open = 0

    /// Listens on `host`:`port` (0: a free port, then `port` says which).
    public init(host: String, port: UInt16, collector: SegmentCollector, idleSeconds: Int,
                shouldStop: @escaping @Sendable () -> Bool) throws(SocketError) {
        switch Platform.listenTCP(host: host, port: port) {
        case .success(let bound):
            listener = bound.descriptor
            self.port = bound.port
        case .failure(let error):
            throw error
        }
        self.collector = collector
        self.idleSeconds = idleSeconds
        self.shouldStop = shouldStop
    }

    /// Accepts and serves clients until a stop request, then waits for the connections to
    /// finish what they are answering (they close between requests).
    public func run() {
        while !shouldStop() {
            guard Platform.wait(listener, forWriting: false, timeoutMilliseconds: 200) > 0 else { continue }
            while let client = Platform.acceptConnection(listener) {
                changeOpen(by: 1)
                let thread = Thread { [self] in
                    serve(client)
                    _ = Platform.close(client)
                    changeOpen(by: -1)
                }
                thread.stackSize = 512 * 1024
                thread.start()
            }
        }
        _ = Platform.close(listener)
        while openConnections > 0 { usleepMilliseconds(20) }
    }

    private func serve(_ client: Int32) {
        let reader = HTTPRequestReader(descriptor: client, idleSeconds: idleSeconds, shouldStop: shouldStop)
        while true {
            let answer: HTTPAnswer
            do throws(HTTPRequestReader.Failure) {
                let request = try reader.next { send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: client) }
                var answered = collector.answer(request)
                if !request.keepsAlive || shouldStop() { answered.close = true }
                answer = answered
            } catch {
                guard case .refused(let status, let reason) = error else { return }   // gone: nothing to answer
                collector.store.countRefused()
                answer = .refusal(status, reason, close: true)
            }
            guard send(answer.bytes, to: client), !answer.close else { return }
        }
    }

    @discardableResult
    private func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        Platform.writeAll(bytes, to: client, socket: true)
    }

    private func changeOpen(by delta: Int) {
        lock.lock()
        open += delta
        lock.unlock()
    }

    private var openConnections: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    private func usleepMilliseconds(_ milliseconds: Int32) {
        _ = Platform.wait(-1, forWriting: false, timeoutMilliseconds: milliseconds)
    }
}
