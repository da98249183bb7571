import TrackctlModel

/// The key paths of one stream's calls, interned: a stream of a million calls repeats the same
/// few hundred paths (`context.device.model`, `properties.items[0].sku`), so each is named,
/// normalized and checked against the ignore rules once, then found by its parent and key.
///
/// Fast path. Owner: one `EventStreamReader` (one thread) — hence the stored properties'
/// `@exclusivity(unchecked)`: no access ever overlaps another, and the runtime's check was a
/// tenth of `diff`'s time. Invariant: an entry never changes once added; `ignored` is
/// recomputed for every entry when the rule changes (between the reader's two passes), and
/// entry 0 is the call itself (the empty path, never ignored).
final class CallPathTable {
    struct Entry {
        /// `properties.items[0].sku`, as `IgnoredPaths` and `ValueComparison` spell it.
        var path: String
        /// The same with every index a star: `properties.items[*].sku`.
        var normalized: String
        /// The key's bytes (empty for an array element), to tell apart keys whose hashes meet.
        var key: [UInt8]
    }

    private struct ChildKey: Equatable {
        var parent: Int32
        /// The key's hash, or the element's index for an array element.
        var hash: UInt64
        var isElement: Bool
    }

    /// Children by parent and key hash: open addressing on the key's own 64-bit hash, mixed
    /// with its parent — a `Dictionary` hashed that hash again with SipHash, a fifth of
    /// `diff`'s time. At most half full; an empty slot has value -1.
    private struct ChildIndex {
        private var keys: [ChildKey]
        private var values: [Int32]
        private var count = 0

        init() {
            keys = Array(repeating: ChildKey(parent: 0, hash: 0, isElement: false), count: 1024)
            values = Array(repeating: -1, count: 1024)
        }

        private static func slot(of key: ChildKey, mask: Int) -> Int {
            Int(
                truncatingIfNeeded: CallHasher.mix(
                    key.hash ^ (UInt64(UInt32(bitPattern: key.parent)) &* 0x9E37_79B9_7F4A_7C15)
                        ^ (key.isElement ? 1 : 0)))
                & mask
        }

        subscript(key: ChildKey) -> Int32? {
            let mask = keys.count - 1
            var index = Self.slot(of: key, mask: mask)
            while values[index] >= 0 {
                if keys[index] == key { return values[index] }
                index = (index + 1) & mask
            }
            return nil
        }

        mutating func insert(_ value: Int32, for key: ChildKey) {
            if (count + 1) * 2 > keys.count {
                let old = zip(keys, values).filter { $0.1 >= 0 }
                keys = Array(repeating: ChildKey(parent: 0, hash: 0, isElement: false), count: keys.count * 2)
                values = Array(repeating: -1, count: values.count * 2)
                count = 0
                for (oldKey, oldValue) in old { insert(oldValue, for: oldKey) }
            }
            let mask = keys.count - 1
            var index = Self.slot(of: key, mask: mask)
            while values[index] >= 0 { index = (index + 1) & mask }
            keys[index] = key
            values[index] = value
            count += 1
        }
    }

    @exclusivity(unchecked) private(set) var entries: [Entry] = [Entry(path: "", normalized: "", key: [])]
    /// By entry: whether a comparison skips the path and its subtree.
    @exclusivity(unchecked) private(set) var ignored: [Bool] = [false]
    @exclusivity(unchecked) private var children = ChildIndex()
    private var rule: (Entry) -> Bool

    init(ignoring rule: @escaping (Entry) -> Bool) {
        self.rule = rule
    }

    /// Changes the rule and applies it to every path seen so far.
    func ignore(where rule: @escaping (Entry) -> Bool) {
        self.rule = rule
        ignored = entries.enumerated().map { $0.offset != 0 && rule($0.element) }
    }

    /// The member `key` (its bytes and their `CallHasher.bytesHash`) of the object at `parent`.
    func member(of parent: Int32, key: UnsafeRawBufferPointer, hash: UInt64) -> Int32 {
        var probe = hash
        while true {
            if let found = children[ChildKey(parent: parent, hash: probe, isElement: false)] {
                if entries[Int(found)].key.elementsEqual(key) { return found }
                probe = CallHasher.mix(probe)  // another key with the same hash: the next slot
                continue
            }
            let name = String(decoding: key, as: UTF8.self)
            let base = entries[Int(parent)]
            return add(
                Entry(
                    path: base.path.isEmpty ? name : base.path + "." + name,
                    normalized: base.normalized.isEmpty ? name : base.normalized + "." + name, key: Array(key)),
                as: ChildKey(parent: parent, hash: probe, isElement: false))
        }
    }

