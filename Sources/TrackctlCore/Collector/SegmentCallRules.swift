/// What makes a call a valid Segment call (SPEC §13, as Segment's tracking API documents it):
/// a known `type`, an `event` on a track, a `userId` or an `anonymousId`, the ids a group and
/// an alias need, ISO-8601 times, at most 32 KB. A call breaking one is *bad*, with its reasons.
enum SegmentCallRules {
    static let types: Set<String> = ["track", "screen", "identify", "page", "group", "alias"]
    static let maximumCallBytes = HTTPSinkOptions.maximumEventBytes

    static func reasons(_ call: SourceValue, bytes: Int) -> [String] {
        guard case .dictionary = call.content else { return ["not a JSON object"] }
        var reasons: [String] = []
        let type = call.member("type")?.stringValue
        switch type {
        case nil:
            reasons.append("missing 'type'")
        case let type? where !types.contains(type):
            reasons.append("'type' is '\(type)', not one of \(types.sorted().joined(separator: ", "))")
        default:
            break
        }
        if type == "track", !hasText(call.member("event")) { reasons.append("a track without 'event'") }
        if !hasText(call.member("userId")), !hasText(call.member("anonymousId")) { reasons.append("neither 'userId' nor 'anonymousId'") }
        if type == "group", !hasText(call.member("groupId")) { reasons.append("a group without 'groupId'") }
        if type == "alias", !hasText(call.member("previousId")) { reasons.append("an alias without 'previousId'") }
        for key in ["timestamp", "originalTimestamp", "sentAt"] {
            guard let value = call.member(key) else { continue }
            guard let text = value.stringValue, isISO8601(text) else {
                reasons.append("'\(key)' is not an ISO-8601 date: \(ValueComparison.render(value, limit: 60))")
                continue
            }
        }
        if bytes > maximumCallBytes { reasons.append("the call is \(bytes) bytes, over Segment's limit of \(maximumCallBytes) (32 KB)") }
        return reasons
    }

    private static func hasText(_ value: SourceValue?) -> Bool {
        guard let value else { return false }
        if let text = value.stringValue { return !text.isEmpty }
        if case .integer = value.content { return true }
        return false
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
        guard byte(0x54) || byte(0x20), digits(2), byte(0x3A), digits(2) else { return false }   // T or space, HH:MM
        if byte(0x3A) {                                                                          // :SS
            guard digits(2) else { return false }
            if byte(0x2E) || byte(0x2C) {                                                        // .fff
                let start = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                guard i > start else { return false }
            }
        }
        if byte(0x5A) || byte(0x7A) { return i == b.count }                                      // Z
        if byte(0x2B) || byte(0x2D) {                                                            // ±HH[:]MM
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
