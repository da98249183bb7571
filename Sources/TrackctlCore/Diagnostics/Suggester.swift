/// Finds the names closest to a misspelled one, by edit distance.
///
/// Used for unknown classes and selectors. Case differences cost less than other edits, since
/// `ZOCMainViewcontroller` is almost certainly `ZOCMainViewController`.
public enum Suggester {
    /// At most `limit` candidates within a distance that grows with the name's length (a quarter
    /// of it, at least 2 edits) and within one edit of the best, closest first, ties in
    /// alphabetical order.
    public static func closest<S: Sequence>(to name: String, among candidates: S, limit: Int = 3) -> [String] where S.Element == String {
        let target = Array(name.unicodeScalars)
        let threshold = max(2, target.count / 4)
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            if abs(scalars.count - target.count) > threshold { continue }
            let distance = editDistance(target, scalars, limit: threshold * 2)
            if distance <= threshold * 2 { scored.append((distance, candidate)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        // Only names about as close as the best one: one clear fix beats a list of guesses.
        guard let best = scored.first?.distance else { return [] }
        return scored.prefix { $0.distance <= best + 2 }.prefix(limit).map(\.name)
    }

    /// Levenshtein distance doubled, where a change of letter case costs 1 and other edits 2;
    /// returns early once every path exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count * 2 }
        if b.isEmpty { return a.count * 2 }
        var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i * 2
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution: Int
                if a[i - 1] == b[j - 1] {
                    substitution = 0
                } else if foldedCase(a[i - 1]) == foldedCase(b[j - 1]) {
                    substitution = 1
                } else {
                    substitution = 2
                }
                current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// ASCII letters folded to lower case; selectors and class names are ASCII in practice.
private func foldedCase(_ scalar: Unicode.Scalar) -> UInt32 {
    let value = scalar.value
    return (0x41...0x5A).contains(value) ? value + 0x20 : value
}
