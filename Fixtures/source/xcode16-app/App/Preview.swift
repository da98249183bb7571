import UIKit

// Excluded from "My App" by the folder's exception set, and compiled by no other target.
class PreviewViewController: UIViewController {}
