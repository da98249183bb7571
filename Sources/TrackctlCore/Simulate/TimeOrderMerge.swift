import Foundation
import TrackctlModel

/// `simulate --order time` (SPEC §12): every user's events merged by timestamp, ties by user
/// index — the stream a collector sees in production — in bounded memory.
///
/// Users are taken in order of their start time. Each runs whole into memory (`UserEvents`)
/// when the merge reaches its start. A user's events never go back in time (the virtual clock
/// only moves forward) and start at its start time, so an event at time t can be written once
/// every user starting at or before t has run. The users held are those whose events are not
/// all written — with session gaps of hours, nearly every user of the day. So when what they
/// hold passes `memoryBudget`, their remaining events are merged into one sorted run in an
/// anonymous temporary file (`SpilledRun`, gone when closed — also on a signal or a crash),
/// and the merge goes on over the runs and the users held since: an external merge, as
/// `sort` does. Memory: the budget, a read buffer per run, and the start order itself (16
/// bytes per user of the shard); disk: the events spilled, read back once.
enum TimeOrderMerge {
    /// Where the merge takes its next line from: a user held in memory, or a run on disk.
    protocol Cursor: AnyObject {
        var nextTime: Int64 { get }
        var nextUser: Int { get }
        var isExhausted: Bool { get }
        /// Hands the next line to `sink` and moves past it.
        func writeNext(to sink: EventSink, lifetime: LineLifetime) throws(SinkError)
    }

    /// One user's events, run ahead: the lines back to back, with each line's end and time.
    final class UserEvents: EventSink, Cursor {
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
        var nextUser: Int { user }
        /// What it holds, for the budget: its bytes and 16 bytes of bookkeeping a line.
        var footprint: Int { bytes.count + 16 * times.count }

