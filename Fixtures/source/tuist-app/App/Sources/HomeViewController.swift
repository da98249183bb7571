import UIKit

class HomeViewController: UIViewController {
    @objc func buyTapped(_ sender: Any) {}
}
