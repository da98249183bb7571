/// Fans each event out to several sinks, in the order given (`--sink` repeated). Itself a sink.
/// Each sink's capabilities are read once here, at registration.
///
/// One sink ending does not cut the others short (SPEC §6): a sink whose reader went away
/// (`| head -1` on stdout) is dropped quietly, a sink that fails (a full disk) is dropped and
/// its error kept, and the others receive every event. When no sink is left, `receive` throws:
/// `.closed` if they all closed, else the first failure. The failures are reported again by
/// `flush` and `close`, after the others have been flushed and closed, so the replay can end
/// with exit 1 once every healthy sink has everything.
package final class MultiplexSink: EventSink {
    private let sinks: [EventSink]
    /// Whether each sink still receives events.
    @exclusivity(unchecked) private var active: [Bool]
    @exclusivity(unchecked) private var activeCount: Int
    /// The messages of the sinks that failed, in order.
    @exclusivity(unchecked) package private(set) var failures: [String] = []
    package let capabilities: SinkCapabilities

    package init(_ sinks: [EventSink]) {
        self.sinks = sinks
        active = Array(repeating: true, count: sinks.count)
        activeCount = sinks.count
        capabilities = sinks.reduce(into: SinkCapabilities()) { $0.formUnion($1.capabilities) }
    }

    package func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        for index in sinks.indices where active[index] {
            do {
                try sinks[index].receive(line, event: event)
            } catch {
                end(index, error)
            }
        }
        if activeCount == 0 { throw failures.first.map(SinkError.failed) ?? .closed }
    }

    private func end(_ index: Int, _ error: SinkError) {
        active[index] = false
        activeCount -= 1
        if case .failed(let message) = error { failures.append(message) }
    }

    /// Flushes every sink still active; reports the failures, old and new, once all are done.
    package func flush() throws(SinkError) {
        for index in sinks.indices where active[index] {
            let capabilities = sinks[index].capabilities
            guard capabilities.contains(.flush) || capabilities.contains(.batching) else { continue }
            do { try sinks[index].flush() } catch { end(index, error) }
        }
        try reportFailures()
    }

    /// Closes every sink that needs it — also those that failed, which still hold a file —
    /// then reports the failures.
    package func close() throws(SinkError) {
        for index in sinks.indices where sinks[index].capabilities.contains(.close) {
            do { try sinks[index].close() } catch {
                if active[index] { end(index, error) }
            }
        }
        try reportFailures()
    }

    private func reportFailures() throws(SinkError) {
        if !failures.isEmpty { throw .failed(failures.joined(separator: "; ")) }
    }
}
