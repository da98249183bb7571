import UIKit

// Type members of a Swift view controller: the class object answers them, never an instance,
// so a hook on any of them never fires (Go Map!!'s `class func openAppSettings()` under
// @objcMembers is the model). The instance methods beside them are the ones to hook.
@objcMembers
class SettingsViewController: UIViewController {
    class func openAppSettings() {}

    static func resetDefaults() {}

    static var shared: SettingsViewController?

    @objc func openTapped(_ sender: Any) {}
}

class AboutViewController: SettingsViewController {
    @objc static func showLicense(_ sender: Any) {}
}
