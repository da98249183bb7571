/// Calls into the app: `call`, `select-row` and `set`, with the tracking plan's hooks around
/// them (Aspects' before/after positions) and the catalog's transitions after.
extension AppRuntime {
    /// Records that `entry` fired for `instance`; false if it is `once` and fired already.
    func claimOnce(_ entry: PreparedEntry, instance: Int) -> Bool {
        guard entry.once else { return true }
        return claimOnce(entryID: entry.id, instance: instance)
    }

    /// Records that the `once` entry `entryID` fired for `instance`; false if it had already.
    func claimOnce(entryID: Int, instance: Int) -> Bool {
        firedOnce.insert(Int64(entryID) << 32 | Int64(instance)).inserted
    }

    func call(_ targetClass: String?, selector: String, arguments: [Argument], step: PreparedStep) throws(ReplayStop) {
        try requireForeground("call '\(selector)'")
        let visible = hierarchy.visibleController!
        var receiver = visible
        if let targetClass {
            if let existing = hierarchy.owned[visible]?[targetClass] {
                receiver = existing
            } else {
                receiver = make(targetClass)
                hierarchy.owned[visible, default: [:]][targetClass] = receiver
            }
        }
        try invoke(selector, on: receiver, arguments: arguments, step: step)
    }

    func selectRow(section: Int, row: Int, step: PreparedStep) throws(ReplayStop) {
        try requireForeground("select a row")
        if step.memo.rowArguments == nil {
            step.memo.rowArguments = [Argument(keyword: "tableView", value: "UITableView"), Argument(keyword: "didSelectRowAtIndexPath", value: "\(section)-\(row)")]
        }
        try invoke("tableView:didSelectRowAtIndexPath:", on: hierarchy.visibleController!, arguments: step.memo.rowArguments!, step: step)
    }

    /// Sends `selector` to an instance: refuses what `respondsToSelector:` would refuse, fires
    /// the before hooks, the method (its trace), the after hooks, then the transition.
    private func invoke(_ selector: String, on receiver: Int, arguments: [Argument], step: PreparedStep) throws(ReplayStop) {
        // The step keeps the plan of its last receiving class (an inline cache).
        let classIndex = hierarchy[receiver].classSymbol.index
        let call: CallPlan
        if step.memo.callClass == classIndex, let known = step.memo.call {
            call = known
        } else {
            call = callPlan(selector, on: receiver)
            step.memo.callClass = classIndex
            step.memo.call = call
        }
        if !call.responds {
            let className = className(of: receiver)
            throw cannot("'\(className)' does not implement '\(selector)' (respondsToSelector: would answer NO), so nothing can call it or hook it; declare it in the catalog or call it on the right screen")
        }
        if call.hasBefore { try fire(call, position: .before, selector: selector, receiver: receiver, arguments: arguments, step: step) }
        if traces {
            var properties: [(key: String, value: EventValue)] = [("class", .string(className(of: receiver))), ("instance", .integer(Int64(hierarchy[receiver].id)))]
            properties += arguments.map { ($0.keyword, .string($0.value)) }
            try emit(EventDraft(kind: .trace, name: .text(selector), properties: .list(properties)))
        }
        if call.hasAfter { try fire(call, position: .after, selector: selector, receiver: receiver, arguments: arguments, step: step) }
        if let transition = call.transition {
            try perform(transition, of: call)
        }
    }

    /// What sending `selector` to `receiver` involves, resolved through the class hierarchy
    /// once per (class, selector): `respondsToSelector:`, the hooks, the transition. Looked up
    /// by interned class and selector, so a repeated call hashes one short string.
    private func callPlan(_ selector: String, on receiver: Int) -> CallPlan {
        let classSymbol = hierarchy[receiver].classSymbol
        let key = UInt64(classSymbol.index) << 32 | UInt64(plan.symbols.intern(selector).index)
        if let known = callPlans[key] { return known }
        let className = className(of: receiver)
        var responds = true
        if case .notFound = catalog.lookup(selector: selector, on: className) { responds = false }
        let leading: [(key: String, value: EventValue)] = [("class", .string(className)), ("selector", .string(selector))]
        let resolved = CallPlan(responds: responds, hooks: plan.hooks(for: selector, on: className, in: catalog),
                                transition: catalog.transition(for: selector, on: className),
                                prepare: { entry in plan.symbols.prepare(entry.constantProperties(leading: leading)) },
                                run: { entry in PropertyRun(entry: entry, leading: leading, symbols: plan.symbols) })
        callPlans[key] = resolved
        return resolved
    }

