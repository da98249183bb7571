import Foundation
import TrackctlModel

/// Where the HTTP sink posts: parsed once from `--sink http://HOST:PORT/PATH`.
public struct HTTPEndpoint: Sendable, Equatable {
    public var secure: Bool
    public var host: String
    public var port: UInt16
    /// The path and query, `/v1/batch` by default.
    public var target: String

    /// nil when `text` is not an `http://` or `https://` URL with a host.
    public init?(_ text: String) {
        let rest: Substring
        if text.hasPrefix("http://") {
            secure = false; rest = text.dropFirst(7)
        } else if text.hasPrefix("https://") {
            secure = true; rest = text.dropFirst(8)
        } else {
            return nil
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        target = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        if target.hasPrefix("?") { target = "/" + target }
        // Credentials in the URL are refused by the sink's parser before this (they would leak
        // in messages); here only host and port are read.
        var hostPort = String(authority)
        var port: UInt16 = secure ? 443 : 80
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            let after = hostPort[hostPort.index(after: close)...]
            if after.hasPrefix(":") {
                guard let value = UInt16(after.dropFirst()) else { return nil }; port = value
            } else if !after.isEmpty {
                return nil
            }
            hostPort = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
        } else if let colon = hostPort.lastIndex(of: ":") {
            guard let value = UInt16(hostPort[hostPort.index(after: colon)...]) else { return nil }
            port = value
            hostPort = String(hostPort[..<colon])
        }
        guard !hostPort.isEmpty, !hostPort.contains("@") else { return nil }
        host = hostPort
        self.port = port
    }

    /// The URL without anything secret, for messages and the summary.
    public var display: String {
        let hostText = host.contains(":") ? "[\(host)]" : host
        let defaultPort: UInt16 = secure ? 443 : 80
        return (secure ? "https://" : "http://") + hostText + (port == defaultPort ? "" : ":\(port)") + target
    }
}

/// What a POST came to.
enum HTTPResult: Sendable {
    /// An HTTP answer: its status and `Retry-After` in seconds, when given as a number.
    case answered(status: Int, retryAfter: Double?)
    /// No HTTP answer: refused, reset, timed out, or bytes that are not HTTP (retried).
    case failed(String)
}

/// How the HTTP sink sends one request and waits for its answer. Two transports: plain HTTP/1.1
/// over a socket (`SocketTransport`), and `https://` through the toolchain's URLSession.
protocol HTTPTransport: AnyObject {
    func post(_ body: [UInt8], headers: [(name: String, value: String)], timeoutMilliseconds: Int) -> HTTPResult
    func close()
}

/// HTTP/1.1 over one kept-alive TCP connection, reconnected after any failure: a few hundred
/// lines of protocol instead of a client library, measured faster than URLSession for small
/// requests on this platform (README, issue 10). Answers are read by `HTTPMessageReader`, the
/// same reader as `collect`'s: `Content-Length`, chunked, or delimited by the connection's end,
/// within limits (a hostile server cannot make it overflow or hold unbounded memory). Owner:
/// the HTTP sink's delivery thread.
final class SocketTransport: HTTPTransport {
    /// The largest answer body read (answers are a few bytes of JSON).
    static let maximumAnswerBytes = 1 << 20

    private let endpoint: HTTPEndpoint
    private var descriptor: Int32 = -1
    /// The connection's bytes: what was read past the end of the previous answer stays (none
    /// with a well-behaved server).
    private var input: HTTPInput?
    /// When the answer being read must have come.
    private var deadline: UInt64 = 0
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    init(endpoint: HTTPEndpoint) {
        self.endpoint = endpoint
    }

    deinit {
        close()
        buffer.deallocate()
    }

    func close() {
        if descriptor >= 0 { Platform.close(descriptor) }
        descriptor = -1
        input = nil
    }

