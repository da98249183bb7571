/// Screen tracking as a global lifecycle action: on every `viewDidAppear:` of a controller whose
/// class (or nearest ancestor) is a tracked screen, a `screen` event — as a hook on that
/// class's `viewDidAppear:` would fire on a device, containers included when listed.
///
/// It also answers what every event's context needs: the visible tracked screen, the stack of
/// tracked screens on the way to it, and the screen viewed before.
public final class ScreenTracker: LifecycleAction {
    /// The context of every event, rebuilt when the hierarchy changes.
    let context: EventContextState
    // Used on one thread only, on every callback: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var contextVersion = -1
    /// Constant screen entries' properties by (entry, class).
    @exclusivity(unchecked) private var preparedProperties = RecentMemo<PreparedProperties>()
    /// Screen entries with templates: their property runs by (entry, class).
    @exclusivity(unchecked) private var propertyRuns = RecentMemo<PropertyRun>()
    /// Screen entries with templates rendered for instances without properties, by (entry,
    /// class, animated); their properties objects back to back in `renderedScreenBytes`. Bounded
    /// by the SPOC and the catalog, not by the number of events.
    @exclusivity(unchecked) private var renderedScreens = RecentMemo<RenderedScreen>()
    private let renderedScreenBytes = LineBuffer(capacity: 1024)

    init(symbols: SymbolTable, readsEvents: Bool) {
        context = EventContextState(symbols: symbols, readsEvents: readsEvents)
    }

    /// `{arg.viewDidAppear}`, built once rather than per screen view.
    private static let animatedArgument = [Argument(keyword: "viewDidAppear", value: "true")]
    private static let notAnimatedArgument = [Argument(keyword: "viewDidAppear", value: "false")]

