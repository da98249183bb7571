import TrackctlModel

/// The view-controller hierarchy of the simulated app: an arena of instances, the window's
/// root, and the stack of modal presentations above it (lifecycle §9.2).
///
/// Every change goes through a mutating method here, and the ones that can change what the
/// window shows or what a label reads bump `version`: the event context is rebuilt when it
/// differs, so no caller has to remember to say that something changed.
package struct Hierarchy: Sendable {
    /// The instances, by slot; a released instance's slot is reused by the next one made.
    package private(set) var controllers: [ViewController] = []
    /// Per slot, a container's children (navigation stack, tabs, the page shown, embedded
    /// children); empty for other instances.
    /// Beside the arena rather than in it, so that an instance stays plain data.
    package private(set) var children: [[Int]] = []
    /// Properties set by the script (`set plan=premium`, read by `{self.plan}`), by slot; only
    /// instances that have some are listed.
    package private(set) var properties: [Int: [String: ScriptValue]] = [:]
    /// Objects owned by an instance, by slot then class (`call ZOCFeedCell likeTapped:`).
    package private(set) var owned: [Int: [String: Int]] = [:]
    /// The modal layers: index 0 is the window's root, each presentation adds one.
    package private(set) var layers: [Layer] = []
    /// The index of the lowest layer whose views are in the window (see `layersInWindow`).
    /// Kept as layers come and go, so reading it from outside copies nothing.
    package private(set) var firstLayerInWindow = 0
    /// Bumped by every change of the layers, a container's children, a selected tab or an
    /// instance's properties: what the context's screen, stack and labels are made of.
    /// Appearance states and loaded views do not count.
    package private(set) var version = 0

    /// One level of the window: a root controller and how it was presented.
    package struct Layer: Sendable {
        package var root: Int
        /// nil for the window's root.
        package var style: PresentationStyle?
    }

    package var isLaunched: Bool { !layers.isEmpty }

    /// Slots of released instances, reused so a long replay's memory stays bounded.
    private var freeSlots: [Int] = []
    /// Instances created so far: the next instance number is this plus one.
    private var created = 0

    /// Borrows the instance in place: reading one field never copies the whole instance.
    subscript(index: Int) -> ViewController {
        _read { yield controllers[index] }
    }

    mutating func make(symbol: Symbol, kind: ViewController.Kind = .plain, screenEntry: Int?) -> Int {
        created += 1
        let instance = ViewController(id: created, classSymbol: symbol, kind: kind, screenEntry: screenEntry)
        if let slot = freeSlots.popLast() {
            controllers[slot] = instance
            return slot
        }
        controllers.append(instance)
        children.append([])
        return controllers.count - 1
    }

    /// Releases an instance that left the hierarchy for good (popped, dismissed), with its
    /// children and the objects it owns. Its slot is reused; its instance number is not.
    /// `released` is told the slot and instance number of each instance released.
    mutating func release(_ index: Int, released: (_ slot: Int, _ instance: Int) -> Void) {
        released(index, controllers[index].id)
        if !children[index].isEmpty {
            let contained = children[index]
            children[index].removeAll()
            for child in contained { release(child, released: released) }
        }
        if !owned.isEmpty, let objects = owned.removeValue(forKey: index) {
            for object in objects.values { release(object, released: released) }
        }
        if !properties.isEmpty { properties[index] = nil }
        freeSlots.append(index)
    }

    mutating func setRoot(_ controller: Int) {
        layers = [Layer(root: controller, style: nil)]
        firstLayerInWindow = 0
        version &+= 1
    }

    mutating func pushLayer(_ controller: Int, style: PresentationStyle) {
        layers.append(Layer(root: controller, style: style))
        if style.removesPresenter { firstLayerInWindow = layers.count - 1 }
        version &+= 1
    }

    @discardableResult
    mutating func popLayer() -> Layer {
        defer {
            firstLayerInWindow = layers.lastIndex(where: { $0.style?.removesPresenter ?? true }) ?? 0
            version &+= 1
        }
        return layers.removeLast()
    }

    /// A container's children: a navigation stack's root, the tabs.
    mutating func setChildren(_ contained: [Int], of container: Int) {
        children[container] = contained
        version &+= 1
    }

    /// Pushes `child` on a navigation stack.
    mutating func push(_ child: Int, onto navigation: Int) {
        children[navigation].append(child)
        version &+= 1
    }

    /// Cuts a navigation stack down to its first `count` controllers.
    mutating func popChildren(of navigation: Int, keeping count: Int) {
        children[navigation].removeLast(children[navigation].count - count)
        version &+= 1
    }

    /// Adds an embedded child, after those already there.
    mutating func embed(_ child: Int, in parent: Int) {
        children[parent].append(child)
        version &+= 1
    }

    /// Removes a child from its container (the child itself is released by the caller).
    mutating func removeChild(at index: Int, of container: Int) {
        children[container].remove(at: index)
        version &+= 1
    }

    mutating func selectTab(_ index: Int, of tabBar: Int) {
        controllers[tabBar].selectedIndex = index
        version &+= 1
    }

    /// `set KEY=VALUE` on an instance: labels may read it (`{self.KEY}`).
    mutating func setProperty(_ key: String, _ value: ScriptValue, of controller: Int) {
        properties[controller, default: [:]][key] = value
        version &+= 1
    }

    /// An object an instance owns, made on first use (`call ZOCFeedCell likeTapped:`).
    mutating func own(_ object: Int, as className: String, by owner: Int) {
        owned[owner, default: [:]][className] = object
    }

    /// `viewDidLoad` was delivered (R7).
    @inline(__always)
    mutating func markViewLoaded(_ controller: Int) {
        controllers[controller].isViewLoaded = true
    }

    /// The appearance state a callback moves an instance to (R2).
    @inline(__always)
    mutating func setAppearance(_ state: ViewController.AppearanceState, of controller: Int) {
        controllers[controller].state = state
    }

    /// The child on the way to the visible controller: a stack's top, the selected tab, the
    /// page shown. Embedded children are in the window but never on that way.
    func visibleChild(of controller: Int) -> Int? {
        switch controllers[controller].kind {
        case .plain:
            return nil
        case .navigation, .page:
            return children[controller].last
        case .tabBar:
            let selected = controllers[controller].selectedIndex
            return children[controller].indices.contains(selected) ? children[controller][selected] : nil
        }
    }

    /// The deepest visible controller of the top layer: where taps go.
    package var visibleController: Int? {
        guard var current = layers.last?.root else { return nil }
        while let child = visibleChild(of: current) { current = child }
        return current
    }

    /// The navigation controller that holds the visible controller, if any.
    package var visibleNavigationController: Int? {
        guard var current = layers.last?.root else { return nil }
        var found: Int?
        while true {
            if controllers[current].kind == .navigation { found = current }
            guard let child = visibleChild(of: current) else { return found }
            current = child
        }
    }

    /// The tab bar controller of the window's root, if it is one.
    package var tabBarController: Int? {
        guard let root = layers.first?.root, controllers[root].kind == .tabBar else { return nil }
        return root
    }

    /// Layers whose views are in the window: the top one and those below it down to the first
    /// presentation that removed its presenter's views (R1; lifecycle §3 table).
    package var layersInWindow: ArraySlice<Layer> { layers[firstLayerInWindow...] }
}

/// The controllers a callback goes to, parent first: a subtree walked in place (no array for
/// the common case of one controller or one container chain), a list, or nobody.
enum Participants {
    case none
    /// The controller and its visible descendants, as `Hierarchy.subtree` lists them.
    case subtree(Int)
    case list([Int])
}
