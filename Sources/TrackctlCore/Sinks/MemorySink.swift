/// Keeps every event and its line in memory: the test double, and the sink for embedding
/// trackctl in another program.
public final class MemorySink: EventSink {
    public let capabilities: SinkCapabilities = [.events]
    public private(set) var events: [Event] = []
    public private(set) var lines: [String] = []

    public init() {}

    public func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        if let event { events.append(event) }
        lines.append(line.text)
    }
}
