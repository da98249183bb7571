/// A timer on the virtual clock, as `AppRuntime.schedule(after:named:for:_:)` returns it: the
/// handle to cancel it with.
public struct VirtualTimer: Hashable, Sendable {
    /// Unique in its runtime, in scheduling order (which breaks ties between equal due times).
    public let id: Int
    /// When it falls due, in milliseconds since the Unix epoch.
    public let due: Int64
}

/// The run loop's timers on the virtual clock (SPEC §9): what is due when, fired in due order
/// (scheduling order for equal instants) by `AppRuntime` as the clock passes them. BlocksKit's
/// `bk_performAfterDelay:` and its cancellation, without a wall clock.
///
/// A handful of timers are pending at a time (one per dwelling screen, plus an embedder's), so
/// they are kept in one array sorted by due time, and `nextDue` is cached for the check every
/// clock move makes: `Int64.max` when nothing is pending, so that check is one comparison.
/// Owner: one runtime; one thread.
struct VirtualTimers {
    /// A pending timer: what it runs, and what `--trace` says about it.
    struct Pending {
        let timer: VirtualTimer
        /// `dwell`, or the embedder's name for it.
        let name: String
        /// The instance it belongs to, if any (its slot and instance number).
        let controller: Int?
        let instance: Int?
        let body: (AppRuntime) throws(ReplayStop) -> Void
    }

    /// Sorted by (due, id).
    private var pending: [Pending] = []
    private var nextID = 1
    /// The earliest due time, or `Int64.max`.
    private(set) var nextDue = Int64.max

    var isEmpty: Bool { pending.isEmpty }

    mutating func schedule(
        at due: Int64, name: String, controller: Int?, instance: Int?,
        _ body: @escaping (AppRuntime) throws(ReplayStop) -> Void
    ) -> Pending {
        let timer = VirtualTimer(id: nextID, due: due)
        nextID += 1
        let entry = Pending(timer: timer, name: name, controller: controller, instance: instance, body: body)
        // After every timer due at the same instant or earlier: equal instants fire in scheduling order.
        let index = pending.firstIndex { $0.timer.due > due } ?? pending.count
        pending.insert(entry, at: index)
        nextDue = pending[0].timer.due
        return entry
    }

    /// Removes a pending timer; nil when it already fired or was cancelled.
    mutating func cancel(_ timer: VirtualTimer) -> Pending? {
        guard let index = pending.firstIndex(where: { $0.timer == timer }) else { return nil }
        let removed = pending.remove(at: index)
        nextDue = pending.first?.timer.due ?? .max
        return removed
    }

    /// Takes the earliest timer if it is due at or before `instant`.
    mutating func popDue(by instant: Int64) -> Pending? {
        guard nextDue <= instant else { return nil }
        let first = pending.removeFirst()
        nextDue = pending.first?.timer.due ?? .max
        return first
    }

    /// Drops every pending timer: a killed app's run loop is gone.
    mutating func removeAll() {
        pending.removeAll()
        nextDue = .max
    }
}
