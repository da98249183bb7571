/// UIKit's appearance callbacks, delivered as UIKit delivers them (lifecycle §9): to
/// each participant parent first, updating its state (R2), loading views first (R7), and
/// telling every lifecycle action — the trace, screen tracking, then the other global actions
/// (dwell, screen time, the embedder's) in registration order, then those registered on the
/// instance.
final class CallbackDelivery {
    /// `--trace`'s action, called before screen tracking (a callback's trace comes before what
    /// hooks on it emit).
    private let traceAction: TraceAction?
    /// Screen views; the first action after the trace.
    let screenTracker: ScreenTracker
    /// Every other action, by what it asked for.
    @exclusivity(unchecked) private(set) var actions = LifecycleActions()

    init(trace: Bool, readsEvents: Bool) {
        traceAction = trace ? TraceAction() : nil
        screenTracker = ScreenTracker(readsEvents: readsEvents)
    }

    func register(_ action: LifecycleAction) { actions.register(action) }
    func register(_ action: LifecycleAction, on controller: Int, instance: Int) {
        actions.register(action, on: controller, instance: instance)
    }
    func remove(_ action: LifecycleAction) { actions.remove(action) }
    func remove(_ action: LifecycleAction, from controller: Int) { actions.remove(action, from: controller) }
    func removeActions(of controller: Int) { actions.removeActions(of: controller) }

    /// The two did-orders of lifecycle §9 for a transition that replaces one subtree
    /// with another.
    enum DidOrder {
        /// push, pop, pop-to: `out*.didDisappear, in*.didAppear`.
        case outgoingFirst
        /// Modal with the presenter removed, present and dismiss (lifecycle §3.1, lifecycle §3.2):
        /// `in*.didAppear, out*.didDisappear` — the reverse of push.
        case incomingFirst
    }

    /// `out*.willDisappear, in*.willAppear, in*.isAppearing`, the animation, then the did-group
    /// in `order`. Incoming views load first (lifecycle §7).
    func transition(
        in incoming: Participants, out outgoing: Participants, animated: Bool, order: DidOrder,
        in runtime: AppRuntime
    ) throws(ReplayStop) {
        try willGroup(in: incoming, out: outgoing, animated: animated, in: runtime)
        switch order {
        case .outgoingFirst:
            try deliver(.viewDidDisappear, to: outgoing, animated: animated, in: runtime)
            try deliver(.viewDidAppear, to: incoming, animated: animated, in: runtime)
        case .incomingFirst:
            try deliver(.viewDidAppear, to: incoming, animated: animated, in: runtime)
            try deliver(.viewDidDisappear, to: outgoing, animated: animated, in: runtime)
        }
    }

    /// The start of every replacing transition, interactive ones included (lifecycle §9.3: an
    /// interactive step starts with the template's will-group only), and the animation's duration.
    func willGroup(in incoming: Participants, out outgoing: Participants, animated: Bool, in runtime: AppRuntime)
        throws(ReplayStop)
    {
        try load(incoming, in: runtime)
        try deliver(.viewWillDisappear, to: outgoing, animated: animated, in: runtime)
        try deliver(.viewWillAppear, to: incoming, animated: animated, in: runtime)
        try deliver(.viewIsAppearing, to: incoming, animated: animated, in: runtime)
        try runtime.animate(animated)
    }

    /// Loads a view that was never loaded (R7): `viewDidLoad` once, before its first appearance.
    func load(_ participants: Participants, in runtime: AppRuntime) throws(ReplayStop) {
        try forEach(participants, runtime) { controller throws(ReplayStop) in try load(controller, runtime) }
    }

    /// Delivers one callback to each participant in order, parent first, updating its state (R2).
    func deliver(_ callback: LifecycleCallback, to participants: Participants, animated: Bool, in runtime: AppRuntime)
        throws(ReplayStop)
    {
        try forEach(participants, runtime) { controller throws(ReplayStop) in
            try deliver(callback, to: controller, animated: animated, runtime)
        }
    }

    /// Visits participants parent first.
    @inline(__always)
    private func forEach(_ participants: Participants, _ runtime: AppRuntime, _ body: (Int) throws(ReplayStop) -> Void)
        throws(ReplayStop)
    {
        switch participants {
        case .none:
            return
        case .subtree(let root):
            try runtime.forEachInSubtree(root, body)
        case .list(let controllers):
            for controller in controllers { try body(controller) }
        }
    }

    private func load(_ controller: Int, _ runtime: AppRuntime) throws(ReplayStop) {
        guard !runtime.hierarchy[controller].isViewLoaded else { return }
        runtime.markViewLoaded(controller)
        try notify(.viewDidLoad, controller, animated: false, runtime)
    }

