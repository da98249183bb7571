import UIKit

// Referenced by the project's Legacy group but in no target's Sources phase.
class OldViewController: UIViewController {}
