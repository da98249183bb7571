import TrackctlModel

/// Matches a Swift member's selector, as the naming rules form it from its Swift name, with
/// the Objective-C selector it really has when it implements a protocol requirement or
/// overrides a method declared in Objective-C.
///
/// Swift imports Objective-C names with needless words omitted (the type name after a
/// preposition, a repeated type name), so each keyword of the Swift-formed selector is a
/// prefix of the header's keyword, ending at a camel-case word boundary:
/// `tableView:didSelectRowAt:` → `tableView:didSelectRowAtIndexPath:`,
/// `numberOfSectionsIn:` → `numberOfSectionsInTableView:`, `urlSession:…` → `URLSession:…`
/// (initialisms are lower-cased, so keywords compare without regard to case).
///
/// The candidates (a protocol set's requirements, the selectors a superclass chain declares)
/// are split into keywords once and bucketed by shape — how many keywords, and the first
/// keyword's first letter — so each member is compared only with the few that could match it.
/// A scan asks once per member of every class, against the same few candidate sets.
struct SelectorMatching: Sendable {
    private struct Candidate: Sendable {
        var selector: String
        /// The keywords without their colons; a unary selector is its one keyword.
        var keywords: [Substring]
    }

    /// Candidates of the same keyword count and first letter. A unary selector and a one-part
    /// one (`reload` and `reload:`) have different counts (0 and 1).
    private struct Shape: Hashable, Sendable {
        var colons: Int
        var firstLetter: UInt8
    }

    private var exact: Set<String> = []
    private var buckets: [Shape: [Candidate]] = [:]

    init<S: Sequence<String>>(_ selectors: S) {
        for selector in selectors where exact.insert(selector).inserted {
            let keywords = Self.keywords(of: selector)
            buckets[Self.shape(selector), default: []].append(Candidate(selector: selector, keywords: keywords))
        }
    }

    var isEmpty: Bool { exact.isEmpty }

    func contains(_ selector: String) -> Bool { exact.contains(selector) }

    /// The candidate `computed` stands for: itself, or the one candidate whose keywords extend its
    /// keywords with its parameters' type names; when several do, the one whose added words name
    /// the parameters' types (`webView:decidePolicyFor:decisionHandler:` with a
    /// `WKNavigationAction` parameter is
    /// `webView:decidePolicyForNavigationAction:decisionHandler:`). Nil when none does, or when the
    /// types cannot tell several apart.
    func match(_ computed: String, parameterTypes: [String]) -> String? {
        Self.match(computed, parameterTypes: parameterTypes, in: CollectionOfOne(self))
    }

    /// `match` over the union of several candidate sets (a protocol closure kept as one set
    /// per protocol), as if they were one.
    static func match<C: Collection<SelectorMatching>>(_ computed: String, parameterTypes: [String], in sets: C)
        -> String?
    {
        if sets.contains(where: { $0.exact.contains(computed) }) { return computed }
        // Most members of a class match nothing: find their bucket before splitting them.
        let shape = Self.shape(computed)
        guard sets.contains(where: { $0.buckets[shape] != nil }) else { return nil }
        let keywords = Self.keywords(of: computed)
        var matches: [(selector: String, extensions: [Substring])] = []
        for set in sets {
            for candidate in set.buckets[shape] ?? []
            where !matches.contains(where: { $0.selector == candidate.selector }) {
                var extensions: [Substring] = []
                extensions.reserveCapacity(keywords.count)
                var matchesAll = true
                for (mine, their) in zip(keywords, candidate.keywords) {
                    guard let rest = Self.extending(their, mine) else { matchesAll = false; break }
                    extensions.append(rest)
                }
                if matchesAll { matches.append((candidate.selector, extensions)) }
            }
        }
        guard !matches.isEmpty else { return nil }
        // The words Swift dropped must be the parameters' type names: `show(_:)` of a generic `T`
        // is not `showWritingTools:`. When several match, the one whose added words name the
        // types best.
        func score(_ extensions: [Substring]) -> Int {
            var total = 0
            for (index, added) in extensions.enumerated() where !added.isEmpty {
                guard index < parameterTypes.count else { return -1 }
                if parameterTypes[index].contains(added)
                    || added.hasSuffix("s") && parameterTypes[index].contains(added.dropLast())
                {
                    total += 1
                } else {
                    return -1
                }
            }
            return total
        }
        if matches.count == 1 { return score(matches[0].extensions) >= 0 ? matches[0].selector : nil }
        let scored = matches.map { (selector: $0.selector, score: score($0.extensions)) }.filter { $0.score >= 0 }
        guard let best = scored.max(by: { $0.score < $1.score }) else { return nil }
        return scored.filter { $0.score == best.score }.count == 1 ? best.selector : nil
    }

    private static func keywords(of selector: String) -> [Substring] {
        guard selector.utf8.last == UInt8(ascii: ":") else { return [Substring(selector)] }
        return Array(selector.split(separator: ":", omittingEmptySubsequences: false).dropLast())
    }

    private static func shape(_ selector: String) -> Shape {
        var colons = 0
        for byte in selector.utf8 where byte == UInt8(ascii: ":") { colons += 1 }
        let first = selector.utf8.first ?? 0
        return Shape(
            colons: colons, firstLetter: first == UInt8(ascii: ":") ? 0 : isLetter(first) ? first | 0x20 : first)
    }

    /// What `candidate` adds after `prefix` when `prefix` is a prefix of it (without regard to
    /// case) ending at a word boundary; nil otherwise.
    private static func extending(_ candidate: Substring, _ prefix: Substring) -> Substring? {
        let a = candidate.utf8, b = prefix.utf8
        guard a.count >= b.count else { return nil }
        var index = a.startIndex
        for byte in b {
            let other = a[index]
            guard other == byte || (other | 0x20 == byte | 0x20 && isLetter(byte)) else { return nil }
            index = a.index(after: index)
        }
        guard index == a.endIndex else {
            // The rest must start a new word: an upper-case letter or a digit.
            let next = a[index]
            guard (next >= 0x41 && next <= 0x5A) || (next >= 0x30 && next <= 0x39) else { return nil }
            return Substring(candidate.utf8[index...])
        }
        return candidate[candidate.endIndex...]
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
