/// One class the app has: its superclass, the selectors it declares itself, and what some of
/// them do to the navigation. Register models with `Catalog.register(_:)`.
public struct ScreenModel: Sendable {
    /// The Objective-C class name.
    public var name: String
    /// nil for a root class. A superclass the catalog does not know leaves the chain open.
    public var superclass: String?
    /// The selectors this class declares (not inherited ones).
    public var selectors: Set<String>
    /// Navigation effect of calling a selector, keyed by selector.
    public var transitions: [String: Transition]
    /// Where the model comes from, for messages and conflict reports.
    public var origin: Origin

    /// Where a model was defined.
    public enum Origin: Sendable, Hashable {
        /// Built into trackctl (UIKit and Foundation).
        case builtin
        /// Registered through the Swift API.
        case api
        /// Read from a catalog file; the location of its `class` value.
        case file(SourceLocation)
    }

    public init(name: String, superclass: String?, selectors: Set<String> = [], transitions: [String: Transition] = [:], origin: Origin = .api) {
        self.name = name
        self.superclass = superclass
        self.selectors = selectors
        self.transitions = transitions
        self.origin = origin
    }
}
