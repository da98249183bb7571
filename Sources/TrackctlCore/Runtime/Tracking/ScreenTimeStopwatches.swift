/// `options.screenTime` (SPEC §9) as a lifecycle action: a stopwatch per tracked instance from
/// its `viewDidAppear:` to its `viewDidDisappear:`, then a `Screen Time` track event with the
/// screen's label and the visible seconds — DZViewControllerLifeCircleAction's page timing.
///
/// - Started by `ScreenTracker` when an appearance emitted a screen view, or scheduled one
///   (`dwell`); a second `viewDidAppear:` with no `viewDidDisappear:` between (a cancelled
///   swipe-back) does not restart it.
/// - `background` pauses every running stopwatch, `foreground` resumes them; a killed app's
///   stopwatches emit nothing, nor do those still running when the replay ends.
/// - A stopwatch whose appearance never emitted a screen view (its dwell was cancelled: a
///   glance, not a visit) emits nothing.
/// - A presenter covered by a sheet gets no callbacks, so its stopwatch keeps running: what
///   such an implementation measures on a device.
final class ScreenTimeStopwatches: LifecycleAction {
    let moments: LifecycleMoments = [.viewDidDisappear, .app]

    private struct Stopwatch {
        let instance: Int
        /// When it last started or resumed; nil while paused (in the background).
        var runningSince: Int64?
        /// Visible time before `runningSince`, in milliseconds.
        var accumulated: Int64 = 0
        /// The name of the latest screen view of this visit; nil until one is emitted.
        var screen: String?
    }

    /// Running stopwatches by slot. Owner: this action; one thread; an entry lives from an
    /// appearance to its `viewDidDisappear:` (or the app's end).
    private var running: [Int: Stopwatch] = [:]

    /// An appearance of `controller` emitted a screen view named `screen`, or scheduled one
    /// (`screen` nil). Starts its stopwatch unless one is running already; a screen view then
    /// names the visit (a dwell that fired names the stopwatch its appearance started).
    func appeared(_ controller: Int, screen: String?, _ runtime: AppRuntime) {
        let instance = runtime.hierarchy[controller].id
        var stopwatch =
            running[controller].flatMap { $0.instance == instance ? $0 : nil }
            ?? Stopwatch(instance: instance, runningSince: runtime.isInBackground ? nil : runtime.now)
        if let screen { stopwatch.screen = screen }
        running[controller] = stopwatch
    }

    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool)
        throws(ReplayStop)
    {
        guard let stopwatch = running.removeValue(forKey: controller),
            stopwatch.instance == runtime.hierarchy[controller].id,
            let screen = stopwatch.screen
        else { return }
        let visible = stopwatch.accumulated + (stopwatch.runningSince.map { runtime.now - $0 } ?? 0)
        try runtime.track(
            "Screen Time",
            properties: [
                ("class", .string(runtime.className(of: controller))), ("screen", .string(screen)),
                ("seconds", .real(Double(visible) / 1000))
            ])
    }

    func runtime(_ runtime: AppRuntime, app transition: AppTransition) throws(ReplayStop) {
        switch transition {
        case .background:
            for (slot, stopwatch) in running {
                guard let since = stopwatch.runningSince else { continue }
                running[slot]?.accumulated += runtime.now - since
                running[slot]?.runningSince = nil
            }
        case .foreground:
            for (slot, stopwatch) in running where stopwatch.runningSince == nil {
                running[slot]?.runningSince = runtime.now
            }
        case .terminate:
            running.removeAll()
        case .launch:
            break
        }
    }
}
