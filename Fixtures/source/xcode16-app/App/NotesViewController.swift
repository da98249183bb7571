import UIKit

// In the "App" folder, synchronized with the "My App" target: module My_App (App.xcconfig).
class NotesViewController: UIViewController {
    @objc func composeTapped(_ sender: Any) {}
}
