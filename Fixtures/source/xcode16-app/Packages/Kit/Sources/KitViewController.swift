import UIKit

open class KitViewController: UIViewController {
    @objc open func refresh() {}
}
