/// Keeps every event and its line in memory: the test double, and the sink for embedding
/// trackctl in another program.
package final class MemorySink: EventSink {
    package let capabilities: SinkCapabilities = [.events]
    package private(set) var events: [Event] = []
    package private(set) var lines: [String] = []

    package init() {}

    package func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        if let event { events.append(event) }
        lines.append(line.text)
    }
}
