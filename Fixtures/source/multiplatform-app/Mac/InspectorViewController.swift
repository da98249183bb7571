import AppKit

class InspectorViewController: NSViewController {
    @IBAction func close(_ sender: Any) {}
}
