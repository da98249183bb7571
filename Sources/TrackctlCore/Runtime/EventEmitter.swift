import TrackctlModel

/// Hands events to the sink: assigns each its seeded `messageId`, encodes it once into a
/// reusable buffer, and lets the observers (expectations, golden comparison) see it.
///
/// The `Event` value — strings and arrays, built per event — exists only when someone reads
/// it: the event observer, or a sink with `.events`. Otherwise the line is written straight from the
/// draft's interned parts.
public final class EventEmitter {
    private let encoder: EventEncoder
    /// The app, device, locale and time zone every event's context describes.
    public private(set) var environment: EventEnvironment
    private let sink: EventSink
    /// Whether events are built as values (for the sink or the observer).
    let readsEvents: Bool
    @exclusivity(unchecked) private var ids: IDGenerator
    private let line = LineBuffer()
    /// Ends each line handed to the sink when `receive` returns (checked in debug builds).
    private let lifetime = LineLifetime()
    @exclusivity(unchecked) private var timestamps = TimestampCache()
    /// See every event after the sink took it: as a value (expectations), as a line (golden
    /// comparison).
    private let eventObserver: ((Event) -> Void)?
    private let lineObserver: ((UnsafeRawBufferPointer) -> Void)?
    /// Sees each emitted line with where its call ends and the step that emitted it (the
    /// tracking plan's check, SPEC §14); nil when nobody checks.
    var callObserver: ((EmittedCall) -> Void)?
    /// Events emitted so far.
    @exclusivity(unchecked) public private(set) var count = 0
    /// Counts events by type and name (`simulate --summary`'s tally); nil when nobody asks.
    var counter: EventCounter?
    /// Events earlier than this are not written, counted or seen — their `messageId` is still
    /// drawn, so the ids of the events after stay those of a replay: `simulate --warmup`'s
    /// users, whose events before the window opens are left out.
    var notBefore: Int64 = .min

    /// `seed` gives the `anonymousId` and every `messageId`, so equal seeds give equal bytes.
    public init(
        sink: EventSink, seed: UInt64, environment: EventEnvironment = EventEnvironment(),
        eventObserver: ((Event) -> Void)? = nil, lineObserver: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) {
        var ids = IDGenerator(seed: seed)
        encoder = EventEncoder(anonymousID: ids.next(), environment: environment)
        self.environment = environment
        self.ids = ids
        self.sink = sink
        self.eventObserver = eventObserver
        self.lineObserver = lineObserver
        readsEvents = sink.capabilities.contains(.events) || eventObserver != nil
    }

    /// Another install (a simulated user, SPEC §12): the ids of `seed` from the start — a new
    /// `anonymousId`, no user id — and `environment`'s context, whose first bytes `contextStart`
    /// holds already (`EventEncoder.contextStart(of:)`).
    func startInstall(seed: UInt64, environment: EventEnvironment, contextStart: [UInt8]) {
        ids = IDGenerator(seed: seed)
        self.environment = environment
        encoder.setContextStart(contextStart)
        encoder.setIdentity(anonymousID: ids.next(), userID: nil)
    }

    /// `identify USERID`: the user id of every event from now on.
    func identify(_ userID: String) {
        encoder.setIdentity(anonymousID: encoder.anonymousID, userID: userID)
    }

    /// `reset`, as analytics-swift's `reset()`: no user id, and a new `anonymousId` — drawn
    /// from the seeded ids, so a replay stays deterministic.
    func reset() {
        encoder.setIdentity(anonymousID: ids.next(), userID: nil)
    }

    /// Emits `draft` now, in `context`, at `timestamp` on the virtual clock.
    func emit(_ draft: borrowing EventDraft, context: EventContextState, timestamp: Int64) throws(ReplayStop) {
        let messageID = draft.kind == .trace ? nil : ids.next()
        guard timestamp >= notBefore else { return }
        line.removeAll()
        // A screen view's own context names the screen viewed.
        encoder.encode(
            draft, context: context, screenIsName: draft.kind == .screen, messageID: messageID, timestamp: timestamp,
            into: line, timestamps: &timestamps)
        let event = readsEvents ? materialize(draft, context: context, messageID: messageID, timestamp: timestamp) : nil
        do {
            defer { lifetime.end() }
            try sink.receive(EventLine(line.bytes, timestamp: timestamp, lifetime: lifetime), event: event)
        } catch {
            switch error {
            case .closed: throw .outputClosed
            case .failed(let message): throw .sink(message)
            }
        }
        count += 1
        if let counter { counter.count(draft.kind, draft.name) }
        if let event { eventObserver?(event) }
        lineObserver?(line.bytes)
        if let callObserver {
            callObserver(
                EmittedCall(
                    line: line.bytes, callLength: encoder.callPrefixLength, step: context.step, script: context.script))
        }
    }

    private func materialize(
        _ draft: borrowing EventDraft, context: EventContextState, messageID: UUIDValue?, timestamp: Int64
    ) -> Event {
        let symbols = context.symbols
        let name = symbols.text(draft.name)
        let properties: [(key: String, value: EventValue)]
        switch draft.properties {
        case .prepared(let prepared): properties = symbols.properties(prepared)
        case .bytes: preconditionFailure("properties are rendered ahead only when nobody reads event values")
        case .list(let list): properties = list
        }
        return Event(
            kind: draft.kind, name: draft.kind == .identify ? encoder.userID ?? "" : name, properties: properties,
            context: context.materialize(kind: draft.kind, name: name), timestamp: timestamp, messageID: messageID,
            userID: draft.kind == .trace ? nil : encoder.userID)
    }
}

/// Counts the events an emitter writes, by kind and name, as they are written: how a summary
/// sees the events without the emitter knowing who asks (simulate's `EventTally`).
protocol EventCounter: AnyObject {
    func count(_ kind: Event.Kind, _ name: EventText)
}

/// One emitted line as a plan check reads it: valid only during the call.
struct EmittedCall {
    /// The whole JSON line.
    let line: UnsafeRawBufferPointer
    /// The line's first bytes up to its context: type, name, properties or traits.
    let callLength: Int
    /// The script line that emitted it, and its script when the run has several.
    let step: Int
    let script: String?
}
