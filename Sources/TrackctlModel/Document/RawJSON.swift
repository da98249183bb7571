import Foundation

/// Byte-level views of a JSON body that has already parsed: where the elements of the top-level
/// `batch` list are, and an element copied without its white space. `collect` writes a call as
/// the client sent it (key order, numbers as written) instead of rendering its parsed tree again,
/// which costs several times the parse.
///
/// Fast path. Its one invariant: the bytes are valid JSON (`JSONDocumentReader` read them
/// first), so a scan that tracks only strings, escapes and nesting depth finds every boundary.
package enum RawJSON {
    /// Read through unsafe buffers: these scans run over every byte of every batch, and an
    /// array's bounds check on each read costs as much as the scan. Every index is checked
    /// against the buffer's count (or the range given, inside it) before it is read.
    package typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The byte ranges of the elements of the top-level object's `key` list, or nil when the
    /// body is not an object with such a list.
    static func elementRanges(ofList key: String, in array: [UInt8]) -> [Range<Int>]? {
        array.withUnsafeBufferPointer { elementRanges(ofList: key, in: $0) }
    }

    private static func elementRanges(ofList key: String, in bytes: Bytes) -> [Range<Int>]? {
        let quotedKey = Array(("\"" + key + "\"").utf8)
        var depth = 0
        var index = 0
        var listStart: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = endOfString(bytes, from: index)
                if depth == 1, end - index + 1 == quotedKey.count, bytes[index...end].elementsEqual(quotedKey) {
                    var next = end + 1
                    while next < bytes.count, bytes[next] != UInt8(ascii: ":") { next += 1 }
                    next += 1
                    while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                    if next < bytes.count, bytes[next] == UInt8(ascii: "[") { listStart = next; break }
                }
                index = end + 1
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            index += 1
        }
        guard let start = listStart else { return nil }
        let ranges = elementRanges(ofArrayIn: start..<bytes.count, of: bytes)
        return ranges.isEmpty && !isEmptyArray(bytes, from: start) ? nil : ranges
    }

    /// Whether the array opening at `start` is `[]` (white space aside).
    private static func isEmptyArray(_ bytes: Bytes, from start: Int) -> Bool {
        var index = start + 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "]")
    }

    /// The byte ranges of the elements of the array that opens at `range.lowerBound`.
    package static func elementRanges(ofArrayIn range: Range<Int>, of bytes: Bytes) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var elementStart: Int?
        var depth = 0
        var index = range.lowerBound + 1
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if elementStart == nil { elementStart = index }
                index = endOfString(bytes, from: index) + 1
                continue
            }
            if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                if let from = elementStart { ranges.append(from..<trimmedEnd(bytes, index)) }
                elementStart = nil
                if byte == UInt8(ascii: "]") { return ranges }
            } else if !isSpace(byte) {
                if elementStart == nil { elementStart = index }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            }
            index += 1
        }
        return ranges
    }

    /// The bytes of `range` without the white space between tokens, so a call sent
    /// pretty-printed still makes one line.
    package static func compact(_ array: [UInt8], _ range: Range<Int>, into output: inout [UInt8]) {
        array.withUnsafeBufferPointer { compact($0, range, into: &output) }
    }

    private static func compact(_ bytes: Bytes, _ range: Range<Int>, into output: inout [UInt8]) {
        // Runs between white space are copied whole: most calls have none at all.
        var runStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = endOfString(bytes, from: index) + 1
                continue
            }
            if isSpace(byte) {
                output.append(contentsOf: bytes[runStart..<index])
                runStart = index + 1
            }
            index += 1
        }
        output.append(contentsOf: bytes[runStart..<range.upperBound])
    }

    /// The index of the quote that closes the string opened at `start`.
    private static func endOfString(_ bytes: Bytes, from start: Int) -> Int {
        var index = skipPlainString(bytes, from: start + 1)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return index }
            index += 1
        }
        return bytes.count - 1
    }

    /// The first index from `start` that is not inside a run of eight bytes none of which is a
    /// quote, a backslash or a control character: most of a call's bytes are such runs inside
    /// strings, passed eight at a time (SWAR: a byte of `word ^ pattern` is zero where it
    /// matches). The byte-by-byte scan goes on from there, and decides.
    @inline(__always)
    static func skipPlainString(_ bytes: Bytes, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let zeroInQuotes = (quotes &- 0x0101_0101_0101_0101) & ~quotes
            let zeroInBackslashes = (backslashes &- 0x0101_0101_0101_0101) & ~backslashes
            let control = (word &- 0x2020_2020_2020_2020) & ~word
            if (zeroInQuotes | zeroInBackslashes | control) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        return index
    }

    private static func trimmedEnd(_ bytes: Bytes, _ end: Int) -> Int {
        var end = end
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}

