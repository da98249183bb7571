import UIKit

/// Compiled by no target: the app does not have it.
class LegacyViewController: UIViewController {}
