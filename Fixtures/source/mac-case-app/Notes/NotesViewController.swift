import UIKit

// The project names this file `notesViewController.swift`: a Mac's case-insensitive disk finds it.
final class NotesViewController: UIViewController {
    @IBAction func composeTapped(_ sender: Any) {}
}
