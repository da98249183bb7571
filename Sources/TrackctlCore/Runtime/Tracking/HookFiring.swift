import TrackctlModel

/// Calls into the app — `call`, `select-row`, `set` — with the SPOC's hooks around
/// them (Aspects' before and after positions), the trace of the call, and the catalog's
/// transition after. What a call involves is resolved once per (class, selector) into a
/// `CallPlan`.
final class HookFiring {
    /// Whether calls are traced too (`--trace`).
    private let traces: Bool
    /// Whether events are read as values: then no rendering is memoized per step (the values
    /// travel with the event).
    private let readsEvents: Bool
    /// Calls resolved so far, by interned class and selector. Owner: this runtime; one thread;
    /// lifetime: the replay's — a plan is never dropped, so its `id` is never reused while a
    /// step's memo may name it.
    @exclusivity(unchecked) private var callPlans: [UInt64: CallPlan] = [:]

    init(traces: Bool, readsEvents: Bool) {
        self.traces = traces
        self.readsEvents = readsEvents
    }

    func call(
        _ targetClass: String?, selector: String, arguments: [Argument], memo: UnsafeMutablePointer<StepMemo>,
        in runtime: AppRuntime
    ) throws(ReplayStop) {
        let visible = try runtime.requireForeground("call '\(selector)'")
        let receiver = targetClass.map { runtime.ownedObject($0, of: visible) } ?? visible
        try invoke(selector, on: receiver, arguments: arguments, memo: memo, runtime)
    }

    func selectRow(section: Int, row: Int, memo: UnsafeMutablePointer<StepMemo>, in runtime: AppRuntime)
        throws(ReplayStop)
    {
        let visible = try runtime.requireForeground("select a row")
        let arguments: [Argument]
        if let known = memo.pointee.rowArguments {
            arguments = known
        } else {
            arguments = [
                Argument(keyword: "tableView", value: "UITableView"),
                Argument(keyword: "didSelectRowAtIndexPath", value: "\(section)-\(row)")
            ]
            memo.pointee.rowArguments = arguments
        }
        // UITableView sends the delegate only what it implements (the seed's proxies forward
        // only then): a controller without the method gets nothing, as on a device.
        try invoke(
            "tableView:didSelectRowAtIndexPath:", on: visible, arguments: arguments,
            memo: memo, runtime,
            ifUnimplemented: .skip(
                because: "its table view's delegate does not implement it, so UITableView sends nothing"))
    }

    /// `set KEY=VALUE`: key-value observation fires the tracked properties of the visible
    /// controller's class (or an ancestor's) for that key path, on every set.
    func setProperty(_ key: String, _ value: ScriptValue, in runtime: AppRuntime) throws(ReplayStop) {
        let receiver = try runtime.requireForeground("set '\(key)'")
        let className = runtime.className(of: receiver)
        try runtime.checkWritable(key, on: className)
        runtime.setProperty(key, value, of: receiver)
        let instance = runtime.hierarchy.properties[receiver] ?? [:]
        for entry in runtime.plan.observers(of: key, on: className) {
            let values = TemplateValues(
                screen: runtime.context.visibleScreen(runtime), className: className, selector: nil,
                instance: instance, value: value, keyPath: key)
            guard entry.conditionsHold(values) else { continue }
            if !entry.selfKeys.isEmpty { try runtime.noteUnsetKeys(entry, values.instance, className: className) }
            let name = EventText.text(entry.label.render(values))
            guard try !runtime.dropsEmptyName(name, of: entry, kind: .track) else { continue }
            let properties = entry.renderedProperties(
                values, leading: [("class", .string(className)), ("keyPath", .string(key))])
            try runtime.emit(EventDraft(kind: .track, name: name, properties: .list(properties), entry: entry.id))
        }
    }

    /// What a message to an instance that does not implement it comes to.
    private enum Unimplemented {
        /// A direct call: a crash on a device (unrecognized selector), so the replay stops.
        case refuse
        /// A message UIKit sends only when `respondsToSelector:` says yes: nothing happens;
        /// `--trace` says why.
        case skip(because: String)
    }

