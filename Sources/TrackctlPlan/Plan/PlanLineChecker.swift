import TrackctlModel

/// `plan check`'s reader of recorded calls: each line's JSON syntax checked without building
/// anything, the members a check reads (type, event, name, properties, traits,
/// context.protocols) found by their byte ranges, and the plan's verdict remembered by those
/// bytes — a recording repeats the same calls with new ids and times, and only a call not seen
/// before is parsed and checked.
///
/// Fast path. Its invariant: without a `common` schema a check reads only those members, so two
/// lines with byte-equal members get equal findings (the file and line are set per line); with
/// a `common` schema every line is parsed and checked whole. Owner: one `plan check`; one
/// thread. Bounded: the memo is cleared when full.
public final class PlanLineChecker {
    private let plan: TrackingPlan
    private var memo: [MemberKey: [PlanFinding]] = [:]
    private var key: [UInt8] = []
    private static let capacity = 8192
    private static let projection = JSONValueReader.Projection([
        "type": nil, "event": nil, "name": nil, "properties": nil, "traits": nil,
        "context": JSONValueReader.Projection(["protocols": nil])
    ])

    public init(plan: TrackingPlan) { self.plan = plan }

    /// The findings of one line, at `file`:`line`.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int) throws(JSONValueReader.Failure)
        -> [PlanFinding]
    {
        let position = SourcePosition(line: line, column: 1)
        if plan.checksWholeCalls {
            var reader = JSONValueReader(bytes: Array(bytes))
            return plan.check(try reader.read(), from: .init(file: file, position: position))
        }
        key.removeAll(keepingCapacity: true)
        var scanner = JSONScanner(bytes)
        guard scanner.collectCheckedMembers(into: &key) else {
            // Not valid JSON (or not an object): the full reader says where.
            var reader = JSONValueReader(bytes: Array(bytes))
            let value = try reader.read()
            return plan.check(value, from: .init(file: file, position: position))
        }
        let memberKey = MemberKey(key)
        var findings: [PlanFinding]
        if let known = memo[memberKey] {
            findings = known
        } else {
            var reader = JSONValueReader(bytes: Array(bytes))
            let projected = reader.readProjected(Self.projection) ?? JSONObject()
            findings = plan.check(.object(projected), from: .init(file: ""))
            if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
            memo[memberKey] = findings
        }
        if findings.isEmpty { return findings }
        for index in findings.indices {
            findings[index].file = file
            findings[index].position = position
        }
        return findings
    }

    /// The checked members' bytes, hashed once.
    private struct MemberKey: Hashable {
        let bytes: [UInt8]
        let hash: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        static func == (lhs: MemberKey, rhs: MemberKey) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}

/// Checks JSON syntax over a buffer without building values (RFC 8259, as `JSONValueReader`
/// reads it), and collects the bytes of the members a plan check reads.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private static let checkedKeys: [[UInt8]] = ["type", "event", "name", "properties", "traits"].map { Array($0.utf8) }
    private static let contextKey = Array("context".utf8)
    private static let protocolsKey = Array("protocols".utf8)

