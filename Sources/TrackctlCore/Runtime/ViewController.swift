/// A controller instance in the simulated app. Instances live in `Hierarchy`'s arena and refer
/// to each other by index, which keeps the model free of reference cycles and deterministic.
///
/// Plain data on purpose: no strings, arrays or dictionaries, so making, reading and releasing
/// one costs no reference counting. What only some instances have — a container's children,
/// script-set properties, owned objects — lives beside the arena in `Hierarchy`.
package struct ViewController: Sendable {
    /// What the controller contains, which decides what UIKit forwards to (R3, R4). A `.plain`
    /// controller's children are those embedded in it (custom containment, lifecycle §5): all in
    /// the window with their parent, none of them on the way to the visible
    /// controller.
    package enum Kind: Sendable, Equatable {
        case plain
        /// Its children are the stack, bottom first; the last is on top.
        case navigation
        /// Its children are the tabs; `selectedIndex` is in the window.
        case tabBar
        /// A `UIPageViewController`: its only child is the page shown (`page CLASS`).
        case page
    }

    /// Appearance state (lifecycle R2).
    package enum AppearanceState: Sendable, Equatable {
        case disappeared
        case appearing
        case appeared
        case disappearing
    }

    /// 1-based, in creation order: the instance number in traces.
    package let id: Int
    /// The class name, interned (`AppRuntime.className(of:)` gives the text).
    let classSymbol: Symbol
    package var kind: Kind
    package var isViewLoaded = false
    package var state: AppearanceState = .disappeared
    package var selectedIndex = 0
    /// The tracked-screen entry this class (or its nearest tracked ancestor) resolves to.
    package var screenEntry: Int?
}
