import TrackctlSDK

/// The iOS SDK's classes as catalog models: what trackctl knows without a catalog file
/// (SPEC §2.2, §10.1). They come from the generated SDK model (`SDKModel.iOS`), the one source
/// of SDK facts.
///
/// A class's selectors are those it declares and those its adopted protocols require.
/// Optional protocol methods (`tableView:didSelectRowAtIndexPath:`, `scrollViewDidScroll:`)
/// are deliberately absent: on a device `respondsToSelector:` answers NO for them unless the
/// app's class implements them, and a hook on such a method never fires.
public enum SDKModels {
    /// Every SDK class, as built-in models (built once per process).
    public static let all: [ScreenModel] = {
        SDKModel.iOS.ownSelectorsOfEveryClass().map { type, selectors in
            ScreenModel(name: type.name, superclass: type.superclass, selectors: Set(selectors), origin: .builtin, protocols: type.protocols)
        }
    }()

    /// Container classes whose instances get appearance callbacks of their own (uikit-lifecycle.md §8.3).
    public static let containerClasses: Set<String> = ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"]
}
