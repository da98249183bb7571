/// A longest common subsequence of two sequences of hashes, as index pairs in increasing order:
/// Myers' O((N+M)·D) algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986) in
/// linear space, finding the middle of the edit path and splitting there, with the common start
/// and end of every part matched first. No table, no cap on the streams' length: two streams
/// of a million calls that differ in a few places align in a few passes over them.
///
/// Where a part needs more than `editBudget` edits (streams that have little in common), that
/// part is aligned as patience diff does instead: on the values found exactly once on each
/// side, in an order both agree on, and the parts between them again.
enum SequenceAlignment {
    /// The most edits the middle of a part is searched for, for parts of `length` values in
    /// all: about 400 million steps at most, then patience anchors.
    static func editBudget(length: Int) -> Int { max(1_000, 400_000_000 / max(length, 1)) }

    static func commonSubsequence(_ left: [UInt64], _ right: [UInt64]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var parts: [(Range<Int>, Range<Int>)] = [(0..<left.count, 0..<right.count)]
        left.withUnsafeBufferPointer { a in
            right.withUnsafeBufferPointer { b in
                while let (leftPart, rightPart) = parts.popLast() {
                    var a0 = leftPart.lowerBound, a1 = leftPart.upperBound, b0 = rightPart.lowerBound,
                        b1 = rightPart.upperBound
                    while a0 < a1, b0 < b1, a[a0] == b[b0] { pairs.append((a0, b0)); a0 += 1; b0 += 1 }
                    while a1 > a0, b1 > b0, a[a1 - 1] == b[b1 - 1] { a1 -= 1; b1 -= 1; pairs.append((a1, b1)) }
                    guard a0 < a1, b0 < b1 else { continue }
                    if let (x, y) = middle(a, a0..<a1, b, b0..<b1), (x, y) != (a0, b0), (x, y) != (a1, b1) {
                        parts.append((x..<a1, y..<b1))
                        parts.append((a0..<x, b0..<y))
                        continue
                    }
                    var previous = (a0, b0)
                    for anchor in uniqueAnchors(a, a0..<a1, b, b0..<b1) {
                        pairs.append(anchor)
                        parts.append((previous.0..<anchor.0, previous.1..<anchor.1))
                        previous = (anchor.0 + 1, anchor.1 + 1)
                    }
                    if previous != (a0, b0) { parts.append((previous.0..<a1, previous.1..<b1)) }
                }
            }
        }
        return pairs.sorted { $0.0 < $1.0 }
    }

    /// A point on an optimal edit path through the part (where the forward and the backward
    /// searches meet), or nil when the part needs more than the budget's edits.
    private static func middle(
        _ a: UnsafeBufferPointer<UInt64>, _ leftPart: Range<Int>,
        _ b: UnsafeBufferPointer<UInt64>, _ rightPart: Range<Int>
    ) -> (Int, Int)? {
        let n = leftPart.count, m = rightPart.count
        let a0 = leftPart.lowerBound, b0 = rightPart.lowerBound
        let maxD = min((n + m + 1) / 2, editBudget(length: n + m))
        let offset = maxD + 1
        let width = 2 * maxD + 3
        // Furthest x on each diagonal k (forward) and on each reversed diagonal (backward); -1: none.
        var forward = [Int](repeating: -1, count: width)
        var backward = [Int](repeating: -1, count: width)
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let forwardChecks = delta % 2 != 0
        var k1Start = 0, k1End = 0, k2Start = 0, k2End = 0
        for d in 0..<maxD {
            var k1 = -d + k1Start
            while k1 <= d - k1End {
                let index = offset + k1
                var x =
                    k1 == -d || (k1 != d && forward[index - 1] < forward[index + 1])
                    ? forward[index + 1] : forward[index - 1] + 1
                var y = x - k1
                while x < n, y < m, a[a0 + x] == b[b0 + y] { x += 1; y += 1 }
                forward[index] = x
                if x > n {
                    k1End += 2
                } else if y > m {
                    k1Start += 2
                } else if forwardChecks {
                    let other = offset + delta - k1
                    if other >= 0, other < width, backward[other] != -1, x >= n - backward[other] {
                        return (a0 + x, b0 + y)
                    }
                }
                k1 += 2
            }
            var k2 = -d + k2Start
            while k2 <= d - k2End {
                let index = offset + k2
                var x =
                    k2 == -d || (k2 != d && backward[index - 1] < backward[index + 1])
                    ? backward[index + 1] : backward[index - 1] + 1
                var y = x - k2
                while x < n, y < m, a[a0 + n - x - 1] == b[b0 + m - y - 1] { x += 1; y += 1 }
                backward[index] = x
                if x > n {
                    k2End += 2
                } else if y > m {
                    k2Start += 2
                } else if !forwardChecks {
                    let other = offset + delta - k2
                    if other >= 0, other < width, forward[other] != -1 {
                        let forwardX = forward[other]
                        let forwardY = offset + forwardX - other
                        if forwardX >= n - x { return (a0 + forwardX, b0 + forwardY) }
                    }
                }
                k2 += 2
            }
        }
        return nil
    }

    /// The values found once in each part, paired, in the longest order both sides agree on
    /// (patience sorting).
    private static func uniqueAnchors(
        _ a: UnsafeBufferPointer<UInt64>, _ leftPart: Range<Int>,
        _ b: UnsafeBufferPointer<UInt64>, _ rightPart: Range<Int>
    ) -> [(Int, Int)] {
        var seen: [UInt64: (leftCount: Int, left: Int, rightCount: Int, right: Int)] = [:]
        for index in leftPart {
            seen[a[index], default: (0, index, 0, -1)].leftCount += 1
        }
        for index in rightPart {
            guard var entry = seen[b[index]] else { continue }
            entry.rightCount += 1
            entry.right = index
            seen[b[index]] = entry
        }
        let candidates = seen.values.filter { $0.leftCount == 1 && $0.rightCount == 1 }.map { ($0.left, $0.right) }
            .sorted { $0.0 < $1.0 }
        // Longest increasing subsequence of the right indexes.
        var tails: [Int] = []  // index into candidates of the smallest tail of each length
        var previous = [Int](repeating: -1, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if candidates[tails[mid]].1 < candidate.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [(Int, Int)] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.append(candidates[cursor])
            cursor = previous[cursor]
        }
        return result.reversed()
    }
}
