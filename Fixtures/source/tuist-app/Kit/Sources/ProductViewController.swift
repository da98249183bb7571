import UIKit

/// ShopKit's, whose productName is Kit: module Kit.
class ProductViewController: UIViewController {}
