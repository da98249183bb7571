import TrackctlModel

/// Screen tracking as a global lifecycle action: on every `viewDidAppear:` of a controller whose
/// class (or nearest ancestor) is a tracked screen, a `screen` event — as a hook on that
/// class's `viewDidAppear:` would fire on a device, containers included when listed.
///
/// It decides what fires; `ScreenRenderings` keeps what screen views render, and
/// `EventContextBuilder` every event's context.
package final class ScreenTracker: LifecycleAction {
    package let moments: LifecycleMoments = .viewDidAppear
    /// Whether events are read as values: then renderings are not kept (values travel with
    /// each event).
    private let readsEvents: Bool
    private let renderings = ScreenRenderings()
    /// Where a screen with a `dwell` is scheduled instead of viewed; set when the plan has one.
    var dwellTimers: DwellTimers?
    /// Told of every screen view (and scheduled one) when `options.screenTime` is on.
    var stopwatches: ScreenTimeStopwatches?

    init(readsEvents: Bool) {
        self.readsEvents = readsEvents
    }

    /// `{arg.viewDidAppear}`, built once rather than per screen view.
    private static let animatedArgument = [Argument(keyword: "viewDidAppear", value: "true")]
    private static let notAnimatedArgument = [Argument(keyword: "viewDidAppear", value: "false")]

    /// Inlined into the delivery: most callbacks are not a tracked screen's `viewDidAppear:`,
    /// and those cost one comparison.
    @inline(__always)
    package func runtime(
        _ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool
    ) throws(ReplayStop) {
        guard callback == .viewDidAppear, let group = runtime.hierarchy[controller].screenEntry else { return }
        try screenViewed(group, controller, animated: animated, runtime)
    }

    private func screenViewed(_ group: Int, _ controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop)
    {
        let plan = runtime.plan
        let instanceID = runtime.hierarchy[controller].id
        let classSymbol = runtime.hierarchy[controller].classSymbol
        if let constant = plan.constantScreenGroups[group] {
            // One constant entry (the common case): nothing to render, nothing to retain.
            if constant.once {
                guard runtime.once.claim(entryID: constant.entryID, instance: instanceID) else { return }
            }
            let properties = renderings.constantProperties(constant.entry, classSymbol, plan)
            // A constant name: nothing for the context to remember.
            try runtime.emit(
                EventDraft(
                    kind: .screen, name: .symbol(constant.label), properties: .prepared(properties),
                    entry: constant.entryID))
            if let stopwatches { stopwatches.appeared(controller, screen: plan.symbols.text(constant.label), runtime) }
            return
        }
        for entryIndex in plan.screenGroups[group] {
            let entry = plan.screenEntries[entryIndex]
            if let dwell = entry.dwell {
                try scheduleDwell(entryIndex, entry, dwell: dwell, controller, animated: animated, runtime)
                continue
            }
            if let label = entry.constantLabelSymbol, entry.isConstant {
                // No template, no condition: nothing to render.
                guard runtime.once.claim(entry, instance: instanceID) else { continue }
                let properties = renderings.constantProperties(entryIndex, classSymbol, plan)
                try emitScreen(
                    EventDraft(kind: .screen, name: .symbol(label), properties: .prepared(properties), entry: entry.id),
                    of: controller, runtime)
                continue
            }
            if !readsEvents, runtime.hierarchy.properties.isEmpty || runtime.hierarchy.properties[controller] == nil {
                // No property set on the instance: the entry renders alike for its class and
                // `animated` every time.
                let rendered = renderings.rendered(entryIndex, classSymbol, animated: animated) { bytes in
                    render(entry, entryIndex, controller, animated: animated, into: bytes, runtime)
                }
                guard rendered.conditionsHold, try !runtime.dropsEmptyName(rendered.name, of: entry, kind: .screen),
                    runtime.once.claim(entry, instance: instanceID)
                else { continue }
                if !entry.selfKeys.isEmpty {
                    try runtime.noteUnsetKeys(entry, [:], className: runtime.className(of: controller))
                }
                try emitScreen(
                    EventDraft(
                        kind: .screen, name: rendered.name, properties: .bytes(renderings.properties(of: rendered)),
                        entry: entry.id),
                    of: controller, runtime)
                continue
            }
            let values = screenValues(controller, animated: animated, runtime)
            guard entry.conditionsHold(values) else { continue }
            try emitRendered(entryIndex, entry, values, of: controller, runtime)
        }
    }

    /// Renders a screen entry whose `when` holds with `values`, and emits it unless its name
    /// rendered empty or its `once` is used up.
    private func emitRendered(
        _ entryIndex: Int, _ entry: PreparedEntry, _ values: TemplateValues, of controller: Int,
        _ runtime: AppRuntime
    ) throws(ReplayStop) {
        var values = values
        if !entry.selfKeys.isEmpty { try runtime.noteUnsetKeys(entry, values.instance, className: values.className) }
        let name = entry.label.render(values)
        let eventName = entry.constantLabelSymbol.map(EventText.symbol) ?? .text(name)
        guard try !runtime.dropsEmptyName(eventName, of: entry, kind: .screen),
            runtime.once.claim(entry, instance: runtime.hierarchy[controller].id)
        else {
            return
        }
        if entry.readsScreen { values.screen = name }
        let run = renderings.propertyRun(entryIndex, runtime.hierarchy[controller].classSymbol, runtime.plan)
        try emitScreen(
            EventDraft(
                kind: .screen, name: eventName, properties: runtime.context.state.properties(run, values),
                entry: entry.id),
            of: controller, runtime)
    }

    // MARK: - Dwell (SPEC §9)

    /// A screen with a `dwell` appeared: its screen view is scheduled instead of emitted, when
    /// its `when` holds now and its `once` is not used up (`once` counts only emitted views).
    private func scheduleDwell(
        _ entryIndex: Int, _ entry: PreparedEntry, dwell: Int64, _ controller: Int, animated: Bool,
        _ runtime: AppRuntime
    ) throws(ReplayStop) {
        guard entry.conditionsHold(screenValues(controller, animated: animated, runtime)),
            !runtime.once.hasFired(entry, instance: runtime.hierarchy[controller].id)
        else { return }
        // A plan with a dwell always has its timers (`init`).
        try dwellTimers?.schedule(entryIndex, dwell: dwell, controller: controller, animated: animated, runtime)
        stopwatches?.appeared(controller, screen: nil, runtime)
    }

    /// The dwell of a screen entry scheduled at `controller`'s `viewDidAppear:` passed: its
    /// screen view, rendered now.
    func emitDwelled(_ entryIndex: Int, of controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop) {
        let entry = runtime.plan.screenEntries[entryIndex]
        try emitRendered(
            entryIndex, entry, screenValues(controller, animated: animated, runtime), of: controller, runtime)
    }

    /// What a screen entry's templates read on `viewDidAppear:` of `controller`.
    private func screenValues(_ controller: Int, animated: Bool, _ runtime: AppRuntime) -> TemplateValues {
        TemplateValues(
            screen: nil, className: runtime.className(of: controller), selector: "viewDidAppear:",
            arguments: animated ? Self.animatedArgument : Self.notAnimatedArgument,
            instance: runtime.hierarchy.properties[controller] ?? [:])
    }

    /// Renders `entry` for `controller` as a screen view would, its properties appended to
    /// `bytes`: whether its `when` holds, and its label.
    private func render(
        _ entry: PreparedEntry, _ entryIndex: Int, _ controller: Int, animated: Bool, into bytes: LineBuffer,
        _ runtime: AppRuntime
    ) -> (conditionsHold: Bool, name: EventText) {
        var values = screenValues(controller, animated: animated, runtime)
        let conditionsHold = entry.conditionsHold(values)
        let name = entry.label.render(values)
        if entry.readsScreen { values.screen = name }
        let run = renderings.propertyRun(entryIndex, runtime.hierarchy[controller].classSymbol, runtime.plan)
        run.write(values, into: bytes, symbols: runtime.plan.symbols)
        return (conditionsHold, entry.constantLabelSymbol.map(EventText.symbol) ?? .text(name))
    }

    /// The context names a screen as its screen view did: a rendered name is remembered. (A
    /// screen view's own context names it — the encoder writes its name as the screen — even
    /// when a controller above it is shown in the same transition.)
    private func emitScreen(_ draft: EventDraft, of controller: Int, _ runtime: AppRuntime) throws(ReplayStop) {
        runtime.context.recordScreenView(draft.name, of: controller, runtime)
        try runtime.emit(draft)
        // Starts the visit's stopwatch, or (a dwell fired) names the one its appearance started.
        stopwatches?.appeared(controller, screen: runtime.plan.symbols.text(draft.name), runtime)
    }
}

/// `--trace`: one `trace` line per lifecycle callback, with the class, instance number and
/// `animated` argument.
package final class TraceAction: LifecycleAction {
    package let moments: LifecycleMoments = LifecycleMoments.all.subtracting(.app)

    package init() {}

    package func runtime(
        _ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool
    ) throws(ReplayStop) {
        var properties: [(key: String, value: EventValue)] = [
            ("class", .string(runtime.className(of: controller))),
            ("instance", .integer(Int64(runtime.hierarchy[controller].id)))
        ]
        if callback.hasAnimatedArgument { properties.append(("animated", .bool(animated))) }
        try runtime.emit(EventDraft(kind: .trace, name: .text(callback.selector), properties: .list(properties)))
    }
}
