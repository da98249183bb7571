/// The view-controller hierarchy of the simulated app: an arena of instances, the window's
/// root, and the stack of modal presentations above it (uikit-lifecycle.md §9.2).
public struct Hierarchy: Sendable {
    /// Every instance ever created; removed ones stay (their ids must not be reused).
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

    subscript(index: Int) -> ViewController {
        get { controllers[index] }
        set { controllers[index] = newValue }
    }

    mutating func make(_ className: String, kind: ViewController.Kind = .plain, screenEntry: Int?) -> Int {
        controllers.append(ViewController(id: controllers.count + 1, className: className, kind: kind, screenEntry: screenEntry))
        return controllers.count - 1
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

    func visibleChild(of controller: Int) -> Int? {
        let c = controllers[controller]
        switch c.kind {
        case .plain: return nil
        case .navigation: return c.children.last
        case .tabBar: return c.children.indices.contains(c.selectedIndex) ? c.children[c.selectedIndex] : nil
        }
    }

    /// The deepest visible controller of the top layer: where taps go.
    public var visibleController: Int? {
        layers.last.map { subtree($0.root).last! }
    }

    /// The navigation controller that holds the visible controller, if any.
    public var visibleNavigationController: Int? {
        guard let top = layers.last else { return nil }
        return subtree(top.root).last { controllers[$0].kind == .navigation }
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

    /// The way back to the visible controller, bottom first: each layer's containers and every
    /// controller on its navigation stacks (not only the top), then the layers above.
    public var navigationPath: [Int] {
        var result: [Int] = []
        for layer in layers {
            var current: Int? = layer.root
            while let c = current {
                let controller = controllers[c]
                switch controller.kind {
                case .plain:
                    result.append(c)
                    current = nil
                case .navigation:
                    result.append(c)
                    result += controller.children.dropLast()
                    current = controller.children.last
                case .tabBar:
                    result.append(c)
                    current = visibleChild(of: c)
                }
            }
        }
        return result
    }
}