    private func deliver(_ callback: LifecycleCallback, to controller: Int, animated: Bool, _ runtime: AppRuntime)
        throws(ReplayStop)
    {
        if !runtime.hierarchy[controller].isViewLoaded { try load(controller, runtime) }
        switch callback {
        case .viewWillAppear: runtime.setAppearance(.appearing, of: controller)
        case .viewDidAppear: runtime.setAppearance(.appeared, of: controller)
        case .viewWillDisappear: runtime.setAppearance(.disappearing, of: controller)
        case .viewDidDisappear: runtime.setAppearance(.disappeared, of: controller)
        case .viewIsAppearing, .viewDidLoad: break
        }
        try notify(callback, controller, animated: animated, runtime)
    }

    private func notify(_ callback: LifecycleCallback, _ controller: Int, animated: Bool, _ runtime: AppRuntime)
        throws(ReplayStop)
    {
        // The built-in actions are called directly: going through a list would retain and
        // release each one on every callback.
        if let traceAction {
            try traceAction.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        }
        try screenTracker.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        guard actions.any else { return }
        for action in actions.global[callback.rawValue] {
            try action.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        }
        guard actions.hasInstanceActions,
            let scoped = actions.scoped(to: controller, instance: runtime.hierarchy[controller].id)
        else { return }
        let moment = LifecycleMoments(callback)
        for action in scoped where action.moments.contains(moment) {
            try action.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        }
    }

    /// Tells every action that asked for `.app` of a transition of the whole app: the global
    /// ones in registration order, then those of each instance, by instance number.
    func notify(_ transition: AppTransition, _ runtime: AppRuntime) throws(ReplayStop) {
        guard actions.any else { return }
        for action in actions.appActions { try action.runtime(runtime, app: transition) }
        for action in actions.instanceAppActions() { try action.runtime(runtime, app: transition) }
    }
}

/// The lifecycle actions registered besides the trace and screen tracking: global ones filed by
/// the callbacks they asked for, and per-instance ones by slot with their instance number (a
/// slot reused by a later instance does not inherit them). Owner: one `CallbackDelivery`; one
/// thread.
struct LifecycleActions {
    /// Per `LifecycleCallback.rawValue`, the global actions that asked for it.
    private(set) var global: [[LifecycleAction]] = Array(repeating: [], count: LifecycleCallback.allCases.count)
    /// The global actions that asked for `.app`.
    private(set) var appActions: [LifecycleAction] = []
    /// Per slot: the instance number and its actions, in registration order.
    private var byInstance: [Int: (instance: Int, actions: [LifecycleAction])] = [:]
    /// Whether any action is registered: the one check a callback makes when none is.
    private(set) var any = false
    var hasInstanceActions: Bool { !byInstance.isEmpty }

    mutating func register(_ action: LifecycleAction) {
        let moments = action.moments
        for callback in LifecycleCallback.allCases where moments.contains(LifecycleMoments(callback)) {
            global[callback.rawValue].append(action)
        }
        if moments.contains(.app) { appActions.append(action) }
        any = true
    }

    mutating func register(_ action: LifecycleAction, on controller: Int, instance: Int) {
        var registered =
            byInstance[controller].flatMap { $0.instance == instance ? $0 : nil } ?? (instance: instance, actions: [])
        registered.actions.append(action)
        byInstance[controller] = registered
        any = true
    }

    mutating func remove(_ action: LifecycleAction) {
        for index in global.indices { global[index].removeAll { $0 === action } }
        appActions.removeAll { $0 === action }
        updateAny()
    }

    mutating func remove(_ action: LifecycleAction, from controller: Int) {
        byInstance[controller]?.actions.removeAll { $0 === action }
        if byInstance[controller]?.actions.isEmpty == true { byInstance[controller] = nil }
        updateAny()
    }

    /// An instance released for good takes its actions with it.
    mutating func removeActions(of controller: Int) {
        guard byInstance.removeValue(forKey: controller) != nil else { return }
        updateAny()
    }

    func scoped(to controller: Int, instance: Int) -> [LifecycleAction]? {
        guard let entry = byInstance[controller], entry.instance == instance else { return nil }
        return entry.actions
    }

    /// The per-instance actions that asked for `.app`, by instance number.
    func instanceAppActions() -> [LifecycleAction] {
        byInstance.values.sorted { $0.instance < $1.instance }.flatMap {
            $0.actions.filter { $0.moments.contains(.app) }
        }
    }

    private mutating func updateAny() {
        any = !byInstance.isEmpty || !appActions.isEmpty || global.contains { !$0.isEmpty }
    }
}
