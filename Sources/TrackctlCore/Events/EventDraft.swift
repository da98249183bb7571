import TrackctlModel

/// An event as the runtime hands it to the emitter: what the hook decided (kind, name,
/// properties) in interned form where it can be. The emitter adds the context, the clock, the
/// ids, and writes the line from it directly; an `Event` value with strings is built from it
/// only for those who read events (expectations, golden comparison, the in-memory sink).
struct EventDraft {
    var kind: Event.Kind
    var name: EventText
    var properties: EventProperties
    /// The id of the SPOC entry that fired it, for coverage (SPEC §11); -1 for the events no
    /// entry fires (traces, lifecycle, screen time, an embedder's).
    var entry = -1
}

/// The properties of a draft: a constant run prepared once, an object rendered ahead as bytes
/// (when nobody reads event values), or a list (when someone does). Templates are rendered
/// before the draft is made — by the runtime, which owns them — so a draft carries only values.
enum EventProperties {
    case prepared(PreparedProperties)
    /// The properties object rendered already, as JSON bytes: in the context's scratch buffer
    /// or in a memo's rendered bytes. Valid until the draft is emitted — whoever makes the
    /// draft emits it at once, writing nothing in between. Only when nobody reads event values
    /// (the value path carries `.list`).
    case bytes(UnsafeRawBufferPointer)
    case list([(key: String, value: EventValue)])
}

/// The `context` of the events emitted now, kept up to date by the screen tracker as the
/// hierarchy changes (once per change, not once per event), with the stack already written
/// as JSON.
final class EventContextState {
    let symbols: SymbolTable
    // Written by the tracker and the runtime, read by the emitter, on one thread.
    /// The visible tracked screen, named as its screen view was (a screen view's own context
    /// names the screen viewed instead).
    @exclusivity(unchecked) var screen: EventText? { didSet { write(screen, into: screenJSON) } }
    /// The visible tracked screen before the latest change of it (SPEC §5): after a sheet is
    /// dismissed, the sheet. Set by `EventContextBuilder` when the visible screen changes.
    @exclusivity(unchecked) var previousScreen: EventText? {
        didSet { write(previousScreen, into: previousScreenJSON) }
    }
    /// `screen` and `previousScreen` as JSON (a string or `null`), written when they change:
    /// many events share them, and copying bytes is cheaper than copying an `EventText`.
    let screenJSON = LineBuffer(capacity: 64)
    let previousScreenJSON = LineBuffer(capacity: 64)
    @exclusivity(unchecked) private(set) var stack: [EventText] = []
    /// `stack` as a JSON array.
    let stackJSON = LineBuffer(capacity: 256)
    /// The script line being run.
    @exclusivity(unchecked) var step = 0
    /// The script's path, when several scripts run (SPEC §5); `scriptJSON` is
    /// `,"script":"…"`, or empty.
    @exclusivity(unchecked) var script: String? {
        didSet {
            scriptJSON.removeAll()
            guard let script else { return }
            scriptJSON.append(",\"script\":")
            JSONText.write(script, into: scriptJSON)
        }
    }
    let scriptJSON = LineBuffer(capacity: 64)
    /// Whether events are read as values: then `stack` is kept as labels too, and templated
    /// properties travel with their values instead of being written ahead.
    let readsEvents: Bool
    /// Where the properties of the event being emitted are rendered ahead
    /// (`EventProperties.bytes`); overwritten by the next event's.
    let scratch = LineBuffer(capacity: 512)

    init(symbols: SymbolTable, readsEvents: Bool = true) {
        self.symbols = symbols
        self.readsEvents = readsEvents
        stackJSON.append("[]")
        screenJSON.append("null")
        previousScreenJSON.append("null")
    }

    private func write(_ text: EventText?, into json: LineBuffer) {
        json.removeAll()
        if let text { symbols.write(text, into: json) } else { json.append("null") }
    }

    /// Starts a new stack, bottom first (`appendToStack`, then `endStack`). The list is
    /// rebuilt in place, without a new array per change.
    func beginStack() {
        if readsEvents { stack.removeAll(keepingCapacity: true) }
        stackJSON.removeAll()
        stackJSON.append(UInt8(ascii: "["))
    }

    func appendToStack(_ label: EventText) {
        if stackJSON.count > 1 { stackJSON.append(UInt8(ascii: ",")) }
        if readsEvents { stack.append(label) }
        symbols.write(label, into: stackJSON)
    }

    /// `appendToStack` for an interned label (the common case).
    func appendToStack(_ label: Symbol) {
        if stackJSON.count > 1 { stackJSON.append(UInt8(ascii: ",")) }
        if readsEvents { stack.append(.symbol(label)) }
        symbols.write(label, into: stackJSON)
    }

    func endStack() {
        stackJSON.append(UInt8(ascii: "]"))
    }

    /// The context as `Event` carries it, for an event of `kind` named `name`.
    func materialize(kind: Event.Kind, name: String) -> EventContext {
        EventContext(
            screen: kind == .screen ? name : screen.map(symbols.text),
            previousScreen: previousScreen.map(symbols.text), stack: stack.map(symbols.text), step: step, script: script
        )
    }
}
