import Foundation
import Testing

@testable import TrackctlSDK
@testable import TrackctlSDKGenerator

/// The model trackctl ships (Sources/TrackctlSDK/Generated/IOSSDKData.swift), against the SDK it
/// was made from (SDK/inputs.txt): iPhoneOS17.0.sdk as itsnebulalol/sdks publishes it at
/// e9414e08, with newer UIKit headers laid over it, whose headers and API notes are named beside
/// each fact (`UIKit/UITableView.h`, `UIKit.apinotes`).
@Suite("SDK model shipped") struct ShippedModelTests {
    /// The committed text decodes whole (every line well formed), encodes back to the same bytes,
    /// and its index is the one its types give: nothing in it was edited by hand.
    @Test func theCommittedTextIsWhatItsTypesEncodeTo() throws {
        let types = try SDKModelText.decode(IOSSDKData.text + "\n")
        let comments = IOSSDKData.text.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("# ") }.map {
            String($0.dropFirst(2))
        }
        let encoded = SDKModelText.encode(types, comments: comments)
        #expect(encoded.text == IOSSDKData.text + "\n")
        #expect(encoded.index == IOSSDKData.index + "\n")
    }

    /// Every correction is in the committed model (each names the Apple header it was checked against).
    @Test func theCommittedModelHoldsEveryCorrection() throws {
        let model = SDKModel.iOS
        for correction in Corrections.all {
            #expect(!correction.checkedAgainst.isEmpty)
            switch correction.change {
            case .protocolInherits(let name, let inherits):
                #expect(model.protocol(named: name)?.protocols == inherits, "\(name)")
            case .classAdopts(let name, let protocols):
                #expect(Set(protocols).isSubset(of: model.class(named: name)?.protocols ?? []), "\(name)")
            case .swiftName(let type, let selector, let swiftName):
                #expect(
                    (model.class(named: type) ?? model.protocol(named: type))?.members.first {
                        $0.selector == selector
                    }?.swiftName == swiftName)
            case .typeSwiftName(let name, let swiftName):
                #expect((model.class(named: name) ?? model.protocol(named: name))?.swiftName == swiftName)
            case .addMember(let type, let member):
                #expect(model.class(named: type)?.members.contains { $0.selector == member.selector } == true)
            case .addType(let type):
                #expect(model.class(named: type.name) != nil)
            }
        }
    }

    /// Issue 35: the NS_SWIFT_NAMEs iOS 17.5 and 18.0 gave their new members, read from the newer
    /// UIKit headers laid over the pinned SDK (SDK/inputs.txt 'newer': xybp888/iOS-SDKs 88fdca9,
    /// iPhoneOS18.0.sdk UIFeedbackGenerator.h, UITabBarController.h, UIPencilInteraction.h; d7f1be9,
    /// iPhoneOS17.5.sdk UIImpactFeedbackGenerator.h). The importer's rules alone gave `init(for:)`,
    /// `tabBarController(_:shouldSelect:)`, and one `pencilInteraction(_:didReceive:)` for both.
    @Test(arguments: [
        ("UIFeedbackGenerator", "feedbackGeneratorForView:", "init(view:)"),
        ("UITabBarControllerDelegate", "tabBarController:shouldSelectTab:", "tabBarController(_:shouldSelectTab:)"),
        (
            "UITabBarControllerDelegate", "tabBarController:didSelectTab:previousTab:",
            "tabBarController(_:didSelectTab:previousTab:)"
        ),
        (
            "UIPencilInteractionDelegate", "pencilInteraction:didReceiveSqueeze:",
            "pencilInteraction(_:didReceiveSqueeze:)"
        ),
        ("UIPencilInteractionDelegate", "pencilInteraction:didReceiveTap:", "pencilInteraction(_:didReceiveTap:)"),
        ("UIImpactFeedbackGenerator", "impactOccurredWithIntensity:atLocation:", "impactOccurred(intensity:at:)")
    ])
    func newerHeadersNameWhatIOS17_5And18Renamed(type: String, selector: String, swiftName: String) {
        let model = SDKModel.iOS
        let owner = model.class(named: type) ?? model.protocol(named: type)
        #expect(owner?.members.first { $0.selector == selector }?.swiftName == swiftName)
    }

    /// Every class's superclass is in the model, so no SDK chain is open.
    @Test func everySuperclassIsInTheModel() throws {
        let types = try SDKModelText.decode(IOSSDKData.text + "\n")
        try SDKGenerator.checkSuperclasses(types)
        #expect(
            Set(types.map(\.framework)).isSuperset(of: [
                "UIKit", "Foundation", "WebKit", "CarPlay", "Intents", "IntentsUI",
                "UserNotificationsUI", "PDFKit", "FileProviderUI", "CallKit", "WatchConnectivity"
            ]))
    }

    /// Members' Swift names as swiftc gives them, each checked against the header or API notes
    /// of iPhoneOS16.5.sdk it comes from (the names the review found wrong among them).
    @Test(arguments: [
        // UIKit.apinotes (protocol members' SwiftName)
        ("UIViewControllerAnimatedTransitioning", "transitionDuration:", "transitionDuration(using:)"),
        ("UIViewControllerAnimatedTransitioning", "animateTransition:", "animateTransition(using:)"),
        (
            "UIViewControllerTransitioningDelegate", "animationControllerForDismissedController:",
            "animationController(forDismissed:)"
        ),
        (
            "UIViewControllerTransitioningDelegate", "interactionControllerForPresentation:",
            "interactionControllerForPresentation(using:)"
        ),
        ("UIScrollViewDelegate", "scrollViewDidScrollToTop:", "scrollViewDidScrollToTop(_:)"),
        (
            "UISplitViewControllerDelegate",
            "splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:",
            "splitViewController(_:collapseSecondary:onto:)"
        ),
        ("UISearchControllerDelegate", "willPresentSearchController:", "willPresentSearchController(_:)"),
        (
            "UIAdaptivePresentationControllerDelegate", "presentationControllerDidAttemptToDismiss:",
            "presentationControllerDidAttemptToDismiss(_:)"
        ),
        (
            "UIAdaptivePresentationControllerDelegate", "presentationController:prepareAdaptivePresentationController:",
            "presentationController(_:prepare:)"
        ),
        (
            "UINavigationControllerDelegate", "navigationController:interactionControllerForAnimationController:",
            "navigationController(_:interactionControllerFor:)"
        ),
        (
            "UITableViewDelegate", "tableView:willDisplayContextMenuWithConfiguration:animator:",
            "tableView(_:willDisplayContextMenu:animator:)"
        ),
        (
            "UIPopoverPresentationControllerDelegate", "prepareForPopoverPresentation:",
            "prepareForPopoverPresentation(_:)"
        ),
        ("UIViewController", "addChildViewController:", "addChild(_:)"),
        // The importer's rules, with PartsOfSpeech.def's newer verbs ("finish", "update")
        ("WKNavigationDelegate", "webView:didFinishNavigation:", "webView(_:didFinish:)"),
        ("UIApplicationDelegate", "application:didUpdateUserActivity:", "application(_:didUpdate:)"),
        ("MKMapViewDelegate", "mapView:didUpdateUserLocation:", "mapView(_:didUpdate:)"),
        ("UITableViewDelegate", "tableView:didSelectRowAtIndexPath:", "tableView(_:didSelectRowAt:)"),
        ("UITableViewDataSource", "numberOfSectionsInTableView:", "numberOfSections(in:)"),
        (
            "UITextFieldDelegate", "textField:shouldChangeCharactersInRange:replacementString:",
            "textField(_:shouldChangeCharactersIn:replacementString:)"
        ),
        ("UIGestureRecognizerDelegate", "gestureRecognizer:shouldReceiveEvent:", "gestureRecognizer(_:shouldReceive:)"),
        ("UIView", "drawRect:", "draw(_:)"),
        ("UIColor", "colorWithRed:green:blue:alpha:", "init(red:green:blue:alpha:)"),
        ("NSManagedObject", "validateForInsert:", "validateForInsert()"),
        (
            "ASCredentialProviderViewController", "prepareCredentialListForServiceIdentifiers:",
            "prepareCredentialList(for:)"
        ),
        // NS_SWIFT_NAME in the header
        (
            "ASAuthorizationControllerDelegate", "authorizationController:didCompleteWithAuthorization:",
            "authorizationController(controller:didCompleteWithAuthorization:)"
        ),
        (
            "SFSafariViewControllerDelegate", "safariViewControllerWillOpenInBrowser:",
            "safariViewControllerWillOpenInBrowser(_:)"
        ),
        // CoreLocation.apinotes, CoreData's API notes and AVKit.apinotes
        (
            "CLLocationManagerDelegate", "locationManager:didChangeAuthorizationStatus:",
            "locationManager(_:didChangeAuthorization:)"
        ),
        ("CLLocationManagerDelegate", "locationManager:didUpdateHeading:", "locationManager(_:didUpdateHeading:)"),
        (
            "NSFetchedResultsControllerDelegate", "controller:didChangeSection:atIndex:forChangeType:",
            "controller(_:didChange:atSectionIndex:for:)"
        ),
        (
            "AVPlayerViewControllerDelegate", "playerViewControllerWillStartPictureInPicture:",
            "playerViewControllerWillStartPictureInPicture(_:)"
        ),
        // Properties, not methods (UIViewController.h, UIWindow.h)
        ("UIViewController", "supportedInterfaceOrientations", "supportedInterfaceOrientations"),
        ("UIViewController", "prefersStatusBarHidden", "prefersStatusBarHidden"),
        ("UIWindow", "canBecomeKeyWindow", "canBecomeKey"),
        ("UIView", "isHidden", "isHidden"),
        ("UIApplication", "sharedApplication", "shared"),
        // Overrides the review found filed under invented selectors (review F5)
        ("UIWindow", "becomeKeyWindow", "becomeKey()"),
        ("UIControl", "beginTrackingWithTouch:withEvent:", "beginTracking(_:with:)"),
        ("UIScrollView", "touchesShouldCancelInContentView:", "touchesShouldCancel(in:)")
    ])
    func memberNamesAreTheCompilers(type: String, selector: String, swiftName: String) throws {
        let model = SDKModel.iOS
        let found = (model.class(named: type) ?? model.protocol(named: type))?.members.first { $0.selector == selector }
        #expect(found?.swiftName == swiftName)
    }

    /// Async forms (SE-0297, `considerAsyncImport`): the completion handler past the first
    /// parameter adds its name to the base (AVKit), a `WK_SWIFT_ASYNC` index names the handler
    /// (WebKit), and `NS_SWIFT_DISABLE_ASYNC` leaves a method without one (UIApplication.h of
    /// iOS 16.4 disables `application:performFetchWithCompletionHandler:`).
    @Test func asyncNamesAreTheCompilers() throws {
        let model = SDKModel.iOS
        func async(_ type: String, _ selector: String) -> String? {
            model.protocol(named: type)?.members.first { $0.selector == selector }?.asyncSwiftName
        }
        #expect(
            async(
                "AVPlayerViewControllerDelegate",
                "playerViewController:restoreUserInterfaceForPictureInPictureStopWithCompletionHandler:")
                == "playerViewControllerRestoreUserInterfaceForPictureInPictureStop(_:)")
        #expect(
            async("WKNavigationDelegate", "webView:decidePolicyForNavigationAction:decisionHandler:")
                == "webView(_:decidePolicyFor:)")
        #expect(
            async(
                "UNUserNotificationCenterDelegate",
                "userNotificationCenter:willPresentNotification:withCompletionHandler:")
                == "userNotificationCenter(_:willPresent:)")
        #expect(async("UIApplicationDelegate", "application:performFetchWithCompletionHandler:") == nil)
        #expect(
            model.find("userNotificationCenter(_:willPresent:)").map { "\($0.type.name) \($0.member.selector)" }
                == [
                    "UNUserNotificationCenterDelegate "
                        + "userNotificationCenter:willPresentNotification:withCompletionHandler:"
                ])
    }

    /// Types: C# helpers and Foundation's renames (Foundation.apinotes).
    @Test func typesAreNamedAsObjectiveCAndSwiftNameThem() throws {
        let model = SDKModel.iOS
        #expect(model.class(named: "NSString")?.name == "NSString" && model.class(named: "NSString2") == nil)
        #expect(model.class(named: "NSObject2") == nil)
        #expect(model.class(named: "NSMutableString")?.superclass == "NSString")
        #expect(model.class(named: "NSLayoutXAxisAnchor")?.superclass == "NSLayoutAnchor")
        #expect(model.class(named: "URLSession")?.name == "NSURLSession")
        #expect(model.protocol(named: "URLSessionDelegate")?.name == "NSURLSessionDelegate")
        #expect(model.class(named: "UIViewController")?.superclass == "UIResponder")
        #expect(
            model.ancestors(ofClass: "UITableViewController").map(\.name) == [
                "UIViewController", "UIResponder", "NSObject"
            ])
    }

    /// Spot checks against the headers: inheritance, requirements and members apps use most.
    @Test func theProtocolsAppsUseMostAgreeWithTheHeaders() throws {
        let model = SDKModel.iOS
        func member(_ type: String, _ selector: String) -> SDKMember? {
            model.protocol(named: type)?.members.first { $0.selector == selector }
        }
        // UITableView.h: @protocol UITableViewDelegate<NSObject, UIScrollViewDelegate>
        #expect(
            Set(model.protocol(named: "UITableViewDelegate")?.protocols ?? []) == ["NSObject", "UIScrollViewDelegate"])
        // UISheetPresentationController.h: UISheetPresentationControllerDelegate
        // <UIAdaptivePresentationControllerDelegate>
        #expect(
            model.protocol(named: "UISheetPresentationControllerDelegate")?.protocols.contains(
                "UIAdaptivePresentationControllerDelegate") == true)
        #expect(
            model.protocol(named: "UITableViewDataSource")?.members.filter(\.isRequired).map(\.selector).sorted()
                == ["tableView:cellForRowAtIndexPath:", "tableView:numberOfRowsInSection:"])
        #expect(
            model.find("tableView(_:didSelectRowAt:)").map { "\($0.type.name) \($0.member.selector)" } == [
                "UITableViewDelegate tableView:didSelectRowAtIndexPath:"
            ])
        #expect(member("PHPickerViewControllerDelegate", "picker:didFinishPicking:")?.isRequired == true)
        #expect(
            member("MFMessageComposeViewControllerDelegate", "messageComposeViewController:didFinishWithResult:")?
                .isRequired == true)
        #expect(member("CLLocationManagerDelegate", "locationManagerDidChangeAuthorization:")?.introduced == "14.0")
        // NSFetchedResultsController.h: the iOS 13 snapshot methods the bindings lacked.
        #expect(
            member("NSFetchedResultsControllerDelegate", "controller:didChangeContentWithSnapshot:")?.swiftName
                == "controller(_:didChangeContentWith:)")
        // Frameworks outside the first model: UserNotificationsUI, IntentsUI, CarPlay, PDFKit.
        #expect(member("UNNotificationContentExtension", "didReceiveNotification:")?.isRequired == true)
        #expect(model.protocol(named: "INUIHostedViewControlling") != nil)
        #expect(
            model.protocol(named: "CPTemplateApplicationSceneDelegate")?.protocols.contains("UISceneDelegate") == true)
        #expect(model.class(named: "PDFView")?.superclass == "UIView")
    }
}
