import TrackctlModel

/// The simulated app: runs script steps, changing the view-controller hierarchy as UIKit
/// would, and hands the work to one small type each:
///
/// - `Hierarchy` — the instances, the layers, the stacks (and the version of what they show);
/// - `CallbackDelivery` — UIKit's callbacks in UIKit's order (lifecycle §9) to every
///   lifecycle action: traces, screen tracking (`ScreenTracker`), dwell (`DwellTimers`), screen
///   time (`ScreenTimeStopwatches`), the embedder's;
/// - `VirtualTimers` — the run loop's timers, fired as the virtual clock passes them;
/// - `HookFiring` — calls into the app, with the SPOC's hooks around them;
/// - `OnceRegistry` — which `once` entries fired for which instance;
/// - `EventContextBuilder` — every event's context, rebuilt when the hierarchy changes;
/// - `PlanCoverage` — how often each SPOC entry fired.
///
/// The navigation steps themselves (launch, push, pop, present, dismiss, swipes, tabs,
/// background) are here and in the `AppRuntime+…` files.
///
/// Single-threaded by design (one replay, one thread), so its hot stored properties opt out of
/// dynamic exclusivity checks, which otherwise cost as much as the work they guard.
public final class AppRuntime {
    @exclusivity(unchecked) package internal(set) var hierarchy = Hierarchy()
    /// The virtual clock, in milliseconds since the Unix epoch.
    @exclusivity(unchecked) public private(set) var now: Int64
    /// The script line being run; events carry it as `context.step`.
    @exclusivity(unchecked) public private(set) var currentLine = 0
    /// Where the step starts on its line, for a JSON script's messages.
    @exclusivity(unchecked) private var currentColumn: Int?
    @exclusivity(unchecked) public private(set) var isInBackground = false
    @exclusivity(unchecked) var once = OnceRegistry()
    @exclusivity(unchecked) var timers = VirtualTimers()
    /// How many events each SPOC entry emitted, over every script of the replay (SPEC §11).
    @exclusivity(unchecked) public private(set) var coverage: PlanCoverage

    public let plan: SPOCHooks
    /// The catalog the plan was made with.
    public var catalog: Catalog { plan.catalog }
    let emitter: EventEmitter
    let context: EventContextBuilder
    /// The runtime's parts hold no reference back to it: each of their methods is given the
    /// runtime it works on.
    let delivery: CallbackDelivery
    let hooks: HookFiring
    /// What each step worked out the last time it ran (the class it makes, its call plan).
    let stepMemos = StepMemos()
    /// The script being run, for messages; set once per script, not per step.
    var currentFile = ""
    /// `--strict`: a replay warning stops the replay as an error instead.
    public var strict = false
    /// The state `select-row … KEY=VALUE` gives the controller its selection pushes (empty
    /// otherwise): read by the catalog transition's push, for the step's length only.
    var transitionState: [Argument] = []
    /// The `set` lines already warned of an unknown key (`checkWritable`).
    private var warnedUnwritable = Set<String>()
    /// The entries and keys already warned of rendering empty (`noteUnsetKeys`).
    private var warnedUnset = Set<Int>()
    /// Where replay warnings go (the CLI prints them on stderr as they happen).
    public var warn: (ScriptError) -> Void = { _ in }

    /// How long an animated transition takes between its will- and did- callbacks.
    public static let transitionDuration: Int64 = 350

    /// Whether `--trace` is on: timers are traced too.
    let traces: Bool
    /// The user's random stream (SPEC §12): what `wait A..B` and the script's blocks draw
    /// from, in script order. A replay's is user 0's of its `--seed`.
    @exclusivity(unchecked) package var random = UserRandom(seed: 1)
    /// The simulated user's index (SPEC §12; 0 in a replay): `{user}` in an `identify`'s user
    /// id, so each simulated user has its own `userId`.
    public var user = 0
    public static let userPlaceholder = "{user}"

