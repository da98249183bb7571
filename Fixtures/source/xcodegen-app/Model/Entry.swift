import UIKit

/// The Model framework's, built once per platform (Model_iOS, Model_macOS), module Model.
class EntryViewController: UIViewController {}