    /// Element `index` of the array at `parent`.
    func element(of parent: Int32, index: Int) -> Int32 {
        let key = ChildKey(parent: parent, hash: UInt64(index), isElement: true)
        if let found = children[key] { return found }
        let base = entries[Int(parent)]
        return add(Entry(path: base.path + "[\(index)]", normalized: base.normalized + "[*]", key: []), as: key)
    }

    private func add(_ entry: Entry, as key: ChildKey) -> Int32 {
        let id = Int32(entries.count)
        entries.append(entry)
        ignored.append(rule(entry))
        children.insert(id, for: key)
        return id
    }
}

/// The canonical hash of a call: equal for calls `ValueComparison` finds equal once ignored
/// paths are left out — key order, white space, escapes and `10` against `10.0` do not matter.
/// `diff` aligns calls on it, so a stream is held as a hash and a line number per call instead
/// of a parsed tree (SPEC §13, "diff is right at any size").
///
/// Fast path: `hashLine` reads a line's bytes once, without building a tree. Its invariant:
/// it hashes exactly as `hash(_:)` does on the tree `JSONDocumentReader` builds from the same
/// bytes, and gives up (nil) on anything it does not read exactly as that reader does —
/// invalid JSON, a string that is not valid UTF-8, nesting past `maximumDepth` — so the caller
/// parses such a line with the reader (which names the error, or hashes the tree).
/// `CallHasherTests` checks both agree on every kind of value.
struct CallHasher {
    let paths: CallPathTable
    /// Decoded bytes of a string with escapes.
    private let scratch = DecodedString()
    /// The top-level `type`, `event` and `name` strings of the last call hashed.
    private(set) var type: String?
    private(set) var event: String?
    private(set) var name: String?
    /// Paths met (by entry), when collecting them.
    var present: [Bool] = []
    private var collecting = false

    init(paths: CallPathTable) {
        self.paths = paths
    }

    // MARK: - The hash

    private static let objectTag: UInt64 = 0x6F62_6A65_6374_0001
    private static let arrayTag: UInt64 = 0x6172_7261_7900_0002
    private static let stringTag: UInt64 = 0x7374_7269_6E67_0003
    private static let numberTag: UInt64 = 0x6E75_6D62_6572_0004
    private static let bigIntegerTag: UInt64 = 0x6269_6769_6E74_0005
    private static let trueTag: UInt64 = 0x7472_7565_0000_0006
    private static let falseTag: UInt64 = 0x6661_6C73_6500_0007
    private static let nullTag: UInt64 = 0x6E75_6C6C_0000_0008

