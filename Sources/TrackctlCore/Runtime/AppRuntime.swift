/// The simulated app: runs script steps against the view-controller hierarchy, delivering
/// UIKit's callbacks in UIKit's order (uikit-lifecycle.md §9) to every registered lifecycle
/// action, and firing the tracking plan's hooks on calls.
///
/// Single-threaded by design (one replay, one thread), so its hot stored properties opt out of
/// dynamic exclusivity checks, which otherwise cost as much as the work they guard.
public final class AppRuntime {
    @exclusivity(unchecked) public internal(set) var hierarchy = Hierarchy()
    /// The virtual clock, in milliseconds since the Unix epoch.
    @exclusivity(unchecked) public private(set) var now: Int64
    /// The script line being run; events carry it as `context.step`.
    @exclusivity(unchecked) public private(set) var currentLine = 0
    /// Bumped on every change that can change a screen's label or the stack.
    @exclusivity(unchecked) public private(set) var version = 0
    @exclusivity(unchecked) public private(set) var isInBackground = false

    public let catalog: Catalog
    public let plan: TrackingPlan
    let emitter: EventEmitter
    /// Screen views and every event's context; the first registered action.
    let screenTracker: ScreenTracker
    /// `screenTracker.context`, which lives as long as the tracker.
    private let context: Unmanaged<EventContextState>
    /// Whether calls are traced too (`--trace`).
    let traces: Bool
    /// `--trace`'s action, called before screen tracking.
    private let traceAction: TraceAction?
    /// Actions registered by the embedding program, called after screen tracking.
    @exclusivity(unchecked) private var actions: [LifecycleAction] = []
    /// The (entry, instance) pairs that fired already, for `once`.
    @exclusivity(unchecked) var firedOnce = Set<Int64>()
    /// Calls resolved so far (see `callPlan`).
    @exclusivity(unchecked) var callPlans: [UInt64: CallPlan] = [:]
    /// The script being run, for messages; set once per script, not per step.
    var currentFile = ""

    /// How long an animated transition takes between its will- and did- callbacks.
    public static let transitionDuration: Int64 = 350

    /// A runtime with screen tracking registered, and tracing when `trace` is set.
    public init(catalog: Catalog, plan: TrackingPlan, emitter: EventEmitter, clock: Int64, trace: Bool = false) {
        self.catalog = catalog
        self.plan = plan
        self.emitter = emitter
        self.now = clock
        self.traces = trace
        screenTracker = ScreenTracker(symbols: plan.symbols, readsEvents: emitter.readsEvents)
        context = Unmanaged.passUnretained(screenTracker.context)
        // The trace of a callback comes before what hooks on it emit (they run after it).
        traceAction = trace ? TraceAction() : nil
    }

    /// Registers a global lifecycle action; it sees every callback from now on, in
    /// registration order.
    public func register(_ action: LifecycleAction) {
        actions.append(action)
    }

    /// Runs one step. Throws `.script` when the step cannot run in the current state.
    public func run(_ step: ScriptStep, file: String) throws(ReplayStop) {
        currentFile = file
        try run(PreparedStep(step.action), line: step.line)
    }

    /// Runs one step of line `line` of `currentFile`, reading its action in place.
    func run(_ step: PreparedStep, line: Int) throws(ReplayStop) {
        currentLine = line
        switch step.action {
        case .launch(let root): try launch(root)
        case .push(let name, let animated): try push(classInfo(name, memo: &step.memo.madeClass), animated: animated)
        case .pop(let target, let animated): try pop(target, animated: animated)
        case .present(let name, let style, let inNavigation, let animated):
            try present(classInfo(name, memo: &step.memo.madeClass), style: style, inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): try dismiss(animated: animated)
        case .swipeBack(let complete): try swipeBack(complete: complete)
        case .swipeDown(let complete): try swipeDown(complete: complete)
        case .tab(let target): try selectTab(target)
        case .call(let target, let selector, let arguments): try call(target, selector: selector, arguments: arguments, step: step)
        case .selectRow(let section, let row): try selectRow(section: section, row: row, step: step)
        case .set(let key, let value): try setProperty(key, value)
        case .wait(let span): now += span.milliseconds
        case .background: try enterBackground()
        case .foreground: try enterForeground()
        case .expect: break  // checked by the replay, which sees the emitted events
        }
    }

