import UIKit

/// A development pod's class (`pod 'LocalKit', :path => 'LocalKit'`): compiled by CocoaPods'
/// project in module LocalKit, not by the app's project.
open class ProfileViewController: UIViewController {
    @objc open func editTapped(_ sender: Any) {}
}
