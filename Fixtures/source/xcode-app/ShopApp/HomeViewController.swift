import UIKit

/// Implements an Objective-C protocol declared in the app's headers.
class HomeViewController: UIViewController, ZOCCheckoutDelegate {
    func checkoutDidFinish(_ checkout: Any, withTotal total: Int) {}
    @IBAction func openCart(_ sender: Any) {}
}

/// Subclasses an Objective-C class of the app: overriding its method exposes the override.
class PromoViewController: ZOCLegacyViewController {
    override func legacyTapped(_ sender: Any) {}
    func promoOnly() {}
}
