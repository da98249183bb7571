import UIKit

/// Read normally: the broken project and the broken files beside it do not stop the scan.
class ScreenViewController: UIViewController {
    @objc func shown() {}
}
