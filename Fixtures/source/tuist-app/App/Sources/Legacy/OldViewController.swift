import UIKit

/// Excluded by the glob: compiled by no target.
class OldViewController: UIViewController {}