    /// Sends `selector` to an instance: refuses what `respondsToSelector:` would refuse, fires
    /// the before hooks, the method (its trace), the after hooks, then the transition.
    private func invoke(
        _ selector: String, on receiver: Int, arguments: [Argument], memo: UnsafeMutablePointer<StepMemo>,
        _ runtime: AppRuntime,
        ifUnimplemented: Unimplemented = .refuse
    ) throws(ReplayStop) {
        // The step's memo keeps the plan of its last receiving class (an inline cache).
        let classIndex = runtime.hierarchy[receiver].classSymbol.index
        let call: CallPlan
        if memo.pointee.callClass == classIndex, let known = memo.pointee.call {
            call = known
        } else {
            call = callPlan(selector, on: receiver, runtime)
            memo.pointee.callClass = classIndex
            memo.pointee.call = call
        }
        if !call.responds {
            if case .skip(let reason) = ifUnimplemented {
                if traces { try trace(selector, receiver, arguments, extra: [("skipped", .string(reason))], runtime) }
                return
            }
            let className = runtime.className(of: receiver)
            throw runtime.cannot(
                "'\(className)' does not implement '\(selector)' (respondsToSelector: would answer NO), so nothing "
                    + "can call it or hook it; declare it in the catalog or call it on the right screen"
            )
        }
        if call.hasBefore {
            try fire(
                call, position: .before, selector: selector, receiver: receiver, arguments: arguments, memo: memo,
                runtime)
        }
        if traces { try trace(selector, receiver, arguments, runtime) }
        if call.hasAfter {
            try fire(
                call, position: .after, selector: selector, receiver: receiver, arguments: arguments, memo: memo,
                runtime)
        }
        if let transition = call.transition {
            try runtime.perform(transition, classMemo: &call.transitionClass)
        }
    }

    /// The trace line of a call: the receiver and the arguments.
    private func trace(
        _ selector: String, _ receiver: Int, _ arguments: [Argument], extra: [(key: String, value: EventValue)] = [],
        _ runtime: AppRuntime
    ) throws(ReplayStop) {
        var properties: [(key: String, value: EventValue)] = [
            ("class", .string(runtime.className(of: receiver))),
            ("instance", .integer(Int64(runtime.hierarchy[receiver].id)))
        ]
        properties += arguments.map { ($0.keyword, .string($0.value)) }
        properties += extra
        try runtime.emit(EventDraft(kind: .trace, name: .text(selector), properties: .list(properties)))
    }

    /// What sending `selector` to `receiver` involves, resolved through the class hierarchy
    /// once per (class, selector): `respondsToSelector:`, the hooks and how each fires, the
    /// transition. Looked up by interned class and selector, so a repeated call hashes one
    /// short string.
    private func callPlan(_ selector: String, on receiver: Int, _ runtime: AppRuntime) -> CallPlan {
        let plan = runtime.plan
        let classSymbol = runtime.hierarchy[receiver].classSymbol
        let key = UInt64(classSymbol.index) << 32 | UInt64(plan.symbols.intern(selector).index)
        if let known = callPlans[key] { return known }
        let className = runtime.className(of: receiver)
        var responds = true
        if case .notFound = plan.catalog.lookup(selector: selector, on: className) { responds = false }
        let leading: [(key: String, value: EventValue)] = [
            ("class", .string(className)), ("selector", .string(selector))
        ]
        let resolved = CallPlan(
            id: callPlans.count, responds: responds, hooks: plan.hooks(for: selector, on: className),
            transition: plan.catalog.transition(for: selector, on: className), readsEvents: readsEvents,
            prepare: { entry in plan.symbols.prepare(entry.constantProperties(leading: leading)) },
            run: { entry in PropertyRun(entry: entry, leading: leading, symbols: plan.symbols) })
        callPlans[key] = resolved
        return resolved
    }