    /// Scans the whole line; appends each checked member's key and value bytes to `key`. False
    /// when the line is not one valid JSON object.
    mutating func collectCheckedMembers(into key: inout [UInt8]) -> Bool {
        skipSpace()
        guard
            objectMembers(
                { scanner, keyRange, key in
                    let keyBytes = UnsafeBufferPointer(rebasing: scanner.bytes[keyRange])
                    if Self.checkedKeys.contains(where: { $0.count == keyBytes.count && keyBytes.elementsEqual($0) }) {
                        let start = scanner.index
                        guard scanner.skipValue() else { return false }
                        key.append(contentsOf: keyBytes)
                        key.append(0x3A)
                        key.append(contentsOf: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]))
                        key.append(0x2C)
                        return true
                    }
                    if keyBytes.count == Self.contextKey.count, keyBytes.elementsEqual(Self.contextKey),
                        scanner.peek == UInt8(ascii: "{")
                    {
                        return scanner.objectMembers(
                            { inner, innerKey, key in
                                if innerKey.count == Self.protocolsKey.count,
                                    UnsafeBufferPointer(rebasing: inner.bytes[innerKey]).elementsEqual(
                                        Self.protocolsKey)
                                {
                                    let start = inner.index
                                    guard inner.skipValue() else { return false }
                                    key.append(contentsOf: Self.protocolsKey)
                                    key.append(0x3A)
                                    key.append(
                                        contentsOf: UnsafeBufferPointer(rebasing: inner.bytes[start..<inner.index]))
                                    return true
                                }
                                return inner.skipValue()
                            }, &key)
                    }
                    return scanner.skipValue()
                }, &key)
        else { return false }
        skipSpace()
        return index == bytes.count
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        { index += 1 }
    }

    /// An object at `index`: each member's key range handed to `member` with the index at its
    /// value; `member` skips the value.
    @inline(__always)
    private mutating func objectMembers(
        _ member: (inout JSONScanner, Range<Int>, inout [UInt8]) -> Bool, _ key: inout [UInt8]
    ) -> Bool {
        guard peek == UInt8(ascii: "{") else { return false }
        depth += 1
        guard depth <= JSONValueReader.maximumDepth else { return false }
        index += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return true
        }
        while true {
            skipSpace()
            guard let keyRange = skipString() else { return false }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { return false }
            index += 1
            skipSpace()
            guard member(&self, keyRange, &key) else { return false }
            skipSpace()
            guard let next = peek else { return false }
            index += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "}") { break }
            return false
        }
        depth -= 1
        return true
    }

    /// A string at `index`: the range of its contents (escapes checked), the index after it.
    private mutating func skipString() -> Range<Int>? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        let raw = UnsafeRawBufferPointer(bytes)
        while index < bytes.count {
            // Eight bytes at a time while none is a quote, a backslash or a control character
            // (SWAR: a byte of `word ^ pattern` is zero where the byte matches).
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let zeroInQuotes = (quotes &- 0x0101_0101_0101_0101) & ~quotes
                let zeroInBackslashes = (backslashes &- 0x0101_0101_0101_0101) & ~backslashes
                let control = (word &- 0x2020_2020_2020_2020) & ~word
                // A byte with its high bit set starts or continues UTF-8: checked one by one.
                if (zeroInQuotes | zeroInBackslashes | control | word) & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return start..<index
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                // Valid UTF-8 only, as the reader requires: no overlong form, no surrogate, nothing past U+10FFFF.
                guard let length = utf8Length(at: index) else { return nil }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return nil }
                let escaped = bytes[index + 1]
                if escaped == UInt8(ascii: "u") {
                    guard index + 5 < bytes.count, (2...5).allSatisfy({ hexDigitValue(bytes[index + $0]) != nil })
                    else { return nil }
                    index += 6
                    continue
                }
                guard [0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74].contains(escaped) else { return nil }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence at `at` (its first byte ≥ 0x80), or nil.
    private func utf8Length(at: Int) -> Int? {
        let lead = bytes[at]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard at + length <= bytes.count else { return nil }
        let second = bytes[at + 1]
        guard second >= low, second <= high else { return nil }
        for offset in 2..<max(2, length) where bytes[at + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// One value at `index`, syntax checked, nothing built.
    mutating func skipValue() -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""): return skipString() != nil
        case UInt8(ascii: "{"):
            depth += 1
            guard depth <= JSONValueReader.maximumDepth else { return false }
            index += 1
            skipSpace()
            if peek == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return true
            }
            while true {
                skipSpace()
                guard skipString() != nil else { return false }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return false }
                index += 1
                skipSpace()
                guard skipValue() else { return false }
                skipSpace()
                guard let next = peek else { return false }
                index += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "}") { break }
                return false
            }
            depth -= 1
            return true
        case UInt8(ascii: "["):
            depth += 1
            guard depth <= JSONValueReader.maximumDepth else { return false }
            index += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return true
            }
            while true {
                skipSpace()
                guard skipValue() else { return false }
                skipSpace()
                guard let next = peek else { return false }
                index += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "]") { break }
                return false
            }
            depth -= 1
            return true
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return skipNumber()
        default: return false
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func skipNumber() -> Bool {
        if peek == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while let byte = peek, byte >= 0x30, byte <= 0x39 { index += 1 }
        guard index > integerStart else { return false }
        if bytes[integerStart] == 0x30, index - integerStart > 1 { return false }
        if peek == UInt8(ascii: ".") {
            index += 1
            let start = index
            while let byte = peek, byte >= 0x30, byte <= 0x39 { index += 1 }
            guard index > start else { return false }
        }
        if let byte = peek, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            index += 1
            if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            let start = index
            while let byte = peek, byte >= 0x30, byte <= 0x39 { index += 1 }
            guard index > start else { return false }
        }
        return true
    }
}
