/// The view-controller hierarchy of the simulated app: an arena of instances, the window's
/// root, and the stack of modal presentations above it (uikit-lifecycle.md §9.2).
public struct Hierarchy: Sendable {
    /// The instances, by slot; a released instance's slot is reused by the next one made.
    public private(set) var controllers: [ViewController] = []
    /// The modal layers: index 0 is the window's root, each presentation adds one.
    public private(set) var layers: [Layer] = []

    /// One level of the window: a root controller and how it was presented.
    public struct Layer: Sendable {
        public var root: Int
        /// nil for the window's root.
        public var style: PresentationStyle?
    }

    public var isLaunched: Bool { !layers.isEmpty }

    /// Slots of released instances, reused so a long replay's memory stays bounded.
    private var freeSlots: [Int] = []
    /// Instances created so far: the next instance number is this plus one.
    private var created = 0

    /// Borrows the instance in place: reading one field never copies the whole instance.
    subscript(index: Int) -> ViewController {
        _read { yield controllers[index] }
        _modify { yield &controllers[index] }
    }

    mutating func make(_ className: String, symbol: Symbol, kind: ViewController.Kind = .plain, screenEntry: Int?) -> Int {
        created += 1
        let instance = ViewController(id: created, className: className, classSymbol: symbol, kind: kind, screenEntry: screenEntry)
        if let slot = freeSlots.popLast() {
            controllers[slot] = instance
            return slot
        }
        controllers.append(instance)
        return controllers.count - 1
    }

    /// Releases an instance that left the hierarchy for good (popped, dismissed), with its
    /// children and the objects it owns. Its slot is reused; its instance number is not.
    /// `released` is told each instance number released.
    mutating func release(_ index: Int, released: (Int) -> Void) {
        // Fields are read in place: a copy of the instance would retain its collections.
        released(controllers[index].id)
        if !controllers[index].children.isEmpty {
            for child in controllers[index].children { release(child, released: released) }
        }
        if !controllers[index].owned.isEmpty {
            for object in controllers[index].owned.values { release(object, released: released) }
        }
        controllers[index] = ViewController(id: 0, className: "", classSymbol: controllers[index].classSymbol, kind: .plain, screenEntry: nil)
        freeSlots.append(index)
    }

    mutating func setRoot(_ controller: Int) { layers = [Layer(root: controller, style: nil)] }
    mutating func pushLayer(_ controller: Int, style: PresentationStyle) { layers.append(Layer(root: controller, style: style)) }
    mutating func popLayer() -> Layer { layers.removeLast() }

    /// The controller and its descendants that are in the window, parent first (R3, R4): the
    /// top of a navigation stack, the selected tab.
    public func subtree(_ controller: Int) -> [Int] {
        var result = [controller]
        var current = controller
        while let child = visibleChild(of: current) {
            result.append(child)
            current = child
        }
        return result
    }

    /// Fields are read in place: copying the instance would retain its four collections.
    func visibleChild(of controller: Int) -> Int? {
        switch controllers[controller].kind {
        case .plain:
            return nil
        case .navigation:
            return controllers[controller].children.last
        case .tabBar:
            let selected = controllers[controller].selectedIndex
            return controllers[controller].children.indices.contains(selected) ? controllers[controller].children[selected] : nil
        }
    }

    /// The deepest visible controller of the top layer: where taps go.
    public var visibleController: Int? {
        guard var current = layers.last?.root else { return nil }
        while let child = visibleChild(of: current) { current = child }
        return current
    }

    /// The navigation controller that holds the visible controller, if any.
    public var visibleNavigationController: Int? {
        guard var current = layers.last?.root else { return nil }
        var found: Int?
        while true {
            if controllers[current].kind == .navigation { found = current }
            guard let child = visibleChild(of: current) else { return found }
            current = child
        }
    }

    /// The tab bar controller of the window's root, if it is one.
    public var tabBarController: Int? {
        guard let root = layers.first?.root, controllers[root].kind == .tabBar else { return nil }
        return root
    }

    /// Layers whose views are in the window: the top one and those below it down to the first
    /// presentation that removed its presenter's views (R1; §3 table).
    public var layersInWindow: ArraySlice<Layer> {
        guard let lastRemoving = layers.lastIndex(where: { $0.style?.removesPresenter ?? true }) else { return layers[...] }
        return layers[lastRemoving...]
    }

    /// Every controller in the window, bottom layer first, parent first within each.
    public var controllersInWindow: [Int] {
        layersInWindow.flatMap { subtree($0.root) }
    }

    /// The index of the lowest layer whose views are in the window.
    public var firstLayerInWindow: Int {
        layers.lastIndex(where: { $0.style?.removesPresenter ?? true }) ?? 0
    }
}

/// The controllers a callback goes to, parent first: a subtree walked in place (no array for
/// the common case of one controller or one container chain), a list, or nobody.
enum Participants {
    case none
    /// The controller and its visible descendants, as `Hierarchy.subtree` lists them.
    case subtree(Int)
    case list([Int])
}
