import TrackctlModel

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

    /// The calls a difference is about, as its kind has them: a missing call only on the
    /// expected side, an extra one only on the actual side, a changed or moved one on both.
    public enum Calls: Sendable {
        case expectedOnly(EventCall)
        case actualOnly(EventCall)
        case both(expected: EventCall, actual: EventCall)
    }

    /// `expected` and `actual` as one value, so a reader never unwraps a side its kind lacks.
    public var calls: Calls {
        switch (expected, actual) {
        case (let expected?, let actual?): return .both(expected: expected, actual: actual)
        case (let expected?, nil): return .expectedOnly(expected)
        case (nil, let actual?): return .actualOnly(actual)
        case (nil, nil): preconditionFailure("a difference is about at least one call")
        }
    }
}

/// `trackctl diff`: two streams compared call by call (SPEC §13).
///
/// Ordered, the streams are aligned first on equal calls (their canonical hashes, by
/// `SequenceAlignment`), then, between two aligned calls, on calls of the same type and name
/// (where several could pair, the ones whose values differ least). Calls left over on both
/// sides pair when equal (`moved`: the same call at another place), in stream order; then,
/// between the same aligned neighbours, calls of the same type (`changed`: a renamed event).
/// The rest are `missing` or `extra` — a call of the same name but other values at another
/// place is not "moved": a screen missing at the start and another extra at the end are two
/// differences, not one (review 2026-11-27 N11). Unordered, calls match
/// as multisets: equal ones, then ones of the same type and name, closest values first.
public struct StreamDiff: Sendable {
    public var expectedCount: Int
    public var actualCount: Int
    /// Calls found in both, equal but for ignored paths.
    public var same: Int
    /// In the expected stream's order; an extra call comes where it falls between its
    /// neighbours.
    public var differences: [StreamDifference]
    /// Key paths left out because one stream only has them (see `EventStreamReader`).
    public var leftOut: [String]

    /// Gaps between aligned calls up to this many candidate pairs are aligned by how alike the
    /// values are; larger ones by type and name alone.
    static let weightedGapCells = 4_096

    public init(_ streams: EventStreamReader.Pair, unordered: Bool = false) {
        var builder = Builder(expected: streams.expected, actual: streams.actual, ignoring: streams.ignoring)
        if unordered { builder.matchUnordered() } else { builder.matchOrdered() }
        expectedCount = streams.expected.count
        actualCount = streams.actual.count
        same = builder.same
        differences = builder.finish(unordered: unordered)
        leftOut = streams.leftOut
    }

    public var isEmpty: Bool { differences.isEmpty }

    public func count(_ kind: StreamDifference.Kind) -> Int { differences.filter { $0.kind == kind }.count }

    /// The pairing, step by step.
    private struct Builder {
        let expected: EventStream
        let actual: EventStream
        let ignoring: IgnoredPaths
        /// For each expected call, the actual one paired with it (-1: none), and the reverse.
        var partnerOfExpected: [Int]
        var partnerOfActual: [Int]
        var same = 0
        /// Differences with where they sort in the expected order.
        var found: [(place: Double, difference: StreamDifference)] = []
        /// For each actual call, the expected call aligned before it (-1: none): where it falls.
        var anchor: [Int] = []
        /// For each expected call, the aligned expected call before it (-1: none): its gap.
        var gapOfExpected: [Int] = []

        init(expected: EventStream, actual: EventStream, ignoring: IgnoredPaths) {
            self.expected = expected
            self.actual = actual
            self.ignoring = ignoring
            partnerOfExpected = Array(repeating: -1, count: expected.count)
            partnerOfActual = Array(repeating: -1, count: actual.count)
        }

        private func hashes(_ stream: EventStream) -> [UInt64] { stream.records.map(\.hash) }