    func post(_ body: [UInt8], headers: [(name: String, value: String)], timeoutMilliseconds: Int) -> HTTPResult {
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        // A kept-alive connection may have been closed by the server meanwhile: a request that
        // fails before any answer byte on a reused connection is tried once on a new one.
        for attempt in 0..<2 {
            let reused = descriptor >= 0
            if !reused {
                switch Platform.connectTCP(
                    host: endpoint.host, port: endpoint.port, timeoutMilliseconds: Int32(clamping: remaining()))
                {
                case .success(let connected):
                    descriptor = connected
                    input = HTTPInput { [unowned self] (storage: inout [UInt8]) throws(HTTPReadError) -> Bool in
                        try self.receive(into: &storage)
                    }
                case .failure(let error):
                    return .failed(error.timedOut ? "timed out connecting" : error.message)
                }
            }
            var request = "POST \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\n"
            request +=
                "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nUser-Agent: "
                + "trackctl/\(TrackctlVersion.current)\r\n"
            for header in headers { request += "\(header.name): \(header.value)\r\n" }
            request += "\r\n"
            var bytes = Array(request.utf8)
            bytes.append(contentsOf: body)
            if let failure = sendAll(bytes) {
                close()
                if reused, attempt == 0, failure != "timed out" { continue }
                return .failed(failure)
            }
            let result = readAnswer()
            if case .failed(let reason) = result, reused, attempt == 0, reason == Self.closedBeforeAnswer {
                close()
                continue
            }
            return result
        }
        return .failed(Self.closedBeforeAnswer)
    }

    private static let closedBeforeAnswer = "connection closed without an answer"

    private func remaining() -> Int {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= deadline ? 0 : Int((deadline - now) / 1_000_000) + 1
    }

    private func sendAll(_ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                // Not nil: offset < bytes.count in the loop: not empty.
                // swift-format-ignore: NeverForceUnwrap
                Platform.send(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if sent > 0 { offset += sent; continue }
            if sent < 0, Platform.errorNumber == Platform.wouldBlock || Platform.errorNumber == Platform.interrupted {
                let wait = remaining()
                guard wait > 0,
                    Platform.wait(descriptor, forWriting: true, timeoutMilliseconds: Int32(clamping: wait)) > 0
                else { return "timed out" }
                continue
            }
            return sent < 0 ? Platform.lastErrorMessage : "connection closed while sending"
        }
        return nil
    }

    /// Appends what the socket has; false at the end of the stream. Waits until the deadline.
    private func receive(into storage: inout [UInt8]) throws(HTTPReadError) -> Bool {
        while true {
            // Not nil: the receive buffer is allocated once with a positive capacity.
            // swift-format-ignore: NeverForceUnwrap
            let received = Platform.receive(descriptor, buffer.baseAddress!, buffer.count)
            if received > 0 {
                storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<received])); return true
            }
            if received == 0 { return false }
            if Platform.errorNumber == Platform.wouldBlock || Platform.errorNumber == Platform.interrupted {
                let wait = remaining()
                guard wait > 0,
                    Platform.wait(descriptor, forWriting: false, timeoutMilliseconds: Int32(clamping: wait)) > 0
                else {
                    throw .timedOut("timed out waiting for an answer")
                }
                continue
            }
            throw .broken(Platform.lastErrorMessage)
        }
    }

    private func readAnswer() -> HTTPResult {
        guard let input else { return .failed(Self.closedBeforeAnswer) }
        // The answer's status once its head is read: an answer cut off after it still counts.
        var status: Int?
        var retryAfter: Double?
        do throws(HTTPReadError) {
            var head: HTTPHead
            var code = 0
            // Interim answers (100 Continue) come before the real one.
            repeat {
                head = try HTTPMessageReader.head(from: input, limit: 64 * 1024)
                let parts = head.startLine.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
                    let parsed = Int(parts[1])
                else {
                    close()
                    return .failed("an answer that is not HTTP: '\(UserText.quoted(head.startLine))'")
                }
                code = parsed
                status = parsed
            } while (100..<200).contains(code)
            retryAfter = head.header("retry-after").flatMap(Double.init).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
            let framing = try HTTPMessageReader.responseFraming(head, status: code)
            // The body is read only to keep the connection usable; its content does not matter.
            _ = try HTTPMessageReader.body(framing, from: input, limit: Self.maximumAnswerBytes) { _ in
                .malformed(status: 0, reason: "an answer over \(Self.maximumAnswerBytes / 1024) KB")
            }
            let closes =
                head.startLine.hasPrefix("HTTP/1.0")
                ? !head.lists("keep-alive", in: "connection") : head.lists("close", in: "connection")
            if closes || framing == .untilClose { close() }
            return .answered(status: code, retryAfter: retryAfter)
        } catch {
            close()
            if let status { return .answered(status: status, retryAfter: retryAfter) }
            switch error {
            case .endOfStream: return .failed(Self.closedBeforeAnswer)
            case .timedOut(let reason): return .failed(reason)
            case .broken: return .failed("connection closed in the middle of an answer")
            case .malformed(_, let reason): return .failed("an answer that is not HTTP: \(reason)")
            }
        }
    }
}
