import UIKit

/// Compiled by the iOS and the Mac app: one class, in both.
class ArticleViewController: UIViewController {
    @IBAction func toggleStar(_ sender: Any) {}
}
