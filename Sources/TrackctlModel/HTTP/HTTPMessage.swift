/// Why an HTTP message could not be read.
package enum HTTPReadError: Error, Equatable, Sendable {
    /// The stream ended before the first byte of a message (a kept-alive connection closed).
    case endOfStream
    /// The peer sent nothing for too long, or not the whole message in time.
    case timedOut(String)
    /// The stream failed or ended inside a message.
    case broken(String)
    /// Bytes that are not an HTTP/1.1 message as RFC 9112 frames it: the status a server
    /// answers (400, 413, 431, 501), and why.
    case malformed(status: Int, reason: String)
}

/// What has arrived of one connection's bytes, and how to wait for more: the one place both
/// HTTP readers (`collect`'s server, the HTTP sink's client) take bytes from.
///
/// Owner: the connection's thread. `more` appends what the socket has (waiting as its owner
/// decides: poll steps and a stop request for the server, a deadline for the client) and says
/// false at the end of the stream.
package final class HTTPInput {
    private var storage: [UInt8] = []
    /// The first unread byte of `storage`.
    private var start = 0
    private let more: (inout [UInt8]) throws(HTTPReadError) -> Bool

    package init(more: @escaping (inout [UInt8]) throws(HTTPReadError) -> Bool) {
        self.more = more
    }

    /// The bytes not yet read.
    package var unread: ArraySlice<UInt8> { storage[start...] }
    package var isEmpty: Bool { start == storage.count }

    /// Reads more; false at the end of the stream.
    package func fill() throws(HTTPReadError) -> Bool {
        if start > 0, start >= storage.count / 2 {
            storage.removeFirst(start)
            start = 0
        }
        return try more(&storage)
    }

    func consume(_ count: Int) {
        start += count
    }

    /// Takes `count` unread bytes (there must be that many).
    func take(_ count: Int) -> [UInt8] {
        let taken = Array(storage[start..<(start + count)])
        start += count
        return taken
    }

    /// The offset, from the first unread byte, of `pattern` within the first `limit` unread
    /// bytes, or nil.
    func find(_ pattern: [UInt8], within limit: Int) -> Int? {
        let end = min(storage.count, start + limit)
        guard end - start >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= end {
            if storage[index] == pattern[0], storage[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index - start
            }
            index += 1
        }
        return nil
    }
}

/// The start line and header fields of a request or a response.
package struct HTTPHead: Sendable {
    /// `POST /v1/b HTTP/1.1`, or `HTTP/1.1 200 OK`.
    package var startLine: String
    /// Names lower-cased, values without the spaces around them, in order.
    package var headers: [(name: String, value: String)]

    package func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    package func all(_ name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

    /// Whether a comma-separated token list header (`Connection: keep-alive, Upgrade`) names
    /// `token`, without regard to case.
    package func lists(_ token: String, in name: String) -> Bool {
        all(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingOptionalWhiteSpace.lowercased() == token }
        }
    }
}

/// How a message's body is delimited (RFC 9112 §6).
package enum HTTPBodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
    /// A response without a length: the body runs to the end of the connection.
    case untilClose
}

