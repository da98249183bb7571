/// Screen tracking as a global lifecycle action: on every `viewDidAppear:` of a controller whose
/// class (or nearest ancestor) is a tracked screen, a `screen` event — as a hook on that
/// class's `viewDidAppear:` would fire on a device, containers included when listed.
///
/// It decides what fires; `ScreenRenderings` keeps what screen views render, and
/// `EventContextBuilder` every event's context.
public final class ScreenTracker: LifecycleAction {
    /// Whether events are read as values: then renderings are not kept (values travel with
    /// each event).
    private let readsEvents: Bool
    private let renderings = ScreenRenderings()

    init(readsEvents: Bool) {
        self.readsEvents = readsEvents
    }

    /// `{arg.viewDidAppear}`, built once rather than per screen view.
    private static let animatedArgument = [Argument(keyword: "viewDidAppear", value: "true")]
    private static let notAnimatedArgument = [Argument(keyword: "viewDidAppear", value: "false")]

    /// Inlined into the delivery: most callbacks are not a tracked screen's `viewDidAppear:`,
    /// and those cost one comparison.
    @inline(__always)
    public func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        guard callback == .viewDidAppear, let group = runtime.hierarchy[controller].screenEntry else { return }
        try screenViewed(group, controller, animated: animated, runtime)
    }

    private func screenViewed(_ group: Int, _ controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop) {
        let plan = runtime.plan
        let instanceID = runtime.hierarchy[controller].id
        let classSymbol = runtime.hierarchy[controller].classSymbol
        if let constant = plan.constantScreenGroups[group] {
            // One constant entry (the common case): nothing to render, nothing to retain.
            if constant.once { guard runtime.once.claim(entryID: constant.entryID, instance: instanceID) else { return } }
            let properties = renderings.constantProperties(constant.entry, classSymbol, plan)
            // A constant name: nothing for the context to remember.
            return try runtime.emit(EventDraft(kind: .screen, name: .symbol(constant.label), properties: .prepared(properties)))
        }
        for entryIndex in plan.screenGroups[group] {
            let entry = plan.screenEntries[entryIndex]
            if let label = entry.constantLabelSymbol, entry.isConstant {
                // No template, no condition: nothing to render.
                guard runtime.once.claim(entry, instance: instanceID) else { continue }
                let properties = renderings.constantProperties(entryIndex, classSymbol, plan)
                try emitScreen(EventDraft(kind: .screen, name: .symbol(label), properties: .prepared(properties)), of: controller, runtime)
                continue
            }
            if !readsEvents, runtime.hierarchy.properties.isEmpty || runtime.hierarchy.properties[controller] == nil {
                // No property set on the instance: the entry renders alike for its class and
                // `animated` every time.
                let rendered = renderings.rendered(entryIndex, classSymbol, animated: animated) { bytes in
                    render(entry, entryIndex, controller, animated: animated, into: bytes, runtime)
                }
                guard rendered.conditionsHold, try !runtime.dropsEmptyName(rendered.name, of: entry, kind: .screen),
                      runtime.once.claim(entry, instance: instanceID) else { continue }
                try emitScreen(EventDraft(kind: .screen, name: rendered.name, properties: .bytes(renderings.properties(of: rendered))), of: controller, runtime)
                continue
            }
            var values = screenValues(controller, animated: animated, runtime)
            guard entry.conditionsHold(values) else { continue }
            let name = entry.label.render(values)
            let eventName = entry.constantLabelSymbol.map(EventText.symbol) ?? .text(name)
            guard try !runtime.dropsEmptyName(eventName, of: entry, kind: .screen), runtime.once.claim(entry, instance: instanceID) else { continue }
            if entry.readsScreen { values.screen = name }
            let run = renderings.propertyRun(entryIndex, classSymbol, plan)
            try emitScreen(EventDraft(kind: .screen, name: eventName, properties: runtime.context.state.properties(run, values)), of: controller, runtime)
        }
    }

    /// What a screen entry's templates read on `viewDidAppear:` of `controller`.
    private func screenValues(_ controller: Int, animated: Bool, _ runtime: AppRuntime) -> TemplateValues {
        TemplateValues(screen: nil, className: runtime.className(of: controller), selector: "viewDidAppear:",
                       arguments: animated ? Self.animatedArgument : Self.notAnimatedArgument,
                       instance: runtime.hierarchy.properties[controller] ?? [:])
    }

    /// Renders `entry` for `controller` as a screen view would, its properties appended to
    /// `bytes`: whether its `when` holds, and its label.
    private func render(_ entry: PreparedEntry, _ entryIndex: Int, _ controller: Int, animated: Bool, into bytes: LineBuffer,
                        _ runtime: AppRuntime) -> (conditionsHold: Bool, name: EventText) {
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
    }
}

/// `--trace`: one `trace` line per lifecycle callback, with the class, instance number and
/// `animated` argument.
public final class TraceAction: LifecycleAction {
    public init() {}

    public func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        var properties: [(key: String, value: EventValue)] = [("class", .string(runtime.className(of: controller))),
                                                              ("instance", .integer(Int64(runtime.hierarchy[controller].id)))]
        if callback.hasAnimatedArgument { properties.append(("animated", .bool(animated))) }
        try runtime.emit(EventDraft(kind: .trace, name: .text(callback.selector), properties: .list(properties)))
    }
}
