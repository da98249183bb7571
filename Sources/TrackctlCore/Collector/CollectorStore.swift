import Foundation

/// One call `collect` received, as written to its output and kept for the query API: its line
/// and the fields the query filters on, not its parsed tree (a million kept calls must fit).
public struct CollectedCall: Sendable {
    /// The line written: the call as received, batch context merged, `receivedAt` added.
    public var json: String
    /// Why it is bad; empty when it is good.
    public var reasons: [String]
    /// The query API's filters, in `filterKeys` order: short strings are stored inline.
    private var fields: [String?]
    public var isGood: Bool { reasons.isEmpty }

    static let filterKeys = ["type", "event", "name", "userId", "anonymousId", "messageId"]

    init(fields call: CallFields, json: String, reasons: [String]) {
        self.json = json
        self.reasons = reasons
        fields = Self.filterKeys.map { call.string($0) }
    }

    /// The value of a filter key (one of `filterKeys`).
    func field(_ key: String) -> String? { Self.filterKeys.firstIndex(of: key).flatMap { fields[$0] } }
}

/// The calls `collect` received: each written to the output as one whole line before its
/// request is answered, the newest `maximumKept` kept for the query API (SPEC §13).
///
/// Shared by every connection thread; a lock guards the output (lines stay whole and in the
/// order received) and the kept calls.
public final class CollectorStore: @unchecked Sendable {
    public struct Counts: Sendable, Equatable {
        public var total = 0
        public var good = 0
        public var bad = 0
    }

    // Safe: everything below is read and written only under `lock`.
    private let lock = NSLock()
    private let output: Int32
    private let maximumKept: Int
    /// A ring: once full, `head` is the oldest.
    private var kept: [CollectedCall] = []
    private var head = 0
    private var counts = Counts()
    private var sinceStart = Counts()
    private var requests = 0
    private var refused = 0
    private var outputFailed = false

    public init(output: Int32, maximumKept: Int) {
        self.output = output
        self.maximumKept = max(maximumKept, 1)
    }

    /// Writes the calls' lines and keeps them; false when the output cannot be written (the
    /// request is then answered 503, so the client sends it again).
    func record(_ calls: [CollectedCall]) -> Bool {
        var bytes: [UInt8] = []
        for call in calls {
            bytes += call.json.utf8
            bytes.append(0x0A)
        }
        lock.lock()
        defer { lock.unlock() }
        requests += 1
        guard write(bytes) else {
            outputFailed = true
            return false
        }
        for call in calls {
            if kept.count < maximumKept {
                kept.append(call)
            } else {
                kept[head] = call
                head = (head + 1) % maximumKept
            }
            for index in [0, 1] {
                var target = index == 0 ? counts : sinceStart
                target.total += 1
                if call.isGood { target.good += 1 } else { target.bad += 1 }
                if index == 0 { counts = target } else { sinceStart = target }
            }
        }
        return true
    }

    func countRefused() {
        lock.lock()
        refused += 1
        lock.unlock()
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        Platform.writeAll(bytes, to: output)
    }

    /// Counts since the last reset.
    public var currentCounts: Counts {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    /// What the exit summary says: since the start, and requests answered and refused.
    public var summary: (calls: Counts, requests: Int, refused: Int, outputFailed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (sinceStart, requests, refused, outputFailed)
    }

    /// Kept calls, oldest first, good or bad, those matching every filter; the newest `limit`.
    func calls(good: Bool, filters: [String: String], limit: Int?) -> [CollectedCall] {
        lock.lock()
        let ordered = Array(kept[head...] + kept[..<head])
        lock.unlock()
        let matching = ordered.filter { call in
            call.isGood == good && filters.allSatisfy { key, value in call.field(key) == value }
        }
        guard let limit, limit < matching.count else { return matching }
        return Array(matching.suffix(limit))
    }

    /// Forgets the kept calls and the counts (the output keeps everything).
    func reset() {
        lock.lock()
        kept.removeAll()
        head = 0
        counts = Counts()
        lock.unlock()
    }
}
