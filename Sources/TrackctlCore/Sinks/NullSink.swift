/// `null` — discards every event; for benchmarks of everything but output.
package final class NullSink: EventSink {
    package let capabilities: SinkCapabilities = []
    package init() {}
    package func receive(_ line: EventLine, event: Event?) throws(SinkError) {}
}