    /// A runtime with screen tracking registered — with dwell and screen time when the plan
    /// asks for them — and tracing when `trace` is set. A `clock` outside
    /// `Timestamp.writable` starts at the nearest end of it.
    public init(plan: SPOCHooks, emitter: EventEmitter, clock: Int64, trace: Bool = false) {
        self.plan = plan
        self.emitter = emitter
        self.now = min(max(clock, Timestamp.writable.lowerBound), Timestamp.writable.upperBound)
        traces = trace
        context = EventContextBuilder(symbols: plan.symbols, readsEvents: emitter.readsEvents)
        delivery = CallbackDelivery(trace: trace, readsEvents: emitter.readsEvents)
        hooks = HookFiring(traces: trace, readsEvents: emitter.readsEvents)
        coverage = PlanCoverage(entries: plan.entryCount)
        let tracker = delivery.screenTracker
        if plan.hasDwell {
            let dwell = DwellTimers(tracker: tracker)
            tracker.dwellTimers = dwell
            delivery.register(dwell)
        }
        if plan.options.screenTime {
            let stopwatches = ScreenTimeStopwatches()
            tracker.stopwatches = stopwatches
            delivery.register(stopwatches)
        }
    }

    // MARK: - Lifecycle actions (SPEC §9)

    /// Registers a global lifecycle action: from now on it is told what it asked for
    /// (`moments`) of every controller, after the built-in actions, in registration order.
    public func register(_ action: LifecycleAction) {
        delivery.register(action)
    }

    /// Registers an action on one instance (a slot of `hierarchy`, as callbacks name it): it
    /// sees that instance's callbacks only, after the global actions, and goes away with the
    /// instance (a pop, a dismiss, the app killed).
    public func register(_ action: LifecycleAction, on controller: Int) {
        delivery.register(action, on: controller, instance: hierarchy[controller].id)
    }

    /// Removes a global action; it is told nothing more.
    public func remove(_ action: LifecycleAction) {
        delivery.remove(action)
    }

    /// Removes an action registered on `controller`.
    public func remove(_ action: LifecycleAction, from controller: Int) {
        delivery.remove(action, from: controller)
    }

    /// Emits a `track` event now, in the current context: what an action reports (`Screen
    /// Time`, an embedder's page log).
    public func track(_ name: String, properties: [(key: String, value: EventValue)]) throws(ReplayStop) {
        try emit(EventDraft(kind: .track, name: .text(name), properties: .list(properties)))
    }

    // MARK: - Timers (SPEC §9)

    /// Schedules `body` to run `delay` milliseconds from now on the virtual clock, between the
    /// callbacks and steps around that instant (before a callback of the same instant). `name`
    /// and `controller` (the instance it belongs to, if any) are what `--trace` shows. A timer
    /// due while the app is in the background runs at `foreground`.
    @discardableResult
    public func schedule(
        after delay: Int64, named name: String, for controller: Int? = nil,
        _ body: @escaping (AppRuntime) throws(ReplayStop) -> Void
    ) throws(ReplayStop) -> VirtualTimer {
        let due = now + min(max(delay, 0), Timestamp.writable.upperBound - now)
        let timer = timers.schedule(
            at: due, name: name, controller: controller, instance: controller.map { hierarchy[$0].id }, body)
        if traces { try traceTimer("timer scheduled", timer) }
        return timer.timer
    }

    /// Cancels a timer that has not fired; nothing when it has.
    public func cancel(_ timer: VirtualTimer) throws(ReplayStop) {
        guard let cancelled = timers.cancel(timer) else { return }
        if traces { try traceTimer("timer cancelled", cancelled) }
    }

    /// Runs every timer due at or before `instant`, in due order, each at its own instant.
    /// Nothing runs in the background: those timers wait for `foreground`.
    @inline(__always)
    private func fireTimers(dueBy instant: Int64) throws(ReplayStop) {
        guard timers.nextDue <= instant, !isInBackground else { return }
        try fireDueTimers(by: instant)
    }

    @inline(never)
    private func fireDueTimers(by instant: Int64) throws(ReplayStop) {
        while !isInBackground, let timer = timers.popDue(by: instant) {
            now = max(now, timer.timer.due)
            if traces { try traceTimer("timer fired", timer) }
            try timer.body(self)
        }
    }

    /// `--trace`: what the user's random stream drew at the current line (a `choose`'s arm, a
    /// `maybe`, a `repeat`'s count, a `wait`'s duration).
    func traceDraw(_ what: String, _ properties: [(key: String, value: EventValue)]) throws(ReplayStop) {
        guard traces else { return }
        try emit(EventDraft(kind: .trace, name: .text(what), properties: .list(properties)))
    }

