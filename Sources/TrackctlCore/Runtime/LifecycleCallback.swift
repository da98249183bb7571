/// The callbacks UIKit sends a view controller, as trackctl replays them.
public enum LifecycleCallback: Sendable, Equatable {
    case viewDidLoad
    case viewWillAppear
    case viewIsAppearing
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear

    /// The Objective-C selector, as hooks and traces name it.
    public var selector: String {
        switch self {
        case .viewDidLoad: return "viewDidLoad"
        case .viewWillAppear: return "viewWillAppear:"
        case .viewIsAppearing: return "viewIsAppearing:"
        case .viewDidAppear: return "viewDidAppear:"
        case .viewWillDisappear: return "viewWillDisappear:"
        case .viewDidDisappear: return "viewDidDisappear:"
        }
    }

    /// Whether the callback takes the `animated` argument.
    public var hasAnimatedArgument: Bool { self != .viewDidLoad }
}

/// A global lifecycle action, in the manner of DZViewControllerLifeCircleAction: registered
/// once with the runtime, it sees every callback of every controller, containers included.
/// Screen views, traces, and later screen time and dwell are built as such actions, not as
/// special cases inside the runtime.
public protocol LifecycleAction: AnyObject {
    /// Called after the runtime has applied `callback` to `controller` (its state is updated).
    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool) throws(ReplayStop)
}
