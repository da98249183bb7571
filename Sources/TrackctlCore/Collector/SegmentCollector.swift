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
        let body = request.body
        // The body is checked without building it; only a malformed one is read again, to say where.
        guard RawJSON.isValid(body) else {
            var reader = JSONDocumentReader(bytes: body, start: 0)
            do {
                _ = try reader.read()
                return .refusal(400, "malformed JSON")
            } catch {
                let syntax = error as? SyntaxError
                let place = syntax?.position.map { " at \($0.line):\($0.column)" } ?? ""
                return .refusal(400, "malformed JSON\(place): \(syntax?.message ?? "unreadable")")
            }
        }
        guard let members = RawJSON.members(ofObjectIn: 0..<body.count, of: body) else { return .refusal(400, "the body must be a JSON object") }
        if let required = options.writeKey {
            let given = Self.basicUser(request.header("authorization"))
                ?? members.first { $0.key == "writeKey" && body[$0.value.lowerBound] == UInt8(ascii: "\"") }
                    .map { RawJSON.decodedString(body, $0.value.lowerBound...($0.value.upperBound - 1)) }
            guard given == required else {
                return .refusal(401, given == nil ? "no write key: send it as the HTTP Basic user name or the body's writeKey"
                                                  : "wrong write key")
            }
        }
        let receivedAt = JSONText.quoted(Timestamp.string(Int64(Date().timeIntervalSince1970 * 1000)))
        /// Each call's line and fields.
        var calls: [(json: String, fields: CallFields)] = []
        if batch {
            guard let list = members.first(where: { $0.key == "batch" })?.value, body[list.lowerBound] == UInt8(ascii: "["),
                  let ranges = RawJSON.elementRanges(ofList: "batch", in: body) else {
                return .refusal(400, "a batch body needs a 'batch' list")
            }
            guard ranges.count <= Self.maximumBatchCalls else {
                return .refusal(400, "\(ranges.count) calls, over \(Self.maximumBatchCalls) a batch: Segment would answer 200 and drop them silently; nothing was recorded")
            }
            if members.contains(where: { $0.key == "context" || $0.key == "integrations" }) {
                // Batch-level context is merged into each call: this needs the calls' trees.
                var reader = JSONDocumentReader(bytes: body, start: 0)
                guard let parsed = try? reader.read(), case .dictionary(let fields) = parsed.content,
                      case .array(let elements)? = parsed.member("batch")?.content else { return .refusal(400, "a batch body needs a 'batch' list") }
                let shared = fields.filter { $0.key == "context" || $0.key == "integrations" }
                calls = elements.map { element in
                    let merged = Self.merging(shared, into: element)
                    return (Self.jsonLine(merged, receivedAt: receivedAt), CallFields(merged))
                }
            } else {
                calls = ranges.map { range in
                    let fields = CallFields(bytes: body, range: range)
                    return (Self.rawLine(body, range, fields: fields, receivedAt: receivedAt), fields)
                }
            }
        } else {
            var fields = CallFields(bytes: body, range: 0..<body.count)
            var line: String
            if !fields.has("type") {
                // The type comes from the path: written first, as a client would.
                var reader = JSONDocumentReader(bytes: body, start: 0)
                guard let parsed = try? reader.read(), case .dictionary(var members) = parsed.content else { return .refusal(400, "the body must be a JSON object") }
                members.insert(SourceMember(key: "type", keyPosition: nil, value: SourceValue(.string(type ?? ""), at: nil)), at: 0)
                let call = SourceValue(.dictionary(members), at: nil)
                fields = CallFields(call)
                line = Self.jsonLine(call, receivedAt: receivedAt)
            } else {
                line = Self.rawLine(body, 0..<body.count, fields: fields, receivedAt: receivedAt)
            }
            calls = [(line, fields)]
        }
        if options.failEvery > 0, trackingRequests.next() % options.failEvery == 0 {
            store.countRefused()
            return .refusal(503, "failing every \(options.failEvery) requests on purpose (--fail-every): nothing of this one was recorded")
        }
        let collected = calls.map { call -> CollectedCall in
            var reasons = SegmentCallRules.reasons(call.fields, bytes: call.json.utf8.count)
            if reasons.isEmpty, let plan = options.plan { reasons = plan.reasons(call.fields) }
            return CollectedCall(fields: call.fields, json: call.json, reasons: reasons)
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
    private static func rawLine(_ body: [UInt8], _ range: Range<Int>, fields: CallFields, receivedAt: String) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(range.count + 40)
        RawJSON.compact(body, range, into: &line)
        guard fields.isObject, fields.memberCount > 0, !fields.has("receivedAt"), line.last == UInt8(ascii: "}") else {
            var reader = JSONDocumentReader(bytes: line, start: 0)
            return (try? reader.read()).map { jsonLine($0, receivedAt: receivedAt) } ?? String(decoding: line, as: UTF8.self)
        }
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
