/// Hands events to the sink: assigns each its seeded `messageId`, encodes it once into a
/// reusable buffer, and lets one observer (expectations, golden comparison) see it.
public final class EventEmitter {
    private let encoder: EventEncoder
    private let sink: EventSink
    @exclusivity(unchecked) private var ids: IDGenerator
    private let line = LineBuffer()
    @exclusivity(unchecked) private var timestamps = TimestampCache()
    /// Sees every event after the sink took it; may stop the replay.
    var observer: ((Event, UnsafeRawBufferPointer) throws(ReplayStop) -> Void)?
    /// Events emitted so far.
    @exclusivity(unchecked) public private(set) var count = 0

    /// `seed` gives the `anonymousId` and every `messageId`, so equal seeds give equal bytes.
    public init(sink: EventSink, seed: UInt64) {
        var ids = IDGenerator(seed: seed)
        encoder = EventEncoder(anonymousID: ids.next())
        self.ids = ids
        self.sink = sink
    }

    public func emit(_ event: consuming Event) throws(ReplayStop) {
        if event.kind != .trace { event.messageID = ids.next() }
        line.removeAll()
        encoder.encode(event, into: line, timestamps: &timestamps)
        do {
            try sink.receive(event, line: line.bytes)
        } catch {
            switch error {
            case .closed: throw .outputClosed
            case .failed(let message): throw .sink(message)
            }
        }
        count += 1
        try observer?(event, line.bytes)
    }
}
