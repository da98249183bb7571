/// Values computed once per integer key, where a replay asks for the same few keys over and
/// over (a screen entry and class as screens alternate): the last few keys are compared before
/// the dictionary is hashed.
///
/// Fast path. Owner: whoever stores it (`ScreenRenderings`); one thread. Lifetime: its owner's;
/// it keeps every value made, so keys must come from a bounded set (entries × classes).
/// Invalidation: none — a key must name everything its value depends on. `RecentMemoTests`
/// checks that recent and older keys give the values first made for them.
struct RecentMemo<Value> {
    private var recent: [(key: UInt64, value: Value)] = []
    private var nextRecent = 0
    private var all: [UInt64: Value] = [:]
    private let recentCount: Int

    init(recentCount: Int = 8) {
        self.recentCount = recentCount
    }

    /// The value of `key` if it is among the recent ones: the caller's fast path, with no
    /// closure to build. (`mutating` although it only reads: on a stored property of a class, a
    /// non-mutating call would work on a copy and retain the storage.)
    @inline(__always)
    mutating func recentValue(for key: UInt64) -> Value? {
        for index in recent.indices where recent[index].key == key { return recent[index].value }
        return nil
    }

    /// The value of `key`, made by `make` the first time.
    mutating func value(for key: UInt64, make: () -> Value) -> Value {
        if let known = recentValue(for: key) { return known }
        let value: Value
        if let known = all[key] {
            value = known
        } else {
            value = make()
            all[key] = value
        }
        if recent.count < recentCount {
            recent.append((key, value))
        } else {
            recent[nextRecent] = (key, value)
            nextRecent = (nextRecent + 1) % recentCount
        }
        return value
    }
}
