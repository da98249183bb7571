import Foundation
import TrackctlModel

/// One call `collect` received, as written to its output and kept for the query API: its line
/// and the fields the query filters on, not its parsed tree (a million kept calls must fit).
package struct CollectedCall: Sendable {
    /// The line written: the call as received, batch context merged, `receivedAt` added. Kept
    /// as bytes, stamped in place when written; text only when a query shows it.
    package private(set) var line: [UInt8]
    package var json: String { String(decoding: line, as: UTF8.self) }
    /// Why it is bad; empty when it is good.
    package var reasons: [CallReason]
    /// The query API's filters, in `filterKeys` order: short strings are stored inline.
    private var fields: [String?]
    package var isGood: Bool { reasons.isEmpty }

    static let filterKeys = ["type", "event", "name", "userId", "anonymousId", "messageId"]

    init(fields call: CallFields, line: [UInt8], reasons: [CallReason]) {
        self.line = line
        self.reasons = reasons
        fields = Self.filterKeys.map { call.string($0) }
    }

    /// Received at `stamp` (an ISO-8601 time of `receivedAtPlaceholder`'s length): the line's
    /// last member is its `receivedAt`, its last 26 bytes `…"}`, and the time is written over
    /// the placeholder's bytes.
    mutating func stamp(_ stamp: [UInt8]) {
        let end = line.count - 2
        guard stamp.count == Self.receivedAtPlaceholder.utf8.count, end - stamp.count >= 0 else { return }
        line.replaceSubrange((end - stamp.count)..<end, with: stamp)
    }

    /// What a line carries until it is written, when the store stamps it: as long as any time
    /// `Timestamp.string` writes, so stamping only overwrites those bytes.
    static let receivedAtPlaceholder = "0000-00-00T00:00:00.000Z"

    /// The value of a filter key (one of `filterKeys`).
    func field(_ key: String) -> String? { Self.filterKeys.firstIndex(of: key).flatMap { fields[$0] } }

    /// Whether the call has `value` at every filter's path: a top-level key read when the call
    /// was received, or any dot path (`properties.service`), read from its line.
    func matches(_ filters: [(path: String, value: String)]) -> Bool {
        var tree: SourceValue?
        for filter in filters {
            if Self.filterKeys.contains(filter.path) {
                guard field(filter.path) == filter.value else { return false }
                continue
            }
            if tree == nil {
                var reader = JSONDocumentReader(bytes: line, start: 0)
                tree = try? reader.read()
            }
            guard let tree, let path = FilterPath(filter.path),
                path.values(in: tree).contains(where: { Self.value($0, is: filter.value) })
            else {
                return false
            }
        }
        return true
    }

    /// Whether a value is what a query parameter spells: a string by its code points; a number
    /// by value when the parameter is a number (`10.0`, `1e2`, `-0` as the client may have sent
    /// them — review 2026-11-27 N9); anything else as compact JSON.
    private static func value(_ value: SourceValue, is text: String) -> Bool {
        switch value.content {
        case .string(let string):
            return ValueComparison.sameText(string, text)
        case .integer, .real, .decimal:
            var reader = JSONDocumentReader(bytes: Array(text.utf8), start: 0)
            if let number = try? reader.read() {
                switch number.content {
                case .integer, .real, .decimal: return ValueComparison.sameScalar(value.content, number.content)
                default: break
                }
            }
            return ValueComparison.render(value) == text
        default:
            return ValueComparison.render(value) == text
        }
    }
}

/// A query filter's path: keys joined by dots, each maybe followed by `[N]` (that element) or
/// `[*]` (any element) — `properties.tags[0]`, `properties.items[*].sku`.
struct FilterPath {
    enum Step: Equatable {
        case key(String)
        case element(Int)
        case anyElement
    }

    let steps: [Step]

