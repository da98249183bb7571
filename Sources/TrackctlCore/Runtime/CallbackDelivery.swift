/// UIKit's appearance callbacks, delivered as UIKit delivers them (uikit-lifecycle.md §9): to
/// each participant parent first, updating its state (R2), loading views first (R7), and
/// telling every lifecycle action — the trace, screen tracking, then the embedder's — in that
/// order.
final class CallbackDelivery {
    /// `--trace`'s action, called before screen tracking (a callback's trace comes before what
    /// hooks on it emit).
    private let traceAction: TraceAction?
    /// Screen views; the first action after the trace.
    let screenTracker: ScreenTracker
    /// Actions registered by the embedding program, called after screen tracking.
    @exclusivity(unchecked) private var actions: [LifecycleAction] = []

    init(trace: Bool, readsEvents: Bool) {
        traceAction = trace ? TraceAction() : nil
        screenTracker = ScreenTracker(readsEvents: readsEvents)
    }

    func register(_ action: LifecycleAction) {
        actions.append(action)
    }

    /// The two did-orders of uikit-lifecycle.md §9 for a transition that replaces one subtree
    /// with another.
    enum DidOrder {
        /// push, pop, pop-to: `out*.didDisappear, in*.didAppear`.
        case outgoingFirst
        /// Modal with the presenter removed, present and dismiss (§3.1, §3.2):
        /// `in*.didAppear, out*.didDisappear` — the reverse of push.
        case incomingFirst
    }

    /// `out*.willDisappear, in*.willAppear, in*.isAppearing`, the animation, then the did-group
    /// in `order`. Incoming views load first (§7).
    func transition(in incoming: Participants, out outgoing: Participants, animated: Bool, order: DidOrder,
                    in runtime: AppRuntime) throws(ReplayStop) {
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

    /// The start of every replacing transition, interactive ones included (§9: "interactive —
    /// start: the template's will-group only"), and the animation's duration.
    func willGroup(in incoming: Participants, out outgoing: Participants, animated: Bool, in runtime: AppRuntime) throws(ReplayStop) {
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
    func deliver(_ callback: LifecycleCallback, to participants: Participants, animated: Bool, in runtime: AppRuntime) throws(ReplayStop) {
        try forEach(participants, runtime) { controller throws(ReplayStop) in try deliver(callback, to: controller, animated: animated, runtime) }
    }

    /// Visits participants parent first.
    @inline(__always)
    private func forEach(_ participants: Participants, _ runtime: AppRuntime, _ body: (Int) throws(ReplayStop) -> Void) throws(ReplayStop) {
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

    private func deliver(_ callback: LifecycleCallback, to controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop) {
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

    private func notify(_ callback: LifecycleCallback, _ controller: Int, animated: Bool, _ runtime: AppRuntime) throws(ReplayStop) {
        // The built-in actions are called directly: going through the list would retain and
        // release each one on every callback.
        if let traceAction { try traceAction.runtime(runtime, didDeliver: callback, to: controller, animated: animated) }
        try screenTracker.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        guard !actions.isEmpty else { return }
        for action in actions {
            try action.runtime(runtime, didDeliver: callback, to: controller, animated: animated)
        }
    }
}
