import UIKit

class LibraryViewController: UIViewController {
    @objc func openTapped(_ sender: Any) {}
}
