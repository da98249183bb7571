import UIKit

class MainViewController: UIViewController {
    @objc func searchTapped(_ sender: Any) {}
}