        /// The bytes of line `index`.
        func line(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

        func writeNext(to sink: EventSink, lifetime: LineLifetime) throws(SinkError) {
            let range = line(next)
            let time = times[next]
            next += 1
            var failure: SinkError?
            bytes.withUnsafeBytes { raw in
                defer { lifetime.end() }
                do throws(SinkError) {
                    try sink.receive(
                        EventLine(UnsafeRawBufferPointer(rebasing: raw[range]), timestamp: time, lifetime: lifetime),
                        event: nil)
                } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Events merged by (time, user) into an anonymous temporary file, read back in order
    /// through a buffer of its own. A record: time (8 bytes), user (8), length (4), the line.
    final class SpilledRun: Cursor {
        private static let headerSize = 20
        private let descriptor: Int32
        private var buffer: [UInt8] = []
        /// The unread bytes of `buffer`.
        private var start = 0
        private var end = 0
        /// Where the next read from the file starts, and where the file ends.
        private var fileOffset: Int64 = 0
        private var fileSize: Int64 = 0
        private(set) var nextTime: Int64 = 0
        private(set) var nextUser = 0
        private var lineLength = 0
        private(set) var isExhausted = false

        /// Writes the remaining events of `users`, merged, to a new temporary file in `folder`.
        init(merging users: [UserEvents], in folder: String) throws(ReplayStop) {
            guard let descriptor = Platform.anonymousTemporaryFile(in: folder) else {
                throw .sink(
                    "--order time: cannot make a temporary file in \(folder) (\(Platform.lastErrorMessage)); set "
                        + "TMPDIR to a folder with room"
                )
            }
            self.descriptor = descriptor
            var heap = MinHeap<UserEvents> { ($0.nextTime, $0.user) < ($1.nextTime, $1.user) }
            for user in users where !user.isExhausted { heap.insert(user) }
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 20)
            func put<T: FixedWidthInteger>(_ value: T) {
                withUnsafeBytes(of: value.littleEndian) { chunk.append(contentsOf: $0) }
            }
            while let user = heap.popFirst() {
                let range = user.line(user.next)
                put(user.nextTime)
                put(Int64(user.user))
                put(UInt32(range.count))
                chunk.append(contentsOf: user.bytes[range])
                user.next += 1
                if !user.isExhausted { heap.insert(user) }
                if chunk.count >= 1 << 20 || heap.isEmpty {
                    try Self.writeAll(chunk, to: descriptor, folder: folder)
                    fileSize += Int64(chunk.count)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            buffer = [UInt8](repeating: 0, count: 128 * 1024)
            try advance()
        }

        deinit { Platform.close(descriptor) }

        private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, folder: String) throws(ReplayStop) {
            guard
                let error = bytes.withUnsafeBytes({
                    Platform.writeAll($0.baseAddress, count: $0.count, to: descriptor).error
                })
            else { return }
            throw .sink(
                "--order time: the temporary file in \(folder) cannot be written (\(Platform.message(for: error))); "
                    + "set TMPDIR to a folder with room"
            )
        }

        /// Makes at least `count` unread bytes available, unless the file ends first.
        private func fill(_ count: Int) throws(ReplayStop) -> Bool {
            if end - start >= count { return true }
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    // Not nil: 0 < start < end: the buffer is not empty.
                    // swift-format-ignore: NeverForceUnwrap
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
                }
                end -= start
                start = 0
            }
            if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
            while end < count, fileOffset < fileSize {
                let read = buffer.withUnsafeMutableBytes {
                    // Not nil: end < count <= the buffer's count: not empty.
                    // swift-format-ignore: NeverForceUnwrap
                    Platform.read(descriptor, $0.baseAddress! + end, $0.count - end, at: fileOffset)
                }
                if read < 0, Platform.errorNumber == Platform.interrupted { continue }
                guard read > 0 else {
                    throw .sink("--order time: a temporary file cannot be read back (\(Platform.lastErrorMessage))")
                }
                end += read
                fileOffset += Int64(read)
            }
            return end - start >= count
        }

        private func integer<T: FixedWidthInteger>(at offset: Int, as: T.Type) -> T {
            buffer.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }

        /// Reads the next record's header, and makes its line available.
        private func advance() throws(ReplayStop) {
            guard try fill(Self.headerSize) else {
                isExhausted = true
                return
            }
            nextTime = integer(at: start, as: Int64.self)
            nextUser = Int(integer(at: start + 8, as: Int64.self))
            lineLength = Int(integer(at: start + 16, as: UInt32.self))
            guard try fill(Self.headerSize + lineLength) else {
                throw .sink("--order time: a temporary file ends inside a record")
            }
        }

        func writeNext(to sink: EventSink, lifetime: LineLifetime) throws(SinkError) {
            let range = (start + Self.headerSize)..<(start + Self.headerSize + lineLength)
            var failure: SinkError?
            buffer.withUnsafeBytes { raw in
                defer { lifetime.end() }
                do throws(SinkError) {
                    try sink.receive(
                        EventLine(
                            UnsafeRawBufferPointer(rebasing: raw[range]), timestamp: nextTime, lifetime: lifetime),
                        event: nil)
                } catch { failure = error }
            }
            if let failure { throw failure }
            start = range.upperBound
            do throws(ReplayStop) { try advance() } catch {
                if case .sink(let message) = error { throw .failed(message) }
                throw .failed("--order time: a temporary file cannot be read back")
            }
        }
    }

    /// What the merge held at most: for tests and the benchmark.
    struct Statistics {
        var mostUsersHeld = 0
        var mostBytesHeld = 0
        var runsSpilled = 0
    }

    /// Runs `users` of `population` with `runUser`, each into its own buffer, and writes their
    /// events to `sink` merged by time, spilling to `temporaryFolder` past `memoryBudget` bytes.
    @discardableResult
    static func run(
        _ users: Range<Int>, of population: Population, into sink: EventSink, memoryBudget: Int = 64 << 20,
        temporaryFolder: String = FileManager.default.temporaryDirectory.path,
        runUser: (Population.User, EventSink) throws(ReplayStop) -> Void
    ) throws(ReplayStop) -> Statistics {
        // Each user's start and index only (16 bytes; a whole `User` takes 56, for a
        // million users): the user is drawn again when it runs, as cheap as a few mixes.
        var order = users.map { (start: population.user(at: $0).start, user: $0) }
        order.sort { ($0.start, $0.user) < ($1.start, $1.user) }
        var heap = MinHeap<Cursor> { ($0.nextTime, $0.nextUser) < ($1.nextTime, $1.nextUser) }
        let lifetime = LineLifetime()
        var nextUser = 0
        var held: [ObjectIdentifier: UserEvents] = [:]
        var bytesHeld = 0
        var statistics = Statistics()
        while nextUser < order.count || !heap.isEmpty {
            // Run every user who starts before (or with) the earliest event waiting.
            while nextUser < order.count, heap.first.map({ order[nextUser].start <= $0.nextTime }) ?? true {
                let events = UserEvents(user: order[nextUser].user)
                try runUser(population.user(at: order[nextUser].user), events)
                nextUser += 1
                guard !events.isExhausted else { continue }
                heap.insert(events)
                held[ObjectIdentifier(events)] = events
                bytesHeld += events.footprint
                statistics.mostUsersHeld = max(statistics.mostUsersHeld, held.count)
                statistics.mostBytesHeld = max(statistics.mostBytesHeld, bytesHeld)
                if bytesHeld > memoryBudget {
                    // The users held go to disk as one sorted run; the runs already there stay.
                    let run = try SpilledRun(merging: Array(held.values), in: temporaryFolder)
                    heap.removeAll { $0 is UserEvents }
                    if !run.isExhausted { heap.insert(run) }
                    held.removeAll()
                    bytesHeld = 0
                    statistics.runsSpilled += 1
                }
            }
            guard let earliest = heap.popFirst() else { continue }
            do throws(SinkError) { try earliest.writeNext(to: sink, lifetime: lifetime) } catch {
                switch error {
                case .closed: throw .outputClosed
                case .failed(let message): throw .sink(message)
                }
            }
            if !earliest.isExhausted {
                heap.insert(earliest)
            } else if let user = earliest as? UserEvents {
                held[ObjectIdentifier(user)] = nil
                bytesHeld -= user.footprint
            }
        }
        return statistics
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

    /// Removes the elements `matching` says, and restores the order of the rest.
    mutating func removeAll(where matching: (Element) -> Bool) {
        let kept = elements.filter { !matching($0) }
        elements.removeAll(keepingCapacity: true)
        for element in kept { insert(element) }
    }

    mutating func popFirst() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let first = elements.removeLast()
        siftDown()
        return first
    }

    /// Puts `element` in the first one's place: a pop and an insert in one sift, for a merge
    /// whose first stream has just moved on to its next line.
    mutating func replaceFirst(with element: Element) {
        elements[0] = element
        siftDown()
    }

    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count, precedes(elements[left], elements[smallest]) { smallest = left }
            if right < elements.count, precedes(elements[right], elements[smallest]) { smallest = right }
            guard smallest != parent else { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
