import TrackctlModel

/// What the runtime worked out for a prepared step, kept for the next script line with the
/// same text — as a call site keeps an inline cache of its last receiver class. Generated and
/// long scripts repeat the same lines, so what a line renders the same way every time is
/// rendered once. Kept by the runtime (`StepMemos`), not on the parsed step: the program stays
/// what the parser made, and the script layer knows nothing of call plans.
///
/// Fast path. Owner: a `StepMemos` slot; one thread (the replay's). Lifetime: until another
/// step takes its slot, when it is cleared and reused. Invalidation: the renderings are keyed by the
/// call plan they were made for (its `id`, unique in the runtime, never reused: plans are never
/// dropped); a call on another class (another plan) starts over. Only hooks whose templates
/// read the call alone are memoized (`CallPlan.FiringStrategy.renderedPerStep`): the same
/// plan and the same line then render the same bytes. The golden replay
/// `Fixtures/replay/repeated-lines.trackscript` checks the first rule (one line, three classes),
/// `RuntimeInvariantTests.aHookReadingTheScreenIsRenderedAtEveryFiring` the second.
///
/// Its methods are `mutating` even when they only read: the memo is reached through a pointer
/// into its table, and a non-mutating call works on a copy, which retains every field.
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
        if renderedPlan == call.id, hook < renderedHooks.count, let known = renderedHooks[hook],
            let bytes = renderedBytes
        {
            return (
                known.conditionsHold, known.name,
                UnsafeRawBufferPointer(start: bytes.base + known.offset, count: known.count)
            )
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
        return (
            rendered.conditionsHold, rendered.name,
            UnsafeRawBufferPointer(start: bytes.base + rendered.offset, count: rendered.count)
        )
    }

    /// Forgets what was worked out, for another step; the rendered bytes' buffer is kept for reuse.
    fileprivate mutating func reset() {
        rowArguments = nil
        madeClass = nil
        callClass = .max
        call = nil
        renderedPlan = -1
        renderedHooks.removeAll(keepingCapacity: true)
        renderedBytes?.removeAll()
    }

    private static func name(of entry: PreparedEntry, _ values: TemplateValues) -> EventText {
        entry.constantLabelSymbol.map(EventText.symbol) ?? .text(entry.label.render(values))
    }
}

/// The runtime's memos of the steps it ran, in a direct-mapped table keyed by the step's
/// address: a step that runs again finds its memo in one probe, and a script of a million
/// distinct lines keeps at most `slotCount` memos.
///
/// Fast path. Owner: one `AppRuntime`; one thread. Lifetime: the runtime's. Invalidation: a
/// slot keeps its step alive (`steps`), so no other step can have that address while the slot
/// holds it; another step hashing to the slot takes it over and the memo starts afresh — a
/// collision costs a re-render, never a wrong memo. The pointer `memo(for:)` hands out is valid
/// while the table lives, and is the step's memo until the next `memo(for:)` of another step:
/// steps do not nest (a step's run never runs another), so it is not taken over while its
/// step runs. `StepMemoTests.stepsCollidingInOneMemoSlotNeverShareAMemo` checks it.
final class StepMemos {
    /// A power of two: simulate's programs and a streamed script's step cache (1,024 lines)
    /// fit with room to spare.
    static let slotCount = 2048
    /// Each slot's step (nil for an empty slot), held so its address is not reused.
    private let steps: UnsafeMutablePointer<PreparedStep?>
    private let memos: UnsafeMutablePointer<StepMemo>

    init() {
        steps = .allocate(capacity: Self.slotCount)
        steps.initialize(repeating: nil, count: Self.slotCount)
        memos = .allocate(capacity: Self.slotCount)
        memos.initialize(repeating: StepMemo(), count: Self.slotCount)
    }

    deinit {
        steps.deinitialize(count: Self.slotCount)
        steps.deallocate()
        memos.deinitialize(count: Self.slotCount)
        memos.deallocate()
    }

    /// The memo of `step`, taken over from another step when the slot was not its own.
    func memo(for step: PreparedStep) -> UnsafeMutablePointer<StepMemo> {
        let index = Self.slot(of: step)
        if steps[index] !== step {
            steps[index] = step
            memos[index].reset()
        }
        return memos + index
    }

    /// The slot of `step`: the top 11 bits of its address times a multiplicative hash constant.
    static func slot(of step: PreparedStep) -> Int {
        let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(step).toOpaque()))
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 53)
    }
}
