/// Finds the names closest to a misspelled one, by edit distance.
///
/// Used for unknown classes, selectors, keys and spellings. Case differences cost less than
/// other edits, since `ZOCMainViewcontroller` is almost certainly `ZOCMainViewController`.
/// Distances are computed on UTF-8 bytes: Objective-C names are ASCII.
public struct Suggester: Sendable {
    private let candidates: [(name: String, bytes: [UInt8])]
    /// Which candidates hold each pair of adjacent letters (case folded), and how often; see
    /// `closest(to:limit:)`. Built with the suggester, read only after.
    private let pairs: PairIndex

    /// Names longer than this get no suggestion: no real class or selector is this long, and
    /// the edit distance of a 20 MB name to every candidate would take minutes.
    static let longestName = 256

    /// Prepares `candidates` once, for many lookups against the same names (a catalog's
    /// classes, the SDK's thousands among them).
    public init<S: Sequence>(candidates: S) where S.Element == String {
        self.candidates = candidates.map { ($0, Array($0.utf8)) }
        pairs = PairIndex(self.candidates.map { $0.bytes.count <= Self.longestName ? $0.bytes : [] })
    }

    /// At most `limit` candidates within a distance that grows with the name's length (a quarter
    /// of it, at least 2 edits) and within one edit of the best, closest first, ties in
    /// alphabetical order.
    ///
    /// Only candidates that can be that close are measured: k edits leave two names at least
    /// `n - 1 - 2k` common pairs of adjacent letters (the q-gram lemma, n the longer length; a
    /// change of case changes no folded pair), so the pair index rules out most of thousands
    /// of names before any edit distance is computed. Short names, where the bound says
    /// nothing, are compared with every candidate.
    public func closest(to name: String, limit: Int = 3) -> [String] {
        guard name.utf8.count <= Self.longestName else { return [] }
        var scorer = Scorer(name)
        let target = Array(name.utf8)
        let needed = target.count - 1 - 2 * scorer.threshold
        guard needed > 0, candidates.count > 64 else {
            for candidate in candidates {
                candidate.bytes.withUnsafeBufferPointer { scorer.consider(candidate.name, $0) }
            }
            return scorer.best(limit)
        }
        let shared = pairs.sharedPairs(with: target)
        // Most pairs in common first: the right name is usually met early, and then the bound
        // tightens to its distance + 1 edit, which rules out the rest by their pairs alone.
        let reachable = shared.indices.filter { Int(shared[$0]) >= needed }
            .sorted { shared[$0] != shared[$1] ? shared[$0] > shared[$1] : $0 < $1 }
        for index in reachable {
            if Int(shared[index]) < target.count - 1 - 2 * (scorer.cutoff / 2) { break }
            candidates[index].bytes.withUnsafeBufferPointer { scorer.consider(candidates[index].name, $0) }
        }
        return scorer.best(limit)
    }

    /// One-off form of `closest(to:limit:)` for short candidate lists: the candidates' bytes are
    /// read in place, not copied.
    public static func closest<S: Sequence>(to name: String, among candidates: S, limit: Int = 3) -> [String]
    where S.Element == String {
        closest(to: name, limit: limit) { consider in candidates.forEach(consider) }
    }

    /// The same, for candidates handed over one by one by `candidates` (a repeated candidate
    /// counts once).
    public static func closest(to name: String, limit: Int = 3, _ candidates: ((String) -> Void) -> Void) -> [String] {
        guard name.utf8.count <= longestName else { return [] }
        var scorer = Scorer(name)
        candidates { candidate in
            if candidate.utf8.withContiguousStorageIfAvailable({ scorer.consider(candidate, $0) }) == nil {
                Array(candidate.utf8).withUnsafeBufferPointer { scorer.consider(candidate, $0) }
            }
        }
        return scorer.best(limit)
    }

    /// The candidates within reach of one name, scored as they come.
    private struct Scorer {
        let name: String
        let target: [UInt8]
        let threshold: Int
        var scored: [(distance: Int, name: String)] = []
        /// The largest distance still worth measuring: the threshold, then, once a name is
        /// found, its distance + 2 (one edit), since `best` keeps no name further than that.
        private(set) var cutoff: Int
        /// The two rows of the distance table, reused for every candidate.
        var rows: [Int]

        init(_ name: String) {
            self.name = name
            target = Array(name.utf8)
            threshold = max(2, target.count / 4)
            cutoff = threshold * 2
            rows = [Int](repeating: 0, count: 2 * (target.count + threshold + 1))
        }

        mutating func consider(_ candidate: String, _ bytes: UnsafeBufferPointer<UInt8>) {
            // Lengths further apart than the threshold cannot be within it.
            guard abs(bytes.count - target.count) * 2 <= cutoff, candidate != name else { return }
            let limit = cutoff
            let distance = target.withUnsafeBufferPointer { a in
                rows.withUnsafeMutableBufferPointer { Suggester.editDistance(a, bytes, limit: limit, rows: $0) }
            }
            if distance <= limit {
                scored.append((distance, candidate))
                cutoff = min(cutoff, distance + 2)
            }
        }

        /// At most `limit`, closest first, ties in alphabetical order; only names about as close
        /// as the best one (one clear fix beats a list of guesses).
        mutating func best(_ limit: Int) -> [String] {
            scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
            guard let best = scored.first?.distance else { return [] }
            var result: [String] = []
            for candidate in scored where candidate.distance <= best + 2 && result.count < limit {
                if result.last != candidate.name { result.append(candidate.name) }  // sorted: repeats are adjacent
            }
            return result
        }
    }

