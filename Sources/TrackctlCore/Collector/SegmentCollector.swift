import Foundation

/// An answer to one request.
struct HTTPAnswer: Sendable {
    var status: Int
    var body: String
    /// Close the connection after it (a refused request whose rest was not read).
    var close = false

    static func json(_ status: Int, _ body: String) -> HTTPAnswer { HTTPAnswer(status: status, body: body) }

    /// `{"success":false,"error":"…"}`.
    static func refusal(_ status: Int, _ reason: String, close: Bool = false) -> HTTPAnswer {
        HTTPAnswer(status: status, body: "{\"success\":false,\"error\":\(JSONText.quoted(reason))}", close: close)
    }

    static let accepted = json(200, "{\"success\":true}")

    var bytes: [UInt8] {
        let reason = [200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
                      415: "Unsupported Media Type", 431: "Request Header Fields Too Large", 503: "Service Unavailable"][status] ?? "Error"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: \(close ? "close" : "keep-alive")\r\n\r\n"
        return Array(head.utf8) + Array(body.utf8)
    }
}

/// What `collect` does with a request (SPEC §13): Segment's tracking API (`/v1/b`,
/// `/v1/batch`, `/v1/track` and the other single calls, the settings document), the query API
/// (`/collect/all`, `/good`, `/bad`, `/reset`), and Segment's answers.
public final class SegmentCollector: Sendable {
    public struct Options: Sendable {
        /// When set, a request must carry it (HTTP Basic user name, or the body's `writeKey`).
        public var writeKey: String?
        /// With `--config`: calls the plan cannot produce are bad.
        var plan: TrackingPlanMatcher?
        /// Answer 503 to every n-th request on the tracking paths, recording nothing of it (0:
        /// never): to test a client's retries and dead letters.
        public var failEvery = 0

        public init(writeKey: String? = nil, failEvery: Int = 0) {
            self.writeKey = writeKey
            self.failEvery = failEvery
        }

        public mutating func checkAgainst(_ spoc: SPOC) { plan = TrackingPlanMatcher(spoc) }
    }

    static let maximumBatchCalls = 2500
    private static let singlePaths: Set<String> = ["track", "screen", "identify", "page", "group", "alias"]

    public let store: CollectorStore
    private let options: Options
    private let trackingRequests = RequestCounter()

