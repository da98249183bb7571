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
    /// Nested: registered under a mangled name a SPOC cannot use.
    class Inner: UIViewController {
        @objc func innerTapped() {}
    }

    /// Nested but named for the runtime: a class like any other.
    @objc(ZOCOuterDetailViewController)
    class Detail: UIViewController {
        @objc func detailTapped() {}
    }

    struct State {}
}

struct Point {
    var x = 0
}
