/// A controller instance in the simulated app. Instances live in `Hierarchy`'s arena and refer
/// to each other by index, which keeps the model free of reference cycles and deterministic.
public struct ViewController: Sendable {
    /// What the controller contains, which decides what UIKit forwards to (R3, R4).
    public enum Kind: Sendable, Equatable {
        case plain
        /// `children` is the stack, bottom first; the last is on top.
        case navigation
        /// `children` are the tabs; `selectedIndex` is in the window.
        case tabBar
    }

    /// Appearance state (uikit-lifecycle.md R2).
    public enum AppearanceState: Sendable, Equatable {
        case disappeared
        case appearing
        case appeared
        case disappearing
    }

    /// 1-based, in creation order: the instance number in traces.
    public let id: Int
    public let className: String
    /// `className`, interned for the events.
    let classSymbol: Symbol
    public var kind: Kind
    public var isViewLoaded = false
    public var state: AppearanceState = .disappeared
    public var children: [Int] = []
    public var selectedIndex = 0
    /// Properties set by the script (`set plan=premium`), read by `{self.plan}`.
    public var properties: [String: String] = [:]
    /// Objects owned by this controller by class (`call ZOCFeedCell likeTapped:`).
    public var owned: [String: Int] = [:]
    /// The tracked-screen entry this class (or its nearest tracked ancestor) resolves to.
    public var screenEntry: Int?
}