    /// Nil when malformed: an empty key, an unclosed or empty bracket, an index that is not a number.
    init?(_ text: String) {
        var steps: [Step] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let key = rest.prefix { $0 != "[" }
            guard !key.isEmpty else { return nil }
            steps.append(.key(String(key)))
            rest = rest.dropFirst(key.count)
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside == "*" {
                    steps.append(.anyElement)
                } else if let index = Int(inside), index >= 0, inside.allSatisfy(\.isNumber) {
                    steps.append(.element(index))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            }
        }
        self.steps = steps
    }

    /// Every value the path reaches (`[*]` may reach several).
    func values(in root: SourceValue) -> [SourceValue] {
        var current = [root]
        for step in steps {
            current = current.flatMap { value -> [SourceValue] in
                switch (step, value.content) {
                case (.key(let key), .dictionary(let members)):
                    return members.first { ValueComparison.sameText($0.key, key) }.map { [$0.value] } ?? []
                case (.element(let index), .array(let elements)): return index < elements.count ? [elements[index]] : []
                case (.anyElement, .array(let elements)): return elements
                default: return []
                }
            }
        }
        return current
    }
}

/// The calls `collect` received: each request's calls written to the output as whole lines
/// before the request is answered, the newest `maximumKept` good and as many bad kept for the
/// query API, and what was refused counted by status (SPEC §13).
///
/// Shared by every connection thread; one lock guards the output (lines stay whole and in the
/// order received, and a request that cannot be written whole is cut back out of a file), the
/// kept calls and the counts; a condition on it wakes queries that wait for a call.
package final class CollectorStore: @unchecked Sendable {
    package struct Counts: Sendable, Equatable {
        package var total = 0
        package var good = 0
        package var bad = 0
        /// The bad calls' reasons by rule.
        package var rules: [String: Int] = [:]
    }

    /// What the exit summary says.
    package struct Summary: Sendable {
        package var calls: Counts
        package var requests: Int
        /// Refused requests by status, ascending.
        package var refused: [(status: Int, count: Int)]
        package var outputFailed: Bool
    }

    /// The newest calls of one kind, in a ring: once full, `head` is the oldest.
    private struct Ring {
        var calls: [CollectedCall] = []
        var head = 0
        let capacity: Int
        /// Calls ever appended (a reset keeps counting): a waiting query looks only at the
        /// calls that came since it last looked.
        var appended = 0

        mutating func append(_ call: CollectedCall) {
            appended += 1
            if calls.count < capacity {
                calls.append(call)
            } else {
                calls[head] = call
                head = (head + 1) % capacity
            }
        }

        /// The `index`-th newest (0: the newest).
        func newest(_ index: Int) -> CollectedCall {
            calls[(head + calls.count - 1 - index) % calls.count]
        }
    }

    // Safe: everything below is read and written only under `condition`'s lock.
    private let condition = NSCondition()
    private let output: Int32
    /// Bytes written to the output, when it is a regular file (nil: a pipe or a terminal).
    private var outputLength: Int64?
    private var good: Ring
    private var bad: Ring
    private var counts = Counts()
    private var sinceStart = Counts()
    private var requests = 0
    private var isFinished = false
    private var refused: [Int: Int] = [:]
    private var outputFailed = false

    /// Whether the collector is stopping: a waiting query then answers with what it has at
    /// once, not at the end of its wait (the requests in progress get 5 s). Set before serving.
    package var isStopping: @Sendable () -> Bool = { false }

    package init(output: Int32, maximumKept: Int) {
        self.output = output
        good = Ring(capacity: max(maximumKept, 1))
        bad = Ring(capacity: max(maximumKept, 1))
        if let identity = Platform.identity(of: output), identity.isRegularFile {
            outputLength = Platform.fileSize(output)
        }
    }

    /// Writes the calls' lines and keeps them; false when the output cannot take them all (the
    /// request is then answered 503, so the client sends it again: what was written of it is cut
    /// back out of a file, so the retry leaves no broken or doubled line). `firstFailure` is
    /// called at the first failure.
    ///
    /// Each line's `receivedAt` is stamped here, under the lock, so the output is in the order
    /// of its times even when clients post at once.
    func record(_ received: consuming [CollectedCall], firstFailure: (String) -> Void = { _ in }) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isFinished else { return false }
        let stamp = Array(Timestamp.string(Int64(Date().timeIntervalSince1970 * 1000)).utf8)
        var calls = consume received  // each line stamped in place, not copied
        var bytes: [UInt8] = []
        bytes.reserveCapacity(calls.reduce(0) { $0 + $1.line.count + 1 })
        for index in calls.indices {
            calls[index].stamp(stamp)
            bytes += calls[index].line
            bytes.append(0x0A)
        }
        requests += 1
        guard Platform.writeAll(bytes, to: output) else {
            let reason = Platform.lastErrorMessage
            if let length = outputLength { _ = Platform.truncate(output, to: length) }
            if !outputFailed { firstFailure(reason) }
            outputFailed = true
            return false
        }
        if let length = outputLength { outputLength = length + Int64(bytes.count) }
        for call in calls {
            if call.isGood { good.append(call) } else { bad.append(call) }
            for index in [0, 1] {
                var target = index == 0 ? counts : sinceStart
                target.total += 1
                if call.isGood { target.good += 1 } else { target.bad += 1 }
                for reason in call.reasons { target.rules[reason.rule, default: 0] += 1 }
                if index == 0 { counts = target } else { sinceStart = target }
            }
        }
        condition.broadcast()
        return true
    }

    /// Counts a refused request; true when it is the first with that status.
    func countRefused(status: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        refused[status, default: 0] += 1
        return refused[status] == 1
    }

    /// Counts since the last reset.
    package var currentCounts: Counts {
        condition.lock()
        defer { condition.unlock() }
        return counts
    }

    package var summary: Summary {
        condition.lock()
        defer { condition.unlock() }
        return Summary(
            calls: sinceStart, requests: requests,
            refused: refused.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            outputFailed: outputFailed)
    }

    /// Kept calls of one kind matching every filter, oldest first: the newest `limit`. Scans
    /// from the newest and stops at the limit, without copying the store; with `waitSeconds`,
    /// waits up to that long for a first match.
    func calls(good wantGood: Bool, filters: [(path: String, value: String)], limit: Int?, waitSeconds: Int = 0)
        -> [CollectedCall]
    {
        let deadline = Date(timeIntervalSinceNow: TimeInterval(waitSeconds))
        condition.lock()
        defer { condition.unlock() }
        // The kept calls are scanned once; while the query waits, each wake-up looks only at
        // the calls that came since (review 2026-11-27 N3: every arrival used to rescan
        // everything kept, for every waiter).
        var unseen = (wantGood ? good : bad).calls.count
        var seenAppended = (wantGood ? good : bad).appended
        while true {
            let ring = wantGood ? good : bad
            var found: [CollectedCall] = []
            var index = 0
            while index < min(unseen, ring.calls.count), found.count < (limit ?? .max) {
                let call = ring.newest(index)
                if call.matches(filters) { found.append(call) }
                index += 1
            }
            guard found.isEmpty, waitSeconds > 0 else { return found.reversed() }
            // Woken by each arrival, and every 100 ms to see whether the collector is stopping
            // (N2: a stop answered a 30 s wait only at its end).
            var woken = false
            while !woken {
                if isStopping() || Date() >= deadline { return [] }
                _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.1)))
                woken = (wantGood ? good : bad).appended != seenAppended
            }
            let now = (wantGood ? good : bad).appended
            unseen = now - seenAppended
            seenAppended = now
        }
    }

    /// Takes no more calls: after it, a request left behind at a stop is answered 503 and
    /// nothing of it is written, so the output can be closed whole. Waits for a write under way.
    package func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Forgets the kept calls and the counts (the output keeps everything).
    func reset() {
        condition.lock()
        good = Ring(capacity: good.capacity, appended: good.appended)
        bad = Ring(capacity: bad.capacity, appended: bad.appended)
        counts = Counts()
        condition.unlock()
    }
}
