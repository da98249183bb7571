/// Fans each event out to several sinks, in the order given (`--sink` repeated). Itself a sink.
/// Each sink's capabilities are read once here, at registration.
public final class MultiplexSink: EventSink {
    private let sinks: [EventSink]
    private let needsFlush: [EventSink]
    private let needsClose: [EventSink]
    public let capabilities: SinkCapabilities

    public init(_ sinks: [EventSink]) {
        self.sinks = sinks
        needsFlush = sinks.filter { $0.capabilities.contains(.flush) || $0.capabilities.contains(.batching) }
        needsClose = sinks.filter { $0.capabilities.contains(.close) }
        capabilities = sinks.reduce(into: SinkCapabilities()) { $0.formUnion($1.capabilities) }
    }

    public func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        for sink in sinks { try sink.receive(line, event: event) }
    }

    public func flush() throws(SinkError) {
        for sink in needsFlush { try sink.flush() }
    }

    /// Closes every sink that needs it, even if one fails; reports the first failure.
    public func close() throws(SinkError) {
        var firstError: SinkError?
        for sink in needsClose {
            do { try sink.close() } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }
}
