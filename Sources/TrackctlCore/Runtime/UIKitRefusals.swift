import TrackctlModel

/// What UIKit treats a class as, for the steps it refuses or shows its own way: read once from
/// the catalog's class hierarchy (by the script checker, and per class by the SPOC's hooks).
struct UIKitRoles {
    let isAlert: Bool
    let isNavigation: Bool
    let isTabBar: Bool
    let isPage: Bool

    init(of className: String, in catalog: Catalog) {
        isAlert = catalog.inherits(className, from: "UIAlertController")
        isNavigation = catalog.inherits(className, from: "UINavigationController")
        isTabBar = catalog.inherits(className, from: "UITabBarController")
        isPage = catalog.inherits(className, from: "UIPageViewController")
    }
}

/// Steps UIKit refuses (SPEC §2.3), worded once: the script checker reports them before
/// anything runs, and the runtime when a catalog transition would make one. Each returns the
/// message, or nil when UIKit accepts the step.
enum UIKitRefusals {
    /// `pushViewController:` with a navigation controller raises "Pushing a navigation
    /// controller is not supported"; a tab bar controller is meant to be a window's root.
    static func push(_ className: String, _ roles: UIKitRoles) -> String? {
        if roles.isNavigation {
            return "cannot push '\(className)': it is a UINavigationController, and UIKit refuses to push one "
                + "('Pushing a navigation controller is not supported'); push its root controller, or present it"
        }
        if roles.isTabBar {
            return
                "cannot push '\(className)': it is a UITabBarController, which UIKit shows only as the window's "
                + "root or presented; "
                + "use 'launch tabs …' or present it"
        }
        return nil
    }

    /// An alert is shown only by a `UIAlertController`, and a `UIAlertController` only as an
    /// alert (its own style), on its own.
    static func present(_ className: String, _ roles: UIKitRoles, style: PresentationStyle, inNavigation: Bool)
        -> String?
    {
        if roles.isAlert {
            if inNavigation {
                return
                    "cannot present '\(className)' in navigation: a UIAlertController is presented on its own; "
                    + "remove 'in navigation'"
            }
            if style != .automatic, style != .alert {
                return
                    "cannot present '\(className)' as \(style.rawValue): it is a UIAlertController, which UIKit "
                    + "presents in its own style only; "
                    + "write 'present \(className)' or 'present \(className) as alert'"
            }
        } else if style == .alert {
            return
                "cannot present '\(className)' as alert: only a UIAlertController (or a subclass) is presented as "
                + "an alert; "
                + "choose another style, such as overFullScreen or formSheet"
        }
        return nil
    }

    /// Containment steps (`embed`, `page`) take content controllers: a navigation or tab bar
    /// controller would arrive without its children.
    static func child(_ className: String, of step: String, _ roles: UIKitRoles) -> String? {
        let kind =
            roles.isNavigation
            ? "a UINavigationController"
            : roles.isTabBar ? "a UITabBarController" : roles.isAlert ? "a UIAlertController" : nil
        guard let kind else { return nil }
        return
            "cannot \(step) '\(className)': it is \(kind), not a content controller; \(step) a view controller with "
            + "content"
    }
}
