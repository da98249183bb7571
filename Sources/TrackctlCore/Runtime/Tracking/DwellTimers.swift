/// `dwell` (SPEC §9) as a lifecycle action: a tracked screen with a dwell emits its screen view
/// only once it has stayed visible that long — BlocksKit's cancellable `bk_performAfterDelay:`.
///
/// `ScreenTracker` schedules here at the screen's `viewDidAppear:` instead of emitting; this
/// action cancels at that instance's `viewWillDisappear:` (the user started to leave, also a
/// swipe-back later cancelled), and the next `viewDidAppear:` schedules anew. The app going to
/// the background cancels nothing: a timer due then fires at `foreground` (`AppRuntime`).
final class DwellTimers: LifecycleAction {
    let moments: LifecycleMoments = [.viewWillDisappear, .app]
    /// Pending dwell timers by slot. Owner: this action; one thread; an entry lives from a
    /// screen's `viewDidAppear:` to its firing or its `viewWillDisappear:`.
    private var pending: [Int: [VirtualTimer]] = [:]
    private unowned let tracker: ScreenTracker

    init(tracker: ScreenTracker) {
        self.tracker = tracker
    }

    /// Schedules the screen view of `entryIndex` for `controller`, `dwell` milliseconds from now.
    func schedule(_ entryIndex: Int, dwell: Int64, controller: Int, animated: Bool, _ runtime: AppRuntime)
        throws(ReplayStop)
    {
        let instance = runtime.hierarchy[controller].id
        let timer = try runtime.schedule(after: dwell, named: "dwell", for: controller) {
            [unowned self] runtime throws(ReplayStop) in
            self.pending[controller]?.removeAll { $0.due <= runtime.now }
            if self.pending[controller]?.isEmpty == true { self.pending[controller] = nil }
            // The instance is the one scheduled for: a timer never outlives its
            // `viewWillDisappear:`, and a released instance has had one.
            guard runtime.hierarchy[controller].id == instance else { return }
            try self.tracker.emitDwelled(entryIndex, of: controller, animated: animated, runtime)
        }
        pending[controller, default: []].append(timer)
    }

    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool)
        throws(ReplayStop)
    {
        guard let timers = pending.removeValue(forKey: controller) else { return }
        for timer in timers { try runtime.cancel(timer) }
    }

    func runtime(_ runtime: AppRuntime, app transition: AppTransition) throws(ReplayStop) {
        // A killed app's timers are gone (the runtime drops them); forget them here too.
        if transition == .terminate { pending.removeAll() }
    }
}
