import WatchKit

class WatchViewController: WKInterfaceController {
    @IBAction func refresh() {}
}
