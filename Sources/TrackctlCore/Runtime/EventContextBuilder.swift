/// Every event's context — the visible tracked screen, the stack of tracked screens on the way
/// to it, the step — kept up to date with the hierarchy: rebuilt when `Hierarchy.version` has
/// moved since the last event, not once per event.
final class EventContextBuilder {
    /// The context of every event; lent to the emitter.
    let state: EventContextState
    /// `state`, lent to the emitter without a retain and release per event: it lives as long
    /// as this builder, which lives as long as the runtime.
    let stateReference: Unmanaged<EventContextState>
    /// The hierarchy's version the context was built from. Owner: this builder; one thread.
    @exclusivity(unchecked) private var builtVersion = -1

    init(symbols: SymbolTable, readsEvents: Bool) {
        state = EventContextState(symbols: symbols, readsEvents: readsEvents)
        stateReference = Unmanaged.passUnretained(state)
    }

    /// Brings the context up to date with the hierarchy: the step, the visible screen, the stack.
    @inline(__always)
    func refresh(_ runtime: AppRuntime) {
        state.step = runtime.currentLine
        // Checked inline: most events come between two changes.
        if builtVersion != runtime.hierarchy.version { rebuild(runtime) }
    }

    /// The label of the visible tracked screen now, for `{screen}`.
    func visibleScreen(_ runtime: AppRuntime) -> String? {
        refresh(runtime)
        return state.screen.map(state.symbols.text)
    }

    private func rebuild(_ runtime: AppRuntime) {
        builtVersion = runtime.hierarchy.version
        var screenController: Int?
        state.beginStack()
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
                case .tabBar, .page:
                    current = runtime.hierarchy.visibleChild(of: controller)
                }
            }
        }
        state.endStack()
        state.screen = screenController.flatMap { label(of: $0, runtime) }
    }

    /// Appends a tracked controller's label to the stack; false for an untracked one. A
    /// constant label is copied as its interned bytes, without an `EventText`.
    private func appendToStack(_ controller: Int, _ runtime: AppRuntime) -> Bool {
        guard let group = runtime.hierarchy[controller].screenEntry else { return false }
        if let constant = runtime.plan.screenGroupLabels[group] {
            state.appendToStack(constant)
            return true
        }
        guard let label = label(of: controller, runtime) else { return false }
        state.appendToStack(label)
        return true
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
