/// `null` — discards every event; for benchmarks of everything but output.
public final class NullSink: EventSink {
    public let capabilities: SinkCapabilities = []
    public init() {}
    public func receive(_ line: EventLine, event: Event?) throws(SinkError) {}
}