    /// Makes `line` the current one for what follows: a block's draw, traced at the block's line.
    func enterLine(_ line: Int, column: Int?) {
        currentLine = line
        currentColumn = column
    }

    private func traceTimer(_ what: String, _ timer: VirtualTimers.Pending) throws(ReplayStop) {
        var properties: [(key: String, value: EventValue)] = [("timer", .string(timer.name))]
        if let controller = timer.controller, let instance = timer.instance {
            properties += [("class", .string(className(of: controller))), ("instance", .integer(Int64(instance)))]
        }
        properties.append(("due", .string(Timestamp.string(timer.timer.due))))
        try emit(EventDraft(kind: .trace, name: .text(what), properties: .list(properties)))
    }

    /// Runs one step. Throws `.script` when the step cannot run in the current state.
    public func run(_ step: ScriptStep, file: String) throws(ReplayStop) {
        currentFile = file
        try run(PreparedStep(step.action), line: step.line)
    }

    /// Runs one step of line `line` of `currentFile`, reading its action in place.
    func run(_ step: PreparedStep, line: Int) throws(ReplayStop) {
        currentLine = line
        currentColumn = step.column
        defer { context.stepEnded(self) }
        // A timer scheduled with no delay runs before the next step.
        try fireTimers(dueBy: now)
        switch step.action {
        case .launch(let root): try launch(root)
        case .push(let name, let animated, let state):
            try push(
                classInfo(name, memo: &stepMemos.memo(for: step).pointee.madeClass), animated: animated, state: state)
        case .pop(let target, let animated): try pop(target, animated: animated)
        case .present(let name, let style, let inNavigation, let animated):
            try present(
                classInfo(name, memo: &stepMemos.memo(for: step).pointee.madeClass), style: style,
                inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): try dismiss(animated: animated)
        case .swipeBack(let complete): try swipeBack(complete: complete)
        case .swipeDown(let complete): try swipeDown(complete: complete)
        case .tab(let target): try selectTab(target)
        case .call(let target, let selector, let arguments):
            try hooks.call(target, selector: selector, arguments: arguments, memo: stepMemos.memo(for: step), in: self)
        case .selectRow(let section, let row, let state):
            transitionState = state
            defer { transitionState = [] }
            try hooks.selectRow(section: section, row: row, memo: stepMemos.memo(for: step), in: self)
        case .set(let pair):
            try hooks.setProperty(pair.keyword, ScriptValue(text: pair.value, kind: pair.kind), in: self)
        case .wait(let span): try advanceClock(by: span.milliseconds) { "wait \(span)" }
        case .waitBetween(let shortest, let longest):
            let span = TimeSpan(milliseconds: random.uniform(in: shortest.milliseconds...longest.milliseconds))
            if traces {
                try traceDraw(
                    "wait", [("range", .string("\(shortest)..\(longest)")), ("drawn", .string(span.description))])
            }
            try advanceClock(by: span.milliseconds) { "wait \(span)" }
        case .block: preconditionFailure("block lines are assembled into blocks, never run")
        case .background: try enterBackground()
        case .foreground: try enterForeground()
        case .embed(let name): try embed(classInfo(name, memo: &stepMemos.memo(for: step).pointee.madeClass))
        case .unembed(let name): try unembed(name)
        case .page(let name, _, let animated):
            try showPage(classInfo(name, memo: &stepMemos.memo(for: step).pointee.madeClass), animated: animated)
        case .identify(let userID, let traits): try identify(userID, traits: traits)
        case .reset: try reset()
        case .expect: break  // checked by the replay, which sees the emitted events
        }
    }

    /// A step that cannot run here: stops the replay with the line (exit 1).
    func cannot(_ message: String) -> ReplayStop {
        .script(ScriptError(file: currentFile, line: currentLine, column: currentColumn, message: message))
    }

    /// Something the replay does differently from a device, said where it happens: a warning,
    /// or under `--strict` an error that stops the replay.
    func warning(_ message: String) throws(ReplayStop) {
        if strict { throw cannot(message) }
        warn(
            ScriptError(
                file: currentFile, line: currentLine, column: currentColumn, message: message, severity: .warning))
    }

