import TrackctlModel

/// What makes a call a valid Segment call (SPEC §13, as Segment's tracking API documents it):
/// a known `type`, an `event` on a track, a `userId` or an `anonymousId`, the ids a group and
/// an alias need, ISO-8601 times, at most 32 KB. A call breaking one is *bad*, with its reasons.
enum SegmentCallRules {
    static let types: Set<String> = ["track", "screen", "identify", "page", "group", "alias"]
    static let maximumCallBytes = SegmentLimits.maximumEventBytes

    /// Every rule the call breaks, as `malformed-call` reasons.
    static func reasons(_ call: CallFields, bytes: Int) -> [CallReason] {
        func reason(_ path: String, _ message: String) -> CallReason {
            CallReason(rule: "malformed-call", path: path, message: message)
        }
        guard call.isObject else { return [reason("", "not a JSON object")] }
        var reasons: [CallReason] = []
        let type = call.string("type")
        switch type {
        case nil:
            reasons.append(reason("type", call.has("type") ? "'type' is not a string" : "missing 'type'"))
        case let type? where !types.contains(type):
            reasons.append(reason("type", "'type' is '\(type)', not one of \(types.sorted().joined(separator: ", "))"))
        default:
            break
        }
        if type == "track", !hasText(call, "event") { reasons.append(reason("event", "a track without 'event'")) }
        if !hasText(call, "userId"), !hasText(call, "anonymousId") {
            reasons.append(reason("anonymousId", "neither 'userId' nor 'anonymousId'"))
        }
        if type == "group", !hasText(call, "groupId") { reasons.append(reason("groupId", "a group without 'groupId'")) }
        if type == "alias", !hasText(call, "previousId") {
            reasons.append(reason("previousId", "an alias without 'previousId'"))
        }
        for key in ["timestamp", "originalTimestamp", "sentAt"] where call.has(key) {
            guard let text = call.string(key), isISO8601(text) else {
                let shown = call.text(key)
                reasons.append(
                    reason(
                        key,
                        "'\(key)' is not an ISO-8601 date: "
                            + (shown.count > 60 ? String(shown.prefix(60)) + "…" : shown)
                    ))
                continue
            }
        }
        if bytes > maximumCallBytes {
            reasons.append(
                reason("", "the call is \(bytes) bytes, over Segment's limit of \(maximumCallBytes) (32 KB)"))
        }
        return reasons
    }

    /// A non-empty string, or an integer (Segment takes numeric ids).
    private static func hasText(_ call: CallFields, _ key: String) -> Bool {
        switch call.kind(key) {
        case .string?: return !(call.string(key) ?? "").isEmpty
        case .integer?: return true
        default: return false
        }
    }

    /// `2026-01-01`, `2026-01-01T10:00:00Z`, `2026-01-01T10:00:00.123+02:00`, `…T10:00Z`.
    static func isISO8601(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isISO8601(bytes: $0) }
    }

    private static func isISO8601(bytes b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        @inline(__always) func digits(_ count: Int) -> Bool {
            guard i + count <= b.count else { return false }
            for j in i..<(i + count) where b[j] < 0x30 || b[j] > 0x39 { return false }
            i += count
            return true
        }
        @inline(__always) func byte(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard digits(4), byte(0x2D), digits(2), byte(0x2D), digits(2) else { return false }
        if i == b.count { return true }
        guard byte(0x54) || byte(0x20), digits(2), byte(0x3A), digits(2) else { return false }  // T or space, HH:MM
        if byte(0x3A) {  // :SS
            guard digits(2) else { return false }
            if byte(0x2E) || byte(0x2C) {  // .fff
                let start = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                guard i > start else { return false }
            }
        }
        if byte(0x5A) || byte(0x7A) { return i == b.count }  // Z
        if byte(0x2B) || byte(0x2D) {  // ±HH[:]MM
            guard digits(2) else { return false }
            _ = byte(0x3A)
            if i < b.count { guard digits(2) else { return false } }
        }
        return i == b.count
    }
}

extension SourceValue {
    /// The value of `key` in a dictionary, nil otherwise.
    func member(_ key: String) -> SourceValue? {
        guard case .dictionary(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }
}
