/// Calls into the app: `call`, `select-row` and `set`, with the tracking plan's hooks around
/// them (Aspects' before/after positions) and the catalog's transitions after.
extension AppRuntime {
    /// The context every event emitted now carries.
    public func context() -> EventContext {
        screenTracker.context(self)
    }

    /// Records that `entry` fired for `instance`; false if it is `once` and fired already.
    func claimOnce(_ entry: PreparedEntry, instance: Int) -> Bool {
        guard entry.once else { return true }
        return firedOnce.insert(Int64(entry.id) << 32 | Int64(instance)).inserted
    }

    func call(_ targetClass: String?, selector: String, arguments: [Argument]) throws(ReplayStop) {
        try requireForeground("call '\(selector)'")
        let visible = hierarchy.visibleController!
        var receiver = visible
        if let targetClass {
            if let existing = hierarchy[visible].owned[targetClass] {
                receiver = existing
            } else {
                receiver = make(targetClass)
                hierarchy[visible].owned[targetClass] = receiver
            }
        }
        try invoke(selector, on: receiver, arguments: arguments)
    }

    func selectRow(section: Int, row: Int) throws(ReplayStop) {
        try requireForeground("select a row")
        let arguments = [Argument(keyword: "tableView", value: "UITableView"), Argument(keyword: "didSelectRowAtIndexPath", value: "\(section)-\(row)")]
        try invoke("tableView:didSelectRowAtIndexPath:", on: hierarchy.visibleController!, arguments: arguments)
    }

    /// Sends `selector` to an instance: refuses what `respondsToSelector:` would refuse, fires
    /// the before hooks, the method (its trace), the after hooks, then the transition.
    private func invoke(_ selector: String, on receiver: Int, arguments: [Argument]) throws(ReplayStop) {
        let className = hierarchy[receiver].className
        let call = callPlan(selector, on: className)
        if !call.responds {
            throw cannot("'\(className)' does not implement '\(selector)' (respondsToSelector: would answer NO), so nothing can call it or hook it; declare it in the catalog or call it on the right screen")
        }
        let hooks = call.hooks
        try fire(hooks, call.constantProperties, position: .before, selector: selector, receiver: receiver, arguments: arguments)
        if traces {
            var properties: [(key: String, value: EventValue)] = [("class", .string(className)), ("instance", .integer(Int64(hierarchy[receiver].id)))]
            properties += arguments.map { ($0.keyword, .string($0.value)) }
            try emitter.emit(Event(kind: .trace, name: selector, properties: properties, context: context(), timestamp: now))
        }
        try fire(hooks, call.constantProperties, position: .after, selector: selector, receiver: receiver, arguments: arguments)
        if let transition = call.transition {
            try perform(transition)
        }
    }

    /// What sending `selector` to an instance of `className` involves, resolved through the
    /// class hierarchy once per pair: `respondsToSelector:`, the hooks, the transition.
    private func callPlan(_ selector: String, on className: String) -> CallPlan {
        // Scripts repeat a few calls: comparing with the recent ones is cheaper than hashing.
        for recent in recentCallPlans where recent.key.selector == selector && recent.key.className == className { return recent.plan }
        let key = CallKey(className: className, selector: selector)
        if let known = callPlans[key] {
            rememberCallPlan(key, known)
            return known
        }
        var responds = true
        if case .notFound = catalog.lookup(selector: selector, on: className) { responds = false }
        let hooks = plan.hooks(for: selector, on: className, in: catalog)
        let resolved = CallPlan(responds: responds, hooks: hooks,
                                constantProperties: hooks.map { $0.entry.isConstant ? $0.entry.constantProperties(className: className, selector: selector) : [] },
                                transition: catalog.transition(for: selector, on: className))
        callPlans[key] = resolved
        rememberCallPlan(key, resolved)
        return resolved
    }

    private func rememberCallPlan(_ key: CallKey, _ plan: CallPlan) {
        if recentCallPlans.count < 4 {
            recentCallPlans.append((key, plan))
        } else {
            recentCallPlans[nextRecentCallPlan] = (key, plan)
            nextRecentCallPlan = (nextRecentCallPlan + 1) % 4
        }
    }

    private func fire(_ hooks: [TrackingPlan.Hook], _ constantProperties: [[(key: String, value: EventValue)]], position: HookPosition,
                      selector: String, receiver: Int, arguments: [Argument]) throws(ReplayStop) {
        for (index, hook) in hooks.enumerated() where hook.position == position {
            let context = self.context()
            let className = hierarchy[receiver].className
            if hook.entry.isConstant {
                // No template, no condition: nothing to render (the common case); the properties
                // were built once with the call plan.
                guard claimOnce(hook.entry, instance: hierarchy[receiver].id) else { continue }
                try emitter.emit(Event(kind: .track, name: hook.entry.label.literal!, properties: constantProperties[index],
                                       context: context, timestamp: now))
                continue
            }
            let values = TemplateValues(screen: context.screen, className: className, selector: selector,
                                        arguments: arguments, instance: hierarchy[receiver].properties)
            guard hook.entry.conditionsHold(values), claimOnce(hook.entry, instance: hierarchy[receiver].id) else { continue }
            let properties = hook.entry.renderedProperties(values, leading: [("class", .string(className)), ("selector", .string(selector))])
            try emitter.emit(Event(kind: .track, name: hook.entry.label.render(values), properties: properties, context: context, timestamp: now))
        }
    }

    private func perform(_ transition: Transition) throws(ReplayStop) {
        switch transition {
        case .push(let name, let animated): try push(name, animated: animated)
        case .present(let name, let style, let inNavigation, let animated):
            try present(name, style: style, inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): try dismiss(animated: animated)
        case .pop(let target, let animated): try pop(target, animated: animated)
        }
    }

    /// `set KEY=VALUE`: key-value observation fires the tracked properties of the visible
    /// controller's class (or an ancestor's) for that key path, on every set.
    func setProperty(_ key: String, _ value: String) throws(ReplayStop) {
        try requireForeground("set '\(key)'")
        let receiver = hierarchy.visibleController!
        hierarchy[receiver].properties[key] = value
        structureChanged()  // labels may read {self.KEY}
        let instance = hierarchy[receiver]
        for entry in plan.observers(of: key, on: instance.className, in: catalog) {
            let values = TemplateValues(screen: context().screen, className: instance.className, selector: nil,
                                        instance: instance.properties, value: value, keyPath: key)
            guard entry.conditionsHold(values) else { continue }
            let properties = entry.renderedProperties(values, leading: [("class", .string(instance.className)), ("keyPath", .string(key))])
            try emitter.emit(Event(kind: .track, name: entry.label.render(values), properties: properties, context: context(), timestamp: now))
        }
    }
}

/// A class and a selector, as the key of resolved calls.
struct CallKey: Hashable {
    let className: String
    let selector: String
}

/// A call resolved once: whether the class responds, the hooks to fire, the transition.
struct CallPlan {
    let responds: Bool
    let hooks: [TrackingPlan.Hook]
    /// For each hook, its event's properties when the entry is constant (else empty).
    let constantProperties: [[(key: String, value: EventValue)]]
    let transition: Transition?
}
