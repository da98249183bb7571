import UIKit

// Members and classes of branches an iOS Release build does not compile (Swiftfin's
// `#if os(tvOS)`, Go Map!!'s `#if targetEnvironment(macCatalyst)`): the runtime never has them.
class PlayerViewController: UIViewController {
    @objc func playTapped(_ sender: Any) {}

    #if os(tvOS)
    @objc func remoteMenuPressed(_ sender: Any) {}
    #elseif os(iOS) && !targetEnvironment(macCatalyst)
    @objc func pictureInPictureTapped(_ sender: Any) {}
    #endif

    #if targetEnvironment(macCatalyst)
    @objc func openInNewWindow(_ sender: Any) {}
    #endif

    #if DEBUG
    @objc func debugMenuTapped(_ sender: Any) {}
    #endif

    #if canImport(SomePod)
    @objc func podFeatureTapped(_ sender: Any) {}
    #endif
}

// One class in both branches of one `#if`: the branch compiled is the class.
#if canImport(UIKit)
class SettingsViewController: UIViewController {
    @objc func doneTapped(_ sender: Any) {}
}
#else
class SettingsViewController: NSViewController {}
#endif

#if os(macOS)
class MacOnlyViewController: NSViewController {}
#endif