    private func fire(
        _ call: CallPlan, position: HookPosition, selector: String, receiver: Int, arguments: [Argument],
        memo: UnsafeMutablePointer<StepMemo>, _ runtime: AppRuntime
    ) throws(ReplayStop) {
        for firing in call.firings where firing.position == position {
            switch firing.strategy {
            case .constant(let label, let properties):
                if firing.once {
                    guard runtime.once.claim(entryID: firing.entryID, instance: runtime.hierarchy[receiver].id) else {
                        continue
                    }
                }
                try runtime.emit(
                    EventDraft(
                        kind: .track, name: .symbol(label), properties: .prepared(properties), entry: firing.entryID))
            case .renderedPerStep(let unretained):
                let run = unretained.takeUnretainedValue()
                let rendered = memo.pointee.render(
                    call, hook: firing.hook, run: run, symbols: runtime.plan.symbols,
                    scratch: runtime.context.state.scratch
                ) {
                    TemplateValues(
                        screen: nil, className: runtime.className(of: receiver), selector: selector,
                        arguments: arguments)
                }
                guard rendered.conditionsHold,
                    try !runtime.dropsEmptyName(rendered.name, of: run.entry, kind: .track)
                else { continue }
                if firing.once {
                    guard runtime.once.claim(entryID: firing.entryID, instance: runtime.hierarchy[receiver].id) else {
                        continue
                    }
                }
                try runtime.emit(
                    EventDraft(
                        kind: .track, name: rendered.name, properties: .bytes(rendered.properties),
                        entry: firing.entryID))
            case .rendered(let unretained):
                let run = unretained.takeUnretainedValue()
                let entry = run.entry
                let values = TemplateValues(
                    screen: entry.readsScreen ? runtime.context.visibleScreen(runtime) : nil,
                    className: runtime.className(of: receiver), selector: selector, arguments: arguments,
                    instance: runtime.hierarchy.properties[receiver] ?? [:])
                guard entry.conditionsHold(values) else { continue }
                if !entry.selfKeys.isEmpty {
                    try runtime.noteUnsetKeys(entry, values.instance, className: values.className)
                }
                let name: EventText =
                    entry.constantLabelSymbol.map(EventText.symbol) ?? .text(entry.label.render(values))
                guard try !runtime.dropsEmptyName(name, of: entry, kind: .track),
                    runtime.once.claim(entry, instance: runtime.hierarchy[receiver].id)
                else { continue }
                try runtime.emit(
                    EventDraft(
                        kind: .track, name: name, properties: runtime.context.state.properties(run, values),
                        entry: entry.id))
            }
        }
    }
}

/// A call resolved once: whether the class responds, the hooks to fire and how, the transition.
final class CallPlan {
    /// Unique in its runtime, in resolution order: what a step's rendering memo is keyed by.
    let id: Int
    let responds: Bool
    /// One per hook, in SPOC order, with what firing it takes decided once.
    let firings: [Firing]
    let hasBefore: Bool
    let hasAfter: Bool
    let transition: Transition?
    /// The class the transition shows, resolved the first time it runs.
    @exclusivity(unchecked) var transitionClass: SPOCHooks.ClassInfo?

    /// Plain values only, so that walking the firings retains nothing.
    struct Firing {
        let position: HookPosition
        /// Index in the plan's hooks and in a step memo's renderings.
        let hook: Int
        let entryID: Int
        let once: Bool
        let strategy: FiringStrategy
    }

    /// How a hook fires, decided once per call plan from what its entry's templates read.
    enum FiringStrategy {
        /// No template, no condition: the label and the properties prepared with the plan;
        /// firing reads plain values only (the common case).
        case constant(label: Symbol, properties: PreparedProperties)
        /// Templates that read only the call (`{class}`, `{selector}`, `{arg.…}`) while nobody
        /// reads event values: rendered once per step and class (`StepMemo`), with the run.
        case renderedPerStep(Unmanaged<PropertyRun>)
        /// Templates that read the screen or the instance, or events read as values: rendered
        /// at every firing, with the run.
        case rendered(Unmanaged<PropertyRun>)
    }

    /// The runs the strategies name, unretained (a plain value): kept alive here.
    private let runs: [PropertyRun]

    /// `prepare` gives a constant entry's properties for this class and selector, `run` those
    /// of an entry with templates.
    init(
        id: Int, responds: Bool, hooks: [SPOCHooks.Hook], transition: Transition?, readsEvents: Bool,
        prepare: (PreparedEntry) -> PreparedProperties, run: (PreparedEntry) -> PropertyRun
    ) {
        self.id = id
        self.responds = responds
        self.transition = transition
        var runs: [PropertyRun] = []
        firings = hooks.enumerated().map { index, hook in
            let entry = hook.entry
            let strategy: FiringStrategy
            if entry.isConstant, let label = entry.constantLabelSymbol {
                strategy = .constant(label: label, properties: prepare(entry))
            } else {
                let made = run(entry)
                runs.append(made)
                let unretained = Unmanaged.passUnretained(made)
                strategy = entry.readsOnlyTheCall && !readsEvents ? .renderedPerStep(unretained) : .rendered(unretained)
            }
            return Firing(position: hook.position, hook: index, entryID: entry.id, once: entry.once, strategy: strategy)
        }
        self.runs = runs
        hasBefore = hooks.contains { $0.position == .before }
        hasAfter = hooks.contains { $0.position == .after }
    }

    var hookCount: Int { firings.count }
}
