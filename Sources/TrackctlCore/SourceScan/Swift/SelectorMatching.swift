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
enum SelectorMatching {
    /// The candidate `computed` stands for: itself, or the one candidate whose keywords extend
    /// its keywords; when several do, the one whose added words name the parameters' types
    /// (`webView:decidePolicyFor:decisionHandler:` with a `WKNavigationAction` parameter is
    /// `webView:decidePolicyForNavigationAction:decisionHandler:`). Nil when none does, or
    /// when the types cannot tell several apart.
    static func match<C: Collection<String>>(_ computed: String, parameterTypes: [String], among candidates: C) -> String? {
        let keywords = computed.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        var matches: [(selector: String, extensions: [Substring])] = []
        for candidate in candidates {
            if candidate == computed { return candidate }
            let candidateKeywords = candidate.split(separator: ":", omittingEmptySubsequences: false)
            // A unary selector (no colon) only matches itself, or a unary candidate it prefixes.
            let computedIsUnary = !computed.hasSuffix(":")
            let candidateIsUnary = !candidate.hasSuffix(":")
            guard computedIsUnary == candidateIsUnary else { continue }
            let theirs = computedIsUnary ? candidateKeywords[...] : candidateKeywords.dropLast()
            let ours = computedIsUnary ? [Substring(computed)][...] : keywords
            guard theirs.count == ours.count else { continue }
            var extensions: [Substring] = []
            var matchesAll = true
            for (mine, their) in zip(ours, theirs) {
                guard let rest = extending(their, mine) else { matchesAll = false; break }
                extensions.append(rest)
            }
            if matchesAll { matches.append((candidate, extensions)) }
        }
        if matches.count == 1 { return matches[0].selector }
        guard matches.count > 1 else { return nil }
        // Several: the one whose added words all appear in the parameter types.
        func score(_ extensions: [Substring]) -> Int {
            var total = 0
            for (index, added) in extensions.enumerated() where !added.isEmpty {
                guard index < parameterTypes.count else { return -1 }
                if parameterTypes[index].contains(added) || added.hasSuffix("s") && parameterTypes[index].contains(added.dropLast()) {
                    total += 1
                } else {
                    return -1
                }
            }
            return total
        }
        let scored = matches.map { (selector: $0.selector, score: score($0.extensions)) }.filter { $0.score >= 0 }
        guard let best = scored.max(by: { $0.score < $1.score }) else { return nil }
        return scored.filter { $0.score == best.score }.count == 1 ? best.selector : nil
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
