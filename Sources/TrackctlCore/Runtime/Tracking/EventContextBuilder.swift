/// Every event's context — the visible tracked screen, the one before the latest change of it,
/// the stack of tracked screens on the way to it, the step — kept up to date with the
/// hierarchy: rebuilt when `Hierarchy.version` has moved since the last event (or step), not
/// once per event. Screens are named as their screen views were emitted (SPEC §5), not
/// re-rendered: a label reading `{self.plan}` keeps the name it was shown with.
final class EventContextBuilder {
    /// The context of every event; lent to the emitter.
    let state: EventContextState
    /// `state`, lent to the emitter without a retain and release per event: it lives as long
    /// as this builder, which lives as long as the runtime.
    let stateReference: Unmanaged<EventContextState>
    /// The hierarchy's version the context was built from. Owner: this builder; one thread.
    @exclusivity(unchecked) private var builtVersion = -1
    /// The instance number of the visible tracked screen the context was last built with; a
    /// different one is a change of the visible screen, which moves `previousScreen`.
    @exclusivity(unchecked) private var visibleInstance: Int?
    /// The name each screen with a rendered label was last viewed with, by slot, with the
    /// instance number it belongs to (a reused slot's stale entry is told apart by it). Owner:
    /// this builder; one thread; bounded by the number of slots. Written by `recordScreenView`,
    /// which invalidates the context when a name changes.
    @exclusivity(unchecked) private var viewedNames: [Int: (instance: Int, name: EventText)] = [:]

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

    /// Brings the context up to date at the end of a step, so that a change of the visible
    /// screen with no event after it (an untracked push, a tab switched under a modal) still
    /// moves `previousScreen`.
    @inline(__always)
    func stepEnded(_ runtime: AppRuntime) {
        if builtVersion != runtime.hierarchy.version { rebuild(runtime) }
    }

    /// A screen view was emitted for `controller` with `name`. Remembered only for screens
    /// whose label is rendered; a changed name rebuilds the context at the next event.
    func recordScreenView(_ name: EventText, of controller: Int, _ runtime: AppRuntime) {
        guard let group = runtime.hierarchy[controller].screenEntry, runtime.plan.screenGroupLabels[group] == nil else {
            return
        }
        let instance = runtime.hierarchy[controller].id
        if let known = viewedNames[controller], known.instance == instance,
            known.name.sameText(as: name, runtime.plan.symbols)
        {
            return
        }
        viewedNames[controller] = (instance, name)
        builtVersion = -1
    }

    /// Forgets the killed app's screens (a relaunch): no screen, no previous screen.
    func reset() {
        builtVersion = -1
        visibleInstance = nil
        viewedNames.removeAll()
        state.screen = nil
        state.previousScreen = nil
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
        let screen = screenController.flatMap { label(of: $0, runtime) }
        let instance = screenController.map { runtime.hierarchy[$0].id }
        if instance != visibleInstance {
            visibleInstance = instance
            state.previousScreen = state.screen
        }
        state.screen = screen
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

    /// The name of a tracked controller: its label when constant, else the name its latest
    /// screen view was emitted with, else (never viewed: a `when` that did not hold, `once`)
    /// its label as it renders now, from its first entry whose `when` holds.
    private func label(of controller: Int, _ runtime: AppRuntime) -> EventText? {
        guard let group = runtime.hierarchy[controller].screenEntry else { return nil }
        if let constant = runtime.plan.screenGroupLabels[group] { return .symbol(constant) }
        if let viewed = viewedNames[controller], viewed.instance == runtime.hierarchy[controller].id {
            return viewed.name
        }
        let values = TemplateValues(
            screen: nil, className: runtime.className(of: controller), selector: "viewDidAppear:",
            instance: runtime.hierarchy.properties[controller] ?? [:])
        for entryIndex in runtime.plan.screenGroups[group] {
            let entry = runtime.plan.screenEntries[entryIndex]
            if entry.conditionsHold(values) { return .text(entry.label.render(values)) }
        }
        return nil
    }
}
