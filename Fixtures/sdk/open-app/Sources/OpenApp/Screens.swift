import UIKit
import Tabman
import PackageKit

// A pager from a package outside the tree: its overrides' selectors cannot be known from here.
class PagerViewController: TabmanViewController {
    override func pageboyViewController(_ controller: PageboyViewController, didScrollTo position: CGPoint) {}
    override func barItem(for tabViewController: TabmanViewController, at index: Int) -> TMBarItemable { fatalError() }
}

// Adopts a package's protocol: `didReceive(_:)` may be its requirement `didReceiveNotification:`.
class InboxViewController: UIViewController, PackageNotificationHandling {
    func didReceive(_ notification: UNNotification) {}
}

// Overrides the SDK model names: their selectors are the SDK's, never formed from Swift.
class KeyWindow: UIWindow {
    override func becomeKey() {}
}
