import UIKit

/// A protocol composition through a typealias: the @objc part's requirement is exposed in the
/// class that adopts the alias (issue 23).
protocol NavigateableCore: AnyObject {
    func reset()
}

@objc protocol NavigateableRelay {
    func relayDidFinish(_ relay: NSObject)
}

typealias Navigateable = NavigateableCore & NavigateableRelay

class RelayViewController: UIViewController, Navigateable {
    func reset() {}

    // Witnesses NavigateableRelay's @objc requirement: the runtime sees it.
    func relayDidFinish(_ relay: NSObject) {}

    #if false
    @objc func neverCompiled() {}
    #else
    @objc func compiledInstead() {}
    #endif

    @objc func compiled() {}
}

/// A witness the SPOC may name in Swift spelling: its selector is the requirement's.
class SwipeViewController: UIViewController, UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}
