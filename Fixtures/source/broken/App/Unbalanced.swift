import UIKit

class UnbalancedViewController: UIViewController {
    @objc func first() {}
    func broken( {
