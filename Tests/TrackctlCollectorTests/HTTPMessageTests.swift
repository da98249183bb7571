import Foundation
import Testing

@testable import TrackctlCollector
@testable import TrackctlCore
@testable import TrackctlModel

/// The HTTP/1.1 reader both `collect` and the HTTP sink use, in process over a socket pair:
/// RFC 9112's framing rules (§6.3 message body length, §5.1 field syntax, §7.1 chunked coding)
/// and the limits that keep a hostile peer from crashing or holding the reader.
@Suite("HTTP messages")
struct HTTPMessageTests {
    /// Writes `bytes` into one end of a socket pair (closing it after, unless `keepOpen`) and
    /// reads one request from the other end as `collect` does.
    private func read(_ bytes: [UInt8], keepOpen: Bool = false, idleSeconds: Int = 2) throws -> Result<
        HTTPRequest, HTTPReadError
    > {
        let (client, server) = try #require(Platform.socketPair())
        defer { _ = Platform.close(server) }
        let writer = Thread {
            _ = Platform.writeAll(bytes, to: client, socket: true)
            if !keepOpen { _ = Platform.close(client) }
        }
        writer.start()
        defer { if keepOpen { _ = Platform.close(client) } }
        let reader = HTTPRequestReader(
            descriptor: server, idleSeconds: idleSeconds, requestSeconds: 5, shouldStop: { false })
        do throws(HTTPReadError) {
            guard var request = try reader.nextHead() else { return .failure(.endOfStream) }
            request.body = try reader.body(of: request)
            return .success(request)
        } catch {
            return .failure(error)
        }
    }

    private func request(_ head: String, body: String = "") -> [UInt8] { Array((head + "\r\n\r\n" + body).utf8) }

    @Test func aRequestWithALengthIsReadWhole() throws {
        let result = try read(
            request("POST /v1/b?x=1%202 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5", body: "hello"))
        let parsed = try result.get()
        #expect(parsed.method == "POST")
        #expect(parsed.path == "/v1/b")
        #expect(parsed.query == ["x": "1 2"])
        #expect(parsed.body == Array("hello".utf8))
        #expect(parsed.keepsAlive)
    }

    @Test func aChunkedBodyIsJoinedAndItsTrailersDropped() throws {
        let result = try read(
            request(
                "POST /v1/b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked",
                body: "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: 1\r\n\r\n"))
        #expect(try result.get().body == Array("abcde".utf8))
    }

    /// Review 2026-11-27 (collect, minor): leading zeros of a chunk size are any number (RFC 9112
    /// §7.1 writes `1*HEXDIG`), and an oversized trailer is called a trailer.
    @Test func leadingZerosAreAllowedAndATrailerIsNamed() throws {
        let zeros = String(repeating: "0", count: 40)
        let padded = try read(
            request(
                "POST /v1/b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked",
                body: "\(zeros)3\r\nabc\r\n\(zeros)\r\n\r\n"))
        #expect(try padded.get().body == Array("abc".utf8))
        let trailer = "X-Big: " + String(repeating: "a", count: 70_000)
        let long = try read(
            request(
                "POST /v1/b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked",
                body: "3\r\nabc\r\n0\r\n\(trailer)\r\n\r\n"))
        #expect(long.failure == .malformed(status: 400, reason: "a trailer field over 4 KB"))
    }

