import SwiftUI
import UIKit

// SwiftUI's bridges are nested classes (Swiftfin's VideoPlayer.UIVideoPlayerContainerViewController):
// the runtime registers each under its mangled name, _TtC… (Swift's docs/ABI/OldMangling.rst).
struct VideoPlayer: UIViewControllerRepresentable {
    class UIVideoPlayerContainerViewController: UIViewController {
        @objc func playTapped(_ sender: Any) {}
    }
}

class Outer: UIViewController {
    class Inner: UIViewController {}
}

struct A {
    enum B {
        class C: UIViewController {}
    }
}

// A name's length is its UTF-8 bytes: "Écran" is 6.
struct Menu {
    class Écran: UIViewController {}
}

extension Settings {
    class Screen: UIViewController {}
}

// Names the source cannot give: a generic context, a private one, another module's type.
struct Wrapper<Content> {
    class Inner: UIViewController {}
}

private struct Hidden {
    class Inner: UIViewController {}
}

extension UIViewController {
    class Helper: UIViewController {}
}
