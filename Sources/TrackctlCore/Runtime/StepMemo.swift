/// What the runtime worked out for a prepared step, kept on the step for the next script line
/// with the same text — as a call site keeps an inline cache of its last receiver class.
/// Generated and long scripts repeat the same lines, so what a line renders the same way every
/// time is rendered once.
///
/// Its memory goes with the step: when the script's step cache drops a step, its memo goes too,
/// so a script of a million distinct lines does not grow memory.
///
/// Its methods are `mutating` even when they only read: the memo is a stored property of a
/// class, and a non-mutating call on one works on a copy, which retains every field.
struct StepMemo {
    /// `select-row`'s arguments (`tableView`, `didSelectRowAtIndexPath` = "S-R"), built once.
    var rowArguments: [Argument]?
    /// The class a `push` or `present` makes.
    var madeClass: TrackingPlan.ClassInfo?
    /// The call plan of a `call` or `select-row` for the receiving class `callClass` (a symbol
    /// index); another receiving class replaces it.
    var callClass: UInt32 = .max
    var call: CallPlan?
    /// The call plan the hooks were rendered for: the receiver's class (and the selector).
    private var renderedPlan: ObjectIdentifier?
    /// By hook index; nil for hooks not rendered yet (constant ones never are).
    private var renderedHooks: [RenderedHook?] = []
    /// The rendered properties of every hook, back to back.
    private var renderedBytes: LineBuffer?

    /// A hook whose entry reads only the call (`PreparedEntry.readsOnlyTheCall`), rendered
    /// for this step.
    struct RenderedHook {
        let conditionsHold: Bool
        let name: EventText
        /// The properties object's bytes in `renderedBytes`.
        let offset: Int
        let count: Int
    }

    /// Hook `hook` of `call` as this step renders it, its properties object written into
    /// `properties`. Made with `values()` the first two times, or again after a call on another
    /// class (another plan); kept from the second time on.
    /// `symbols` is read only when something is rendered: a kept rendering is copied as it is.
    mutating func render(_ call: CallPlan, hook: Int, symbols: @autoclosure () -> SymbolTable, properties: LineBuffer,
                         values: () -> TemplateValues) -> (conditionsHold: Bool, name: EventText) {
        if renderedPlan == ObjectIdentifier(call), hook < renderedHooks.count, let known = renderedHooks[hook], let bytes = renderedBytes {
            properties.removeAll()
            properties.append(bytes.base + known.offset, count: known.count)
            return (known.conditionsHold, known.name)
        }
        let run = call.runs[hook]!
        let symbols = symbols()
        if renderedPlan != ObjectIdentifier(call) {
            // The first run on this plan renders straight into `properties` and keeps nothing:
            // in a script whose lines never repeat, most steps run once.
            renderedPlan = ObjectIdentifier(call)
            renderedHooks = []
            renderedBytes?.removeAll()
            let values = values()
            properties.removeAll()
            run.write(values, into: properties, symbols: symbols)
            return (run.entry.conditionsHold(values), Self.name(of: run.entry, values))
        }
        if renderedHooks.isEmpty { renderedHooks = Array(repeating: nil, count: call.runs.count) }
        let bytes: LineBuffer
        if let existing = renderedBytes { bytes = existing } else {
            bytes = LineBuffer(capacity: 256)
            renderedBytes = bytes
        }
        let rendered: RenderedHook
        if let known = renderedHooks[hook] {
            rendered = known
        } else {
            let values = values()
            let offset = bytes.count
            run.write(values, into: bytes, symbols: symbols)
            rendered = RenderedHook(conditionsHold: run.entry.conditionsHold(values), name: Self.name(of: run.entry, values),
                                    offset: offset, count: bytes.count - offset)
            renderedHooks[hook] = rendered
        }
        properties.removeAll()
        properties.append(bytes.base + rendered.offset, count: rendered.count)
        return (rendered.conditionsHold, rendered.name)
    }

    private static func name(of entry: PreparedEntry, _ values: TemplateValues) -> EventText {
        entry.constantLabelSymbol.map(EventText.symbol) ?? .text(entry.label.render(values))
    }
}