    public init(options: Options, store: CollectorStore) {
        self.options = options
        self.store = store
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.first, parts.count) {
        case ("POST", "v1", 2) where parts[1] == "b" || parts[1] == "batch" || parts[1] == "import":
            return track(request, batch: true, type: nil)
        case ("POST", "v1", 2) where Self.singlePaths.contains(parts[1]):
            return track(request, batch: false, type: parts[1])
        case ("GET", "v1", 4) where parts[1] == "projects" && parts[3] == "settings":
            return settings(writeKey: parts[2], host: request.header("host") ?? "127.0.0.1:8088")
        case ("GET", "collect", 2) where parts[1] == "all":
            let counts = store.currentCounts
            return .json(200, "{\"total\":\(counts.total),\"good\":\(counts.good),\"bad\":\(counts.bad)}")
        case ("GET", "collect", 2) where parts[1] == "good" || parts[1] == "bad":
            return query(request, good: parts[1] == "good")
        case ("POST", "collect", 2) where parts[1] == "reset":
            store.reset()
            return .accepted
        case (_, "v1", _), (_, "collect", _):
            if ["/v1/b", "/v1/batch", "/v1/import", "/collect/reset"].contains(request.path) || Self.singlePaths.contains(parts.last ?? "") {
                return .refusal(405, "\(request.path) takes POST")
            }
            if ["/collect/all", "/collect/good", "/collect/bad"].contains(request.path) { return .refusal(405, "\(request.path) takes GET") }
            return .refusal(404, "no such path: \(request.path)")
        default:
            return .refusal(404, "no such path: \(request.path)")
        }
    }

    // MARK: - Tracking

    private func track(_ request: HTTPRequest, batch: Bool, type: String?) -> HTTPAnswer {
        if let encoding = request.header("content-encoding"), encoding.lowercased() != "identity" {
            return .refusal(415, "the body is \(encoding)-encoded; trackctl collect reads plain JSON: turn the SDK's request compression off for the debug build")
        }
        let parsed: SourceValue
        do {
            var reader = JSONDocumentReader(bytes: request.body, start: 0)
            parsed = try reader.read()
        } catch {
            let syntax = error as? SyntaxError
            let place = syntax?.position.map { " at \($0.line):\($0.column)" } ?? ""
            return .refusal(400, "malformed JSON\(place): \(syntax?.message ?? "unreadable")")
        }
        guard case .dictionary(let members) = parsed.content else { return .refusal(400, "the body must be a JSON object") }
        if let required = options.writeKey {
            let given = Self.basicUser(request.header("authorization")) ?? parsed.member("writeKey")?.stringValue
            guard given == required else {
                return .refusal(401, given == nil ? "no write key: send it as the HTTP Basic user name or the body's writeKey"
                                                  : "wrong write key")
            }
        }
        var calls: [SourceValue]
        /// Where each call is in the body, when its line can be written as sent.
        var raw: [Range<Int>]?
        if batch {
            guard case .array(let elements)? = parsed.member("batch")?.content else {
                return .refusal(400, "a batch body needs a 'batch' list")
            }
            guard elements.count <= Self.maximumBatchCalls else {
                return .refusal(400, "\(elements.count) calls, over \(Self.maximumBatchCalls) a batch: Segment would answer 200 and drop them silently; nothing was recorded")
            }
            let shared = members.filter { $0.key == "context" || $0.key == "integrations" }
            calls = elements.map { Self.merging(shared, into: $0) }
            if shared.isEmpty, let ranges = RawJSON.elementRanges(ofList: "batch", in: request.body), ranges.count == elements.count { raw = ranges }
        } else {
            var call = parsed
            if parsed.member("type") == nil, case .dictionary(var fields) = parsed.content {
                fields.insert(SourceMember(key: "type", keyPosition: nil, value: SourceValue(.string(type ?? ""), at: nil)), at: 0)
                call = SourceValue(.dictionary(fields), at: nil)
            }
            calls = [call]
        }
        if options.failEvery > 0, trackingRequests.next() % options.failEvery == 0 {
            store.countRefused()
            return .refusal(503, "failing every \(options.failEvery) requests on purpose (--fail-every): nothing of this one was recorded")
        }
        let receivedAt = JSONText.quoted(Timestamp.string(Int64(Date().timeIntervalSince1970 * 1000)))
        let collected = calls.indices.map { index -> CollectedCall in
            let call = calls[index]
            let json = raw.map { Self.rawLine(request.body, $0[index], call: call, receivedAt: receivedAt) } ?? Self.jsonLine(call, receivedAt: receivedAt)
            var reasons = SegmentCallRules.reasons(call, bytes: json.utf8.count)
            if reasons.isEmpty, let plan = options.plan { reasons = plan.reasons(call) }
            return CollectedCall(call: call, json: json, reasons: reasons)
        }
        guard store.record(collected) else { return .refusal(503, "the output cannot be written; nothing of this request was recorded") }
        return .accepted
    }

    /// The call with the batch's `context` and `integrations` under its own (its keys win).
    private static func merging(_ shared: [SourceMember], into call: SourceValue) -> SourceValue {
        guard !shared.isEmpty, case .dictionary(var fields) = call.content else { return call }
        for member in shared {
            if let index = fields.firstIndex(where: { $0.key == member.key }) {
                if case .dictionary(let batchLevel) = member.value.content, case .dictionary(let own) = fields[index].value.content {
                    let merged = batchLevel.filter { outer in !own.contains { $0.key == outer.key } } + own
                    fields[index].value = SourceValue(.dictionary(merged), at: nil)
                }
            } else {
                fields.append(member)
            }
        }
        return SourceValue(.dictionary(fields), at: nil)
    }

    /// The call's bytes as sent, compacted, `receivedAt` added before the closing brace; a call
    /// that is not an object, is empty or brings its own `receivedAt` is rendered instead.
    private static func rawLine(_ body: [UInt8], _ range: Range<Int>, call: SourceValue, receivedAt: String) -> String {
        guard case .dictionary(let fields) = call.content, !fields.isEmpty, !fields.contains(where: { $0.key == "receivedAt" }) else {
            return jsonLine(call, receivedAt: receivedAt)
        }
        var line: [UInt8] = []
        line.reserveCapacity(range.count + 40)
        RawJSON.compact(body, range, into: &line)
        guard line.last == UInt8(ascii: "}") else { return jsonLine(call, receivedAt: receivedAt) }
        line.removeLast()
        line.append(contentsOf: Array((",\"receivedAt\":" + receivedAt + "}").utf8))
        return String(decoding: line, as: UTF8.self)
    }

    /// The call as one JSON line, `receivedAt` last (replacing one the client sent).
    private static func jsonLine(_ call: SourceValue, receivedAt: String) -> String {
        guard case .dictionary(let fields) = call.content else { return ValueComparison.render(call) }
        let kept = fields.filter { $0.key != "receivedAt" }
        return "{" + (kept.map { JSONText.quoted($0.key) + ":" + ValueComparison.render($0.value) } + ["\"receivedAt\":" + receivedAt]).joined(separator: ",") + "}"
    }

    /// The user name of `Authorization: Basic base64(user:password)`.
    private static func basicUser(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8) else { return nil }
        return String(text.prefix { $0 != ":" })
    }

    // MARK: - Settings and queries

    /// What analytics-swift fetches from its `cdnHost` at start: the Segment destination on,
    /// its `apiHost` pointing back here (the settings override the configured `apiHost`).
    private func settings(writeKey: String, host: String) -> HTTPAnswer {
        .json(200, "{\"integrations\":{\"Segment.io\":{\"apiKey\":\(JSONText.quoted(writeKey)),\"apiHost\":\(JSONText.quoted(host + "/v1"))}},"
              + "\"plan\":{\"track\":{}},\"edgeFunction\":{}}")
    }

    private func query(_ request: HTTPRequest, good: Bool) -> HTTPAnswer {
        var filters: [String: String] = [:]
        var limit: Int?
        for (key, value) in request.query {
            switch key {
            case _ where CollectedCall.filterKeys.contains(key): filters[key] = value
            case "limit":
                guard let number = Int(value), number >= 0 else { return .refusal(400, "limit must be a whole number, not '\(value)'") }
                limit = number
            default:
                return .refusal(400, "unknown filter '\(key)'; filters are type, event, name, userId, anonymousId, messageId, limit")
            }
        }
        let calls = store.calls(good: good, filters: filters, limit: limit)
        let items = calls.map { call in
            good ? call.json : "{\"call\":\(call.json),\"reasons\":[\(call.reasons.map(JSONText.quoted).joined(separator: ","))]}"
        }
        return .json(200, "[" + items.joined(separator: ",\n") + "]")
    }
}

/// Counts requests across connection threads.
final class RequestCounter: @unchecked Sendable {
    // Safe: `count` is read and written only under `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
