/// Hands events to the sink: assigns each its seeded `messageId`, encodes it once into a
/// reusable buffer, and lets one observer (expectations, golden comparison) see it.
public final class EventEmitter {
    private let encoder: EventEncoder
    private let sink: EventSink
    private var ids: IDGenerator
    private var buffer: [UInt8] = []
    /// Sees every event after the sink took it; may stop the replay.
    var observer: ((Event, ArraySlice<UInt8>) throws(ReplayStop) -> Void)?
    /// Events emitted so far.
    public private(set) var count = 0

    /// `seed` gives the `anonymousId` and every `messageId`, so equal seeds give equal bytes.
    public init(sink: EventSink, seed: UInt64) {
        var ids = IDGenerator(seed: seed)
        encoder = EventEncoder(anonymousID: ids.next())
        self.ids = ids
        self.sink = sink
        buffer.reserveCapacity(4096)
    }

    public func emit(_ event: Event) throws(ReplayStop) {
        var event = event
        if event.kind != .trace { event.messageID = ids.next() }
        buffer.removeAll(keepingCapacity: true)
        encoder.encode(event, into: &buffer)
        do {
            try sink.receive(event, line: buffer[...])
        } catch {
            switch error {
            case .closed: throw .outputClosed
            case .failed(let message): throw .sink(message)
            }
        }
        count += 1
        try observer?(event, buffer[...])
    }
}
