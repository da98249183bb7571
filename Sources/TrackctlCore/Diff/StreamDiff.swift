/// One difference between an expected stream of calls and an actual one.
public struct StreamDifference: Sendable {
    public enum Kind: String, Sendable {
        /// In the expected stream only.
        case missing
        /// In the actual stream only.
        case extra
        /// The same call (or, between the same neighbours, a call of the same type) with
        /// different values.
        case changed
        /// The same call at another place in the order (its values may differ too).
        case moved
    }

    public var kind: Kind
    public var expected: EventCall?
    public var actual: EventCall?
    /// For `changed` and `moved`: what differs, ignored paths left out.
    public var changes: [ValueChange] = []
}

/// `trackctl diff`: two streams compared call by call (SPEC §13).
public struct StreamDiff: Sendable {
    public var expectedCount: Int
    public var actualCount: Int
    /// Calls found in both, equal but for ignored paths.
    public var same: Int
    /// In the expected stream's order; an extra call comes where it falls between its
    /// neighbours.
    public var differences: [StreamDifference]

    /// Compares `expected` with `actual`. Ordered, the streams are aligned by a longest common
    /// subsequence of equal calls, then of calls with the same type and name between those
    /// (after the common start and end, which cost nothing); a call left over on both sides with the same type and name is `moved`,
    /// and left-over calls of the same type between the same aligned neighbours are paired as
    /// `changed` (a renamed event). Unordered, calls are matched as multisets: first equal
    /// ones, then ones of the same type and name.
    public init(expected: [EventCall], actual: [EventCall], ignoring: IgnoredPaths, unordered: Bool = false) {
        expectedCount = expected.count
        actualCount = actual.count
        var pairs: [(Int, Int)] = []
        var found: [StreamDifference] = []
        var position: [Double] = []
        // Each call once as canonical text: equal texts are equal calls, compared no further.
        let expectedText = expected.map { ValueComparison.canonical($0.value, ignoring: ignoring) }
        let actualText = actual.map { ValueComparison.canonical($0.value, ignoring: ignoring) }
        if unordered {
            pairs = Self.multisetPairs(expectedText, actualText)
        } else {
            pairs = Self.orderedPairs(expected, actual, expectedText, actualText)
        }
        var pairedExpected = Array(repeating: false, count: expected.count)
        var pairedActual = Array(repeating: false, count: actual.count)
        /// For each actual call, the expected one it was paired with (-1: none).
        var partner = Array(repeating: -1, count: actual.count)
        func pair(_ e: Int, _ a: Int) {
            pairedExpected[e] = true
            pairedActual[a] = true
            partner[a] = e
        }
        var same = 0
        // Where each actual call falls in the expected order: after the aligned neighbour before it.
        var anchor = Array(repeating: -1, count: actual.count)
        do {
            let byActual = pairs.sorted { $0.1 < $1.1 }
            var last = -1
            var next = 0
            for index in actual.indices {
                while next < byActual.count, byActual[next].1 < index { next += 1 }
                if next < byActual.count, byActual[next].1 == index { last = byActual[next].0 }
                anchor[index] = last
            }
        }
        func record(_ difference: StreamDifference, at place: Double) {
            found.append(difference)
            position.append(place)
        }
        for (e, a) in pairs {
            pair(e, a)
            if expectedText[e] == actualText[a] { same += 1; continue }
            let changes = ValueComparison.differences(expected[e].value, actual[a].value, ignoring: ignoring)
            if changes.isEmpty { same += 1 } else { record(StreamDifference(kind: .changed, expected: expected[e], actual: actual[a], changes: changes), at: Double(e)) }
        }
        // Left over on both sides with the same type and name: moved (or, unordered, changed).
        var leftoverActual: [String: [Int]] = [:]
        for a in actual.indices.reversed() where !pairedActual[a] { leftoverActual[actual[a].key, default: []].append(a) }
        for e in expected.indices where !pairedExpected[e] {
            guard let a = leftoverActual[expected[e].key]?.popLast() else { continue }
            pair(e, a)
            let changes = ValueComparison.differences(expected[e].value, actual[a].value, ignoring: ignoring)
            if unordered && changes.isEmpty { same += 1; continue }
            record(StreamDifference(kind: unordered ? .changed : .moved, expected: expected[e], actual: actual[a], changes: changes), at: Double(e))
        }
        // Ordered: left-over calls of one type between the same neighbours are one call changed.
        if !unordered {
            var gapOfExpected = Array(repeating: -1, count: expected.count)
            var last = -1
            var pairIndex = 0
            let sortedPairs = pairs.sorted { $0.0 < $1.0 }
            for e in expected.indices {
                while pairIndex < sortedPairs.count, sortedPairs[pairIndex].0 < e { last = sortedPairs[pairIndex].0; pairIndex += 1 }
                gapOfExpected[e] = last
            }
            var waiting: [String: [Int]] = [:]
            for a in actual.indices.reversed() where !pairedActual[a] {
                waiting["\(anchor[a])\u{1F}\(actual[a].type)", default: []].append(a)
            }
            for e in expected.indices where !pairedExpected[e] {
                guard let a = waiting["\(gapOfExpected[e])\u{1F}\(expected[e].type)"]?.popLast() else { continue }
                pair(e, a)
                record(StreamDifference(kind: .changed, expected: expected[e], actual: actual[a],
                                        changes: ValueComparison.differences(expected[e].value, actual[a].value, ignoring: ignoring)), at: Double(e))
            }
        }
        for e in expected.indices where !pairedExpected[e] {
            record(StreamDifference(kind: .missing, expected: expected[e]), at: Double(e))
        }
        // An extra call is shown after the expected call paired with the actual call before it.
        var previous = -1
        for a in actual.indices {
            if pairedActual[a] { previous = partner[a]; continue }
            record(StreamDifference(kind: .extra, actual: actual[a]), at: Double(previous) + 0.5 + Double(a) / Double(actual.count + 1) / 2)
        }
        self.same = same
        differences = zip(position, found).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { $0.element.1 }
    }

