import UIKit

/// The share extension's (from the Extension template's `${target_name}` sources), module
/// KiwixShare (Configs/Share.xcconfig).
class ShareViewController: UIViewController {
    @objc func postTapped(_ sender: Any) {}
}