    /// A step that cannot run here: stops the replay with the line (exit 1).
    func cannot(_ message: String) -> ReplayStop {
        .script(ScriptError(file: currentFile, line: currentLine, message: message))
    }

    /// `step` describes the step for the message; it is built only when the step cannot run.
    func requireForeground(_ step: @autoclosure () -> String) throws(ReplayStop) {
        guard hierarchy.isLaunched else { throw cannot("cannot \(step()): nothing is launched yet; start the script with 'launch'") }
        guard !isInBackground else { throw cannot("cannot \(step()) while the app is in the background; add 'foreground' first") }
    }

    func structureChanged() { version &+= 1 }

    /// Releases an instance that left the app for good, and forgets which `once` entries it
    /// fired, so memory stays flat over a long replay.
    func release(_ controller: Int) {
        guard !firedOnce.isEmpty else { return hierarchy.release(controller) { _ in } }
        var released: [Int] = []
        hierarchy.release(controller) { released.append($0) }
        for entry in plan.onceEntryIDs {
            for instance in released { firedOnce.remove(Int64(entry) << 32 | Int64(instance)) }
        }
    }

    // MARK: - Delivering callbacks

    /// What the plan says of a class, resolved once for the step (or call plan) that names it
    /// and kept in `memo`: a repeated step then hashes and compares no class name.
    func classInfo(_ className: String, memo: inout TrackingPlan.ClassInfo?) -> TrackingPlan.ClassInfo {
        if let memo { return memo }
        let info = plan.classInfo(for: className, in: catalog)
        memo = info
        return info
    }

    /// Creates an instance of a class resolved already.
    func make(_ info: TrackingPlan.ClassInfo, kind: ViewController.Kind = .plain) -> Int {
        hierarchy.make(symbol: info.symbol, kind: kind, screenEntry: info.screenGroup)
    }

    /// Creates an instance, resolving its tracked-screen entries once per class.
    func make(_ className: String, kind: ViewController.Kind = .plain) -> Int {
        make(plan.classInfo(for: className, in: catalog), kind: kind)
    }

    /// The class of an instance, for messages, traces and templates.
    func className(of controller: Int) -> String {
        plan.symbols.text(hierarchy[controller].classSymbol)
    }

    /// Loads a view that was never loaded (R7): `viewDidLoad` once, before its first appearance.
    func load(_ participants: Participants) throws(ReplayStop) {
        try forEach(participants) { controller throws(ReplayStop) in try load(controller) }
    }

    /// Visits participants parent first. The subtree is walked through the stored hierarchy,
    /// never a copy of it: a copy alive while an instance is mutated would copy every instance.
    private func forEach(_ participants: Participants, _ body: (Int) throws(ReplayStop) -> Void) throws(ReplayStop) {
        switch participants {
        case .none:
            return
        case .subtree(var current):
            while true {
                try body(current)
                guard let child = hierarchy.visibleChild(of: current) else { return }
                current = child
            }
        case .list(let controllers):
            for controller in controllers { try body(controller) }
        }
    }

    private func load(_ controller: Int) throws(ReplayStop) {
        guard !hierarchy[controller].isViewLoaded else { return }
        hierarchy[controller].isViewLoaded = true
        try notify(.viewDidLoad, controller, animated: false)
    }

    /// Delivers one callback to each participant in order, parent first, updating its state (R2).
    func deliver(_ callback: LifecycleCallback, to participants: Participants, animated: Bool) throws(ReplayStop) {
        try forEach(participants) { controller throws(ReplayStop) in try deliver(callback, to: controller, animated: animated) }
    }

    private func deliver(_ callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop) {
        if !hierarchy[controller].isViewLoaded { try load(controller) }
        switch callback {
        case .viewWillAppear: hierarchy[controller].state = .appearing
        case .viewDidAppear: hierarchy[controller].state = .appeared
        case .viewWillDisappear: hierarchy[controller].state = .disappearing
        case .viewDidDisappear: hierarchy[controller].state = .disappeared
        case .viewIsAppearing, .viewDidLoad: break
        }
        try notify(callback, controller, animated: animated)
    }

