/// Where events go. A sink receives each event, already encoded once as a JSON line, in order.
/// Sinks that read the event's fields (not only its line) say so with `.events`; only then is
/// the `Event` value built.
///
/// Capabilities are declared once, as `capabilities`, and read when the sink is registered —
/// nothing is re-asked per event (the cached `respondsToSelector:` idea).
///
/// A minimal sink:
///
/// ```swift
/// final class CountingSink: EventSink {
///     let capabilities: SinkCapabilities = []
///     private(set) var count = 0
///     func receive(_ line: EventLine, event: Event?) throws(SinkError) { count += 1 }
/// }
/// ```
public protocol EventSink: AnyObject {
    /// What this sink needs besides `receive`; read once at registration.
    var capabilities: SinkCapabilities { get }
    /// Called once per event, in order. `line` is the event's JSON and its final newline; it
    /// is valid only during the call (copy what you keep: `line.bytes`, `line.text`). `event`
    /// is the same event as a value when `capabilities` has `.events`, else nil.
    func receive(_ line: EventLine, event: Event?) throws(SinkError)
    /// Writes anything buffered; called only if `capabilities` has `.flush`.
    func flush() throws(SinkError)
    /// Flushes, syncs and releases; called once at the end only if `capabilities` has `.close`.
    func close() throws(SinkError)
}

extension EventSink {
    public func flush() throws(SinkError) {}
    public func close() throws(SinkError) {}
}

/// What a sink supports beyond receiving events.
public struct SinkCapabilities: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Buffers output: `flush()` must be called before the process ends.
    public static let flush = SinkCapabilities(rawValue: 1 << 0)
    /// Holds a resource: `close()` must be called once at the end.
    public static let close = SinkCapabilities(rawValue: 1 << 1)
    /// Groups events before delivery (the HTTP sink); its `flush()` sends a partial batch.
    public static let batching = SinkCapabilities(rawValue: 1 << 2)
    /// Reads events as values, not only their lines (the in-memory sink).
    public static let events = SinkCapabilities(rawValue: 1 << 3)
}

/// Why a sink could not take an event.
public enum SinkError: Error, Sendable, Equatable {
    /// The reader went away (a closed pipe: `trackctl replay … | head -1`). Not a failure: the
    /// replay stops quietly.
    case closed
    /// Anything else, with a message for stderr.
    case failed(String)
}