    /// An entry about to fire whose `{self.KEY}` has no value on the instance: it renders empty,
    /// which on a device means the property was nil when the hook ran — said once per entry and
    /// key (a warning; an error under `--strict`; review 2026-11-27 newcomer #3).
    func noteUnsetKeys(_ entry: PreparedEntry, _ instance: [String: ScriptValue], className: String) throws(ReplayStop)
    {
        for (index, key) in entry.selfKeys.enumerated() where instance[key] == nil {
            guard warnedUnset.insert(entry.id << 16 | index).inserted else { continue }
            try warning(
                "'{self.\(key)}' of the SPOC's '\(entry.labelSource.value)' "
                    + "(\(entry.labelSource.location.file):\(entry.labelSource.location.position?.line ?? 0)) "
                    + "rendered empty: no '\(key)' was set on '\(className)' when it fired; give it one before it "
                    + "appears "
                    + "(push \(className) \(key)=…) or with 'set \(key)=…'")
        }
    }

    /// `set KEY=…` or `push CLASS KEY=…` of a key the class read from the sources does not have:
    /// a warning (an error under `--strict`), once per script line and key.
    func checkWritable(_ key: String, on className: String) throws(ReplayStop) {
        guard let message = TemplateRule.unwritableKey(key, on: className, in: catalog) else { return }
        guard warnedUnwritable.insert("\(currentFile)\u{1F}\(currentLine)\u{1F}\(key)\u{1F}\(className)").inserted
        else { return }
        try warning(message)
    }

    /// Segment rejects an event without a name (SPEC §5), so an event whose label rendered
    /// empty is not emitted (`empty-label` warns of such labels before any replay). True when
    /// `name` is empty and the event is dropped. A constant name is never empty (validation
    /// refuses an empty label), so only rendered text is looked at.
    @inline(__always)
    func dropsEmptyName(_ name: EventText, of entry: PreparedEntry, kind: Event.Kind) throws(ReplayStop) -> Bool {
        guard case .text(let text) = name, text.isEmpty else { return false }
        let label = entry.labelSource
        let place = label.location.position.map { "\(label.location.file):\($0.line)" } ?? label.location.file
        try warning(
            "\(kind == .screen ? "screen view" : "track event") not emitted: its label '\(label.value)' "
                + "(\(label.location.path.rendered), \(place)) "
                + "rendered empty here, and Segment rejects an event without a name")
        return true
    }

    /// `step` describes the step for the message; it is built only when the step cannot run.
    /// Returns the visible controller, which a launched app always has.
    @discardableResult
    func requireForeground(_ step: @autoclosure () -> String) throws(ReplayStop) -> Int {
        guard hierarchy.isLaunched, let visible = hierarchy.visibleController else {
            throw cannot("cannot \(step()): nothing is launched yet; start the script with 'launch'")
        }
        guard !isInBackground else {
            throw cannot("cannot \(step()) while the app is in the background; add 'foreground' first")
        }
        return visible
    }

    // MARK: - Instances

    /// What the plan says of a class, resolved once for the step (or call plan) that names it
    /// and kept in `memo`: a repeated step then hashes and compares no class name.
    func classInfo(_ className: String, memo: inout SPOCHooks.ClassInfo?) -> SPOCHooks.ClassInfo {
        if let memo { return memo }
        let info = plan.classInfo(for: className)
        memo = info
        return info
    }

    /// Creates an instance of a class resolved already; a `UIPageViewController` is made as a
    /// page container unless `kind` says otherwise.
    func make(_ info: SPOCHooks.ClassInfo, kind: ViewController.Kind? = nil) -> Int {
        hierarchy.make(
            symbol: info.symbol, kind: kind ?? (info.roles.isPage ? .page : .plain), screenEntry: info.screenGroup)
    }

    /// Creates an instance, resolving its tracked-screen entries once per class.
    func make(_ className: String, kind: ViewController.Kind? = nil) -> Int {
        make(plan.classInfo(for: className), kind: kind)
    }

    func makeNavigation(root: SPOCHooks.ClassInfo) -> Int {
        let navigation = make("UINavigationController", kind: .navigation)
        hierarchy.setChildren([make(root)], of: navigation)
        return navigation
    }

