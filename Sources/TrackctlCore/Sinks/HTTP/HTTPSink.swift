import Foundation
import Synchronization
import TrackctlModel

/// The flags of `--sink http://…` (SPEC §6.1), with their defaults.
public struct HTTPSinkOptions: Sendable {
    public var batchEvents = 100
    /// Wall time after which a partial batch is sent anyway.
    public var flushIntervalMilliseconds = 1000
    public var timeoutMilliseconds = 10_000
    public var retries = 5
    public var backoffMilliseconds = 500
    public var deadLetter = "trackctl-dead-letter.jsonl"
    public var maxInFlight = 4
    /// `--header 'Name: value'`; values are secrets, never printed.
    public var headers: [(name: String, value: String)] = []
    /// `TRACKCTL_WRITE_KEY`: sent as Segment does, HTTP Basic with the key as user name.
    public var writeKey: String?
    /// Draws the backoff's jitter (`--seed`).
    public var seed: UInt64 = 1
    /// Said at once when a first attempt fails, so a wrong port is not silence until every
    /// retry is spent (from the delivery thread).
    public var notices: @Sendable (String) -> Void = { _ in }

    /// SPEC §6.1's limits (`SegmentLimits`, shared with `collect`).
    public static let maximumBatchEvents = SegmentLimits.maximumBatchEvents
    public static let maximumBatchBytes = SegmentLimits.maximumBatchBytes
    public static let maximumEventBytes = SegmentLimits.maximumEventBytes
    public static let longestBackoffMilliseconds = 30_000
    /// How long the queue is given after SIGINT or SIGTERM before what is left is dead-lettered.
    public static let stopGraceMilliseconds = 5000

    public init() {}
}

/// What an HTTP sink did, for the summary line (SPEC §6.1).
public struct DeliveryReport: Sendable, Equatable {
    public var url: String
    public var events = 0
    public var delivered = 0
    public var deadLettered = 0
    /// Requests resent.
    public var retries = 0
    public var deadLetterFile: String
    /// Events that could be neither delivered nor written to the dead-letter file (it could not
    /// be written), with why.
    public var lost = 0
    public var deadLetterError: String?

    /// `http://127.0.0.1:8080/v1/batch: 1000 events, 998 delivered, 2 dead-lettered to
    /// trackctl-dead-letter.jsonl, 3 retries`
    public var summary: String {
        var text = "\(url): \(events) events, \(delivered) delivered, \(deadLettered) dead-lettered"
        if deadLettered > 0 { text += " to \(deadLetterFile)" }
        text += ", \(retries) \(retries == 1 ? "retry" : "retries")"
        if lost > 0 {
            text += "; \(lost) lost: the dead-letter file could not be written (\(deadLetterError ?? "unknown error"))"
        }
        return text
    }
}

