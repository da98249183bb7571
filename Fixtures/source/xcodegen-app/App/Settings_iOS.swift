import UIKit

/// `*_iOS.swift` with inferDestinationFiltersByPath: built for iOS only.
class SettingsViewController: UIViewController {
    @objc func doneTapped(_ sender: Any) {}
}