    /// An object owned by the visible controller (`call ZOCFeedCell likeTapped:`), made on
    /// first use.
    /// A child embedded in the visible controller is that object itself.
    func ownedObject(_ className: String, of owner: Int) -> Int {
        if let embedded = embeddedChild(className, of: owner) { return embedded.child }
        if let existing = hierarchy.owned[owner]?[className] { return existing }
        let object = make(className)
        hierarchy.own(object, as: className, by: owner)
        return object
    }

    /// `set KEY=VALUE` on an instance.
    func setProperty(_ key: String, _ value: ScriptValue, of controller: Int) {
        hierarchy.setProperty(key, value, of: controller)
    }

    /// The controller and its descendants in the window, parent first (R3, R4): the top of a
    /// navigation stack, the selected tab, the page shown, and every child embedded in a plain
    /// controller (usually none), each with its own subtree.
    public func subtree(_ controller: Int) -> [Int] {
        var result: [Int] = []
        forEachInSubtree(controller) { result.append($0) }
        return result
    }

    /// Visits `subtree(controller)` without making it: the one walk of what a callback
    /// reaches. It reads the stored hierarchy field by field, never a copy of it, so `body` may
    /// change instances' states as it goes (a copy alive while an instance is mutated would
    /// copy every instance); `body` must not change any container's children.
    @inline(__always)
    func forEachInSubtree<E: Error>(_ controller: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        var current = controller
        while true {
            try body(current)
            if let child = hierarchy.visibleChild(of: current) {
                current = child
                continue
            }
            if !hierarchy.children[current].isEmpty, hierarchy[current].kind == .plain {
                try forEachEmbedded(in: current, body)
            }
            return
        }
    }

    /// The subtrees of the children embedded in `parent`, in order: the rare branch of the walk.
    @inline(never)
    private func forEachEmbedded<E: Error>(in parent: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        var index = 0
        while index < hierarchy.children[parent].count {
            try forEachInSubtree(hierarchy.children[parent][index], body)
            index += 1
        }
    }

    /// The class of an instance, for messages, traces and templates.
    public func className(of controller: Int) -> String {
        plan.symbols.text(hierarchy[controller].classSymbol)
    }

    /// Releases an instance that left the app for good, forgets which `once` entries it fired
    /// and drops the actions registered on it, so memory stays flat over a long replay.
    func release(_ controller: Int) {
        guard !once.isEmpty || delivery.actions.hasInstanceActions else {
            return hierarchy.release(controller) { _, _ in }
        }
        var released: [(slot: Int, instance: Int)] = []
        hierarchy.release(controller) { released.append(($0, $1)) }
        once.forget(instances: released.map(\.instance), entries: plan.onceEntryIDs)
        for entry in released { delivery.removeActions(of: entry.slot) }
    }

    // MARK: - Callback delivery (see `CallbackDelivery`)

    @inline(__always)
    func markViewLoaded(_ controller: Int) { hierarchy.markViewLoaded(controller) }

    @inline(__always)
    func setAppearance(_ state: ViewController.AppearanceState, of controller: Int) {
        hierarchy.setAppearance(state, of: controller)
    }

    /// Delivers one callback to each participant in order, parent first (R2).
    @inline(__always)
    func deliver(_ callback: LifecycleCallback, to participants: Participants, animated: Bool) throws(ReplayStop) {
        try delivery.deliver(callback, to: participants, animated: animated, in: self)
    }

    /// Loads the views of participants never loaded (R7).
    @inline(__always)
    func load(_ participants: Participants) throws(ReplayStop) {
        try delivery.load(participants, in: self)
    }

    /// A transition that replaces one subtree with another (see `CallbackDelivery.transition`).
    @inline(__always)
    func transition(
        in incoming: Participants, out outgoing: Participants, animated: Bool, order: CallbackDelivery.DidOrder
    ) throws(ReplayStop) {
        try delivery.transition(in: incoming, out: outgoing, animated: animated, order: order, in: self)
    }

    /// The will-group of a transition and its animation.
    @inline(__always)
    func willGroup(in incoming: Participants, out outgoing: Participants, animated: Bool) throws(ReplayStop) {
        try delivery.willGroup(in: incoming, out: outgoing, animated: animated, in: self)
    }

    /// Advances the clock by one animated transition, or not at all.
    func animate(_ animated: Bool) throws(ReplayStop) {
        if animated { try advanceClock(by: Self.transitionDuration) { "animate this step" } }
    }

