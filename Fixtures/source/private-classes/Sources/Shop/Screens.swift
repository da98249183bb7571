import UIKit

/// Private and fileprivate classes: the compiler mangles each runtime name with the file's private
/// discriminator (swiftlang/swift lib/AST/ASTMangler.cpp, getPrivateDiscriminatorIfNecessary), so
/// NSClassFromString("Shop.PromoViewController") finds nothing.
private final class PromoViewController: UIViewController {
    @objc func redeem(_ sender: Any) {}
}

fileprivate class CouponViewController: UIViewController {}

/// Named by @objc(Name): the runtime has that name, private or not.
@objc(ShopGiftViewController)
private final class GiftViewController: UIViewController {}

final class CartViewController: UIViewController {
    /// Nested: registered under a mangled name (_TtCC…).
    final class SummaryViewController: UIViewController {}
}
