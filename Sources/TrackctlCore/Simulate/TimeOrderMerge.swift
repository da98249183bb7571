/// `simulate --order time` (SPEC §12): every user's events merged by timestamp, ties by user
/// index — the stream a collector sees in production.
///
/// Users are taken in order of their start time. Each runs whole into memory (`UserEvents`)
/// when the merge reaches its start, and leaves memory once its last event is written: the
/// users held are those whose events overlap the merge's position — the users running at
/// once — never all of them. A user's events never go back in time (the virtual clock only
/// moves forward) and start at its start time, so an event at time t can be written once
/// every user starting at or before t has run.
///
/// The start order itself costs 16 bytes per user of the shard (16 MB for a million).
enum TimeOrderMerge {
    /// One user's events, run ahead: the lines back to back, with each line's end and time.
    final class UserEvents: EventSink {
        let capabilities: SinkCapabilities = []
        let user: Int
        private(set) var bytes: [UInt8] = []
        private(set) var ends: [Int] = []
        private(set) var times: [Int64] = []
        /// The next line to write.
        var next = 0

        init(user: Int) {
            self.user = user
        }

        func receive(_ line: EventLine, event: Event?) throws(SinkError) {
            line.withUnsafeBytes { bytes.append(contentsOf: $0) }
            ends.append(bytes.count)
            times.append(line.timestamp)
        }

        var isExhausted: Bool { next == times.count }
        var nextTime: Int64 { times[next] }

        /// Hands the next line to `sink`.
        func writeNext(to sink: EventSink, lifetime: LineLifetime) throws(SinkError) {
            let start = next == 0 ? 0 : ends[next - 1]
            let end = ends[next]
            let time = times[next]
            next += 1
            var failure: SinkError?
            bytes.withUnsafeBytes { raw in
                defer { lifetime.end() }
                do throws(SinkError) {
                    try sink.receive(EventLine(UnsafeRawBufferPointer(rebasing: raw[start..<end]), timestamp: time, lifetime: lifetime), event: nil)
                } catch { failure = error }
            }
            if let failure { throw failure }
        }

        /// Whether this user's next line goes before `other`'s.
        func precedes(_ other: UserEvents) -> Bool {
            (nextTime, user) < (other.nextTime, other.user)
        }
    }

    /// Runs `users` of `population` with `runUser`, each into its own buffer, and writes their
    /// events to `sink` merged by time. Returns the most users held at once.
    @discardableResult
    static func run(
        _ users: Range<Int>, of population: Population, into sink: EventSink,
        runUser: (Population.User, EventSink) throws(ReplayStop) -> Void
    ) throws(ReplayStop) -> Int {
        var order = users.map { (start: population.user($0).start, user: $0) }
        order.sort { ($0.start, $0.user) < ($1.start, $1.user) }
        var heap = MinHeap<UserEvents> { $0.precedes($1) }
        let lifetime = LineLifetime()
        var nextUser = 0
        var mostHeld = 0
        while nextUser < order.count || !heap.isEmpty {
            // Run every user who starts before (or with) the earliest event waiting.
            while nextUser < order.count, heap.first.map({ order[nextUser].start <= $0.nextTime }) ?? true {
                let events = UserEvents(user: order[nextUser].user)
                try runUser(population.user(order[nextUser].user), events)
                nextUser += 1
                if !events.isExhausted { heap.insert(events) }
                mostHeld = max(mostHeld, heap.count)
            }
            guard let earliest = heap.popFirst() else { continue }
            do throws(SinkError) { try earliest.writeNext(to: sink, lifetime: lifetime) } catch {
                switch error {
                case .closed: throw .outputClosed
                case .failed(let message): throw .sink(message)
                }
            }
            if !earliest.isExhausted { heap.insert(earliest) }
        }
        return mostHeld
    }
}

/// A binary min-heap ordered by `precedes`.
struct MinHeap<Element> {
    private var elements: [Element] = []
    private let precedes: (Element, Element) -> Bool

    init(precedes: @escaping (Element, Element) -> Bool) {
        self.precedes = precedes
    }

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }
    var first: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let first = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count, precedes(elements[left], elements[smallest]) { smallest = left }
            if right < elements.count, precedes(elements[right], elements[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
