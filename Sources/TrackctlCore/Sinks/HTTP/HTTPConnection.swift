import Foundation

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
        if text.hasPrefix("http://") { secure = false; rest = text.dropFirst(7) }
        else if text.hasPrefix("https://") { secure = true; rest = text.dropFirst(8) }
        else { return nil }
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
            if after.hasPrefix(":") { guard let value = UInt16(after.dropFirst()) else { return nil }; port = value }
            else if !after.isEmpty { return nil }
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
/// requests on this platform (README, issue 10). Reads answers with `Content-Length`, chunked,
/// or delimited by the connection's end. Owner: the HTTP sink's delivery thread.
final class SocketTransport: HTTPTransport {
    private let endpoint: HTTPEndpoint
    private var descriptor: Int32 = -1
    /// Bytes read past the end of the previous answer (none with a well-behaved server).
    private var pending: [UInt8] = []
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
        pending.removeAll()
    }

    func post(_ body: [UInt8], headers: [(name: String, value: String)], timeoutMilliseconds: Int) -> HTTPResult {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        // A kept-alive connection may have been closed by the server meanwhile: a request that
        // fails before any answer byte on a reused connection is tried once on a new one.
        for attempt in 0..<2 {
            let reused = descriptor >= 0
            if !reused {
                switch Platform.connectTCP(host: endpoint.host, port: endpoint.port, timeoutMilliseconds: Int32(clamping: remaining(deadline))) {
                case .success(let connected): descriptor = connected
                case .failure(let error): return .failed(error.timedOut ? "timed out connecting" : error.message)
                }
            }
            var request = "POST \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\n"
            request += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nUser-Agent: trackctl/\(TrackctlVersion.current)\r\n"
            for header in headers { request += "\(header.name): \(header.value)\r\n" }
            request += "\r\n"
            var bytes = Array(request.utf8)
            bytes.append(contentsOf: body)
            if let failure = sendAll(bytes, deadline: deadline) {
                close()
                if reused, attempt == 0, failure != "timed out" { continue }
                return .failed(failure)
            }
            let result = readAnswer(deadline: deadline)
            if case .failed(let reason) = result, reused, attempt == 0, reason == Self.closedBeforeAnswer {
                close()
                continue
            }
            return result
        }
        return .failed(Self.closedBeforeAnswer)
    }

    private static let closedBeforeAnswer = "connection closed without an answer"

    private func remaining(_ deadline: UInt64) -> Int {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= deadline ? 0 : Int((deadline - now) / 1_000_000) + 1
    }

    private func sendAll(_ bytes: [UInt8], deadline: UInt64) -> String? {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Platform.send(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if sent > 0 { offset += sent; continue }
            if sent < 0, Platform.errorNumber == Platform.wouldBlock || Platform.errorNumber == Platform.interrupted {
                let wait = remaining(deadline)
                guard wait > 0, Platform.wait(descriptor, forWriting: true, timeoutMilliseconds: Int32(clamping: wait)) > 0 else { return "timed out" }
                continue
            }
            return sent < 0 ? Platform.lastErrorMessage : "connection closed while sending"
        }
        return nil
    }

    /// More bytes into `pending`; false at the end of the stream, on an error or at the deadline
    /// (`failure` says which).
    private func fill(deadline: UInt64, failure: inout String) -> Bool {
        while true {
            let received = Platform.receive(descriptor, buffer.baseAddress!, buffer.count)
            if received > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<received])); return true }
            if received == 0 { failure = "end"; return false }
            if Platform.errorNumber == Platform.wouldBlock || Platform.errorNumber == Platform.interrupted {
                let wait = remaining(deadline)
                guard wait > 0, Platform.wait(descriptor, forWriting: false, timeoutMilliseconds: Int32(clamping: wait)) > 0 else {
                    failure = "timed out"
                    return false
                }
                continue
            }
            failure = Platform.lastErrorMessage
            return false
        }
    }

    private func readAnswer(deadline: UInt64) -> HTTPResult {
        var failure = ""
        // The head: status line and headers, up to an empty line.
        var headEnd: Int?
        while headEnd == nil {
            if let end = Self.find([13, 10, 13, 10], in: pending) { headEnd = end; break }
            if pending.count > 64 * 1024 { close(); return .failed("an answer that is not HTTP (no end of headers in 64 KB)") }
            guard fill(deadline: deadline, failure: &failure) else {
                let wasEmpty = pending.isEmpty
                close()
                if failure == "timed out" { return .failed("timed out waiting for an answer") }
                return .failed(wasEmpty ? Self.closedBeforeAnswer : "connection closed in the middle of an answer")
            }
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self)
        pending.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            close()
            return .failed("an answer that is not HTTP: '\(UserText.quoted(statusLine))'")
        }
        var length: Int?
        var chunked = false
        var closes = parts[0] == "HTTP/1.0"
        var retryAfter: Double?
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-length": length = Int(value)
            case "transfer-encoding": chunked = value.lowercased().contains("chunked")
            case "connection": if value.lowercased() == "close" { closes = true } else if value.lowercased() == "keep-alive" { closes = false }
            case "retry-after": retryAfter = Double(value).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
            default: break
            }
        }
        // The body is read only to keep the connection usable; its content does not matter.
        if chunked {
            while true {
                guard let lineEnd = Self.find([13, 10], in: pending) else {
                    guard fill(deadline: deadline, failure: &failure) else { close(); return .answered(status: status, retryAfter: retryAfter) }
                    continue
                }
                let sizeText = String(decoding: pending[..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { close(); return .answered(status: status, retryAfter: retryAfter) }
                while pending.count < lineEnd + 2 + size + 2 {
                    guard fill(deadline: deadline, failure: &failure) else { close(); return .answered(status: status, retryAfter: retryAfter) }
                }
                pending.removeFirst(lineEnd + 2 + size + 2)
                if size == 0 { break }
            }
        } else if let length {
            while pending.count < length {
                guard fill(deadline: deadline, failure: &failure) else { close(); return .answered(status: status, retryAfter: retryAfter) }
            }
            pending.removeFirst(length)
        } else if status >= 200, status != 204, status != 304 {
            // Delimited by the end of the connection.
            while fill(deadline: deadline, failure: &failure) {}
            closes = true
        }
        if closes { close() }
        return .answered(status: status, retryAfter: retryAfter)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