    /// SplitMix64's finalizer: every input bit reaches every output bit.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A hash of bytes, eight at a time.
    static func bytesHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return mix(hash) }
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << shift
            shift += 8
            index += 1
        }
        return mix((hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53)
    }

    private static func stringHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { mix(bytesHash(bytes) ^ stringTag) }

    /// Numbers by their exact decimal value (`DecimalText`), as `ValueComparison.sameScalar`
    /// compares them: `10`, `10.0` and `1e1` meet, `-0` is `0`, and digits a Double would round
    /// away keep two numbers apart (review 2026-11-27, collect N5).
    private static func numberHash(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64 {
        var digits = numberTag
        guard
            let (negative, exponent) = DecimalText.scan(
                bytes, range, digit: { digits = (digits ^ UInt64($0 &+ 1)) &* 0x0000_0100_0000_01B3 })
        else { return mix(numberTag) }
        return mix(
            mix(digits) ^ UInt64(bitPattern: Int64(exponent)) &* 0x9E37_79B9_7F4A_7C15 ^ (negative ? bigIntegerTag : 0))
    }

    /// The same, of a number's text (a parsed value's: the slow path).
    private static func numberHash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { numberHash(UnsafeRawBufferPointer($0), 0..<$0.count) }
    }

    private static func member(_ keyHash: UInt64, _ valueHash: UInt64) -> UInt64 {
        mix(keyHash ^ (valueHash &* 0x2545_F491_4F6C_DD1D))
    }

    /// The hash of `{}` (or of an object whose every member is ignored).
    static let emptyObjectHash = mix(0 ^ objectTag)

    private static let omittableKeys = ValueComparison.omittableWhenEmpty.map { Array($0.utf8) }

    /// Whether a top-level key is one an empty object may be left out under.
    private static func isOmittable(_ key: UnsafeRawBufferPointer) -> Bool {
        omittableKeys.contains { $0.count == key.count && $0.elementsEqual(key) }
    }

    // MARK: - From a tree

    /// The hash of a parsed value at path `id` (the slow path, and the reference of the fast one).
    mutating func hash(_ value: SourceValue, at id: Int32 = 0) -> UInt64 {
        if id == 0 { type = nil; event = nil; name = nil }
        switch value.content {
        case .dictionary(let members):
            var sum: UInt64 = 0
            for member in members {
                var key = member.key
                let keyHash = key.withUTF8 { Self.bytesHash(UnsafeRawBufferPointer($0)) }
                let child = key.withUTF8 { paths.member(of: id, key: UnsafeRawBufferPointer($0), hash: keyHash) }
                if collecting { markPresent(child) }
                if id == 0, let text = member.value.stringValue { noteTopLevel(member.key, text) }
                guard !paths.ignored[Int(child)] else { continue }
                let valueHash = hash(member.value, at: child)
                if id == 0, valueHash == Self.emptyObjectHash, ValueComparison.omittableWhenEmpty.contains(member.key) {
                    continue
                }
                sum &+= Self.member(keyHash, valueHash)
            }
            return Self.mix(sum ^ Self.objectTag)
        case .array(let elements):
            var hash = Self.arrayTag
            for (index, element) in elements.enumerated() {
                let child = paths.element(of: id, index: index)
                if collecting { markPresent(child) }
                guard !paths.ignored[Int(child)] else { continue }
                hash = Self.mix(hash ^ self.hash(element, at: child))
            }
            return Self.mix(hash ^ Self.arrayTag)
        case .string(var text):
            return text.withUTF8 { Self.stringHash(UnsafeRawBufferPointer($0)) }
        case .integer(let value):
            return Self.numberHash(String(value))
        case .real(let value):
            return Self.numberHash(value.description)
        case .decimal(let text):
            return Self.numberHash(text)
        case .bool(let value):
            return Self.mix(value ? Self.trueTag : Self.falseTag)
        case .null:
            return Self.mix(Self.nullTag)
        case .date, .data:
            return Self.mix(Self.nullTag ^ 1)  // JSON has neither
        }
    }

    /// Marks the paths of a parsed value as present (the slow path of `collectPaths`).
    mutating func collectPaths(of value: SourceValue) {
        collecting = true
        defer { collecting = false }
        _ = hash(value)
    }

    private mutating func markPresent(_ id: Int32) {
        if present.count <= Int(id) { present += [Bool](repeating: false, count: Int(id) + 1 - present.count + 64) }
        present[Int(id)] = true
    }

    private mutating func noteTopLevel(_ key: String, _ text: String) {
        switch key {
        case "type": if type == nil { type = text }
        case "event": if event == nil { event = text }
        case "name": if name == nil { name = text }
        default: break
        }
    }

    // MARK: - From the bytes

    /// The hash of a call's line (a JSON object), or nil when this reader does not read the line
    /// exactly as `JSONDocumentReader` does (see the type's invariant).
    mutating func hashLine(_ line: UnsafeRawBufferPointer) -> UInt64? {
        type = nil; event = nil; name = nil
        var cursor = Cursor(bytes: line)
        cursor.skipSpace()
        guard cursor.peek == UInt8(ascii: "{"), let hash = value(&cursor, at: 0, depth: 0, hashing: true) else {
            return nil
        }
        cursor.skipSpace()
        return cursor.atEnd ? hash : nil
    }

    /// Marks the paths of a call's line as present; false when the line is not read exactly
    /// (then the caller parses it).
    mutating func collectPaths(ofLine line: UnsafeRawBufferPointer) -> Bool {
        collecting = true
        defer { collecting = false }
        var cursor = Cursor(bytes: line)
        cursor.skipSpace()
        guard cursor.peek == UInt8(ascii: "{"), value(&cursor, at: 0, depth: 0, hashing: false) != nil else {
            return false
        }
        cursor.skipSpace()
        return cursor.atEnd
    }

    /// Reads through unsafe buffers: every byte of both streams passes here. Every read is
    /// checked against `bytes.count` first.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                index += 1
            }
        }
    }

    /// One value at path `id`: its hash (0 when not `hashing`), or nil when not read exactly.
    private mutating func value(_ cursor: inout Cursor, at id: Int32, depth: Int, hashing: Bool) -> UInt64? {
        guard let byte = cursor.peek else { return nil }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < JSONDocumentReader.maximumDepth else { return nil }
            return object(&cursor, at: id, depth: depth + 1, hashing: hashing)
        case UInt8(ascii: "["):
            guard depth < JSONDocumentReader.maximumDepth else { return nil }
            return array(&cursor, at: id, depth: depth + 1, hashing: hashing)
        case UInt8(ascii: "\""):
            guard let range = string(&cursor) else { return nil }
            return hashing ? stringHash(cursor.bytes, range) : 0
        case UInt8(ascii: "t"):
            return literal(&cursor, "true") ? Self.mix(Self.trueTag) : nil
        case UInt8(ascii: "f"):
            return literal(&cursor, "false") ? Self.mix(Self.falseTag) : nil
        case UInt8(ascii: "n"):
            return literal(&cursor, "null") ? Self.mix(Self.nullTag) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(&cursor, hashing: hashing)
        default:
            return nil
        }
    }

    private mutating func object(_ cursor: inout Cursor, at id: Int32, depth: Int, hashing: Bool) -> UInt64? {
        cursor.index += 1  // {
        cursor.skipSpace()
        var sum: UInt64 = 0
        if cursor.peek == UInt8(ascii: "}") {
            cursor.index += 1
            return Self.mix(sum ^ Self.objectTag)
        }
        while true {
            cursor.skipSpace()
            guard cursor.peek == UInt8(ascii: "\""), let keyRange = string(&cursor) else { return nil }
            cursor.skipSpace()
            guard cursor.peek == UInt8(ascii: ":") else { return nil }
            cursor.index += 1
            cursor.skipSpace()
            let key = decoded(cursor.bytes, keyRange)
            let keyHash = Self.bytesHash(key)
            let child = paths.member(of: id, key: key, hash: keyHash)
            if collecting { markPresent(child) }
            let skipped = paths.ignored[Int(child)]
            if id == 0, hashing, cursor.peek == UInt8(ascii: "\""), let field = Self.topLevelField(key) {
                let valueStart = cursor.index
                guard let valueHash = value(&cursor, at: child, depth: depth, hashing: !skipped) else { return nil }
                noteTopLevel(
                    field, String(decoding: decoded(cursor.bytes, (valueStart + 1)..<(cursor.index - 1)), as: UTF8.self)
                )
                if !skipped { sum &+= Self.member(keyHash, valueHash) }
            } else {
                guard let valueHash = value(&cursor, at: child, depth: depth, hashing: hashing && !skipped) else {
                    return nil
                }
                // An empty `properties` (or `traits`) hashes as an absent one.
                let omitted = id == 0 && valueHash == Self.emptyObjectHash && Self.isOmittable(key)
                if hashing, !skipped, !omitted { sum &+= Self.member(keyHash, valueHash) }
            }
            cursor.skipSpace()
            switch cursor.peek {
            case UInt8(ascii: ","):
                cursor.index += 1
                cursor.skipSpace()
                if cursor.peek == UInt8(ascii: "}") { return nil }
            case UInt8(ascii: "}"):
                cursor.index += 1
                return Self.mix(sum ^ Self.objectTag)
            default:
                return nil
            }
        }
    }

    private mutating func array(_ cursor: inout Cursor, at id: Int32, depth: Int, hashing: Bool) -> UInt64? {
        cursor.index += 1  // [
        cursor.skipSpace()
        var hash = Self.arrayTag
        if cursor.peek == UInt8(ascii: "]") {
            cursor.index += 1
            return Self.mix(hash ^ Self.arrayTag)
        }
        var index = 0
        while true {
            cursor.skipSpace()
            let child = paths.element(of: id, index: index)
            if collecting { markPresent(child) }
            let skipped = paths.ignored[Int(child)]
            guard let elementHash = value(&cursor, at: child, depth: depth, hashing: hashing && !skipped) else {
                return nil
            }
            if hashing, !skipped { hash = Self.mix(hash ^ elementHash) }
            index += 1
            cursor.skipSpace()
            switch cursor.peek {
            case UInt8(ascii: ","):
                cursor.index += 1
                cursor.skipSpace()
                if cursor.peek == UInt8(ascii: "]") { return nil }
            case UInt8(ascii: "]"):
                cursor.index += 1
                return Self.mix(hash ^ Self.arrayTag)
            default:
                return nil
            }
        }
    }

    private func literal(_ cursor: inout Cursor, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard cursor.index + count <= cursor.bytes.count else { return false }
        for offset in 0..<count where cursor.bytes[cursor.index + offset] != word.utf8Start[offset] { return false }
        cursor.index += count
        return true
    }

    /// A number as RFC 8259 writes it, hashed by value; nil for what the reader refuses
    /// (leading zeros, a bare `-`, a value out of range).
    private func number(_ cursor: inout Cursor, hashing: Bool) -> UInt64? {
        let bytes = cursor.bytes
        let start = cursor.index
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        var magnitude: UInt64 = 0
        var overflow = false
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[index] - 0x30))
            overflow = overflow || o1 || o2
            magnitude = plus
            index += 1
        }
        guard index > integerStart else { return nil }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { return nil }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > fractionStart else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > exponentStart else { return nil }
        }
        cursor.index = index
        // Still refuse what the reader refuses: a value out of a Double's range.
        if !isInteger || overflow,
            DecimalText.doubleInRange(
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) == nil
        {
            return nil
        }
        return hashing ? Self.numberHash(UnsafeRawBufferPointer(bytes), start..<index) : 0
    }

    /// The range of a string's contents (between its quotes), checked: no control character,
    /// valid escapes with paired surrogates, valid UTF-8. Nil when not.
    private func string(_ cursor: inout Cursor) -> Range<Int>? {
        let bytes = cursor.bytes
        let start = cursor.index + 1
        var index = start
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                cursor.index = index + 1
                if !ascii, !TextChecks.isValidUTF8(bytes, start..<index) { return nil }
                return start..<index
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                    continue
                case UInt8(ascii: "u"):
                    guard let unit = Self.hex4(bytes, index + 2) else { return nil }
                    if (0xDC00...0xDFFF).contains(unit) { return nil }
                    if (0xD800...0xDBFF).contains(unit) {
                        guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                            bytes[index + 7] == UInt8(ascii: "u"),
                            let low = Self.hex4(bytes, index + 8), (0xDC00...0xDFFF).contains(low)
                        else { return nil }
                        index += 12
                    } else {
                        index += 6
                    }
                    continue
                default:
                    return nil
                }
            }
            index += 1
        }
        return nil
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in start..<(start + 4) {
            guard let digit = hexDigitValue(bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The string's bytes as its value has them: the slice itself, or escapes decoded into
    /// `scratch` (valid until the next string is decoded).
    private func decoded(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UnsafeRawBufferPointer {
        guard bytes[range].contains(UInt8(ascii: "\\")) else { return UnsafeRawBufferPointer(rebasing: bytes[range]) }
        scratch.reset(capacity: range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else { scratch.append(byte); index += 1; continue }
            let escaped = bytes[index + 1]
            switch escaped {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = Self.hex4(bytes, index + 2) ?? 0
                index += 6
                if (0xD800...0xDBFF).contains(scalar), let low = Self.hex4(bytes, index + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                for byte in String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8 { scratch.append(byte) }
                continue
            default: scratch.append(escaped)  // " \ /
            }
            index += 2
        }
        return scratch.bytes
    }

    private func stringHash(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64 {
        Self.stringHash(decoded(bytes, range))
    }

    /// `type`, `event` or `name`: the top-level keys whose strings name a call.
    private static func topLevelField(_ key: UnsafeRawBufferPointer) -> String? {
        switch key.count {
        case 4 where key.elementsEqual("type".utf8): return "type"
        case 5 where key.elementsEqual("event".utf8): return "event"
        case 4 where key.elementsEqual("name".utf8): return "name"
        default: return nil
        }
    }
}

/// The bytes of one decoded string (escapes replaced), reused for every string of a stream.
///
/// Owner: one `CallHasher`. Invariant: `bytes` is valid until the next `reset`; the hasher
/// uses it before decoding another string.
private final class DecodedString {
    private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
    private var count = 0

    deinit { storage.deallocate() }

    /// Empties it, with room for `capacity` bytes at least (a decoded string is never longer
    /// than its escaped form).
    func reset(capacity: Int) {
        count = 0
        if storage.count < capacity {
            storage.deallocate()
            storage = .allocate(byteCount: max(capacity, storage.count * 2), alignment: 8)
        }
    }

    func append(_ byte: UInt8) {
        // Safe: `reset` made room for the escaped form, which is never shorter.
        storage[count] = byte
        count += 1
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }
}