/// `--sink http://HOST:PORT/PATH`: events in Segment batches to a collector, with retries, a
/// dead-letter file and backpressure (SPEC §6.1). The promise: every event it receives is
/// delivered (a 2xx answer to a batch that carried it) or written to the dead-letter file,
/// and the report says which.
///
/// - The replay's thread builds batches (`{"batch":[…],"sentAt":"…"}`, events as they are on
///   stdout, in order) and hands each closed one to `DeliveryQueue`, which holds at most
///   `maxInFlight` batches (queued plus the one being sent): when the collector is slower than
///   the replay, the replay waits there, and memory stays flat.
/// - One delivery thread sends them in order over one kept-alive connection and retries a
///   failed batch byte for byte, so events arrive in emission order and a collector can drop a
///   batch it acknowledged once.
/// - `close()` waits for the queue to drain; after SIGINT or SIGTERM it gives it 5 s, then
///   dead-letters what is left.
public final class HTTPSink: EventSink {
    public let capabilities: SinkCapabilities = [.batching, .close]
    let endpoint: HTTPEndpoint
    private let options: HTTPSinkOptions
    private let queue: DeliveryQueue
    private let deadLetters: DeadLetterFile
    private let delivery: DeliveryThread
    /// The batch being filled. Owner: the replay's thread.
    private var body = [UInt8]()
    private var offsets: [(start: Int, count: Int)] = []
    private var batchStarted: UInt64 = 0
    private var received = 0
    private static let batchStart = Array(#"{"batch":["#.utf8)
    /// `],"sentAt":"` + 24 + `"}`.
    private static let batchEndBytes = 13 + 24 + 2

    public init(endpoint: HTTPEndpoint, options: HTTPSinkOptions) {
        self.endpoint = endpoint
        self.options = options
        queue = DeliveryQueue(capacity: max(options.maxInFlight, 1))
        deadLetters = DeadLetterFile(path: options.deadLetter)
        var headers = options.headers
        if let key = options.writeKey {
            headers.insert(("Authorization", "Basic " + Data((key + ":").utf8).base64EncodedString()), at: 0)
        }
        let transport: HTTPTransport =
            endpoint.secure ? URLSessionTransport(endpoint: endpoint) : SocketTransport(endpoint: endpoint)
        delivery = DeliveryThread(
            queue: queue, transport: transport, headers: headers, options: options, deadLetters: deadLetters,
            url: endpoint.display)
        delivery.start()
        body.reserveCapacity(64 * 1024)
    }

    public func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        received += 1
        line.withUnsafeBytes { bytes in
            let json = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 1)])  // without the newline
            guard json.count <= HTTPSinkOptions.maximumEventBytes else {
                deadLetters.write(
                    json,
                    error:
                        "the event is \(json.count) bytes, over the \(HTTPSinkOptions.maximumEventBytes)-byte limit "
                        + "of an event",
                    attempts: 0)
                return
            }
            if !offsets.isEmpty,
                offsets.count == options.batchEvents
                    || body.count + 1 + json.count + Self.batchEndBytes > HTTPSinkOptions.maximumBatchBytes
            {
                closeBatch()
            }
            if offsets.isEmpty {
                body.append(contentsOf: Self.batchStart)
                batchStarted = DispatchTime.now().uptimeNanoseconds
            } else {
                body.append(UInt8(ascii: ","))
            }
            offsets.append((body.count, json.count))
            body.append(contentsOf: json)
            // A partial batch waits at most `--flush-interval` of wall time (checked every
            // 16 events: reading the clock per event would cost more than the check).
            if offsets.count & 15 == 0,
                DispatchTime.now().uptimeNanoseconds - batchStarted >= UInt64(options.flushIntervalMilliseconds)
                    * 1_000_000
            {
                closeBatch()
            }
        }
    }

    /// Ends the batch being filled and queues it (waiting for room: backpressure). `sentAt` is
    /// the virtual time of its last event: event and trace lines end with `"<timestamp>"}`.
    private func closeBatch() {
        guard let last = offsets.last else { return }
        let end = last.start + last.count
        let timestamp = last.count >= 26 ? Array(body[(end - 26)..<(end - 2)]) : Array("1970-01-01T00:00:00.000Z".utf8)
        body.append(contentsOf: Array(#"],"sentAt":""#.utf8))
        body.append(contentsOf: timestamp)
        body.append(contentsOf: Array(#""}"#.utf8))
        queue.put(Batch(body: body, events: offsets))
        body = []
        body.reserveCapacity(64 * 1024)
        offsets = []
    }

    /// Sends the partial batch; the queue keeps draining on its own.
    public func flush() throws(SinkError) {
        closeBatch()
    }

    /// Sends what is left and waits until every batch is delivered or dead-lettered — at most
    /// 5 s more after a stop signal.
    public func close() throws(SinkError) {
        closeBatch()
        queue.finish()
        delivery.join()
        deadLetters.close()
    }

    /// What the sink did so far; final after `close()`.
    public var report: DeliveryReport {
        var report = delivery.counts(url: endpoint.display, deadLetterFile: options.deadLetter)
        report.events = received
        report.deadLettered = deadLetters.written
        report.lost = deadLetters.lost
        report.deadLetterError = deadLetters.error
        return report
    }
}

/// A closed batch: its body, byte for byte what every attempt sends, and where each event is in
/// it (for the dead-letter file).
struct Batch: Sendable {
    let body: [UInt8]
    let events: [(start: Int, count: Int)]
}

/// The batches between the replay and the delivery thread: at most `capacity`, counting the one
/// being sent. `put` waits while it is full — unless a stop signal came, when waiting would
/// only delay the dead-lettering.
final class DeliveryQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [Batch] = []
    private var sending = 0
    private var finished = false

    init(capacity: Int) { self.capacity = capacity }

    func put(_ batch: Batch) {
        condition.lock()
        while batches.count + sending >= capacity, Platform.stopRequest == 0 {
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, or nil once `finish` was called and nothing is left. The batch counts
    /// as in flight until `done`.
    func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !finished { condition.wait() }
        guard !batches.isEmpty else { return nil }
        sending += 1
        return batches.removeFirst()
    }

    func done() {
        condition.lock()
        sending -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// What is still queued, taken out (a stop's deadline passed).
    func drain() -> [Batch] {
        condition.lock()
        defer { condition.unlock() }
        let left = batches
        batches.removeAll()
        condition.broadcast()
        return left
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}

/// `--dead-letter`: one line per event that ends without a 2xx, `{"event":…,"error":…,
/// "attempts":N}`, appended; the file is created only when something goes there. Written from
/// the replay's thread (an event over the size limit) and the delivery thread, under a lock.
final class DeadLetterFile: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var written = 0
        var lost = 0
        var error: String?
    }

    private let path: String
    private let state = Mutex(State())

    init(path: String) { self.path = path }

    var written: Int { state.withLock { $0.written } }
    var lost: Int { state.withLock { $0.lost } }
    var error: String? { state.withLock { $0.error } }

    func write(_ event: UnsafeRawBufferPointer, error reason: String, attempts: Int) {
        var line = Array(#"{"event":"#.utf8)
        line.append(contentsOf: event)
        line.append(contentsOf: Array(",\"error\":\(JSONText.quoted(reason)),\"attempts\":\(attempts)}\n".utf8))
        state.withLock { state in
            if state.descriptor < 0, state.error == nil {
                state.descriptor = Platform.open(path, Platform.appendCreateWriteOnly)
                if state.descriptor < 0 { state.error = Platform.lastErrorMessage }
            }
            guard state.descriptor >= 0, state.error == nil else { state.lost += 1; return }
            if let error = line.withUnsafeBytes({
                Platform.writeAll($0.baseAddress, count: $0.count, to: state.descriptor).error
            }) {
                state.error = Platform.message(for: error)
                state.lost += 1
                return
            }
            state.written += 1
        }
    }

    /// Every event of `batch`, with the same reason and attempts.
    func write(_ batch: Batch, error reason: String, attempts: Int) {
        batch.body.withUnsafeBytes { body in
            for event in batch.events {
                write(
                    UnsafeRawBufferPointer(rebasing: body[event.start..<(event.start + event.count)]), error: reason,
                    attempts: attempts)
            }
        }
    }

    func close() {
        state.withLock { state in
            if state.descriptor >= 0 {
                _ = Platform.fsync(state.descriptor)
                Platform.close(state.descriptor)
                state.descriptor = -1
            }
        }
    }
}

/// Sends the queued batches in order, retrying as SPEC §6.1 says: connection errors, timeouts,
/// 408, 429 and 5xx up to `retries` times, with exponential backoff and seeded jitter, or the
/// collector's `Retry-After`; other answers are final. A batch that ends without a 2xx goes to
/// the dead-letter file, event by event.
final class DeliveryThread: @unchecked Sendable {
    // Safe: the `var`s below and `transport` are used by the delivery thread alone (`start`'s
    // closure and what it calls); the counts other threads read are behind `tally`'s `Mutex`.
    private let queue: DeliveryQueue
    private let transport: HTTPTransport
    private let headers: [(name: String, value: String)]
    private let options: HTTPSinkOptions
    private let deadLetters: DeadLetterFile
    private var jitter: IDGenerator
    private let tally = Mutex((delivered: 0, retries: 0))
    private let finished = DispatchSemaphore(value: 0)
    private let url: String
    /// Whether a failed attempt has been said (only the first is).
    private var announced = false

    init(
        queue: DeliveryQueue, transport: HTTPTransport, headers: [(name: String, value: String)],
        options: HTTPSinkOptions, deadLetters: DeadLetterFile,
        url: String
    ) {
        self.url = url
        self.queue = queue
        self.transport = transport
        self.headers = headers
        self.options = options
        self.deadLetters = deadLetters
        jitter = IDGenerator(seed: options.seed ^ 0x6874_7470_6a69_7474)
    }

    func start() {
        let thread = Thread { [self] in
            while let batch = queue.take() {
                deliver(batch)
                queue.done()
            }
            transport.close()
            finished.signal()
        }
        thread.name = "trackctl-http"
        thread.start()
    }

    /// Waits until the queue is drained: every batch delivered or dead-lettered.
    func join() {
        finished.wait()
    }

    func counts(url: String, deadLetterFile: String) -> DeliveryReport {
        let (delivered, retries) = tally.withLock { $0 }
        return DeliveryReport(url: url, delivered: delivered, retries: retries, deadLetterFile: deadLetterFile)
    }

    /// When a stop signal came, the time left of the 5 s grace, in milliseconds (0: over);
    /// nil when no signal came. The first call after the signal starts the grace.
    private func graceLeft() -> Int? {
        guard Platform.stopRequest != 0 else { return nil }
        if stopDeadline == 0 {
            stopDeadline =
                DispatchTime.now().uptimeNanoseconds + UInt64(HTTPSinkOptions.stopGraceMilliseconds) * 1_000_000
        }
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= stopDeadline ? 0 : Int((stopDeadline - now) / 1_000_000)
    }
    private var stopDeadline: UInt64 = 0

    private func deliver(_ batch: Batch) {
        var attempts = 0
        while true {
            if graceLeft() == 0 { return deadLetter(batch, Self.stopReason, attempts: attempts) }
            attempts += 1
            let timeout = min(options.timeoutMilliseconds, graceLeft() ?? .max)
            let result = transport.post(batch.body, headers: headers, timeoutMilliseconds: max(timeout, 1))
            let reason: String
            var retryAfter: Double?
            switch result {
            case .answered(let status, _) where (200..<300).contains(status):
                tally.withLock { $0.delivered += batch.events.count }
                return
            case .answered(let status, let after) where status == 408 || status == 429 || (500..<600).contains(status):
                reason = "HTTP \(status)"
                retryAfter = after
            case .answered(let status, _):
                return deadLetter(batch, "HTTP \(status) (final: not retried)", attempts: attempts)
            case .failed(let message):
                reason = message
            }
            guard attempts <= options.retries else { return deadLetter(batch, reason, attempts: attempts) }
            if !announced {
                announced = true
                options.notices(
                    "\(url): \(reason); retrying (up to \(plural(options.retries, "time")) a batch, with backoff); "
                        + "what cannot be delivered goes to \(options.deadLetter)")
            }
            tally.withLock { $0.retries += 1 }
            pause(retryAfter.map { Int(($0 * 1000).rounded()) } ?? backoff(attempt: attempts))
        }
    }

    /// `--backoff` doubled per attempt, capped at 30 s, ±50% jitter from the seed.
    private func backoff(attempt: Int) -> Int {
        let base = min(
            Double(options.backoffMilliseconds) * pow(2, Double(attempt - 1)),
            Double(HTTPSinkOptions.longestBackoffMilliseconds))
        let unit = Double(jitter.nextUInt64() >> 11) / Double(1 << 53)  // [0, 1)
        return Int((base * (0.5 + unit)).rounded())
    }

    /// Sleeps `milliseconds`, cut short by the end of a stop's grace.
    private func pause(_ milliseconds: Int) {
        var left = milliseconds
        while left > 0 {
            if graceLeft() == 0 { return }
            let step = min(left, 50)
            Thread.sleep(forTimeInterval: Double(step) / 1000)
            left -= step
        }
    }

    private static let stopReason = "not delivered within the 5 s given after the stop signal"

    /// Writes every event of `batch` to the dead-letter file; once a stop's grace is over, the
    /// batches still queued go the same way, never sent.
    private func deadLetter(_ batch: Batch, _ reason: String, attempts: Int) {
        deadLetters.write(batch, error: reason, attempts: attempts)
        if graceLeft() == 0 {
            for left in queue.drain() { deadLetters.write(left, error: Self.stopReason, attempts: 0) }
        }
    }
}
