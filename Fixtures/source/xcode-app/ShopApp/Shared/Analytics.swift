import UIKit

/// In two targets: the app and its tests. The app's module wins.
class AnalyticsViewController: UIViewController {
    @objc func flush() {}
}
