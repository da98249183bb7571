import UIKit

/// Excluded by the spec ("Views/Legacy"): compiled by no target.
class OldViewController: UIViewController {}
