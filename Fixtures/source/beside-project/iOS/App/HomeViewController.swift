import UIKit

class HomeViewController: UIViewController {}
