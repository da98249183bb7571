/// Finds the names closest to a misspelled one, by edit distance.
///
/// Used for unknown classes, selectors, keys and spellings. Case differences cost less than
/// other edits, since `ZOCMainViewcontroller` is almost certainly `ZOCMainViewController`.
/// Distances are computed on UTF-8 bytes: Objective-C names are ASCII.
public struct Suggester: Sendable {
    private let candidates: [(name: String, bytes: [UInt8])]

    /// Prepares `candidates` once, for many lookups against the same names (a catalog's classes).
    public init<S: Sequence>(candidates: S) where S.Element == String {
        self.candidates = candidates.map { ($0, Array($0.utf8)) }
    }

    /// At most `limit` candidates within a distance that grows with the name's length (a quarter
    /// of it, at least 2 edits) and within one edit of the best, closest first, ties in
    /// alphabetical order.
    public func closest(to name: String, limit: Int = 3) -> [String] {
        let target = Array(name.utf8)
        let threshold = max(2, target.count / 4)
        var scored: [(distance: Int, name: String)] = []
        var previous: [Int] = []
        var current: [Int] = []
        for candidate in candidates where candidate.name != name {
            if abs(candidate.bytes.count - target.count) > threshold { continue }
            let distance = Self.editDistance(target, candidate.bytes, limit: threshold * 2, &previous, &current)
            if distance <= threshold * 2 { scored.append((distance, candidate.name)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        // Only names about as close as the best one: one clear fix beats a list of guesses.
        guard let best = scored.first?.distance else { return [] }
        return scored.prefix { $0.distance <= best + 2 }.prefix(limit).map(\.name)
    }

    /// One-off form of `closest(to:limit:)` for short candidate lists.
    public static func closest<S: Sequence>(to name: String, among candidates: S, limit: Int = 3) -> [String] where S.Element == String {
        Suggester(candidates: candidates).closest(to: name, limit: limit)
    }

    /// Levenshtein distance doubled, where a change of letter case costs 1 and other edits 2;
    /// returns early once every path exceeds `limit`. The two rows are reused between calls.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int, _ previous: inout [Int], _ current: inout [Int]) -> Int {
        if a.isEmpty { return b.count * 2 }
        if b.isEmpty { return a.count * 2 }
        previous.removeAll(keepingCapacity: true)
        for j in 0...b.count { previous.append(j * 2) }
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            current[0] = i * 2
            var rowMinimum = current[0]
            let x = a[i - 1]
            for j in 1...b.count {
                let y = b[j - 1]
                let substitution = x == y ? 0 : (foldedCase(x) == foldedCase(y) ? 1 : 2)
                let value = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// ASCII letters folded to lower case.
@inline(__always)
private func foldedCase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
}
