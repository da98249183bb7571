/// What calling a selector does to the navigation, from a catalog's `transitions`, so that a
/// script can just `call shareButtonPressed:` and get the presentation a real app would do.
public enum Transition: Sendable, Hashable {
    /// Pushes a new instance of the class on the caller's navigation stack.
    case push(className: String, animated: Bool)
    /// Presents a new instance of the class modally.
    case present(className: String, style: PresentationStyle, inNavigation: Bool, animated: Bool)
    /// Dismisses the presented controller the caller belongs to.
    case dismiss(animated: Bool)
    /// Pops the caller's navigation stack.
    case pop(PopTarget, animated: Bool)

    /// The class the transition creates, if any.
    public var targetClass: String? {
        switch self {
        case .push(let name, _), .present(let name, _, _, _): return name
        case .pop(.toClass(let name), _): return name
        default: return nil
        }
    }
}

/// How far a pop goes.
public enum PopTarget: Sendable, Hashable {
    case top
    case root
    case toClass(String)
}

/// `UIModalPresentationStyle`, as the script and catalogs spell it.
public enum PresentationStyle: String, Sendable, CaseIterable {
    /// UIKit's default (`UIModalPresentationAutomatic`): a page sheet for ordinary controllers
    /// on iOS 13+, an alert for a `UIAlertController`. Resolved when the presentation runs,
    /// where the class is known (`resolved(isAlert:)`).
    case automatic
    case fullScreen
    case pageSheet
    case formSheet
    case overFullScreen
    case overCurrentContext
    case currentContext
    case alert

    /// Whether the presentation removes the presenter's views, and so gives the presenter
    /// appearance callbacks (`shouldRemovePresentersView`; lifecycle §3, table).
    public var removesPresenter: Bool {
        self == .fullScreen || self == .currentContext
    }

    /// The style UIKit uses for a controller that is (or is not) a `UIAlertController`.
    public func resolved(isAlert: Bool) -> PresentationStyle {
        guard self == .automatic else { return self }
        return isAlert ? .alert : .pageSheet
    }

    public init?(spelling: String) {
        self.init(rawValue: spelling)
    }
}
