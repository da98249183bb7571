import UIKit

/// `@objcMembers`: every member the runtime can represent is exposed, in subclasses too.
@objcMembers
class SettingsViewController: UIViewController {
    var name = ""
    private(set) var mode = 1
    func toggle(_ on: Bool) {}
    private func privateOne() {}
    fileprivate func filePrivateOne() {}
    func pair() -> (Int, Int) { (1, 2) }
    func optionalNumber(_ value: Int?) {}
    func theme(_ theme: Theme) {}
    func wrapped(_ value: String?) {}
}

class AdvancedSettingsViewController: SettingsViewController {
    func extra() {}
}

extension AdvancedSettingsViewController {
    func fromExtension() {}
}

enum Theme {
    case light, dark
}

@objc enum Level: Int {
    case low, high
}
