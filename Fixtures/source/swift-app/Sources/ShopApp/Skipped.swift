import UIKit

/// Generic: not an Objective-C class.
class Box<Content>: UIViewController {
    @objc func show() {}
}

/// A Swift root class: the runtime never sees it.
class Model {
    @objc func save() {}
}

/// Its superclass is not an Objective-C class.
class SpecialModel: Model {}

class Outer: UIViewController {
    /// Nested: not an Objective-C class a SPOC can name.
    class Inner: UIViewController {
        @objc func innerTapped() {}
    }

    struct State {}
}

struct Point {
    var x = 0
}
