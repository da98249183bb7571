/// Screen tracking as a global lifecycle action: on every `viewDidAppear:` of a controller whose
/// class (or nearest ancestor) is a tracked screen, a `screen` event — as a hook on that
/// class's `viewDidAppear:` would fire on a device, containers included when listed.
///
/// It also answers what every event's context needs: the visible tracked screen, the stack of
/// tracked screens on the way to it, and the screen viewed before.
public final class ScreenTracker: LifecycleAction {
    // Used on one thread only, on every callback: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var lastScreenView: String?
    @exclusivity(unchecked) private var screenViewBeforeLast: String?
    @exclusivity(unchecked) private var cachedVersion = -1
    @exclusivity(unchecked) private var cachedScreen: String?
    @exclusivity(unchecked) private var cachedStack: [String] = []
    @exclusivity(unchecked) private var propertyMemo: [(entry: Int, className: String, properties: [(key: String, value: EventValue)])] = []
    @exclusivity(unchecked) private var nextMemo = 0

    public init() {}

    /// `{arg.viewDidAppear}`, built once rather than per screen view.
    private static let animatedArgument = [Argument(keyword: "viewDidAppear", value: "true")]
    private static let notAnimatedArgument = [Argument(keyword: "viewDidAppear", value: "false")]

    public func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        guard callback == .viewDidAppear, let group = runtime.hierarchy[controller].screenEntry else { return }
        // Fields are read in place: copying the whole instance would retain its collections.
        let className = runtime.hierarchy[controller].className
        let instanceID = runtime.hierarchy[controller].id
        for entryIndex in runtime.plan.screenGroups[group] {
            let entry = runtime.plan.screenEntries[entryIndex]
            if entry.isConstant {
                // No template, no condition: nothing to render (the common case).
                guard runtime.claimOnce(entry, instance: instanceID) else { continue }
                try emitScreen(entry.label.literal!, properties: constantProperties(entry, entryIndex, className), runtime)
                continue
            }
            var values = TemplateValues(screen: nil, className: className, selector: "viewDidAppear:",
                                        arguments: animated ? Self.animatedArgument : Self.notAnimatedArgument,
                                        instance: runtime.hierarchy[controller].properties)
            guard entry.conditionsHold(values), runtime.claimOnce(entry, instance: instanceID) else { continue }
            let name = entry.label.render(values)
            values.screen = name
            try emitScreen(name, properties: entry.renderedProperties(values, leading: [("class", .string(className))]), runtime)
        }
    }

    /// The properties of a constant screen entry for a class, from a small memo: replays
    /// alternate between a few screens, and building the list is an allocation per event.
    private func constantProperties(_ entry: PreparedEntry, _ entryIndex: Int, _ className: String) -> [(key: String, value: EventValue)] {
        for memo in propertyMemo where memo.entry == entryIndex && memo.className == className { return memo.properties }
        let properties = entry.constantProperties(leading: [("class", .string(className))])
        if propertyMemo.count < 8 { propertyMemo.append((entryIndex, className, properties)) } else {
            propertyMemo[nextMemo] = (entryIndex, className, properties)
            nextMemo = (nextMemo + 1) % propertyMemo.count
        }
        return properties
    }

    private func emitScreen(_ name: String, properties: [(key: String, value: EventValue)], _ runtime: AppRuntime) throws(ReplayStop) {
        var context = self.context(runtime)
        // A screen view's own context names it, even when a controller above it is shown in
        // the same transition (modals re-appearing under a dismissed full-screen one).
        context.screen = name
        context.previousScreen = lastScreenView
        try runtime.emitter.emit(Event(kind: .screen, name: name, properties: properties, context: context, timestamp: runtime.now))
        screenViewBeforeLast = lastScreenView
        lastScreenView = name
    }

    /// The context of an event emitted now: visible screen, stack, previous screen view, step.
    func context(_ runtime: AppRuntime) -> EventContext {
        if cachedVersion != runtime.version {
            cachedVersion = runtime.version
            cachedScreen = nil
            cachedStack.removeAll(keepingCapacity: true)
            // One walk: the stack along the navigation path; the screen is the top-most tracked
            // controller among those in the window.
            let hierarchy = runtime.hierarchy
            let firstInWindow = hierarchy.firstLayerInWindow
            hierarchy.walkNavigationPath { controller, layer, isVisible in
                guard let label = self.label(of: controller, runtime) else { return }
                cachedStack.append(label)
                if isVisible, layer >= firstInWindow { cachedScreen = label }
            }
        }
        return EventContext(screen: cachedScreen, previousScreen: screenViewBeforeLast, stack: cachedStack, step: runtime.currentLine)
    }

    /// The label a tracked controller shows as now: its first entry whose `when` holds.
    private func label(of controller: Int, _ runtime: AppRuntime) -> String? {
        guard let group = runtime.hierarchy[controller].screenEntry else { return nil }
        let entries = runtime.plan.screenGroups[group]
        if entries.count == 1, let constant = runtime.plan.screenEntries[entries[0]].constantLabel { return constant }
        let values = TemplateValues(screen: nil, className: runtime.hierarchy[controller].className, selector: "viewDidAppear:",
                                    instance: runtime.hierarchy[controller].properties)
        for entryIndex in runtime.plan.screenGroups[group] {
            let entry = runtime.plan.screenEntries[entryIndex]
            if entry.conditionsHold(values) { return entry.label.render(values) }
        }
        return nil
    }
}

/// `--trace`: one `trace` line per lifecycle callback, with the class, instance number and
/// `animated` argument.
public final class TraceAction: LifecycleAction {
    public init() {}

    public func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        var properties: [(key: String, value: EventValue)] = [("class", .string(runtime.hierarchy[controller].className)),
                                                              ("instance", .integer(Int64(runtime.hierarchy[controller].id)))]
        if callback.hasAnimatedArgument { properties.append(("animated", .bool(animated))) }
        try runtime.emitter.emit(Event(kind: .trace, name: callback.selector, properties: properties,
                                       context: runtime.context(), timestamp: runtime.now))
    }
}
