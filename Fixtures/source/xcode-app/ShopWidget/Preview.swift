import UIKit

/// Excluded from the ShopWidget target by the synchronized folder's exceptions: no target
/// compiles it, so its module comes from the folders.
class PreviewViewController: UIViewController {}
