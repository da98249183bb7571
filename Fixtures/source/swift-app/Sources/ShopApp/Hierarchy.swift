import UIKit

class BaseViewController: UIViewController {
    func configure() {}
    @objc func setUp() {}
    @objc func tapped(_ sender: Any) {}
}

class FeedViewController: BaseViewController {
    override func configure() {}
    override func setUp() {}
    override func tapped(_ sender: Any) {}
    override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    required init?(coder: NSCoder) { fatalError() }
}

/// Runtime name from `@objc(Name)`.
@objc(CheckoutViewController)
class CheckoutScreen: UIViewController {
    @objc func pay() {}
}

/// The app's own `@objc` protocol, implemented without `@objc`.
@objc protocol CartDelegate: AnyObject {
    func cartDidChange(_ cart: AnyObject)
    @objc optional func cart(_ cart: AnyObject, didAdd item: String)
    var total: Int { get }
}

class CartViewController: UIViewController, CartDelegate {
    func cartDidChange(_ cart: AnyObject) {}
    func cart(_ cart: AnyObject, didAdd item: String) {}
    var total: Int { 0 }
    func notARequirement() {}
}

/// A category on a UIKit class: its selectors go to UIViewController.
extension UIViewController {
    @objc func trackScreen() {}
    func swiftOnlyHelper() {}
}

extension String {
    func trimmed() -> String { self }
}
