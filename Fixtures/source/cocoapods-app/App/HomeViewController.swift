import UIKit
import LocalKit

final class HomeViewController: UIViewController {
    @IBAction func openProfile(_ sender: Any) {}
}
