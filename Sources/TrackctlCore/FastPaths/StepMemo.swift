import TrackctlModel

/// What the runtime worked out for a prepared step, kept on the step for the next script line
/// with the same text — as a call site keeps an inline cache of its last receiver class.
/// Generated and long scripts repeat the same lines, so what a line renders the same way every
/// time is rendered once.
///
/// Fast path. Owner: the `PreparedStep` it is stored in; one thread (the replay's). Lifetime:
/// the step's — when the script's `StepCache` drops a step, its memo goes too, so a script of a
/// million distinct lines does not grow memory. Invalidation: the renderings are keyed by the
/// call plan they were made for (its `id`, unique in the runtime, never reused: plans are never
/// dropped); a call on another class (another plan) starts over. Only hooks whose templates
/// read the call alone are memoized (`CallPlan.FiringStrategy.renderedPerStep`): the same
/// plan and the same line then render the same bytes. The golden replay
/// `Fixtures/replay/repeated-lines.trackscript` checks the first rule (one line, three classes),
/// `FastPathTests.aHookReadingTheScreenIsRenderedAtEveryFiring` the second.
///
/// Its methods are `mutating` even when they only read: the memo is a stored property of a
/// class, and a non-mutating call on one works on a copy, which retains every field.
struct StepMemo {
    /// `select-row`'s arguments (`tableView`, `didSelectRowAtIndexPath` = "S-R"), built once.
    var rowArguments: [Argument]?
    /// The class a `push` or `present` makes.
    var madeClass: SPOCHooks.ClassInfo?
    /// The call plan of a `call` or `select-row` for the receiving class `callClass` (a symbol
    /// index); another receiving class replaces it.
    var callClass: UInt32 = .max
    var call: CallPlan?
    /// The id of the call plan the hooks were rendered for (the receiver's class and the
    /// selector); -1 before any.
    private var renderedPlan = -1
    /// By hook index; nil for hooks not rendered yet (constant ones never are).
    private var renderedHooks: [RenderedHook?] = []
    /// The rendered properties of every hook, back to back.
    private var renderedBytes: LineBuffer?

    /// A hook rendered for this step.
    struct RenderedHook {
        let conditionsHold: Bool
        let name: EventText
        /// The properties object's bytes in `renderedBytes`.
        let offset: Int
        let count: Int
    }

    /// Hook `hook` of `call` as this step renders it: whether its `when` holds, its name, and
    /// its properties object — bytes valid until the next write to `scratch` or to this memo,
    /// so the caller emits them at once. Made with `values()` the first two times, or again
    /// after a call on another class (another plan); kept from the second time on.
    /// `symbols` is read only when something is rendered: a kept rendering is used as it is.
    mutating func render(
        _ call: CallPlan, hook: Int, run: PropertyRun, symbols: @autoclosure () -> SymbolTable, scratch: LineBuffer,
        values: () -> TemplateValues
    ) -> (conditionsHold: Bool, name: EventText, properties: UnsafeRawBufferPointer) {
        if renderedPlan == call.id, hook < renderedHooks.count, let known = renderedHooks[hook], let bytes = renderedBytes {
            return (known.conditionsHold, known.name, UnsafeRawBufferPointer(start: bytes.base + known.offset, count: known.count))
        }
        let symbols = symbols()
        if renderedPlan != call.id {
            // The first run on this plan renders into `scratch` and keeps nothing: in a script
            // whose lines never repeat, most steps run once.
            renderedPlan = call.id
            renderedHooks = []
            renderedBytes?.removeAll()
            let values = values()
            scratch.removeAll()
            run.write(values, into: scratch, symbols: symbols)
            return (run.entry.conditionsHold(values), Self.name(of: run.entry, values), scratch.bytes)
        }
        if renderedHooks.isEmpty { renderedHooks = Array(repeating: nil, count: call.hookCount) }
        let bytes: LineBuffer
        if let existing = renderedBytes {
            bytes = existing
        } else {
            bytes = LineBuffer(capacity: 256)
            renderedBytes = bytes
        }
        let values = values()
        let offset = bytes.count
        run.write(values, into: bytes, symbols: symbols)
        let rendered = RenderedHook(
            conditionsHold: run.entry.conditionsHold(values), name: Self.name(of: run.entry, values),
            offset: offset, count: bytes.count - offset)
        renderedHooks[hook] = rendered
        return (rendered.conditionsHold, rendered.name, UnsafeRawBufferPointer(start: bytes.base + rendered.offset, count: rendered.count))
    }

    private static func name(of entry: PreparedEntry, _ values: TemplateValues) -> EventText {
        entry.constantLabelSymbol.map(EventText.symbol) ?? .text(entry.label.render(values))
    }
}
