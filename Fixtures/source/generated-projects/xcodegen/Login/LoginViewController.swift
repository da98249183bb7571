import UIKit

final class LoginViewController: UIViewController {}
