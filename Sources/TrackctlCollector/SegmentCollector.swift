import Foundation
import Synchronization
import TrackctlModel
import TrackctlPlan

/// An answer to one request.
struct HTTPAnswer: Sendable {
    var status: Int
    var body: String
    /// Close the connection after it (a refused request whose rest was not read).
    var close = false

    static func json(_ status: Int, _ body: String) -> HTTPAnswer { HTTPAnswer(status: status, body: body) }

    /// `{"success":false,"code":"…","message":"…"}`: the fields analytics-python reads from an
    /// error answer (SPEC §13, "Answers a client can read").
    static func refusal(_ status: Int, _ message: String, code: String? = nil, close: Bool = false) -> HTTPAnswer {
        HTTPAnswer(
            status: status,
            body:
                "{\"success\":false,\"code\":\(JSONText.quoted(code ?? defaultCode(status))),"
                + "\"message\":\(JSONText.quoted(message))}",
            close: close)
    }

    static let accepted = json(200, "{\"success\":true}")

    private static let reasons = [
        200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 413: "Content Too Large", 415: "Unsupported Media Type",
        431: "Request Header Fields Too Large", 501: "Not Implemented", 503: "Service Unavailable"
    ]

    private static func defaultCode(_ status: Int) -> String {
        (reasons[status] ?? "error").lowercased().replacingOccurrences(of: " ", with: "_")
    }

    /// The status line's reason phrase.
    var reason: String { Self.reasons[status] ?? "Error" }

    /// The answer's bytes; for a HEAD request, the head alone (with the body's length).
    func bytes(headOnly: Bool) -> [UInt8] {
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: \(close ? "close" : "keep-alive")\r\n\r\n"
        return headOnly ? Array(head.utf8) : Array(head.utf8) + Array(body.utf8)
    }
}