        mutating func matchOrdered() {
            let equal = SequenceAlignment.commonSubsequence(hashes(expected), hashes(actual))
            var aligned: [(Int, Int)] = []
            var previous = (-1, -1)
            for next in equal + [(expected.count, actual.count)] {
                let left = (previous.0 + 1)..<next.0, right = (previous.1 + 1)..<next.1
                if !left.isEmpty, !right.isEmpty { aligned += alignGap(left, right) }
                if next.0 < expected.count { aligned.append(next) }
                previous = next
            }
            for (e, a) in aligned { pairCompared(e, a, kind: .changed) }
            computeAnchors(aligned)
            // Left over on both sides: equal calls, in order.
            pairLeftovers(by: { $0.hash }, kind: .moved)
            // Between the same aligned neighbours, calls of the same type: one call renamed.
            var waiting: [String: [Int]] = [:]
            for a in actual.records.indices.reversed() where partnerOfActual[a] < 0 {
                waiting["\(anchor[a])\u{1F}\(actual.records[a].type)", default: []].append(a)
            }
            for e in expected.records.indices where partnerOfExpected[e] < 0 {
                guard let a = waiting["\(gapOfExpected[e])\u{1F}\(expected.records[e].type)"]?.popLast() else {
                    continue
                }
                pairCompared(e, a, kind: .changed)
            }
        }

        mutating func matchUnordered() {
            pairLeftovers(by: { $0.hash }, kind: nil)
            // The same type and name, closest values first.
            var byTitle: [UInt64: (expected: [Int], actual: [Int])] = [:]
            for e in expected.records.indices where partnerOfExpected[e] < 0 {
                byTitle[expected.records[e].title, default: ([], [])].expected.append(e)
            }
            for a in actual.records.indices where partnerOfActual[a] < 0 {
                byTitle[actual.records[a].title, default: ([], [])].actual.append(a)
            }
            for title in byTitle.keys.sorted() {
                guard let group = byTitle[title], !group.expected.isEmpty, !group.actual.isEmpty else { continue }
                for (e, a) in closestPairs(group.expected, group.actual) { pairCompared(e, a, kind: .changed) }
            }
        }

        /// Calls of a gap between two equal aligned calls, paired on type and name; where the
        /// gap is small, on how alike their values are too (an order-keeping assignment).
        private func alignGap(_ left: Range<Int>, _ right: Range<Int>) -> [(Int, Int)] {
            guard left.count * right.count <= StreamDiff.weightedGapCells else {
                return SequenceAlignment.commonSubsequence(
                    left.map { expected.records[$0].title }, right.map { actual.records[$0].title }
                )
                .map { ($0.0 + left.lowerBound, $0.1 + right.lowerBound) }
            }
            // score[i][j]: the best total for left[i...] and right[j...]; a pair is worth more
            // the fewer values differ, so of two calls of one name the alike one pairs.
            let n = left.count, m = right.count
            var expectedValues: [Int: SourceValue] = [:], actualValues: [Int: SourceValue] = [:]
            var score = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            var worth = [[Int]](repeating: [Int](repeating: -1, count: m), count: n)
            for i in 0..<n {
                for j in 0..<m
                where expected.records[left.lowerBound + i].title == actual.records[right.lowerBound + j].title {
                    let e = left.lowerBound + i, a = right.lowerBound + j
                    let expectedValue = expectedValues[e] ?? expected.value(e)
                    let actualValue = actualValues[a] ?? actual.value(a)
                    expectedValues[e] = expectedValue
                    actualValues[a] = actualValue
                    worth[i][j] =
                        1_000
                        - ValueComparison.differences(expectedValue, actualValue, ignoring: ignoring, limit: 999).count
                }
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    var best = max(score[i + 1][j], score[i][j + 1])
                    if worth[i][j] >= 0 { best = max(best, score[i + 1][j + 1] + worth[i][j]) }
                    score[i][j] = best
                }
            }
            var pairs: [(Int, Int)] = []
            var i = 0, j = 0
            while i < n, j < m {
                if worth[i][j] >= 0, score[i][j] == score[i + 1][j + 1] + worth[i][j] {
                    pairs.append((left.lowerBound + i, right.lowerBound + j))
                    i += 1
                    j += 1
                } else if score[i][j] == score[i + 1][j] {
                    i += 1
                } else {
                    j += 1
                }
            }
            return pairs
        }

