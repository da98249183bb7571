import UIKit

class InspectorViewController: UITableViewController {
    @IBAction func done(_ sender: Any) {}
}

extension InspectorViewController {
    @objc func refreshFromiOS() {}
}
