import Dispatch
import TrackctlModel

/// `simulate --realtime[=SPEED]` (SPEC §12): hands each line on no sooner than its timestamp
/// says, on a clock that runs `speed` times the wall clock from the first event — a collector
/// sees a soak test, not a backfill.
///
/// When the sink holds a line back (the HTTP sink's backpressure: its queue is full) and the
/// output falls behind by more than `slack`, the virtual clock is moved back by as much: the
/// lines after are paced from where the output really is, never sent in a burst to catch up,
/// and none is dropped. Lines due within a millisecond go on at once, so sleeps never add up.
///
/// The only wall clock in the engine, and used only when asked for. Owner: one simulation,
/// one thread.
final class RealtimePacing: EventSink {
    let capabilities: SinkCapabilities
    private let target: EventSink
    private let speed: Double
    /// The first line's virtual time and the wall time it was written (nanoseconds).
    private var origin: (virtual: Int64, wall: UInt64)?
    /// How late the output may run before the clock gives way.
    private let slack: UInt64 = 250_000_000
    /// Wall time the clock gave way to a slow sink, in all (for tests and the summary).
    private(set) var yielded: UInt64 = 0
    /// A byte stream (stdout, a file) is flushed at least this often while lines come, so none
    /// waits in its buffer longer (review 2026-11-27, simulate #2: at 80 events/s with no wait
    /// of 50 ms between them, lines were held up to 2.2 s and came in bursts of 221). An HTTP
    /// sink keeps its batches — a partial one every 50 ms multiplied the requests — and is
    /// flushed before a wait, as before.
    private let flushEvery: UInt64 = 50_000_000
    private var lastFlush: UInt64 = 0
    /// Told the virtual time reached, the lines handed on and the lag so far, after each line and
    /// during waits (a progress line; it throttles itself).
    var onProgress: ((_ virtual: Int64, _ lines: Int, _ yielded: UInt64) -> Void)?
    private var lines = 0
    private var latest: Int64 = 0

    init(_ target: EventSink, speed: Double) {
        self.target = target
        self.speed = speed
        capabilities = target.capabilities.subtracting(.events)
    }

    func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let origin else {
            origin = (line.timestamp, now)
            lines += 1
            latest = line.timestamp
            return try target.receive(line, event: event)
        }
        let virtual = Double(line.timestamp - origin.virtual) * 1_000_000 / speed
        let due = origin.wall &+ UInt64(max(virtual, 0))
        if due > now + 1_000_000 {
            // Ahead: before a wait long enough to notice, what is buffered goes out, so a reader
            // of stdout or a file sees each line within 50 ms of its time (a batching sink's
            // partial batch too: analytics SDKs flush on a timer as well).
            if due > now + flushEvery, !capabilities.isDisjoint(with: [.flush, .batching]) {
                try target.flush()
                lastFlush = now
            }
            try wait(until: due)
        } else if now > due + slack {
            self.origin?.wall += now - due
            yielded += now - due
        }
        try target.receive(line, event: event)
        lines += 1
        latest = line.timestamp
        onProgress?(latest, lines, yielded)
        if now >= lastFlush + flushEvery, capabilities.contains(.flush), !capabilities.contains(.batching) {
            try target.flush()
            lastFlush = now
        }
    }

    /// Sleeps until `due`, in steps of at most 200 ms so a stop signal is heard.
    private func wait(until due: UInt64) throws(SinkError) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < due else { return }
            if Platform.stopRequest != 0 { return }
            onProgress?(latest, lines, yielded)
            let milliseconds = Int32(min((due - now) / 1_000_000, 200))
            _ = Platform.wait(-1, forWriting: false, timeoutMilliseconds: max(milliseconds, 1))
        }
    }

    func flush() throws(SinkError) { try target.flush() }
    func close() throws(SinkError) { try target.close() }
}