    /// Inlined into the runtime: most callbacks are not a tracked screen's `viewDidAppear:`,
    /// and those cost one comparison.
    @inline(__always)
    public func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        guard callback == .viewDidAppear, let group = runtime.hierarchy[controller].screenEntry else { return }
        try screenViewed(group, controller, animated: animated, runtime)
    }

    private func screenViewed(_ group: Int, _ controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop) {
        let instanceID = runtime.hierarchy[controller].id
        if let constant = runtime.plan.constantScreenGroups[group] {
            // One constant entry (the common case): nothing to render, nothing to retain.
            if constant.once { guard runtime.claimOnce(entryID: constant.entryID, instance: instanceID) else { return } }
            let properties = constantProperties(constant.entry, runtime.hierarchy[controller].classSymbol, runtime)
            return try emitScreen(EventDraft(kind: .screen, name: .symbol(constant.label), properties: .prepared(properties)), runtime)
        }
        for entryIndex in runtime.plan.screenGroups[group] {
            let entry = runtime.plan.screenEntries[entryIndex]
            if let label = entry.constantLabelSymbol, entry.isConstant {
                // No template, no condition: nothing to render (the common case).
                guard runtime.claimOnce(entry, instance: instanceID) else { continue }
                let properties = constantProperties(entryIndex, runtime.hierarchy[controller].classSymbol, runtime)
                try emitScreen(EventDraft(kind: .screen, name: .symbol(label), properties: .prepared(properties)), runtime)
                continue
            }
            if !context.readsEvents, runtime.hierarchy.properties.isEmpty || runtime.hierarchy.properties[controller] == nil {
                // No property set on the instance: every input of the templates is fixed by the
                // class and `animated`, so the entry renders alike each time (kept per both).
                let classSymbol = runtime.hierarchy[controller].classSymbol
                let key = UInt64(entryIndex) << 33 | UInt64(classSymbol.index) << 1 | (animated ? 1 : 0)
                let rendered = renderedScreens.recentValue(for: key) ?? renderedScreens.value(for: key) {
                    render(entry, entryIndex, controller, animated: animated, into: renderedScreenBytes, runtime)
                }
                guard rendered.conditionsHold, runtime.claimOnce(entry, instance: instanceID) else { continue }
                context.scratch.removeAll()
                context.scratch.append(renderedScreenBytes.base + rendered.offset, count: rendered.count)
                try emitScreen(EventDraft(kind: .screen, name: rendered.name, properties: .written), runtime)
                continue
            }
            var values = screenValues(controller, animated: animated, runtime)
            guard entry.conditionsHold(values), runtime.claimOnce(entry, instance: instanceID) else { continue }
            let name = entry.label.render(values)
            if entry.readsScreen { values.screen = name }
            let run = propertyRun(entryIndex, runtime.hierarchy[controller].classSymbol, runtime)
            try emitScreen(EventDraft(kind: .screen, name: entry.constantLabelSymbol.map(EventText.symbol) ?? .text(name),
                                      properties: context.properties(run, values)), runtime)
        }
    }

    /// What a screen entry's templates read on `viewDidAppear:` of `controller`.
    private func screenValues(_ controller: Int, animated: Bool, _ runtime: AppRuntime) -> TemplateValues {
        TemplateValues(screen: nil, className: runtime.className(of: controller), selector: "viewDidAppear:",
                       arguments: animated ? Self.animatedArgument : Self.notAnimatedArgument,
                       instance: runtime.hierarchy.properties[controller] ?? [:])
    }

    /// A screen entry with templates rendered once: whether its `when` holds, its label, and its
    /// properties object in `renderedScreenBytes`.
    private struct RenderedScreen {
        let conditionsHold: Bool
        let name: EventText
        let offset: Int
        let count: Int
    }

    /// Renders `entry` for `controller` as a screen view would, its properties appended to `bytes`.
    private func render(_ entry: PreparedEntry, _ entryIndex: Int, _ controller: Int, animated: Bool, into bytes: LineBuffer,
                        _ runtime: AppRuntime) -> RenderedScreen {
        var values = screenValues(controller, animated: animated, runtime)
        let conditionsHold = entry.conditionsHold(values)
        let name = entry.label.render(values)
        if entry.readsScreen { values.screen = name }
        let offset = bytes.count
        propertyRun(entryIndex, runtime.hierarchy[controller].classSymbol, runtime).write(values, into: bytes, symbols: runtime.plan.symbols)
        return RenderedScreen(conditionsHold: conditionsHold, name: entry.constantLabelSymbol.map(EventText.symbol) ?? .text(name),
                              offset: offset, count: bytes.count - offset)
    }

    /// The properties of a constant screen entry for a class, prepared once.
    private func constantProperties(_ entryIndex: Int, _ classSymbol: Symbol, _ runtime: AppRuntime) -> PreparedProperties {
        let key = UInt64(entryIndex) << 32 | UInt64(classSymbol.index)
        if let recent = preparedProperties.recentValue(for: key) { return recent }
        return preparedProperties.value(for: key) {
            let symbols = runtime.plan.symbols
            let entry = runtime.plan.screenEntries[entryIndex]
            return symbols.prepare(entry.constantProperties(leading: [("class", .string(symbols.text(classSymbol)))]))
        }
    }

    /// The property run of a screen entry with templates for a class, built once.
    private func propertyRun(_ entryIndex: Int, _ classSymbol: Symbol, _ runtime: AppRuntime) -> PropertyRun {
        propertyRuns.value(for: UInt64(entryIndex) << 32 | UInt64(classSymbol.index)) {
            let symbols = runtime.plan.symbols
            return PropertyRun(entry: runtime.plan.screenEntries[entryIndex], leading: [("class", .string(symbols.text(classSymbol)))], symbols: symbols)
        }
    }

    private func emitScreen(_ draft: EventDraft, _ runtime: AppRuntime) throws(ReplayStop) {
        // A screen view's own context names it, even when a controller above it is shown in
        // the same transition (modals re-appearing under a dismissed full-screen one).
        context.recordScreenView(draft.name)
        try runtime.emit(draft)
    }

    /// Brings the context up to date with the hierarchy: the visible screen and the stack.
    @inline(__always)
    func refresh(_ runtime: AppRuntime) {
        context.step = runtime.currentLine
        // Checked inline: most events come between two changes.
        if contextVersion != runtime.version { rebuild(runtime) }
    }

    private func rebuild(_ runtime: AppRuntime) {
        contextVersion = runtime.version
        var screenController: Int?
        context.beginStack()
        // One walk along the way back to the visible controller, bottom first — each layer's
        // containers and every controller on its navigation stacks (not only the top), then the
        // layers above. The stack lists the tracked ones; the screen is the top-most tracked
        // controller of the visible chain (tops of stacks, selected tabs) in the window. The
        // stored hierarchy is read one field at a time: a copy would retain its arrays.
        let firstInWindow = runtime.hierarchy.firstLayerInWindow
        for layer in 0..<runtime.hierarchy.layers.count {
            var current: Int? = runtime.hierarchy.layers[layer].root
            while let controller = current {
                if appendToStack(controller, runtime), layer >= firstInWindow { screenController = controller }
                switch runtime.hierarchy[controller].kind {
                case .plain:
                    current = nil
                case .navigation:
                    let count = runtime.hierarchy.children[controller].count
                    for index in 0..<max(count - 1, 0) {
                        _ = appendToStack(runtime.hierarchy.children[controller][index], runtime)
                    }
                    current = count > 0 ? runtime.hierarchy.children[controller][count - 1] : nil
                case .tabBar:
                    current = runtime.hierarchy.visibleChild(of: controller)
                }
            }
        }
        context.endStack()
        context.screen = screenController.flatMap { label(of: $0, runtime) }
    }

    /// Appends a tracked controller's label to the stack; false for an untracked one. A
    /// constant label is copied as its interned bytes, without an `EventText`.
    private func appendToStack(_ controller: Int, _ runtime: AppRuntime) -> Bool {
        guard let group = runtime.hierarchy[controller].screenEntry else { return false }
        if let constant = runtime.plan.screenGroupLabels[group] {
            context.appendToStack(constant)
            return true
        }
        guard let label = label(of: controller, runtime) else { return false }
        context.appendToStack(label)
        return true
    }

    /// The label of the visible tracked screen now, for `{screen}`.
    func visibleScreen(_ runtime: AppRuntime) -> String? {
        refresh(runtime)
        return context.screen.map(context.symbols.text)
    }

    /// The label a tracked controller shows as now: its first entry whose `when` holds.
    private func label(of controller: Int, _ runtime: AppRuntime) -> EventText? {
        guard let group = runtime.hierarchy[controller].screenEntry else { return nil }
        if let constant = runtime.plan.screenGroupLabels[group] { return .symbol(constant) }
        let values = TemplateValues(screen: nil, className: runtime.className(of: controller), selector: "viewDidAppear:",
                                    instance: runtime.hierarchy.properties[controller] ?? [:])
        for entryIndex in runtime.plan.screenGroups[group] {
            let entry = runtime.plan.screenEntries[entryIndex]
            if entry.conditionsHold(values) { return .text(entry.label.render(values)) }
        }
        return nil
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
