import Foundation

/// The `format`s a plan may assert (SPEC §14), each checked by its RFC's grammar. JSON Schema
/// 2020-12 makes `format` an annotation by default; a tracking plan makes it an assertion —
/// a `date-time` that is not one is a `format-mismatch`.
public enum FormatCheck: String, Sendable, CaseIterable {
    case dateTime = "date-time"
    case date
    case time
    case email
    case uri
    case uuid
    case ipv4
    case ipv6

    public func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime:
            guard let t = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else {
                return false
            }
            return Self.isDate(bytes[..<t]) && Self.isTime(bytes[(t + 1)...])
        case .date: return Self.isDate(bytes[...])
        case .time: return Self.isTime(bytes[...])
        case .email: return Self.isEmail(bytes)
        case .uri: return Self.isURI(bytes)
        case .uuid: return Self.isUUID(bytes)
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(bytes)
        }
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// RFC 3339 full-date: `YYYY-MM-DD`, the day within its month (29 February in leap years).
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            let year = digits(b[0..<4]), let month = digits(b[5..<7]), let day = digits(b[8..<10])
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// RFC 3339 full-time: `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count >= 9, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"),
            let hour = digits(b[0..<2]), let minute = digits(b[3..<5]), let second = digits(b[6..<8])
        else { return false }
        var index = 8
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 { index += 1 }
            if index == start { return false }
        }
        guard index < b.count else { return false }
        var offsetMinutes = 0
        if b[index] == UInt8(ascii: "Z") || b[index] == UInt8(ascii: "z") {
            guard index + 1 == b.count else { return false }
        } else if b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-") {
            guard b.count - index == 6, b[index + 3] == UInt8(ascii: ":"),
                let offsetHour = digits(b[(index + 1)..<(index + 3)]),
                let offsetMinute = digits(b[(index + 4)..<(index + 6)]),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return false
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        if second == 60 {
            // The leap second is 23:59:60 in UTC: the local time minus its offset.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 5321 Mailbox, as the suite reads it: a dot-atom or quoted local part, a domain of
    /// labels or an address literal.
    static func isEmail(_ bytes: [UInt8]) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1 else { return false }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        if local.first == UInt8(ascii: "\"") {
            guard local.count >= 2, local.last == UInt8(ascii: "\"") else { return false }
        } else {
            let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".utf8)
            guard local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
                !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }),
                local.allSatisfy({ atext.contains($0) || $0 == UInt8(ascii: ".") })
            else { return false }
        }
        if domain.first == UInt8(ascii: "[") {
            guard domain.last == UInt8(ascii: "]") else { return false }
            let inner = Array(domain.dropFirst().dropLast())
            if inner.starts(with: Array("IPv6:".utf8)) { return isIPv6(Array(inner.dropFirst(5))) }
            return isIPv4(inner[...])
        }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// RFC 3986 URI (absolute, with a scheme): `scheme ":" hier-part ["?" query] ["#" fragment]`,
    /// each part of its own characters, `%` followed by two hex digits, an authority of
    /// `[userinfo "@"] host [":" port]` with brackets only around an IP literal.
    static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
            bytes[..<colon].allSatisfy({
                isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return false }
        var rest = Array(bytes[(colon + 1)...])[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isRun(rest[(hash + 1)...], extra: "/?") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isRun(rest[(question + 1)...], extra: "/?") else { return false }
            rest = rest[..<question]
        }
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.dropFirst(2)
            let authorityEnd = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            guard isAuthority(afterSlashes[..<authorityEnd]) else { return false }
            rest = afterSlashes[authorityEnd...]
        }
        return isRun(rest, extra: "/")
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static let unreservedAndSubDelims = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=".utf8)

    /// pchar (unreserved, pct-encoded, sub-delims, ":", "@") and the extra characters given.
    private static func isRun(_ bytes: ArraySlice<UInt8>, extra: String, allowColonAndAt: Bool = true) -> Bool {
        let extraBytes = Set(extra.utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            let colonOrAt = byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            guard unreservedAndSubDelims.contains(byte) || extraBytes.contains(byte) || (allowColonAndAt && colonOrAt)
            else { return false }
            index += 1
        }
        return true
    }

    private static func isAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var hostAndPort = bytes
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            guard isRun(bytes[..<at], extra: ":", allowColonAndAt: false) else { return false }
            hostAndPort = bytes[(at + 1)...]
        }
        var host = hostAndPort
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let inner = Array(hostAndPort[(hostAndPort.startIndex + 1)..<close])
            guard isIPv6(inner) || inner.first == UInt8(ascii: "v") || inner.first == UInt8(ascii: "V") else {
                return false
            }
            let after = hostAndPort[(close + 1)...]
            if after.isEmpty { return true }
            guard after.first == UInt8(ascii: ":") else { return false }
            return after.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        if let portColon = hostAndPort.lastIndex(of: UInt8(ascii: ":")) {
            guard hostAndPort[(portColon + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            host = hostAndPort[..<portColon]
        }
        return isRun(host, extra: "", allowColonAndAt: false)
    }

    /// RFC 4122: 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != UInt8(ascii: "-") { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    /// RFC 2673 dotted quad: four decimal octets 0…255, no leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard let value = digits(part), part.count <= 3, value <= 255 else { return false }
            return part.count == 1 || part.first != UInt8(ascii: "0")
        }
    }

    /// RFC 4291 text forms: eight groups of 1–4 hex digits, one `::` for a run of zero groups,
    /// an IPv4 dotted quad as the last 32 bits; no zone, no brackets.
    static func isIPv6(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, bytes.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
        var groups = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Array($0) }
        var wanted = 8
        if let last = groups.last, last.contains(UInt8(ascii: ".")) {
            guard isIPv4(last[...]) else { return false }
            groups.removeLast()
            groups.append([])  // a placeholder group the quad's position keeps
            wanted = 7
            groups.removeLast()
            groups.append(Array("0".utf8))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let doubleColons = text.components(separatedBy: "::").count - 1
        if doubleColons > 1 || text.contains(":::") { return false }
        if doubleColons == 0 {
            return groups.count == wanted
                && groups.allSatisfy { !$0.isEmpty && $0.count <= 4 && !$0.contains(UInt8(ascii: ".")) }
        }
        // With `::`: empty groups only where the `::` is (and its ends).
        var nonEmpty = 0
        for (index, group) in groups.enumerated() {
            if group.isEmpty {
                let atStart = index == 0 && text.hasPrefix("::")
                let atEnd = index == groups.count - 1 && text.hasSuffix("::")
                let inside = index > 0 && groups[index - 1].isEmpty == false && index + 1 < groups.count
                if !(atStart || atEnd || inside || (index > 0 && groups[index - 1].isEmpty)) { return false }
                continue
            }
            if group.count > 4 || group.contains(UInt8(ascii: ".")) { return false }
            nonEmpty += 1
        }
        if text.hasPrefix(":") && !text.hasPrefix("::") { return false }
        if text.hasSuffix(":") && !text.hasSuffix("::") { return false }
        return nonEmpty <= wanted - 1
    }
}
