/// Camel-case words of Objective-C and Swift names, split as the Swift compiler splits them
/// (swiftlang/swift lib/Basic/StringExtras.cpp, `WordIterator::computeNextPosition` and
/// `computePrevPosition`, at 02d87609e0b3de838dc0e3db37f78ab500bf4a3a): an initialism ends before
/// the capital that starts the next word (`URLSession` → `URL` `Session`), a plural suffix stays
/// with its initialism (`URLs`), and `_` is a word of its own.
///
/// Names are ASCII, so everything works on UTF-8 bytes and byte offsets. The compiler walks
/// words forwards in some rules and backwards in others, and the two walks can disagree at an
/// initialism; `next` and `previous` are both here so each rule walks as the compiler does.
package enum CamelCase {
    /// The end of the word that starts at byte `position` of `name`.
    package static func next(_ name: [UInt8], after position: Int) -> Int {
        let n = name.count
        var i = position
        if name[i] == underscore { return i + 1 }
        while i < n, isUpper(name[i]) { i += 1 }
        if i - position > 1 {
            var endOfNext = i
            while endOfNext < n, isLower(name[endOfNext]) { endOfNext += 1 }
            if i == n
                || (isPluralSuffix(name[i..<endOfNext])
                    && !(name[i - 1] == UInt8(ascii: "I") && name[i..<endOfNext].elementsEqual("s".utf8)))
            {
                return endOfNext
            }
            return isLower(name[i]) ? i - 1 : i
        }
        while i < n, !isUpper(name[i]), name[i] != underscore { i += 1 }
        return i
    }

    /// The start of the word that ends at byte `position` of `name`.
    package static func previous(_ name: [UInt8], before position: Int) -> Int {
        var i = position
        while i > 0, !isUpper(name[i - 1]), name[i - 1] != underscore { i -= 1 }
        var effectiveEnd = position
        if i > 0, isPluralSuffix(name[i..<position]) {
            effectiveEnd = i
            while i > 0, !isUpper(name[i - 1]), name[i - 1] != underscore { i -= 1 }
        }
        if i < effectiveEnd {
            if i != 0, isLower(name[i]), name[i - 1] != underscore { return i - 1 }
            return i
        }
        if name[i - 1] == underscore { return i - 1 }
        while i > 0, isUpper(name[i - 1]) { i -= 1 }
        return i
    }

    /// The words of `name` walked forwards, as byte ranges.
    package static func forwardWords(_ name: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var position = 0
        while position < name.count {
            let end = next(name, after: position)
            result.append(position..<end)
            position = end
        }
        return result
    }

    /// The words of `name` walked backwards (from the end), as byte ranges in reading order.
    package static func backwardWords(_ name: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var position = name.count
        while position > 0 {
            let start = previous(name, before: position)
            result.append(start..<position)
            position = start
        }
        return result.reversed()
    }

    /// The words of `name` (forwards), as strings: `NSURLSession` → `NS`, `URL`, `Session`.
    package static func words(_ name: String) -> [String] {
        let bytes = Array(name.utf8)
        return forwardWords(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    package static func firstWord(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty else { return "" }
        return String(decoding: bytes[0..<next(bytes, after: 0)], as: UTF8.self)
    }

    package static func lastWord(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty else { return "" }
        return String(decoding: bytes[previous(bytes, before: bytes.count)...], as: UTF8.self)
    }

    /// Equal, but for the case of the first letter (`sameWordIgnoreFirstCase`).
    package static func sameWordIgnoringFirstCase(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count, let first = x.first, let other = y.first else { return x.isEmpty && y.isEmpty }
        return lower(first) == lower(other) && x.dropFirst().elementsEqual(y.dropFirst())
    }

    /// Starts with `prefix`, but for the case of the first letter (`startsWithIgnoreFirstCase`).
    package static func startsIgnoringFirstCase(_ word: some StringProtocol, with prefix: some StringProtocol) -> Bool {
        let x = Array(word.utf8), y = Array(prefix.utf8)
        guard x.count >= y.count, let first = x.first, let other = y.first else { return y.isEmpty }
        return lower(first) == lower(other) && x[1..<y.count].elementsEqual(y.dropFirst())
    }

    /// `URLSession` → `urlSession`, `URLs` → `urls`, `UTF8String` → `utf8String`: lower-cased up
    /// to the capital that starts the next word (`toLowercaseInitialisms`).
    package static func lowercaseInitialisms(_ string: String) -> String {
        var bytes = Array(string.utf8)
        guard let first = bytes.first, isUpper(first) else { return string }
        let n = bytes.count
        var i = 0
        while i < n {
            if i < n - 1, !isUpper(bytes[i + 1]) {
                let rest = String(decoding: bytes[(i + 1)...], as: UTF8.self)
                if i == 0 || !isLetter(bytes[i + 1]) || isPluralSuffix(Array(firstWord(rest).utf8)[...]) {
                    bytes[i] = lower(bytes[i])
                }
                break
            }
            bytes[i] = lower(bytes[i])
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first letter lower-cased unless the word is an initialism (`toLowercaseWord`):
    /// `Frame` → `frame`, `URL` stays.
    package static func lowercaseWord(_ string: String) -> String {
        let bytes = Array(string.utf8)
        guard let first = bytes.first, isUpper(first) else { return string }
        if bytes.count > 1, isUpper(bytes[1]) { return string }
        return String(decoding: [lower(first)] + bytes.dropFirst(), as: UTF8.self)
    }

    /// The first letter upper-cased when it is a lower-case ASCII letter (`toSentencecase`,
    /// `appendSentenceCase`): `page` → `Page`, `URL` stays.
    package static func sentenceCase(_ word: some StringProtocol) -> String {
        guard let first = word.utf8.first, isLower(first) else { return String(word) }
        return String(decoding: [first - 0x20], as: UTF8.self) + word.dropFirst()
    }

    static func isPluralSuffix(_ word: ArraySlice<UInt8>) -> Bool {
        word.elementsEqual("s".utf8) || word.elementsEqual("es".utf8) || word.elementsEqual("ies".utf8)
    }

    private static let underscore = UInt8(ascii: "_")
    @inline(__always) package static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    @inline(__always) package static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    @inline(__always) package static func isLetter(_ c: UInt8) -> Bool { isUpper(c) || isLower(c) }
    @inline(__always) package static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) package static func lower(_ c: UInt8) -> UInt8 { isUpper(c) ? c | 0x20 : c }
}
