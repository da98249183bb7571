import AuthenticationServices
import PackageKit
import UIKit
import WebKit

/// Witnesses and overrides that take their selectors from the SDK model (SPEC §10.1).
class SheetViewController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {}
}

// UISheetPresentationControllerDelegate inherits UIAdaptivePresentationControllerDelegate.
extension SheetViewController: UISheetPresentationControllerDelegate {
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

class BrowserViewController: UIViewController, WKNavigationDelegate {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {}
    func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async -> WKNavigationResponsePolicy { .allow }
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
}

class CredentialProviderViewController: ASCredentialProviderViewController {
    override func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {}
}

class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        .noData
    }
}

/// A protocol of a package outside the tree: its witness cannot be proven unexposed.
class PackageViewController: UIViewController, PackageScreenDelegate {
    func packageScreenDidLoad(_ screen: PackageScreen) {}
}

/// The first inherited type is a package's: no superclass is guessed from it.
class AppRulesStore: LastCompiledRulesStore {
    func rulesDidCompile() {}
}

/// Nothing unknown here: a plain method is invisible to the runtime.
class PlainViewController: UIViewController {
    func shareTapped(_ sender: UIButton) {}
}

/// UITableViewController implements its protocols' methods without redeclaring them: an
/// override of one takes the requirement's selector.
class SitesViewController: UITableViewController {
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}

/// A private method witnesses no protocol declared elsewhere, whatever the class adopts.
extension PackageViewController {
    private func reloadPackages() {}
}