    /// The review's crash (2026-11-25, collect §1): a chunk size of 2^63 − 1 after a first chunk.
    @Test func aHugeChunkSizeIsRefusedNotAdded() throws {
        let result = try read(
            request(
                "POST /v1/b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked", body: "1\r\nx\r\n7fffffffffffffff\r\n"))
        #expect(result.failure == .malformed(status: 400, reason: "a chunk size of more than 15 hexadecimal digits"))
        let large = try read(
            request(
                "POST /v1/b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked", body: "1\r\nx\r\nfffffffffffffff\r\n"))
        #expect(
            large.failure
                == .malformed(
                    status: 400, reason: "the body is over Segment's limit of 512000 bytes (500 KB) a request"))
    }

    /// RFC 9112 §6.3: framing two readers could disagree on is refused, never guessed.
    @Test(arguments: [
        ("Content-Length: 5\r\nTransfer-Encoding: chunked", 400, "both Transfer-Encoding and Content-Length"),
        ("Content-Length: 5\r\nContent-Length: 6", 400, "Content-Length values that differ"),
        ("Content-Length: 5, 6", 400, "Content-Length values that differ"),
        ("Content-Length: +5", 400, "Content-Length '+5' is not a number of bytes"),
        ("Content-Length: 99999999999999999999", 400, "Content-Length '99999999999999999999' is not a number of bytes"),
        ("Transfer-Encoding: gzip, chunked", 501, "transfer coding 'gzip, chunked' is not supported (only chunked)")
    ])
    func ambiguousFramingIsRefused(headers: String, status: Int, reason: String) throws {
        let result = try read(request("POST /v1/b HTTP/1.1\r\nHost: h\r\n" + headers, body: "hello"))
        #expect(result.failure == .malformed(status: status, reason: reason))
    }

    @Test func repeatedEqualLengthsAreOneLength() throws {
        #expect(
            try read(request("POST /v1/b HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 5", body: "hello"))
                .get().body.count == 5)
    }

    /// RFC 9112 §5: header fields as they must be, or 400 and close.
    @Test(arguments: [
        ("Host : h", "white space before the colon of a header field"),
        ("Host: h\r\n folded", "a header line folded onto the previous one (obsolete)"),
        ("Host: h\rX: 1", "a bare CR in the headers"),
        ("Host: h\nX: 1", "a bare LF in the headers (lines end with CRLF)"),
        ("Host: h\u{0}", "a NUL byte in the headers"),
        ("NoColon", "a header line without a colon")
    ])
    func malformedHeaderFieldsAreRefused(headers: String, reason: String) throws {
        let result = try read(request("GET /collect/all HTTP/1.1\r\n" + headers))
        #expect(result.failure == .malformed(status: 400, reason: reason))
    }

    @Test(arguments: ["GET /x HTTP/2.0", "get /x HTTP/1.1", "GET  /x HTTP/1.1", "GET x HTTP/1.1", "GET /x"])
    func aBadRequestLineIsRefused(line: String) throws {
        #expect(
            try read(request(line + "\r\nHost: h")).failure
                == .malformed(status: 400, reason: "not an HTTP/1.1 request line"))
    }

    @Test func headersOverTheLimitAre431() throws {
        let big = "X-Big: " + String(repeating: "a", count: 70 * 1024)
        #expect(
            try read(request("GET /x HTTP/1.1\r\n" + big)).failure
                == .malformed(status: 431, reason: "the headers are over 64 KB"))
    }

    /// RFC 9112 §9.3: HTTP/1.0 closes unless asked to keep alive; `Connection` is a token list.
    @Test func persistenceFollowsTheVersionAndTheTokenList() throws {
        #expect(try !read(request("GET /x HTTP/1.0")).get().keepsAlive)
        #expect(try read(request("GET /x HTTP/1.0\r\nConnection: Keep-Alive")).get().keepsAlive)
        #expect(try !read(request("GET /x HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close")).get().keepsAlive)
    }

    @Test func aClientThatSaysNothingIsGoneNotAnError() throws {
        #expect(try read([], idleSeconds: 1).failure == .endOfStream)
        #expect(
            try read(Array("POST /v1/b HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc".utf8)).failure
                == .broken("the body ended after 3 of 10 bytes"))
    }

    /// The sink's side (RFC 9112 §6.3 for responses): no body for 1xx, 204 and 304, chunked
    /// when the last coding is, else the length, else to the end of the connection.
    @Test func responsesAreFramedAsAClientReadsThem() throws {
        func framing(_ status: Int, _ headers: String) throws -> HTTPBodyFraming {
            try HTTPMessageReader.responseFraming(
                try HTTPMessageReader.parse(Array("HTTP/1.1 \(status) X\r\n\(headers)".utf8)), status: status)
        }
        #expect(try framing(204, "Content-Length: 5") == HTTPBodyFraming.none)
        #expect(try framing(200, "Transfer-Encoding: gzip, chunked") == .chunked)
        #expect(try framing(200, "Content-Length: 12") == .length(12))
        #expect(try framing(200, "X-A: 1") == .untilClose)
        #expect(throws: HTTPReadError.malformed(status: 400, reason: "Content-Length values that differ")) {
            try framing(200, "Content-Length: 1\r\nContent-Length: 2")
        }
    }

    @Test func aTLSHandshakeIsRecognized() throws {
        let (client, server) = try #require(Platform.socketPair())
        defer { _ = Platform.close(client); _ = Platform.close(server) }
        _ = Platform.writeAll([0x16, 0x03, 0x01, 0x02, 0x00], to: client, socket: true)
        let reader = HTTPRequestReader(descriptor: server, idleSeconds: 2, requestSeconds: 5, shouldStop: { false })
        #expect(throws: HTTPReadError.self) { try reader.nextHead() }
        #expect(reader.speaksTLS)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