    private func fire(_ call: CallPlan, position: HookPosition, selector: String, receiver: Int, arguments: [Argument],
                      step: PreparedStep) throws(ReplayStop) {
        for firing in call.firings where firing.position == position {
            if let label = firing.label, let properties = firing.properties {
                // No template, no condition: nothing to render (the common case); the properties
                // were prepared once with the call plan.
                if firing.once { guard claimOnce(entryID: firing.entryID, instance: hierarchy[receiver].id) else { continue } }
                try emit(EventDraft(kind: .track, name: .symbol(label), properties: .prepared(properties)))
                continue
            }
            if firing.readsOnlyTheCall, !emitter.readsEvents {
                // Rendered once for this step and class: the same line renders the same.
                let rendered = step.memo.render(call, hook: firing.hook, symbols: plan.symbols, properties: screenTracker.context.scratch) {
                    TemplateValues(screen: nil, className: className(of: receiver), selector: selector, arguments: arguments)
                }
                guard rendered.conditionsHold else { continue }
                if firing.once { guard claimOnce(entryID: firing.entryID, instance: hierarchy[receiver].id) else { continue } }
                try emit(EventDraft(kind: .track, name: rendered.name, properties: .written))
                continue
            }
            let run = call.runs[firing.hook]!
            let entry = run.entry
            let values = TemplateValues(screen: entry.readsScreen ? screenTracker.visibleScreen(self) : nil, className: className(of: receiver),
                                        selector: selector, arguments: arguments, instance: hierarchy.properties[receiver] ?? [:])
            guard entry.conditionsHold(values), claimOnce(entry, instance: hierarchy[receiver].id) else { continue }
            let name: EventText = entry.constantLabelSymbol.map(EventText.symbol) ?? .text(entry.label.render(values))
            try emit(EventDraft(kind: .track, name: name, properties: screenTracker.context.properties(run, values)))
        }
    }

    private func perform(_ transition: Transition, of call: CallPlan) throws(ReplayStop) {
        switch transition {
        case .push(let name, let animated): try push(classInfo(name, memo: &call.transitionClass), animated: animated)
        case .present(let name, let style, let inNavigation, let animated):
            try present(classInfo(name, memo: &call.transitionClass), style: style, inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): try dismiss(animated: animated)
        case .pop(let target, let animated): try pop(target, animated: animated)
        }
    }

    /// `set KEY=VALUE`: key-value observation fires the tracked properties of the visible
    /// controller's class (or an ancestor's) for that key path, on every set.
    func setProperty(_ key: String, _ value: String) throws(ReplayStop) {
        try requireForeground("set '\(key)'")
        let receiver = hierarchy.visibleController!
        hierarchy.properties[receiver, default: [:]][key] = value
        structureChanged()  // labels may read {self.KEY}
        let className = className(of: receiver)
        let instance = hierarchy.properties[receiver] ?? [:]
        for entry in plan.observers(of: key, on: className, in: catalog) {
            let values = TemplateValues(screen: screenTracker.visibleScreen(self), className: className, selector: nil,
                                        instance: instance, value: value, keyPath: key)
            guard entry.conditionsHold(values) else { continue }
            let properties = entry.renderedProperties(values, leading: [("class", .string(className)), ("keyPath", .string(key))])
            try emit(EventDraft(kind: .track, name: .text(entry.label.render(values)), properties: .list(properties)))
        }
    }
}

/// A call resolved once: whether the class responds, the hooks to fire, the transition.
final class CallPlan {
    let responds: Bool
    let hooks: [TrackingPlan.Hook]
    /// One per hook, in order, with what a constant hook emits ready: firing one reads
    /// plain values only.
    let firings: [Firing]
    /// One per hook: how to write its properties when the entry has templates (else nil).
    let runs: [PropertyRun?]
    let hasBefore: Bool
    let hasAfter: Bool
    let transition: Transition?
    /// The class the transition shows, resolved the first time it runs.
    @exclusivity(unchecked) var transitionClass: TrackingPlan.ClassInfo?

    struct Firing {
        let position: HookPosition
        /// Index in `hooks`.
        let hook: Int
        let entryID: Int
        let once: Bool
        /// See `PreparedEntry.readsOnlyTheCall`.
        let readsOnlyTheCall: Bool
        /// Both set when the entry is constant.
        let label: Symbol?
        let properties: PreparedProperties?
    }

    /// `prepare` gives a constant entry's properties for this class and selector, `run` those
    /// of an entry with templates.
    init(responds: Bool, hooks: [TrackingPlan.Hook], transition: Transition?, prepare: (PreparedEntry) -> PreparedProperties,
         run: (PreparedEntry) -> PropertyRun) {
        self.responds = responds
        self.hooks = hooks
        self.transition = transition
        firings = hooks.enumerated().map { index, hook in
            let constant = hook.entry.isConstant
            return Firing(position: hook.position, hook: index, entryID: hook.entry.id, once: hook.entry.once, readsOnlyTheCall: hook.entry.readsOnlyTheCall,
                          label: constant ? hook.entry.constantLabelSymbol : nil, properties: constant ? prepare(hook.entry) : nil)
        }
        runs = hooks.map { $0.entry.isConstant ? nil : run($0.entry) }
        hasBefore = hooks.contains { $0.position == .before }
        hasAfter = hooks.contains { $0.position == .after }
    }
}