/// Reads HTTP/1.1 messages as RFC 9112 frames them, strictly where leniency is an attack
/// (request smuggling, header injection) and within limits where the sender decides a size
/// (`collect` faces any client; the sink faces any server). No arithmetic on a number a peer
/// sends can overflow: sizes are compared with what is left of a limit before they are added.
package enum HTTPMessageReader {
    /// The start line and header fields, up to the blank line; `limit` bytes at most.
    /// `firstByte` is called once the first byte of the message has arrived.
    package static func head(from input: HTTPInput, limit: Int, firstByte: () -> Void = {}) throws(HTTPReadError)
        -> HTTPHead
    {
        var announced = false
        while true {
            if !input.isEmpty, !announced { announced = true; firstByte() }
            if let end = input.find([13, 10, 13, 10], within: limit + 4) {
                let bytes = Array(input.unread.prefix(end))
                input.consume(end + 4)
                return try parse(bytes)
            }
            guard input.unread.count <= limit else {
                throw .malformed(status: 431, reason: "the headers are over \(limit / 1024) KB")
            }
            guard try input.fill() else {
                if input.isEmpty { throw .endOfStream }
                throw .broken("the connection ended before the end of the headers")
            }
        }
    }

    /// The head's lines: CRLF-separated, none with a bare CR, LF or NUL; each field a token
    /// name, a colon with no white space before it, and a value.
    static func parse(_ bytes: [UInt8]) throws(HTTPReadError) -> HTTPHead {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 13 {
                guard index + 1 < bytes.count, bytes[index + 1] == 10 else {
                    throw .malformed(status: 400, reason: "a bare CR in the headers")
                }
                lines.append(bytes[lineStart..<index])
                index += 2
                lineStart = index
                continue
            }
            if byte == 10 { throw .malformed(status: 400, reason: "a bare LF in the headers (lines end with CRLF)") }
            if byte == 0 { throw .malformed(status: 400, reason: "a NUL byte in the headers") }
            index += 1
        }
        lines.append(bytes[lineStart..<bytes.count])
        guard let first = lines.first, !first.isEmpty else { throw .malformed(status: 400, reason: "no start line") }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            if let first = line.first, first == 0x20 || first == 0x09 {
                throw .malformed(status: 400, reason: "a header line folded onto the previous one (obsolete)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw .malformed(status: 400, reason: "a header line without a colon")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty else { throw .malformed(status: 400, reason: "a header line without a name") }
            guard name.allSatisfy(isTokenByte) else {
                if let last = name.last, last == 0x20 || last == 0x09 {
                    throw .malformed(status: 400, reason: "white space before the colon of a header field")
                }
                throw .malformed(status: 400, reason: "a header name with characters a name cannot have")
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingOptionalWhiteSpace
            headers.append((String(decoding: name, as: UTF8.self).lowercased(), value))
        }
        return HTTPHead(startLine: String(decoding: first, as: UTF8.self), headers: headers)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// How a request's body is delimited: chunked, a length, or none (RFC 9112 §6.3). Both, a
    /// transfer coding other than chunked, or Content-Length values that differ or are not
    /// digits: refused, since two readers could disagree on where the request ends.
    package static func requestFraming(_ head: HTTPHead) throws(HTTPReadError) -> HTTPBodyFraming {
        let codings = head.all("transfer-encoding")
        let lengths = head.all("content-length")
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                throw .malformed(status: 400, reason: "both Transfer-Encoding and Content-Length")
            }
            let list = codings.flatMap { $0.split(separator: ",") }.map { $0.trimmingOptionalWhiteSpace.lowercased() }
            guard list == ["chunked"] else {
                throw .malformed(
                    status: 501,
                    reason: "transfer coding '\(codings.joined(separator: ", "))' is not supported (only chunked)")
            }
            return .chunked
        }
        guard let length = try contentLength(lengths) else { return .none }
        return .length(length)
    }

    /// How a response's body is delimited, as a client reads it (RFC 9112 §6.3).
    package static func responseFraming(_ head: HTTPHead, status: Int) throws(HTTPReadError) -> HTTPBodyFraming {
        if (100..<200).contains(status) || status == 204 || status == 304 { return .none }
        let codings = head.all("transfer-encoding")
        if !codings.isEmpty {
            let list = codings.flatMap { $0.split(separator: ",") }.map { $0.trimmingOptionalWhiteSpace.lowercased() }
            return list.last == "chunked" ? .chunked : .untilClose
        }
        return try contentLength(head.all("content-length")).map { .length($0) } ?? .untilClose
    }

    /// The Content-Length, when given: digits only, every value (and list element) the same.
    private static func contentLength(_ values: [String]) throws(HTTPReadError) -> Int? {
        let elements = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
            $0.trimmingOptionalWhiteSpace
        }
        guard let first = elements.first else { return nil }
        guard elements.allSatisfy({ $0 == first }) else {
            throw .malformed(status: 400, reason: "Content-Length values that differ")
        }
        guard !first.isEmpty, first.utf8.count <= 18, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let length = Int(first)
        else {
            throw .malformed(status: 400, reason: "Content-Length '\(first.prefix(40))' is not a number of bytes")
        }
        return length
    }

    /// The body, at most `limit` bytes (`tooLarge` says why a larger one is refused).
    package static func body(
        _ framing: HTTPBodyFraming, from input: HTTPInput, limit: Int,
        tooLarge: (Int?) -> HTTPReadError
    ) throws(HTTPReadError) -> [UInt8] {
        switch framing {
        case .none:
            return []
        case .length(let count):
            guard count <= limit else { throw tooLarge(count) }
            try need(count, from: input, ending: "the body ended after \(input.unread.count) of \(count) bytes")
            return input.take(count)
        case .chunked:
            var body: [UInt8] = []
            while true {
                let line = try chunkLine(from: input, what: "a chunk size line")
                let size = try chunkSize(line)
                if size == 0 {
                    // Trailer fields, up to the blank line: read and dropped.
                    while try !chunkLine(from: input, what: "a trailer field").isEmpty {}
                    return body
                }
                guard size <= limit - body.count else { throw tooLarge(nil) }
                try need(size + 2, from: input, ending: "the chunked body ended inside a chunk")
                body += input.take(size)
                guard input.take(2) == [13, 10] else {
                    throw .malformed(status: 400, reason: "a chunk not followed by CRLF")
                }
            }
        case .untilClose:
            while input.unread.count <= limit {
                guard try input.fill() else { return input.take(input.unread.count) }
            }
            throw tooLarge(nil)
        }
    }

    private static func need(_ count: Int, from input: HTTPInput, ending: @autoclosure () -> String)
        throws(HTTPReadError)
    {
        while input.unread.count < count {
            guard try input.fill() else { throw .broken(ending()) }
        }
    }

    /// A chunk-size or trailer line (`what`, for the refusal), without its CRLF (4 KB at most).
    private static func chunkLine(from input: HTTPInput, what: String) throws(HTTPReadError) -> [UInt8] {
        while true {
            if let end = input.find([13, 10], within: 4096 + 2) {
                let line = input.take(end)
                input.consume(2)
                return line
            }
            guard input.unread.count <= 4096 else { throw .malformed(status: 400, reason: "\(what) over 4 KB") }
            guard try input.fill() else { throw .broken("the chunked body ended early") }
        }
    }

    /// A chunk size: hexadecimal digits (chunk extensions after `;` ignored), at most 15 of
    /// them after its leading zeros (which RFC 9112 allows, any number) so it fits in an Int with
    /// room to add to.
    static func chunkSize(_ line: [UInt8]) throws(HTTPReadError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }
        var size = 0
        var count = 0
        var sawDigit = false
        for byte in digits {
            guard let value = hexDigitValue(byte) else {
                throw .malformed(
                    status: 400,
                    reason: "a chunk size '\(String(decoding: line.prefix(40), as: UTF8.self))' that is not hexadecimal"
                )
            }
            sawDigit = true
            if count == 0, value == 0 { continue }
            count += 1
            guard count <= 15 else {
                throw .malformed(status: 400, reason: "a chunk size of more than 15 hexadecimal digits")
            }
            size = size << 4 | Int(value)
        }
        guard sawDigit else { throw .malformed(status: 400, reason: "an empty chunk size line") }
        return size
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it (RFC 9110's optional white space).
    package var trimmingOptionalWhiteSpace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
