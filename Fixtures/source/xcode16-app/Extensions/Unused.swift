import UIKit

// In the "Extensions" folder, in no target.
class UnusedViewController: UIViewController {}
