import UIKit

public class CartViewController: UIViewController {
    @objc public func checkout() {}
}