    /// Levenshtein distance doubled, where a change of letter case costs 1 and other edits 2;
    /// returns early once every path exceeds `limit` (then any value over it). `rows` holds two
    /// rows of `b.count + 1`. Called for every candidate of every unknown name, so it reads raw
    /// buffers, and fills only the band of cells within `limit / 2` of the diagonal: a cell
    /// further off costs more than `limit` (each step off the diagonal is an insertion or a
    /// deletion, 2).
    static func editDistance(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int,
        rows: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        if a.isEmpty { return b.count * 2 }
        if b.isEmpty { return a.count * 2 }
        if abs(a.count - b.count) * 2 > limit { return limit + 1 }
        let band = limit / 2
        let outside = limit + 1
        // Not nil: the rows are allocated with a positive capacity.
        // swift-format-ignore: NeverForceUnwrap
        var previous = rows.baseAddress!
        var current = previous + (b.count + 1)
        for j in 0...b.count { previous[j] = j * 2 }
        for i in 1...a.count {
            let low = Swift.max(1, i - band), high = Swift.min(b.count, i + band)
            current[low - 1] = low == 1 ? i * 2 : outside
            var rowMinimum = current[low - 1]
            let x = a[i - 1]
            let foldedX = foldedCase(x)
            if low <= high {
                for j in low...high {
                    let y = b[j - 1]
                    let substitution = x == y ? 0 : (foldedX == foldedCase(y) ? 1 : 2)
                    let value = Swift.min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
                    current[j] = value
                    rowMinimum = Swift.min(rowMinimum, value)
                }
            }
            // The next row reads one cell past this row's band from above.
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// For each pair of adjacent bytes (case folded), the names that hold it and how often:
/// postings in one flat array, grouped by pair (`start[pair]..<start[pair + 1]`), so building
/// it for the SDK's thousands of class names costs two passes and no dictionary.
///
/// Invariant: built once by `init`, read only after; `start` has 65,537 entries and its last
/// is `postings.count`, so every pair's range is inside `postings`.
private struct PairIndex: Sendable {
    private let start: [Int32]
    private let postings: [(name: Int32, count: UInt16)]
    private let nameCount: Int

    init(_ names: [[UInt8]]) {
        nameCount = names.count
        // Each name's distinct pairs with their counts, in one list: (pair, name, count).
        var entries: [(pair: UInt16, name: Int32, count: UInt16)] = []
        entries.reserveCapacity(names.reduce(0) { $0 + $1.count })
        var counts = [UInt16](repeating: 0, count: 65_536)
        var seen: [UInt16] = []
        for (index, bytes) in names.enumerated() {
            Self.countPairs(bytes, counts: &counts, seen: &seen)
            for pair in seen {
                entries.append((pair, Int32(index), counts[Int(pair)]))
                counts[Int(pair)] = 0
            }
        }
        var start = [Int32](repeating: 0, count: 65_537)
        for entry in entries { start[Int(entry.pair) + 1] += 1 }
        for pair in 0..<65_536 { start[pair + 1] += start[pair] }
        var next = start
        var postings = [(name: Int32, count: UInt16)](repeating: (0, 0), count: entries.count)
        for entry in entries {
            postings[Int(next[Int(entry.pair)])] = (entry.name, entry.count)
            next[Int(entry.pair)] += 1
        }
        self.start = start
        self.postings = postings
    }

    /// Counts the folded pairs of adjacent bytes of `bytes` into `counts` (all zero on entry)
    /// and lists each distinct pair once in `seen`; the caller zeroes `counts` after reading.
    static func countPairs(_ bytes: [UInt8], counts: inout [UInt16], seen: inout [UInt16]) {
        seen.removeAll(keepingCapacity: true)
        guard bytes.count >= 2 else { return }
        for i in 1..<bytes.count {
            let pair = UInt16(foldedCase(bytes[i - 1])) << 8 | UInt16(foldedCase(bytes[i]))
            if counts[Int(pair)] == 0 { seen.append(pair) }
            counts[Int(pair)] &+= 1
        }
    }

    /// For every name, how many pairs (with multiplicity) it has in common with `target`.
    func sharedPairs(with target: [UInt8]) -> [UInt16] {
        var shared = [UInt16](repeating: 0, count: nameCount)
        var counts = [UInt16](repeating: 0, count: 65_536)
        var seen: [UInt16] = []
        Self.countPairs(target, counts: &counts, seen: &seen)
        for pair in seen.map(Int.init) {
            for posting in postings[Int(start[pair])..<Int(start[pair + 1])] {
                shared[Int(posting.name)] &+= min(counts[pair], posting.count)
            }
        }
        return shared
    }
}

/// ASCII letters folded to lower case.
@inline(__always)
private func foldedCase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
}

/// The one spelling of a suggestion in trackctl's messages, for every caller that suggests.
extension Suggester {
    /// "; did you mean 'a'?", "; did you mean 'a' or 'b'?", "; did you mean 'a', 'b' or
    /// 'c'?", or "" when there is nothing to suggest.
    public static func didYouMean(_ suggestions: [String]) -> String {
        switch suggestions.count {
        case 0: return ""
        case 1: return "; did you mean '\(suggestions[0])'?"
        default:
            return "; did you mean " + suggestions.dropLast().map { "'\($0)'" }.joined(separator: ", ")
                + " or '\(suggestions[suggestions.count - 1])'?"
        }
    }

    /// The same for the closest of `candidates` to `text` (its spelling, a close one).
    public static func didYouMean<S: Sequence<String>>(_ text: String, among candidates: S) -> String {
        didYouMean(closest(to: text, among: candidates, limit: 1))
    }
}

/// The suggestions as `Suggester.didYouMean` words them, or `otherwise` when there is nothing
/// close ("; add it to a catalog file").
package func didYouMean(_ suggestions: [String], otherwise: String) -> String {
    suggestions.isEmpty ? "; " + otherwise : Suggester.didYouMean(suggestions)
}
