import TrackctlModel

/// One HTTP/1.1 request as `collect` reads it.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The path without the query (`/v1/batch`).
    package var path: String
    /// Query parameters, decoded (`?event=Order%20Completed`).
    package var query: [String: String]
    package var head: HTTPHead
    /// HTTP/1.0 (closes unless asked to keep alive).
    package var isHTTP10 = false
    package var body: [UInt8] = []
    /// The port the request came to (the settings document names it without a `Host`).
    package var serverPort: UInt16 = 0
    /// The authority of an absolute-form target (`POST http://127.0.0.1:8088/v1/track`): the
    /// request's host, over its `Host` header (RFC 9112 §3.2.2).
    package var targetAuthority: String?

    package var headers: [(name: String, value: String)] { head.headers }
    package func header(_ name: String) -> String? { head.header(name) }

    /// HTTP/1.1 keeps the connection unless `Connection` lists `close`; HTTP/1.0 closes unless
    /// it lists `keep-alive` (RFC 9112 §9.3).
    var keepsAlive: Bool {
        isHTTP10 ? head.lists("keep-alive", in: "connection") : !head.lists("close", in: "connection")
    }

    /// The request line parsed strictly: `METHOD SP target SP HTTP/1.x`.
    static func parse(_ head: HTTPHead) throws(HTTPReadError) -> HTTPRequest {
        let parts = head.startLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0", let target = originForm(parts[1])
        else {
            throw .malformed(status: 400, reason: "not an HTTP/1.1 request line")
        }
        let (path, query) = split(target: target)
        var request = HTTPRequest(
            method: String(parts[0]), path: path, query: query, head: head, isHTTP10: parts[2] == "HTTP/1.0")
        request.targetAuthority = authority(of: parts[1])
        return request
    }

    /// The authority of an absolute-form target, or nil.
    private static func authority(of target: Substring) -> String? {
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            return String(target.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" })
        }
        return nil
    }

    /// The path and query of a request target: origin form as it is, absolute form
    /// (`http://127.0.0.1:8088/v1/track`, which a server must accept, RFC 9112 §3.2.2) without
    /// its scheme and authority; nil for anything else.
    private static func originForm(_ target: Substring) -> String? {
        if target.hasPrefix("/") || target == "*" { return String(target) }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            return rest[slash] == "?" ? "/" + rest[slash...] : String(rest[slash...])
        }
        return nil
    }

    /// `/collect/good?event=A%20B&limit=3` → the path and the decoded parameters.
    static func split(target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[percentDecoded(String(parts[0]))] = parts.count > 1 ? percentDecoded(String(parts[1])) : ""
        }
        return (String(target[..<mark]), query)
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") { bytes.append(0x20); continue }
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            let high = iterator.next(), low = iterator.next()
            if let high, let low, let a = hexDigitValue(high), let b = hexDigitValue(low) {
                bytes.append(a << 4 | b)
            } else {
                bytes.append(byte)
                if let high { bytes.append(high) }
                if let low { bytes.append(low) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Reads requests from one client connection, within the collector's limits (SPEC §13): headers
/// at most 64 KB, a body at most 500 KB (`Content-Length` or chunked), nothing for `idleSeconds`
/// drops the client, and a request must arrive whole within `requestSeconds` of its first byte
/// (a client trickling a byte at a time cannot hold a thread). After a stop request, a request
/// in progress gets `stopGraceSeconds`.
///
/// Owner: the connection's thread. The socket is blocking; every read waits with `poll` in short
/// steps, so the limits and a stop request are seen within `stepMilliseconds`.
final class HTTPRequestReader {
    static let maximumHeaderBytes = 64 * 1024
    static let maximumBodyBytes = SegmentLimits.maximumBatchBytes
    static let stopGraceSeconds = 5
    private static let stepMilliseconds: Int32 = 100

    /// The first byte of a TLS handshake record: a client speaking https to the plain port.
    static let tlsHandshake: UInt8 = 0x16

    private let descriptor: Int32
    private let idleMilliseconds: Int
    private let requestMilliseconds: Int
    private let shouldStop: () -> Bool
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private(set) var input: HTTPInput!
    /// Milliseconds waited for the request in progress (nil between requests).
    private var requestWaited: Int?
    private var stopWaited = 0

    init(descriptor: Int32, idleSeconds: Int, requestSeconds: Int, shouldStop: @escaping () -> Bool) {
        self.descriptor = descriptor
        self.idleMilliseconds = idleSeconds * 1000
        self.requestMilliseconds = requestSeconds * 1000
        self.shouldStop = shouldStop
        input = HTTPInput { [unowned self] (storage: inout [UInt8]) throws(HTTPReadError) -> Bool in
            try self.receive(into: &storage)
        }
    }

    /// The next request's head: nil when the client is gone or idle between requests, or
    /// a stop request came then.
    func nextHead() throws(HTTPReadError) -> HTTPRequest? {
        requestWaited = nil
        stopWaited = 0
        do {
            while input.isEmpty {
                guard try input.fill() else { return nil }
            }
        } catch .endOfStream {
            return nil
        } catch .timedOut {
            return nil  // idle between requests
        }
        requestWaited = 0
        if speaksTLS { throw .broken("a TLS handshake on the plain-HTTP port") }
        let head = try HTTPMessageReader.head(from: input, limit: Self.maximumHeaderBytes)
        return try HTTPRequest.parse(head)
    }

    /// Whether the first byte the client sent opens a TLS handshake (checked once bytes came).
    var speaksTLS: Bool { input.unread.first == Self.tlsHandshake }

    /// The body of `request`, framed as its headers say.
    func body(of request: HTTPRequest) throws(HTTPReadError) -> [UInt8] {
        let framing = try HTTPMessageReader.requestFraming(request.head)
        return try HTTPMessageReader.body(framing, from: input, limit: Self.maximumBodyBytes) { size in
            .malformed(
                status: 400,
                reason: (size.map { "the body is \($0) bytes, " } ?? "the body is ")
                    + "over Segment's limit of \(Self.maximumBodyBytes) bytes (500 KB) a request")
        }
    }

    /// Appends what the socket has; false at the end of the stream.
    private func receive(into storage: inout [UInt8]) throws(HTTPReadError) -> Bool {
        var idle = 0
        while true {
            if shouldStop() {
                // Between requests: go. Inside one: finish it within the grace period.
                guard requestWaited != nil else { throw .endOfStream }
                guard stopWaited < Self.stopGraceSeconds * 1000 else {
                    throw .timedOut("stopping: the request did not finish in time")
                }
            }
            let ready = Platform.wait(descriptor, forWriting: false, timeoutMilliseconds: Self.stepMilliseconds)
            if ready < 0 {
                if Platform.errorNumber == Platform.interrupted { continue }
                throw .broken(Platform.lastErrorMessage)
            }
            if shouldStop() { stopWaited += Int(Self.stepMilliseconds) }
            if let waited = requestWaited {
                let now = waited + (ready == 0 ? Int(Self.stepMilliseconds) : 0)
                requestWaited = now
                if now >= requestMilliseconds {
                    throw .timedOut("the request did not arrive whole within \(requestMilliseconds / 1000) s")
                }
            }
            if ready == 0 {
                idle += Int(Self.stepMilliseconds)
                if idle >= idleMilliseconds { throw .timedOut("nothing received for \(idleMilliseconds / 1000) s") }
                continue
            }
            // Not nil: the chunk is allocated once with a positive count.
            // swift-format-ignore: NeverForceUnwrap
            let count = chunk.withUnsafeMutableBytes { Platform.receive(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, Platform.errorNumber == Platform.interrupted { continue }
            if count < 0 { throw .broken(Platform.lastErrorMessage) }
            if count == 0 { return false }
            storage.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