extension RawJSON {
    /// Whether `bytes` are one valid JSON value (RFC 8259, nesting at most
    /// `JSONDocumentReader.maximumDepth`), checked without building it: `collect` reads a batch
    /// this way and builds a tree only to say where a malformed body goes wrong.
    static func isValid(_ bytes: [UInt8]) -> Bool { check(bytes).isValid }

    /// What one pass of `check` learns of a body.
    package struct Checked: Sendable {
        package var isValid: Bool
        /// Where a key repeats a key of its own object: the byte offset of the repeated key's
        /// opening quote, and the key.
        package var duplicateKeys: [(offset: Int, key: String)] = []
        /// Whether white space stands between two tokens anywhere: without any, every value's
        /// bytes are already compact and are copied as they are.
        package var hasSpace = false
        /// Opening quotes of the keys, at any depth, spelled as one of the names asked for, or
        /// escaped (which might spell one): ascending.
        package var notedKeys: [Int] = []
        /// When the body is an object: its members, each key's literal (quotes included) and
        /// its value's range, as `memberRanges` gives them.
        package var topMembers: [(key: ClosedRange<Int>, value: Range<Int>)]?
        /// The element ranges of each list that is a member of the top object, by the offset of
        /// its `[`, as `elementRanges(ofArrayIn:of:)` gives them.
        package var topLists: [Int: [Range<Int>]] = [:]

        /// Whether a noted key opens inside `range`.
        package func notesKey(in range: Range<Int>) -> Bool {
            var low = 0
            var high = notedKeys.count
            while low < high {
                let middle = (low + high) / 2
                if notedKeys[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < notedKeys.count && notedKeys[low] < range.upperBound
        }
    }

    /// `isValid`, the duplicate keys, white space, and the keys named `noting`, found in the
    /// same pass.
    package static func check(_ bytes: [UInt8], noting names: [StaticString] = []) -> Checked {
        bytes.withUnsafeBufferPointer { buffer in
            var validator = ValidityScan(bytes: buffer, noting: names)
            validator.skipSpace()
            guard validator.value(depth: 0) else { return Checked(isValid: false) }
            validator.skipSpace()
            guard validator.index == buffer.count else { return Checked(isValid: false) }
            return Checked(
                isValid: true,
                duplicateKeys: validator.duplicates.map {
                    ($0, decodedString(buffer, $0...(validator.keyEnds[$0] ?? $0)))
                },
                hasSpace: validator.sawSpace, notedKeys: validator.notedKeys, topMembers: validator.topMembers,
                topLists: validator.topLists)
        }
    }

    /// The one pass of `check`: syntax, depth, and the keys of each object.
    private struct ValidityScan {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The keys of the objects being read, innermost last (quotes excluded).
        private var keys: [Range<Int>] = []
        /// Opening quotes of keys that repeat one of their object, and each one's closing quote.
        private(set) var duplicates: [Int] = []
        private(set) var keyEnds: [Int: Int] = [:]
        private(set) var sawSpace = false
        private let noted: [StaticString]
        private(set) var notedKeys: [Int] = []
        /// The structure `collect` reads next, kept as the pass goes (depth 1 is the top value's
        /// own container; depth 2 a container inside it).
        private(set) var topMembers: [(key: ClosedRange<Int>, value: Range<Int>)]?
        private(set) var topLists: [Int: [Range<Int>]] = [:]

        init(bytes: UnsafeBufferPointer<UInt8>, noting noted: [StaticString]) {
            self.bytes = bytes
            self.noted = noted
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            guard index < bytes.count, RawJSON.isSpace(bytes[index]) else { return }
            sawSpace = true
            while index < bytes.count, RawJSON.isSpace(bytes[index]) { index += 1 }
        }

        /// An object's keys are compared pairwise up to this many, then through a set.
        static let keysComparedInPairs = 32

        /// A key's contents as UTF-8, escapes decoded: equal exactly when the keys are the same
        /// code points.
        private func keyBytes(_ key: Range<Int>) -> [UInt8] {
            let raw = UnsafeBufferPointer(rebasing: bytes[key])
            guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
            return Array(RawJSON.decodedString(bytes, (key.lowerBound - 1)...key.upperBound).utf8)
        }

        /// Whether the last string read held an escape.
        private var stringHadEscape = false

        /// Whether the (unescaped) key's contents are one of the noted names.
        private func isNoted(_ key: Range<Int>) -> Bool {
            for name in noted where name.utf8CodeUnitCount == key.count {
                // Not nil: the key's range is inside the body, which is not empty.
                // swift-format-ignore: NeverForceUnwrap
                if memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0 { return true }
            }
            return false
        }

        /// Two unescaped keys' contents: equal bytes.
        private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            // Not nil: read only when the ranges, inside the body, are not empty.
            // swift-format-ignore: NeverForceUnwrap
            a.count == b.count
                && (a.isEmpty
                    || memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0)
        }

        mutating func value(depth: Int) -> Bool {
            guard let byte = current, depth < JSONDocumentReader.maximumDepth else { return false }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["): return array(depth: depth + 1)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        private mutating func object(depth: Int) -> Bool {
            let isTop = depth == 1
            if isTop { topMembers = [] }
            index += 1
            skipSpace()
            if current == UInt8(ascii: "}") { index += 1; return true }
            let first = keys.count
            var escapedKeys = false
            var seenKeys: Set<[UInt8]>?
            defer { keys.removeSubrange(first...) }
            while true {
                skipSpace()
                let keyStart = index
                guard current == UInt8(ascii: "\""), string() else { return false }
                let key = (keyStart + 1)..<(index - 1)
                // Unescaped keys are equal only when their bytes are: one length test and one
                // memcmp per earlier key. An escape anywhere in the object compares decoded text.
                // Past `keysComparedInPairs` keys, a set of the decoded keys' bytes: comparing each
                // with all before it made a 40,000-key object cost 9 s (review 2026-11-27 N4).
                escapedKeys = escapedKeys || stringHadEscape
                var repeated = false
                if keys.count - first >= Self.keysComparedInPairs {
                    var seen = seenKeys ?? Set(keys[first...].map(keyBytes))
                    repeated = !seen.insert(keyBytes(key)).inserted
                    seenKeys = seen
                } else {
                    for earlier in first..<keys.count {
                        if escapedKeys ? sameKey(keys[earlier], key) : sameBytes(keys[earlier], key) {
                            repeated = true
                            break
                        }
                    }
                }
                if repeated {
                    duplicates.append(keyStart)
                    keyEnds[keyStart] = index - 1
                }
                keys.append(key)
                if !noted.isEmpty, stringHadEscape || isNoted(key) { notedKeys.append(keyStart) }
                skipSpace()
                guard current == UInt8(ascii: ":") else { return false }
                index += 1
                skipSpace()
                let valueStart = index
                guard value(depth: depth) else { return false }
                if isTop { topMembers?.append((keyStart...(key.upperBound), valueStart..<index)) }
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return true
                default: return false
                }
            }
        }

        private mutating func array(depth: Int) -> Bool {
            // A list at depth 2 is a member of the top object (when the top value is an object).
            let listStart = depth == 2 && topMembers != nil ? index : nil
            var elements: [Range<Int>] = []
            index += 1
            skipSpace()
            if current == UInt8(ascii: "]") {
                index += 1
                if let listStart { topLists[listStart] = elements }
                return true
            }
            while true {
                skipSpace()
                let elementStart = index
                guard value(depth: depth) else { return false }
                if listStart != nil { elements.append(elementStart..<index) }
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    if let listStart { topLists[listStart] = elements }
                    return true
                default: return false
                }
            }
        }

        private mutating func string() -> Bool {
            index += 1
            stringHadEscape = false
            index = RawJSON.skipPlainString(bytes, from: index)
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    index += 1
                    stringHadEscape = true
                    guard let escaped = current else { return false }
                    if escaped == UInt8(ascii: "u") {
                        // As the document reader: a high surrogate needs a low one after it,
                        // and a low one alone is refused.
                        guard let unit = hex4(at: index + 1) else { return false }
                        index += 5
                        if (0xDC00...0xDFFF).contains(unit) { return false }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                bytes[index + 1] == UInt8(ascii: "u"),
                                let low = hex4(at: index + 2), (0xDC00...0xDFFF).contains(low)
                            else { return false }
                            index += 6
                        }
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(escaped) else { return false }
                        index += 1
                    }
                case 0..<0x20:
                    return false
                default:
                    index += 1
                }
            }
            return false
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                    UnsafeBufferPointer(start: word.utf8Start, count: count))
            else { return false }
            index += count
            return true
        }

        /// Two keys' contents: equal bytes, or (either escaped) the same code points decoded.
        private func sameKey(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            if a.count == b.count, bytes[a].elementsEqual(bytes[b]) { return true }
            guard bytes[a].contains(UInt8(ascii: "\\")) || bytes[b].contains(UInt8(ascii: "\\")) else { return false }
            return keyBytes(a) == keyBytes(b)
        }

        private func hex4(at start: Int) -> UInt32? {
            guard start + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                guard let digit = hexDigitValue(bytes[start + offset]) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private mutating func number() -> Bool {
            let start = index
            guard numberSyntax() else { return false }
            // The reader refuses a number out of Double's range either way (`1e400`, `1e-400`):
            // only an exponent or hundreds of digits can be.
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if index - start > 300 || text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                return DecimalText.doubleInRange(String(decoding: text, as: UTF8.self)) != nil
            }
            return true
        }

        private mutating func numberSyntax() -> Bool {
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, isDigit(first) else { return false }
            index += 1
            if first != UInt8(ascii: "0") { while let d = current, isDigit(d) { index += 1 } }
            if current == UInt8(ascii: ".") {
                index += 1
                guard let d = current, isDigit(d) else { return false }
                while let d = current, isDigit(d) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let d = current, isDigit(d) else { return false }
                while let d = current, isDigit(d) { index += 1 }
            }
            return true
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    }

    /// The members of the object in `range` (valid JSON): each key, decoded, and the byte range
    /// of its value.
    package static func members(ofObjectIn range: Range<Int>, of array: [UInt8]) -> [(key: String, value: Range<Int>)]?
    {
        array.withUnsafeBufferPointer { bytes in
            memberRanges(ofObjectIn: range, of: bytes)?.map { (decodedString(bytes, $0.key), $0.value) }
        }
    }

    /// The members of the object in `range`: each key's literal (quotes included) and value.
    package static func memberRanges(ofObjectIn range: Range<Int>, of bytes: Bytes) -> [(
        key: ClosedRange<Int>, value: Range<Int>
    )]? {
        var index = range.lowerBound
        func skipSpace() { while index < range.upperBound, isSpace(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var result: [(key: ClosedRange<Int>, value: Range<Int>)] = []
        while true {
            skipSpace()
            guard index < range.upperBound, bytes[index] == UInt8(ascii: "\"") else { return result }
            let keyEnd = endOfString(bytes, from: index)
            let key = index...keyEnd
            index = keyEnd + 1
            skipSpace()
            index += 1  // ':'
            skipSpace()
            let start = index
            index = endOfValue(bytes, from: index, limit: range.upperBound)
            result.append((key, start..<index))
            skipSpace()
            guard index < range.upperBound, bytes[index] == UInt8(ascii: ",") else { return result }
            index += 1
        }
    }

    /// The index after the value starting at `start`.
    private static func endOfValue(_ bytes: Bytes, from start: Int, limit: Int) -> Int {
        var index = start
        var depth = 0
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = endOfString(bytes, from: index) + 1
                if depth == 0 { return index }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            if depth == 0, byte == UInt8(ascii: ",") || isSpace(byte) { return index }
            index += 1
        }
        return index
    }

    /// The text of the string literal in `range` (quotes included); escapes decoded by the
    /// document reader, the rare case.
    package static func decodedString(_ array: [UInt8], _ range: ClosedRange<Int>) -> String {
        array.withUnsafeBufferPointer { decodedString($0, range) }
    }

    /// Whether the string literal in `range` is exactly `"text"` (no escapes), compared on bytes.
    /// Escapes are decoded first (`"\u0065vent"` is `event`), the rare case.
    package static func literal(_ bytes: Bytes, _ range: ClosedRange<Int>, is text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<range.upperBound])
        if inner.contains(UInt8(ascii: "\\")) {
            return decodedString(bytes, range).utf8.elementsEqual(
                UnsafeBufferPointer(start: text.utf8Start, count: count))
        }
        guard range.count == count + 2 else { return false }
        return inner.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
    }

    /// The index in `names` of the string literal in `range` (quotes included), compared on
    /// bytes, lengths first; an escaped key is decoded first, the rare case.
    package static func index(of range: ClosedRange<Int>, in names: [StaticString], _ bytes: Bytes) -> Int? {
        let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<range.upperBound])
        if inner.contains(UInt8(ascii: "\\")) {
            let key = decodedString(bytes, range)
            return names.firstIndex { $0.description == key }
        }
        for (index, name) in names.enumerated() where name.utf8CodeUnitCount == inner.count {
            if inner.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: inner.count)) { return index }
        }
        return nil
    }

    package static func decodedString(_ bytes: Bytes, _ range: ClosedRange<Int>) -> String {
        let inner = bytes[(range.lowerBound + 1)..<range.upperBound]
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        var reader = JSONDocumentReader(bytes: Array(bytes[range]), start: 0)
        return (try? reader.read())?.stringValue ?? String(decoding: inner, as: UTF8.self)
    }
}