        /// Pairs of leftover calls of two lists of one name, closest values first (in order
        /// when the lists are long).
        private func closestPairs(_ left: [Int], _ right: [Int]) -> [(Int, Int)] {
            guard left.count * right.count <= StreamDiff.weightedGapCells else { return Array(zip(left, right)) }
            let leftValues = left.map { expected.value($0) }
            var candidates: [(changes: Int, e: Int, a: Int)] = []
            for a in right {
                let value = actual.value(a)
                for (index, e) in left.enumerated() {
                    candidates.append(
                        (
                            ValueComparison.differences(leftValues[index], value, ignoring: ignoring, limit: 999).count,
                            e, a
                        ))
                }
            }
            candidates.sort { ($0.changes, $0.e, $0.a) < ($1.changes, $1.e, $1.a) }
            var usedLeft = Set<Int>(), usedRight = Set<Int>()
            var pairs: [(Int, Int)] = []
            for candidate in candidates where !usedLeft.contains(candidate.e) && !usedRight.contains(candidate.a) {
                usedLeft.insert(candidate.e)
                usedRight.insert(candidate.a)
                pairs.append((candidate.e, candidate.a))
            }
            return pairs.sorted { $0.0 < $1.0 }
        }

        /// Pairs leftover calls with the same `key`, in stream order on both sides; `kind` nil:
        /// equal calls of an unordered comparison, counted the same.
        private mutating func pairLeftovers(by key: (EventStream.Record) -> UInt64, kind: StreamDifference.Kind?) {
            var waiting: [UInt64: [Int]] = [:]
            for a in actual.records.indices.reversed() where partnerOfActual[a] < 0 {
                waiting[key(actual.records[a]), default: []].append(a)
            }
            for e in expected.records.indices where partnerOfExpected[e] < 0 {
                guard let a = waiting[key(expected.records[e])]?.popLast() else { continue }
                if let kind { pairCompared(e, a, kind: kind) } else { pair(e, a); same += 1 }
            }
        }

        private mutating func pair(_ e: Int, _ a: Int) {
            partnerOfExpected[e] = a
            partnerOfActual[a] = e
        }

        /// Pairs two calls; equal ones count as the same (unless `kind` is `moved`: the same
        /// call at another place), the others are `kind` with what differs.
        private mutating func pairCompared(_ e: Int, _ a: Int, kind: StreamDifference.Kind) {
            pair(e, a)
            let equalHashes = expected.records[e].hash == actual.records[a].hash
            let changes =
                equalHashes ? [] : ValueComparison.differences(expected.value(e), actual.value(a), ignoring: ignoring)
            if changes.isEmpty, kind != .moved {
                same += 1
                return
            }
            found.append(
                (
                    Double(e),
                    StreamDifference(kind: kind, expected: expected.call(e), actual: actual.call(a), changes: changes)
                ))
        }

        private mutating func computeAnchors(_ aligned: [(Int, Int)]) {
            anchor = Array(repeating: -1, count: actual.count)
            let byActual = aligned.sorted { $0.1 < $1.1 }
            var last = -1
            var next = 0
            for index in 0..<actual.count {
                while next < byActual.count, byActual[next].1 < index { next += 1 }
                if next < byActual.count, byActual[next].1 == index { last = byActual[next].0 }
                anchor[index] = last
            }
            gapOfExpected = Array(repeating: -1, count: expected.count)
            let byExpected = aligned.sorted { $0.0 < $1.0 }
            last = -1
            next = 0
            for e in 0..<expected.count {
                while next < byExpected.count, byExpected[next].0 < e { last = byExpected[next].0; next += 1 }
                gapOfExpected[e] = last
            }
        }

        /// The missing and extra calls added, everything in the expected order.
        mutating func finish(unordered: Bool) -> [StreamDifference] {
            for e in 0..<expected.count where partnerOfExpected[e] < 0 {
                found.append((Double(e), StreamDifference(kind: .missing, expected: expected.call(e))))
            }
            // An extra call is shown after the expected call paired with the actual call before it.
            var previous = -1
            for a in 0..<actual.count {
                if partnerOfActual[a] >= 0 { previous = partnerOfActual[a]; continue }
                found.append(
                    (
                        Double(previous) + 0.5 + Double(a) / Double(actual.count + 1) / 2,
                        StreamDifference(kind: .extra, actual: actual.call(a))
                    ))
            }
            return found.enumerated()
                .sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }
                .map { $0.element.difference }
        }
    }
}
