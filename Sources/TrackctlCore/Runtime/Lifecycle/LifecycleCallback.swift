/// The callbacks UIKit sends a view controller, as trackctl replays them.
public enum LifecycleCallback: Int, Sendable, Equatable, CaseIterable {
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

/// What happens to the app as a whole, as lifecycle actions see it (SPEC §4, lifecycle §9).
public enum AppTransition: Sendable, Equatable {
    /// A cold launch, before the root's first callbacks.
    case launch
    /// `background`: no appearance callbacks follow (lifecycle §6).
    case background
    /// `foreground`, after the timers that fell due in the background fired.
    case foreground
    /// The app is killed (a script that relaunches it): no callbacks, nothing more from this
    /// run of the app. Actions drop what they hold for its instances.
    case terminate
}

/// What a lifecycle action wants to be told, declared once when it is registered — like a sink's
/// capabilities, never re-asked per callback, so an action that wants only `viewDidAppear:`
/// costs nothing on the other callbacks.
public struct LifecycleMoments: OptionSet, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public init(_ callback: LifecycleCallback) { rawValue = 1 << UInt16(callback.rawValue) }

    public static let viewDidLoad = LifecycleMoments(.viewDidLoad)
    public static let viewWillAppear = LifecycleMoments(.viewWillAppear)
    public static let viewIsAppearing = LifecycleMoments(.viewIsAppearing)
    public static let viewDidAppear = LifecycleMoments(.viewDidAppear)
    public static let viewWillDisappear = LifecycleMoments(.viewWillDisappear)
    public static let viewDidDisappear = LifecycleMoments(.viewDidDisappear)
    /// Launch, background, foreground, terminate (`AppTransition`).
    public static let app = LifecycleMoments(rawValue: 1 << 8)
    /// DZViewControllerLifeCircleAction's four appearance callbacks.
    public static let appearance: LifecycleMoments = [
        .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear
    ]
    public static let all: LifecycleMoments = [
        .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .app
    ]
}

/// A lifecycle action, in the manner of DZViewControllerLifeCircleAction: registered with the
/// runtime, it is told the callbacks it asked for (`moments`) and the app's transitions, with
/// the virtual time in `runtime.now`. A global action (`AppRuntime.register(_:)`) sees every
/// controller, containers included; one registered on an instance
/// (`AppRuntime.register(_:on:)`) sees only that instance and goes away with it. Screen views,
/// dwell and screen time are built as such actions; an embedding program adds its own the
/// same way and may emit events (`AppRuntime.track(_:properties:)`) and schedule timers
/// (`AppRuntime.schedule(after:named:for:_:)`) from them.
public protocol LifecycleAction: AnyObject {
    /// What the action wants to be told; read once, at registration.
    var moments: LifecycleMoments { get }
    /// Called after the runtime has applied `callback` to `controller` (its state is updated).
    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool)
        throws(ReplayStop)
    /// Called when the app launches, goes to the background or the foreground, or is killed.
    func runtime(_ runtime: AppRuntime, app transition: AppTransition) throws(ReplayStop)
}

extension LifecycleAction {
    public var moments: LifecycleMoments { .appearance }
    public func runtime(
        _ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool
    ) throws(ReplayStop) {}
    public func runtime(_ runtime: AppRuntime, app transition: AppTransition) throws(ReplayStop) {}
}