    /// Moves the virtual clock forward, refusing to pass the last time a timestamp can write
    /// (SPEC §8), and cut at each timer that falls due on the way (SPEC §9: a timer due at the
    /// end fires too, before whatever comes next at that instant). `span` is at most a year
    /// (`TimeSpan.longestWait`) or a transition, and `now` never leaves `Timestamp.writable`,
    /// so the sum cannot overflow.
    private func advanceClock(by span: Int64, _ step: () -> String) throws(ReplayStop) {
        guard span <= Timestamp.writable.upperBound - now else {
            throw cannot(
                "cannot \(step()): the virtual clock would pass \(Timestamp.string(Timestamp.writable.upperBound)) "
                    + "(it is \(Timestamp.string(now))); start it earlier with --clock"
            )
        }
        let target = now + span
        try fireTimers(dueBy: target)
        now = target
    }

    // MARK: - Launch

    private func launch(_ root: LaunchRoot) throws(ReplayStop) {
        guard !hierarchy.isLaunched else { throw cannot("the app is already launched; a script launches once") }
        try delivery.notify(.launch, self)
        if plan.options.lifecycle { try emitApplicationEvent(.opened(fromBackground: false)) }
        let rootController: Int
        switch root {
        case .bare(let name):
            rootController = make(name)
        case .navigation(let name):
            rootController = makeNavigation(root: plan.classInfo(for: name))
        case .tabs(let names):
            rootController = make("UITabBarController", kind: .tabBar)
            hierarchy.setChildren(names.map { makeNavigation(root: plan.classInfo(for: $0)) }, of: rootController)
        }
        hierarchy.setRoot(rootController)
        // lifecycle §4.1: only the selected tab loads; parent first for will, is, did.
        let visible = Participants.subtree(rootController)
        try load(visible)
        try deliver(.viewWillAppear, to: visible, animated: false)
        try deliver(.viewIsAppearing, to: visible, animated: false)
        // Not animated, so no time passes: the first screen view is at the clock's start.
        try deliver(.viewDidAppear, to: visible, animated: false)
        // applicationDidBecomeActive: once the first screen is up.
        if plan.options.lifecycle { try emitApplicationEvent(.foregrounded) }
    }

    // MARK: - Background

    private func enterBackground() throws(ReplayStop) {
        guard hierarchy.isLaunched else { throw cannot("cannot go to the background: nothing is launched yet") }
        guard !isInBackground else { throw cannot("the app is already in the background") }
        // lifecycle §6: no appearance callbacks; only the app-level notification.
        isInBackground = true
        try delivery.notify(.background, self)
        if plan.options.lifecycle { try emitApplicationEvent(.backgrounded) }
    }

    /// `applicationWillEnterForeground` (Application Opened, from the background) as the app
    /// resumes; then the timers that fell due in the background, at the foreground's instant
    /// (SPEC §9: the run loop runs due timers before the next event); then the actions are
    /// told, and `applicationDidBecomeActive` (Application Foregrounded).
    private func enterForeground() throws(ReplayStop) {
        guard isInBackground else {
            throw cannot("the app is not in the background; 'foreground' follows 'background'")
        }
        isInBackground = false
        if plan.options.lifecycle { try emitApplicationEvent(.opened(fromBackground: true)) }
        try fireTimers(dueBy: now)
        try delivery.notify(.foreground, self)
        if plan.options.lifecycle { try emitApplicationEvent(.foregrounded) }
    }

    // MARK: - Identity (SPEC §5)

    /// `identify USERID [trait=value…]`: a Segment `identify` event with the traits (typed as
    /// written), and `userId` on it and every later event until `reset`.
    private func identify(_ written: String, traits: [Argument]) throws(ReplayStop) {
        let userID = Self.substituteUser(in: written, user: user)
        try requireForeground("identify '\(userID)'")
        emitter.identify(userID)
        try emit(
            EventDraft(
                kind: .identify, name: .text(userID), properties: .list(traits.map { ($0.keyword, $0.typedValue) })))
    }

