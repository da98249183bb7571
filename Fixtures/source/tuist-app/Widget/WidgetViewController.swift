import UIKit

/// The widget extension's (a buildable folder).
class WidgetViewController: UIViewController {}