    private func notify(_ callback: LifecycleCallback, _ controller: Int, animated: Bool) throws(ReplayStop) {
        // The built-in actions are called directly: going through the list would retain and
        // release each one on every callback.
        if let traceAction { try traceAction.runtime(self, didDeliver: callback, to: controller, animated: animated) }
        try screenTracker.runtime(self, didDeliver: callback, to: controller, animated: animated)
        guard !actions.isEmpty else { return }
        for action in actions {
            try action.runtime(self, didDeliver: callback, to: controller, animated: animated)
        }
    }

    /// Advances the clock by one animated transition, or not at all.
    func animate(_ animated: Bool) {
        if animated { now += Self.transitionDuration }
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
    func transition(in incoming: Participants, out outgoing: Participants, animated: Bool, order: DidOrder) throws(ReplayStop) {
        try willGroup(in: incoming, out: outgoing, animated: animated)
        switch order {
        case .outgoingFirst:
            try deliver(.viewDidDisappear, to: outgoing, animated: animated)
            try deliver(.viewDidAppear, to: incoming, animated: animated)
        case .incomingFirst:
            try deliver(.viewDidAppear, to: incoming, animated: animated)
            try deliver(.viewDidDisappear, to: outgoing, animated: animated)
        }
    }

    /// The start of every replacing transition, interactive ones included (§9: "interactive —
    /// start: the template's will-group only"), and the animation's duration.
    func willGroup(in incoming: Participants, out outgoing: Participants, animated: Bool) throws(ReplayStop) {
        try load(incoming)
        try deliver(.viewWillDisappear, to: outgoing, animated: animated)
        try deliver(.viewWillAppear, to: incoming, animated: animated)
        try deliver(.viewIsAppearing, to: incoming, animated: animated)
        animate(animated)
    }

    // MARK: - Launch

    private func launch(_ root: LaunchRoot) throws(ReplayStop) {
        guard !hierarchy.isLaunched else { throw cannot("the app is already launched; a script launches once") }
        if plan.options.lifecycle { try emitApplicationEvent("Application Opened") }
        let rootController: Int
        switch root {
        case .bare(let name):
            rootController = make(name)
        case .navigation(let name):
            rootController = makeNavigation(root: plan.classInfo(for: name, in: catalog))
        case .tabs(let names):
            rootController = make("UITabBarController", kind: .tabBar)
            hierarchy.children[rootController] = names.map { makeNavigation(root: plan.classInfo(for: $0, in: catalog)) }
        }
        hierarchy.setRoot(rootController)
        structureChanged()
        // uikit-lifecycle.md §4.1: only the selected tab loads; parent first for will, is, did.
        let visible = Participants.subtree(rootController)
        try load(visible)
        try deliver(.viewWillAppear, to: visible, animated: false)
        try deliver(.viewIsAppearing, to: visible, animated: false)
        // Launch takes as long as an animated transition, so the first screen view is at +0.35 s.
        animate(true)
        try deliver(.viewDidAppear, to: visible, animated: false)
    }

    func makeNavigation(root: TrackingPlan.ClassInfo) -> Int {
        let navigation = make("UINavigationController", kind: .navigation)
        hierarchy.children[navigation] = [make(root)]
        return navigation
    }

    // MARK: - Background

    private func enterBackground() throws(ReplayStop) {
        guard hierarchy.isLaunched else { throw cannot("cannot go to the background: nothing is launched yet") }
        guard !isInBackground else { throw cannot("the app is already in the background") }
        // uikit-lifecycle.md §6: no appearance callbacks; only the app-level notification.
        isInBackground = true
        if plan.options.lifecycle { try emitApplicationEvent("Application Backgrounded") }
    }

    private func enterForeground() throws(ReplayStop) {
        guard isInBackground else { throw cannot("the app is not in the background; 'foreground' follows 'background'") }
        isInBackground = false
        if plan.options.lifecycle { try emitApplicationEvent("Application Foregrounded") }
    }

    private func emitApplicationEvent(_ name: String) throws(ReplayStop) {
        try emit(EventDraft(kind: .track, name: .text(name), properties: .list([])))
    }

    /// Emits an event now, in the current context.
    func emit(_ draft: borrowing EventDraft) throws(ReplayStop) {
        screenTracker.refresh(self)
        // The tracker owns the context for the whole replay: lend it without a retain and
        // release per event.
        var stop: ReplayStop?
        context._withUnsafeGuaranteedRef { context in
            do throws(ReplayStop) { try emitter.emit(draft, context: context, timestamp: now) } catch { stop = error }
        }
        if let stop { throw stop }
    }
}
