import UIKit

class MainViewController: UIViewController {}