    public var isEmpty: Bool { differences.isEmpty }

    public func count(_ kind: StreamDifference.Kind) -> Int { differences.filter { $0.kind == kind }.count }

    /// Ordered pairs: first the longest common subsequence of equal calls (ignored paths aside),
    /// then, between two equal pairs, the longest common subsequence of calls with the same type
    /// and name — so of two `Post detail` screens the one with the same values is the one paired.
    private static func orderedPairs(_ expected: [EventCall], _ actual: [EventCall], _ expectedText: [String], _ actualText: [String]) -> [(Int, Int)] {
        var ids: [String: Int] = [:]
        func id(_ text: String) -> Int {
            if let known = ids[text] { return known }
            ids[text] = ids.count
            return ids.count - 1
        }
        let equal = Alignment.commonSubsequence(expectedText.map(id), actualText.map(id))
        let leftKeys = expected.map { id("\u{1E}" + $0.key) }
        let rightKeys = actual.map { id("\u{1E}" + $0.key) }
        var pairs: [(Int, Int)] = []
        var previous = (-1, -1)
        for next in equal + [(expected.count, actual.count)] {
            let leftRange = (previous.0 + 1)..<next.0, rightRange = (previous.1 + 1)..<next.1
            if !leftRange.isEmpty, !rightRange.isEmpty {
                pairs += Alignment.commonSubsequence(Array(leftKeys[leftRange]), Array(rightKeys[rightRange]))
                    .map { ($0.0 + leftRange.lowerBound, $0.1 + rightRange.lowerBound) }
            }
            if next.0 < expected.count { pairs.append(next) }
            previous = next
        }
        return pairs
    }

    /// Pairs of equal calls (ignored paths aside), matched as multisets in stream order.
    private static func multisetPairs(_ expectedText: [String], _ actualText: [String]) -> [(Int, Int)] {
        var waiting: [String: [Int]] = [:]
        for a in actualText.indices.reversed() { waiting[actualText[a], default: []].append(a) }
        var pairs: [(Int, Int)] = []
        for e in expectedText.indices {
            if let a = waiting[expectedText[e]]?.popLast() { pairs.append((e, a)) }
        }
        return pairs
    }
}

/// A longest common subsequence of two sequences of ids, as index pairs in increasing order.
enum Alignment {
    /// Cells of the dynamic-programming table, beyond which the middle (after the common start
    /// and end) is not aligned: its calls then pair only as `moved` or `changed` in `StreamDiff`.
    /// 16 million cells of 4 bytes: 64 MB at most.
    static let maximumCells = 16_000_000

    static func commonSubsequence(_ left: [Int], _ right: [Int]) -> [(Int, Int)] {
        var start = 0
        while start < left.count, start < right.count, left[start] == right[start] { start += 1 }
        var leftEnd = left.count, rightEnd = right.count
        while leftEnd > start, rightEnd > start, left[leftEnd - 1] == right[rightEnd - 1] { leftEnd -= 1; rightEnd -= 1 }
        var pairs = (0..<start).map { ($0, $0) }
        let n = leftEnd - start, m = rightEnd - start
        if n > 0, m > 0, n * m <= maximumCells {
            // lengths[i][j]: the LCS of left[start+i...] and right[start+j...], row-major.
            let width = m + 1
            var lengths = [Int32](repeating: 0, count: (n + 1) * width)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * width + j] = left[start + i] == right[start + j]
                        ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n, j < m {
                if left[start + i] == right[start + j] {
                    pairs.append((start + i, start + j))
                    i += 1
                    j += 1
                } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        pairs += (0..<(left.count - leftEnd)).map { (leftEnd + $0, rightEnd + $0) }
        return pairs
    }
}
