import UIKit

class WidgetViewController: UIViewController {
    @objc func refreshWidget() {}
}