/// What `collect` does with a request (SPEC §13): Segment's tracking API (`/v1/b`,
/// `/v1/batch`, `/v1/track` and the other single calls, the settings document), the query API
/// (`/collect/all`, `/good`, `/bad`, `/reset`), Segment's answers, and who may ask: a loopback
/// `Host` and `Origin` (no web page can post into or read a collector on the machine), the
/// write key when one is set — for the query API too.
package final class SegmentCollector: Sendable {
    package struct Options: Sendable {
        /// When set, a request must carry it (HTTP Basic user name, or the body's `writeKey`;
        /// the query API: Basic, or `?writeKey=`).
        package var writeKey: String?
        /// With `--config`: calls the SPOC cannot produce are bad.
        var plan: SPOCLabelMatcher?
        /// With `--plan`: calls the tracking plan refuses are bad, with its findings as reasons.
        package var trackingPlan: TrackingPlan?
        /// Answer 503 to every n-th request on the tracking paths, recording nothing of it (0:
        /// never): to test a client's retries and dead letters.
        package var failEvery = 0
        /// The address listened on (`--host`): a `Host` naming it is accepted besides loopback names.
        package var host = "127.0.0.1"
        /// What the settings document names as `apiHost` (default: the address the client used).
        package var settingsAPIHost: String?
        /// Said on stderr at once: the first refusal of each status, a TLS client, an output
        /// that fails.
        package var notices: @Sendable (String) -> Void = { _ in }

        package init(writeKey: String? = nil, failEvery: Int = 0) {
            self.writeKey = writeKey
            self.failEvery = failEvery
        }

        package mutating func checkAgainst(_ spoc: SPOC) { plan = SPOCLabelMatcher(spoc) }
    }

    static let maximumBatchCalls = 2500
    static let maximumWaitSeconds = 30
    private static let singlePaths: Set<String> = ["track", "screen", "identify", "page", "group", "alias"]
    private static let batchPaths: Set<String> = ["b", "batch", "import"]

    package let store: CollectorStore
    private let options: Options
    private let trackingRequests = RequestCounter()
    /// With `--plan`: the checkers the chunks of every request borrow.
    private let planCheckers: PlanCheckerPool?

    package init(options: Options, store: CollectorStore) {
        self.options = options
        self.store = store
        planCheckers = options.trackingPlan.map { PlanCheckerPool(plan: $0) }
    }

    /// Says `text` on stderr with every control character escaped: a client's path or header
    /// echoed in a notice must not move the terminal's cursor, retitle it or start a line that
    /// looks like collect's own (review 2026-11-27 N7).
    func notice(_ text: String) { options.notices(Self.printable(text)) }

    /// C0 controls, DEL and C1 controls as `\u{…}`, and at most 600 characters.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(600) {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 600 ? result + "…" : result
    }

    /// Counts a refusal by its status and says the first of each on stderr; the answer as given.
    func refused(_ answer: HTTPAnswer, request: HTTPRequest?) -> HTTPAnswer {
        if store.countRefused(status: answer.status) {
            let what = request.map { "\($0.method) \($0.path)" } ?? "a connection"
            var reader = JSONDocumentReader(bytes: Array(answer.body.utf8), start: 0)
            let message = (try? reader.readMessage()) ?? answer.body
            notice(
                "refused \(what) with \(answer.status) \(answer.reason): \(message) (the first \(answer.status); "
                    + "the summary counts them all)"
            )
        }
        return answer
    }

    private enum Route {
        case batch, single(String), settings(writeKey: String), all, good, bad, reset
    }

    private enum Routing {
        case found(Route)
        case refused(HTTPAnswer)
    }

    private func route(_ request: HTTPRequest) -> Routing {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let method = request.method == "HEAD" ? "GET" : request.method
        let found: (Route, String)?
        switch (parts.first, parts.count) {
        case ("v1", 2) where Self.batchPaths.contains(parts[1]): found = (.batch, "POST")
        case ("v1", 2) where Self.singlePaths.contains(parts[1]): found = (.single(parts[1]), "POST")
        case ("v1", 4) where parts[1] == "projects" && parts[3] == "settings":
            found = (.settings(writeKey: parts[2]), "GET")
        case ("collect", 2) where parts[1] == "all": found = (.all, "GET")
        case ("collect", 2) where parts[1] == "good": found = (.good, "GET")
        case ("collect", 2) where parts[1] == "bad": found = (.bad, "GET")
        case ("collect", 2) where parts[1] == "reset": found = (.reset, "POST")
        default: found = nil
        }
        guard let (route, wanted) = found else { return .refused(.refusal(404, "no such path: \(request.path)")) }
        guard method == wanted else { return .refused(.refusal(405, "\(request.path) takes \(wanted)")) }
        return .found(route)
    }

    /// What can be answered before the body is read: who is asking, where, how; nil to read the
    /// body (and send `100 Continue` when the client waits for it).
    func preflight(_ request: HTTPRequest) -> HTTPAnswer? {
        if let refusal = checkOrigin(request) { return refusal }
        let route: Route
        switch self.route(request) {
        case .found(let found): route = found
        case .refused(let refusal): return refusal
        }
        switch route {
        case .batch, .single:
            // Every coding of every Content-Encoding field, as RFC 9110 §8.4 lists them (in the
            // order applied): plain JSON is none but `identity` — `identity, identity` included,
            // a second field's `gzip` not missed (review 2026-11-27, collect minor list).
            let codings = request.head.all("content-encoding").flatMap { $0.split(separator: ",") }.map {
                $0.trimmingOptionalWhiteSpace.lowercased()
            }
            .filter { !$0.isEmpty && $0 != "identity" }
            if !codings.isEmpty {
                return .refusal(
                    415,
                    "the body is \(codings.joined(separator: ", "))-encoded; trackctl collect reads plain JSON: "
                        + "turn the SDK's request compression off for the debug build"
                )
            }
            if let required = options.writeKey, let given = Self.basicUser(request.header("authorization")),
                given != required
            {
                return .refusal(401, "wrong write key")
            }
            do {
                if case .length(let count) = try HTTPMessageReader.requestFraming(request.head),
                    count > HTTPRequestReader.maximumBodyBytes
                {
                    return .refusal(
                        400,
                        "the body is \(count) bytes, over Segment's limit of \(HTTPRequestReader.maximumBodyBytes) "
                            + "bytes (500 KB) a request"
                    )
                }
            } catch {
                if case .malformed(let status, let reason) = error { return .refusal(status, reason) }
            }
            return nil
        case .settings:
            return nil
        case .all, .good, .bad, .reset:
            if let required = options.writeKey,
                (Self.basicUser(request.header("authorization")) ?? request.query["writeKey"]) != required
            {
                return .refusal(401, "the query API needs the write key too: HTTP Basic user name, or ?writeKey=")
            }
            return nil
        }
    }

    /// A web page cannot write into or read a collector on the machine: its requests carry an
    /// `Origin`, or (DNS rebinding) a `Host` with its own name. Loopback names, the `--host`
    /// address and, when listening beyond loopback, address literals are accepted as hosts; an
    /// `Origin` only when it is this collector's own (loopback, this port): a page served from
    /// another local port — a dev server, a notebook — is a web page too (review 2026-11-27 N10).
    private func checkOrigin(_ request: HTTPRequest) -> HTTPAnswer? {
        if let origin = request.header("origin") {
            let authority =
                origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), Self.isLoopbackAuthority(authority),
                Self.port(of: authority) == Int(request.serverPort)
            else {
                return .refusal(
                    403,
                    "requests from web pages (Origin: \(origin.prefix(80))) are refused: browsers are not supported "
                        + "clients"
                )
            }
        }
        // One Host, well formed (RFC 9112 §3.2); an absolute-form target's authority is the host.
        let hosts = request.head.all("host")
        if hosts.count > 1 { return .refusal(400, "\(hosts.count) Host headers: a request has one") }
        guard let host = request.targetAuthority ?? hosts.first else {
            return request.isHTTP10 ? nil : .refusal(400, "an HTTP/1.1 request without a Host header")
        }
        guard Self.isWellFormedAuthority(host) else {
            return .refusal(400, "Host '\(host.prefix(80))' is not a host name and port")
        }
        let name = Self.hostName(host)
        if Self.isLoopbackAuthority(host) || name == options.host || name == "[\(options.host)]" { return nil }
        if !Platform.isLoopback(options.host), Self.isAddressLiteral(name) { return nil }
        return .refusal(
            403, "Host '\(host.prefix(80))' is not this collector's address (a page on another site cannot reach it)")
    }

    /// `localhost` (or `localhost.`), `127.x.x.x`, `[::1]`, with or without a port.
    private static func isLoopbackAuthority(_ authority: String) -> Bool {
        var name = hostName(authority).lowercased()
        if name.hasSuffix("."), !name.hasPrefix("[") { name.removeLast() }
        return name == "localhost" || name == "[::1]" || (name.hasPrefix("127.") && isAddressLiteral(name))
    }

    private static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("[") {
            return String(authority.prefix { $0 != "]" }) + (authority.contains("]") ? "]" : "")
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// A name or address, then nothing or `:` and up to five digits: `127.0.0.1:8088@evil` is not.
    private static func isWellFormedAuthority(_ authority: String) -> Bool {
        let name = hostName(authority)
        guard !name.isEmpty else { return false }
        let rest = authority.dropFirst(name.count)
        if rest.isEmpty { return true }
        return rest.first == ":" && (1...5).contains(rest.count - 1)
            && rest.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The port an authority names, or its scheme's default (80).
    private static func port(of authority: String) -> Int {
        let rest = authority.dropFirst(hostName(authority).count)
        return rest.first == ":" ? Int(rest.dropFirst()) ?? -1 : 80
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") { return name.hasSuffix("]") }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }

    /// The answer to a request whose body has been read (`preflight` let it through).
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        switch route(request) {
        case .refused(let refusal):
            return refusal
        case .found(.batch):
            return track(request, batch: true, type: nil)
        case .found(.single(let type)):
            return track(request, batch: false, type: type)
        case .found(.settings(let writeKey)):
            return settings(writeKey: writeKey, host: request.header("host") ?? "127.0.0.1:\(request.serverPort)")
        case .found(.all):
            let counts = store.currentCounts
            let rules = counts.rules.sorted { $0.key < $1.key }.map { JSONText.quoted($0.key) + ":\($0.value)" }.joined(
                separator: ",")
            return .json(
                200, "{\"total\":\(counts.total),\"good\":\(counts.good),\"bad\":\(counts.bad),\"rules\":{\(rules)}}")
        case .found(.good):
            return query(request, good: true)
        case .found(.bad):
            return query(request, good: false)
        case .found(.reset):
            store.reset()
            return .accepted
        }
    }

    // MARK: - Tracking

    private func track(_ request: HTTPRequest, batch: Bool, type: String?) -> HTTPAnswer {
        let body = request.body
        if let bad = TextChecks.firstInvalidUTF8(body, from: 0) {
            return .refusal(
                400, "the body is not UTF-8 (byte 0x\(String(body[bad], radix: 16, uppercase: true)) at offset \(bad))",
                code: "invalid_json")
        }
        // The body is checked without building it; only a malformed one is read again, to say
        // where (the document reader's own reason).
        let checked = RawJSON.check(body, noting: CallLine.splicedKeys)
        guard checked.isValid else {
            var reader = JSONDocumentReader(bytes: body, start: 0)
            do {
                _ = try reader.read()
                return .refusal(400, "malformed JSON", code: "invalid_json")
            } catch {
                let syntax = error as? SyntaxError
                let place = syntax?.position.map { " at \($0.line):\($0.column)" } ?? ""
                return .refusal(400, "malformed JSON\(place): \(syntax?.message ?? "unreadable")", code: "invalid_json")
            }
        }
        guard let members = checked.topMembers?.map({ (key: RawJSON.decodedString(body, $0.key), value: $0.value) })
        else {
            return .refusal(400, "the body must be a JSON object", code: "invalid_json")
        }
        if let required = options.writeKey {
            let given =
                Self.basicUser(request.header("authorization"))
                ?? members.first { $0.key == "writeKey" && body[$0.value.lowerBound] == UInt8(ascii: "\"") }
                .map { RawJSON.decodedString(body, $0.value.lowerBound...($0.value.upperBound - 1)) }
            guard given == required else {
                return .refusal(
                    401,
                    given == nil
                        ? "no write key: send it as the HTTP Basic user name or the body's writeKey" : "wrong write key"
                )
            }
        }
        // Stamped by the store when the lines are written (in the order written).
        let receivedAt = JSONText.quoted(CollectedCall.receivedAtPlaceholder)
        var callRanges: [Range<Int>] = [0..<body.count]
        var shared = CallLine.Shared()
        var singleType: String?
        if batch {
            guard let list = members.first(where: { $0.key == "batch" })?.value,
                body[list.lowerBound] == UInt8(ascii: "[")
            else {
                return .refusal(
                    400,
                    "a batch body needs a 'batch' list (one call alone goes to /v1/track, /v1/screen, /v1/identify…)",
                    code: "invalid_batch")
            }
            callRanges = checked.topLists[list.lowerBound] ?? []
            guard callRanges.count <= Self.maximumBatchCalls else {
                return .refusal(
                    400,
                    "\(callRanges.count) calls, over \(Self.maximumBatchCalls) a batch: Segment would answer 200 "
                        + "and drop them silently; nothing was recorded",
                    code: "too_many_calls")
            }
            if let index = callRanges.firstIndex(where: { body[$0.lowerBound] != UInt8(ascii: "{") }) {
                return .refusal(
                    400, "batch[\(index)] is not a JSON object; nothing of this batch was recorded",
                    code: "invalid_batch")
            }
            // A key twice outside the calls — two `batch` lists, a shared `context` with a key
            // twice — would drop or merge calls without a trace (review 2026-11-27 N8): Python's
            // and Go's readers take the last, this one the first. Refused whole.
            if let twice = checked.duplicateKeys.first(where: { duplicate in
                !callRanges.contains { $0.contains(duplicate.offset) }
            }) {
                return .refusal(
                    400,
                    "the key '\(twice.key)' appears twice in the batch's envelope (outside its calls); nothing of "
                        + "this batch was recorded",
                    code: "invalid_batch")
            }
            shared = CallLine.Shared(body: body, members: members)
        } else if !members.contains(where: { $0.key == "type" }) {
            singleType = type
        }
        if options.failEvery > 0, trackingRequests.next() % options.failEvery == 0 {
            return .refusal(
                503,
                "failing every \(options.failEvery) requests on purpose (--fail-every): nothing of this one was "
                    + "recorded"
            )
        }
        // A single call's own `type` must be its path's (review 2026-11-27: an identify posted to
        // /v1/track was recorded as an identify).
        let pathType = batch ? nil : type
        let collected = CallChunks.map(callRanges.count) {
            [options, planCheckers, shared, callRanges, singleType, checked] indices in
            // One plan checker for the whole chunk, borrowed once.
            func chunk(_ planChecker: PlanLineChecker?) -> [CollectedCall] {
                indices.map { index -> CollectedCall in
                    let range = callRanges[index]
                    let line = CallLine.build(
                        body, range, shared: shared, type: singleType, receivedAt: receivedAt, checked: checked)
                    let fields = CallFields(bytes: line, range: 0..<line.count)
                    var reasons = SegmentCallRules.reasons(fields, bytes: line.count)
                    if let pathType, let own = fields.string("type"), own != pathType,
                        SegmentCallRules.types.contains(own)
                    {
                        reasons.append(
                            CallReason(
                                rule: "malformed-call", path: "type",
                                message: "'type' is '\(own)', but the call was posted to /v1/\(pathType)"))
                    }
                    if let duplicate = checked.duplicateKeys.first(where: { range.contains($0.offset) })?.key {
                        reasons.append(
                            CallReason(
                                rule: "duplicate-key", path: duplicate,
                                message: "the key '\(duplicate)' appears twice in one object"))
                    }
                    if reasons.isEmpty, let plan = options.plan { reasons = plan.reasons(fields) }
                    if reasons.isEmpty, let planChecker {
                        let findings =
                            line.withUnsafeBufferPointer { try? planChecker.check($0, file: "", line: 0) } ?? []
                        reasons = findings.filter { $0.severity == .error }.map(CallReason.init)
                    }
                    return CollectedCall(fields: fields, line: line, reasons: reasons)
                }
            }
            return planCheckers?.borrow { chunk($0) } ?? chunk(nil)
        }
        let written = store.record(collected) { reason in
            notice(
                "the output cannot be written (\(reason)): requests are answered 503 and nothing of them is kept "
                    + "until it can"
            )
        }
        guard written else {
            return .refusal(503, "the output cannot be written; nothing of this request was recorded")
        }
        return .accepted
    }

    /// The user name of `Authorization: Basic base64(user:password)`.
    private static func basicUser(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        return String(text.prefix { $0 != ":" })
    }

    // MARK: - Settings and queries

    /// What analytics-swift fetches from its `cdnHost` at start: the Segment destination on,
    /// its `apiHost` pointing back here (the settings override the configured `apiHost`).
    private func settings(writeKey: String, host: String) -> HTTPAnswer {
        let apiHost = options.settingsAPIHost ?? host + "/v1"
        return .json(
            200,
            "{\"integrations\":{\"Segment.io\":{\"apiKey\":\(JSONText.quoted(writeKey)),"
                + "\"apiHost\":\(JSONText.quoted(apiHost))}},"
                + "\"plan\":{\"track\":{}},\"edgeFunction\":{}}")
    }

    private func query(_ request: HTTPRequest, good: Bool) -> HTTPAnswer {
        var filters: [(path: String, value: String)] = []
        var limit: Int?
        var wait = 0
        for (key, value) in request.query.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "limit":
                guard let number = Int(value), number >= 0 else {
                    return .refusal(400, "limit must be a whole number, not '\(value)'")
                }
                limit = number
            case "wait":
                guard let seconds = Int(value), (0...Self.maximumWaitSeconds).contains(seconds) else {
                    return .refusal(
                        400,
                        "wait must be a whole number of seconds from 0 to \(Self.maximumWaitSeconds), not '\(value)'")
                }
                wait = seconds
            case "writeKey":
                continue
            default:
                guard FilterPath(key) != nil else {
                    return .refusal(
                        400,
                        "'\(key)' is not a filter: filters are dot paths (type, event, properties.service, "
                            + "properties.tags[0], properties.tags[*]) with a value"
                    )
                }
                filters.append((key, value))
            }
        }
        let calls = store.calls(good: good, filters: filters, limit: limit, waitSeconds: wait)
        let items = calls.map { call in
            good
                ? call.json : "{\"call\":\(call.json),\"reasons\":[\(call.reasons.map(\.json).joined(separator: ","))]}"
        }
        return .json(200, "[" + items.joined(separator: ",\n") + "]")
    }
}

extension JSONDocumentReader {
    /// The `message` of an error answer's body.
    mutating func readMessage() throws -> String? {
        try read().member("message")?.stringValue
    }
}

/// Counts requests across connection threads.
final class RequestCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