    /// `written` with each `{user}` replaced by `user` (byte by byte: no Foundation per event).
    static func substituteUser(in written: String, user: Int) -> String {
        let placeholder = Array(userPlaceholder.utf8)
        let bytes = Array(written.utf8)
        guard bytes.count >= placeholder.count, bytes.contains(placeholder[0]) else { return written }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == placeholder[0], bytes[index...].starts(with: placeholder) {
                result += String(user).utf8
                index += placeholder.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `reset`, as analytics-swift's `reset()`: the user id goes, and a new `anonymousId` is
    /// drawn from the seed. Emits nothing.
    private func reset() throws(ReplayStop) {
        try requireForeground("reset")
        emitter.reset()
    }

    // MARK: - Relaunch (SPEC §4)

    /// Kills the app, as a script that starts with `launch` does to the one running: no
    /// callbacks, pending timers dropped, running stopwatches silent, every instance gone, `once`
    /// starting over. The clock, the ids and the coverage go on: it is one install.
    public func terminate() throws(ReplayStop) {
        guard hierarchy.isLaunched else { return }
        timers.removeAll()
        try delivery.notify(.terminate, self)
        for slot in hierarchy.controllers.indices { delivery.removeActions(of: slot) }
        hierarchy = Hierarchy()
        once = OnceRegistry()
        isInBackground = false
        context.reset()
    }

    /// Makes this runtime another install of the app (a simulated user, SPEC §12), as a fresh
    /// runtime would be: the app killed (`terminate`), the clock at `clock`, the ids and the
    /// random stream of `seed`, the device of `environment`. Reusing one runtime keeps what it
    /// resolved once per class and per label warm across users; what any user leaves behind is
    /// what `terminate` clears. (`SimulationTests` checks each user's bytes against a replay
    /// on a fresh runtime.) Coverage goes on counting.
    public func startInstall(
        user: Int, seed: UInt64, clock: Int64, environment: EventEnvironment, contextStart: [UInt8]
    ) throws(ReplayStop) {
        try terminate()
        now = min(max(clock, Timestamp.writable.lowerBound), Timestamp.writable.upperBound)
        currentLine = 0
        currentColumn = nil
        random = UserRandom(seed: seed)
        self.user = user
        emitter.startInstall(seed: seed, environment: environment, contextStart: contextStart)
    }

    /// `options.lifecycle`'s events, named and shaped as analytics-swift sends them —
    /// segmentio/analytics-swift, Sources/Segment/Plugins/Platforms/iOS/iOSLifecycleEvents.swift:
    /// `application(_:didFinishLaunchingWithOptions:)` tracks "Application Opened" with
    /// `from_background` false, `version`, `build`, `referring_application` and `url` (empty
    /// without launch options); `applicationWillEnterForeground` "Application Opened" with
    /// `from_background` true, `version`, `build`; `applicationDidEnterBackground` "Application
    /// Backgrounded"; `applicationDidBecomeActive` "Application Foregrounded", at launch too.
    /// (Its "Application Installed"/"Updated" depend on a previous install's stored build, which
    /// a replay does not model.)
    enum ApplicationEvent {
        case opened(fromBackground: Bool)
        case backgrounded
        case foregrounded
    }

    private func emitApplicationEvent(_ event: ApplicationEvent) throws(ReplayStop) {
        let app = emitter.environment.app
        switch event {
        case .opened(let fromBackground):
            var properties: [(key: String, value: EventValue)] = [
                ("from_background", .bool(fromBackground)), ("version", .string(app.version)),
                ("build", .string(app.build))
            ]
            if !fromBackground { properties += [("referring_application", .string("")), ("url", .string(""))] }
            try emit(EventDraft(kind: .track, name: .text("Application Opened"), properties: .list(properties)))
        case .backgrounded:
            try emit(EventDraft(kind: .track, name: .text("Application Backgrounded"), properties: .list([])))
        case .foregrounded:
            try emit(EventDraft(kind: .track, name: .text("Application Foregrounded"), properties: .list([])))
        }
    }

    // MARK: - Emitting

    /// Emits an event now, in the current context.
    func emit(_ draft: borrowing EventDraft) throws(ReplayStop) {
        if draft.entry >= 0 { coverage.fired(draft.entry) }
        context.refresh(self)
        // The builder owns the context for the whole replay: lend it without a retain and
        // release per event.
        var stop: ReplayStop?
        context.stateReference._withUnsafeGuaranteedRef { state in
            do throws(ReplayStop) { try emitter.emit(draft, context: state, timestamp: now) } catch { stop = error }
        }
        if let stop { throw stop }
    }
}
