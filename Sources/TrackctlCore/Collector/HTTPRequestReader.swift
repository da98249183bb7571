/// One HTTP/1.1 request as `collect` reads it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query (`/v1/batch`).
    public var path: String
    /// Query parameters, decoded (`?event=Order%20Completed`).
    public var query: [String: String]
    /// Names lower-cased, in order.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// HTTP/1.1 keeps the connection unless the client says `Connection: close`.
    var keepsAlive: Bool { header("connection")?.lowercased() != "close" }
}

/// Reads requests from one client connection, within the collector's limits (SPEC §13):
/// headers at most 64 KB, a body at most 500 KB (`Content-Length` or chunked), and no more than
/// `idleSeconds` without a byte. Fails with the answer to give, or says the client is gone.
///
/// Owner: the connection's thread. The socket is blocking; every read waits with `poll` in
/// short steps so a stop request is seen within `stepMilliseconds`.
final class HTTPRequestReader {
    enum Failure: Error {
        /// The client closed the connection, or went idle, between requests: nothing to answer.
        case gone
        /// A request that cannot be served: answer `status` with `reason`, then close.
        case refused(status: Int, reason: String)
    }

    static let maximumHeaderBytes = 64 * 1024
    static let maximumBodyBytes = HTTPSinkOptions.maximumBatchBytes
    private static let stepMilliseconds: Int32 = 200

    private let descriptor: Int32
    private let idleMilliseconds: Int
    private let shouldStop: () -> Bool
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(descriptor: Int32, idleSeconds: Int, shouldStop: @escaping () -> Bool) {
        self.descriptor = descriptor
        self.idleMilliseconds = idleSeconds * 1000
        self.shouldStop = shouldStop
    }

    /// The next request; `answerContinue` is called when the client waits for `100 Continue`.
    func next(answerContinue: () -> Void) throws(Failure) -> HTTPRequest {
        // The head: up to the blank line.
        var headEnd: Int?
        while true {
            headEnd = Self.endOfHead(in: buffer)
            if headEnd != nil { break }
            guard buffer.count <= Self.maximumHeaderBytes else {
                throw .refused(status: 431, reason: "the request's headers are over \(Self.maximumHeaderBytes / 1024) KB")
            }
            guard try fill(betweenRequests: buffer.isEmpty) else {
                if buffer.isEmpty { throw .gone }
                throw .refused(status: 400, reason: "the request ended before its headers did")
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        guard head.utf8.count <= Self.maximumHeaderBytes else {
            throw .refused(status: 431, reason: "the request's headers are over \(Self.maximumHeaderBytes / 1024) KB")
        }
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[0].allSatisfy({ $0.isLetter && $0.isUppercase }) else {
            throw .refused(status: 400, reason: "not an HTTP/1.1 request line")
        }
        var headers: [(String, String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .refused(status: 400, reason: "a header line without a name and a colon")
            }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingSpaces))
        }
        let target = String(requestLine[1])
        let (path, query) = Self.split(target: target)
        var request = HTTPRequest(method: String(requestLine[0]), path: path, query: query, headers: headers, body: [])
        if request.header("expect")?.lowercased() == "100-continue" { answerContinue() }
        if let encoding = request.header("transfer-encoding") {
            guard encoding.lowercased() == "chunked" else {
                throw .refused(status: 400, reason: "transfer encoding '\(encoding)' is not supported (only chunked)")
            }
            request.body = try readChunkedBody()
        } else if let length = request.header("content-length") {
            guard let count = Int(length), count >= 0 else { throw .refused(status: 400, reason: "Content-Length '\(length)' is not a number") }
            guard count <= Self.maximumBodyBytes else {
                throw .refused(status: 400, reason: "the body is \(count) bytes, over Segment's limit of \(Self.maximumBodyBytes) bytes (500 KB) a request")
            }
            request.body = try take(count)
        }
        return request
    }

    /// Reads more bytes into the buffer; false at the end of the stream. Waits at most the idle
    /// time; between requests, a stop request ends the wait too.
    private func fill(betweenRequests: Bool) throws(Failure) -> Bool {
        var waited = 0
        while true {
            if betweenRequests, shouldStop() { throw .gone }
            let ready = Platform.wait(descriptor, forWriting: false, timeoutMilliseconds: Self.stepMilliseconds)
            if ready < 0 { throw .gone }
            if ready == 0 {
                waited += Int(Self.stepMilliseconds)
                if waited >= idleMilliseconds {
                    if betweenRequests && buffer.isEmpty { throw .gone }
                    throw .refused(status: 408, reason: "nothing received for \(idleMilliseconds / 1000) s")
                }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { Platform.receive(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, Platform.errorNumber == Platform.interrupted { continue }
            if count <= 0 { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private func take(_ count: Int) throws(Failure) -> [UInt8] {
        while buffer.count < count {
            guard try fill(betweenRequests: false) else { throw .refused(status: 400, reason: "the body ended after \(buffer.count) of \(count) bytes") }
        }
        let body = Array(buffer[..<count])
        buffer.removeFirst(count)
        return body
    }

    private func readLine() throws(Failure) -> String {
        while true {
            if let end = Self.index(of: [0x0D, 0x0A], in: buffer) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count < 4096 else { throw .refused(status: 400, reason: "a chunk size line over 4 KB") }
            guard try fill(betweenRequests: false) else { throw .refused(status: 400, reason: "the chunked body ended early") }
        }
    }

    private func readChunkedBody() throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine()
            let hex = sizeLine.split(separator: ";").first.map { $0.trimmingSpaces } ?? ""
            guard let size = Int(hex, radix: 16), size >= 0 else { throw .refused(status: 400, reason: "a chunk size '\(sizeLine)' that is not hexadecimal") }
            if size == 0 {
                // Trailers, up to the blank line.
                while try !readLine().isEmpty {}
                return body
            }
            guard body.count + size <= Self.maximumBodyBytes else {
                throw .refused(status: 400, reason: "the body is over Segment's limit of \(Self.maximumBodyBytes) bytes (500 KB) a request")
            }
            body += try take(size)
            guard try readLine().isEmpty else { throw .refused(status: 400, reason: "a chunk not followed by CRLF") }
        }
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? { index(of: [0x0D, 0x0A, 0x0D, 0x0A], in: bytes) }

    private static func index(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
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
            if let high, let low, let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
                if let high { bytes.append(high) }
                if let low { bytes.append(low) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
