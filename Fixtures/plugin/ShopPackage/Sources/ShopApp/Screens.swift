// The view controllers exist only where UIKit does; on Linux the scan still reads them.
#if canImport(UIKit)
    import UIKit

    /// Every screen of the shop shares its share button.
    class ShopViewController: UIViewController {
        @objc func shareTapped(_ sender: Any) {}
    }

    final class ProfileViewController: ShopViewController {
        @objc func editTapped(_ sender: Any) {}
    }

    final class CartViewController: ShopViewController {
        @objc func checkoutTapped(_ sender: Any) {}
    }
#endif

/// What the package exports on every platform.
public enum Shop {
    public static let name = "Shop"
}
