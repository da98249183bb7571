import Foundation
import Testing
import TrackctlSDK
@testable import TrackctlSDKGenerator

/// The repository's root, found from this file.
enum SDKFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The model of Fixtures/sdk/src/minikit.cs, without corrections.
    static func miniKit() throws -> SDKModel {
        SDKModel(types: try SDKGenerator.model(sourceDirectory: path("Fixtures/sdk/src"), files: [("minikit.cs", "MiniKit")], corrections: []))
    }
}

@Suite("SDK generator") struct SDKGeneratorTests {
    @Test func aBindingFileBecomesTheModel() throws {
        let model = try SDKFixtures.miniKit()
        let view = try #require(model.class(named: "UIView"))
        #expect(view.superclass == "UIResponder")
        // A property's getter follows [Bind], its setter is set + the exported name; [Wrap] and
        // [Field] members have no selector.
        #expect(view.members.map(\.selector) == ["initWithFrame:", "subviews", "addSubview:", "isHidden", "setHidden:"])
        #expect(view.members.first { $0.selector == "isHidden" }?.swiftName == "isHidden")
        // A [Category] joins its class; [NoiOS] and inactive #if branches are left out.
        let controller = try #require(model.class(named: "UIViewController"))
        let selectors = controller.members.map(\.selector)
        #expect(selectors.contains("setContentScrollView:"))
        #expect(selectors.contains("viewIsAppearing:"))
        #expect(!selectors.contains("macOnlyMethod") && !selectors.contains("inactiveBranch"))
        #expect(controller.members.first { $0.selector == "attemptRotationToDeviceOrientation" }?.isStatic == true)
        #expect(controller.members.first { $0.selector == "setContentScrollView:" }?.introduced == "15.0")
        // Objective-C names, not C# ones; helpers, strong dictionaries and event args skipped.
        #expect(model.class(named: "NSURL") != nil && model.class(named: "NSUrl") == nil)
        #expect(model.class(named: "UITableViewSource") == nil && model.class(named: "UIKeyboardEventArgs") == nil)
        #expect(controller.members.first { $0.selector == "openURL:" }?.parameterTypes == ["NSURL"])
    }

    @Test func protocolsKeepTheirRequirementsAndParents() throws {
        let model = try SDKFixtures.miniKit()
        let dataSource = try #require(model.protocol(named: "UITableViewDataSource"))
        #expect(dataSource.protocols == ["NSObject"])
        #expect(dataSource.members.filter(\.isRequired).map(\.selector) == ["tableView:numberOfRowsInSection:"])
        let navigation = try #require(model.protocol(named: "WKNavigationDelegate"))
        #expect(navigation.members.map(\.parameterTypes) == [["WKWebView", "WKNavigationAction", "^"], ["WKWebView", "WKNavigationResponse", "^"]])
        // A class adopting a protocol responds to its required methods, not its optional ones.
        let own = model.ownSelectors(ofClass: "UITableViewController")
        #expect(own.contains("tableView:numberOfRowsInSection:") && !own.contains("numberOfSectionsInTableView:"))
        #expect(model.class(named: "UITableViewController")?.protocols == ["UITableViewDataSource"])
    }

    /// Each rule is the Swift compiler's (swiftlang/swift lib/Basic/StringExtras.cpp,
    /// omitNeedlessWords; the imported names are those of Apple's SDK overlays and documentation).
    @Test func swiftNamesFollowTheImporter() throws {
        let model = try SDKFixtures.miniKit()
        func swiftName(_ type: String, _ selector: String) -> String? {
            (model.class(named: type) ?? model.protocol(named: type))?.members.first { $0.selector == selector }?.swiftName
        }
        // The first argument unlabelled; a type name after a verb pruned from the base name.
        #expect(swiftName("UIViewController", "presentViewController:animated:completion:") == "present(_:animated:completion:)")
        // The declaring type pruned after a verb, a Boolean "Animated" split into a label.
        #expect(swiftName("UIViewController", "dismissViewControllerAnimated:completion:") == "dismiss(animated:completion:)")
        // A type name after a verb or a preposition pruned from a label; the base split at the
        // last preposition.
        #expect(swiftName("UITableViewDataSource", "tableView:commitEditingStyle:forRowAtIndexPath:") == "tableView(_:commit:forRowAt:)")
        #expect(swiftName("UITableViewDataSource", "numberOfSectionsInTableView:") == "numberOfSections(in:)")
        #expect(swiftName("WKNavigationDelegate", "webView:decidePolicyForNavigationAction:decisionHandler:") == "webView(_:decidePolicyFor:decisionHandler:)")
        // Initialisms lower-cased; a type name after a verb pruned.
        #expect(swiftName("UIViewController", "openURL:") == "open(_:)")
        // initWith… becomes init(…:).
        #expect(swiftName("UIView", "initWithFrame:") == "init(frame:)")
        // Not pruned where a property has the words: UIView has `subviews`.
        #expect(swiftName("UIView", "addSubview:") == "addSubview(_:)")
        #expect(ImporterNaming.lowercaseInitialisms("URLSession") == "urlSession")
        #expect(ImporterNaming.lowercaseInitialisms("URLs") == "urls")
    }

    @Test func asyncFormsDropTheCompletionHandler() {
        // SE-0297: the completion handler's label goes; a base name's WithCompletionHandler too.
        let fetch = SDKMember(selector: "application:didReceiveRemoteNotification:fetchCompletionHandler:",
                              swiftName: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
                              parameterTypes: ["UIApplication", "NSDictionary", "^"])
        #expect(fetch.asyncSwiftName == "application(_:didReceiveRemoteNotification:)")
        let whole = SDKMember(selector: "fetchWithCompletionHandler:", swiftName: "fetchWithCompletionHandler(_:)", parameterTypes: ["^"])
        #expect(whole.asyncSwiftName == "fetch()")
        #expect(SDKMember(selector: "reload", swiftName: "reload()").asyncSwiftName == nil)
    }

    @Test func theTextFormRoundTrips() throws {
        let model = try SDKFixtures.miniKit()
        let text = SDKModelText.encode(model.types, comments: ["test"])
        #expect(try SDKModelText.decode(text) == model.types)
        #expect(throws: SDKModelText.FormatError.self) { try SDKModelText.decode("not a model\n") }
    }

    @Test func brokenBindingsAreLocatedErrors() {
        #expect(throws: BindingParser.Failure(file: "x.cs", line: 2, reason: "#endif without #if")) {
            try BindingParser.parse("interface A {}\n#endif\n", file: "x.cs")
        }
        #expect(throws: SDKGenerator.Failure.self) { try SDKGenerator.model(sourceDirectory: SDKFixtures.path("Fixtures/sdk"), files: [("missing.cs", "X")]) }
    }
}

@Suite("SDK model shipped") struct ShippedModelTests {
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
                #expect((model.class(named: type) ?? model.protocol(named: type))?.members.first { $0.selector == selector }?.swiftName == swiftName)
            case .typeSwiftName(let name, let swiftName):
                #expect((model.class(named: name) ?? model.protocol(named: name))?.swiftName == swiftName)
            case .addMember(let type, let member):
                #expect(model.class(named: type)?.members.contains { $0.selector == member.selector } == true)
            case .addType(let type):
                #expect(model.class(named: type.name) != nil)
            }
        }
    }

    /// Spot checks against Apple's headers (iPhoneOS18.0.sdk, as mirrored in xybp888/iOS-SDKs).
    @Test func theProtocolsAppsUseMostAgreeWithTheHeaders() throws {
        let model = SDKModel.iOS
        // UITableView.h: @protocol UITableViewDelegate<NSObject, UIScrollViewDelegate>
        #expect(Set(model.protocol(named: "UITableViewDelegate")?.protocols ?? []) == ["NSObject", "UIScrollViewDelegate"])
        // UISheetPresentationController.h: UISheetPresentationControllerDelegate <UIAdaptivePresentationControllerDelegate>
        #expect(model.protocol(named: "UISheetPresentationControllerDelegate")?.protocols.contains("UIAdaptivePresentationControllerDelegate") == true)
        // UITableView.h: the data source's two @required methods.
        #expect(model.protocol(named: "UITableViewDataSource")?.members.filter(\.isRequired).map(\.selector).sorted()
                == ["tableView:cellForRowAtIndexPath:", "tableView:numberOfRowsInSection:"])
        #expect(model.find("tableView(_:didSelectRowAt:)").map { "\($0.type.name) \($0.member.selector)" } == ["UITableViewDelegate tableView:didSelectRowAtIndexPath:"])
        // ASCredentialProviderViewController.h
        #expect(model.class(named: "ASCredentialProviderViewController")?.members.contains {
            $0.selector == "prepareCredentialListForServiceIdentifiers:" && $0.swiftName == "prepareCredentialList(for:)" } == true)
        #expect(model.class(named: "UIViewController")?.superclass == "UIResponder")
        #expect(model.class(named: "URLSession")?.name == "NSURLSession")
        #expect(model.protocol(named: "URLSessionDelegate")?.name == "NSURLSessionDelegate")
        // MFMailComposeViewController.h, WKNavigationDelegate.h, UNUserNotificationCenter.h
        #expect(model.protocol(named: "MFMailComposeViewControllerDelegate")?.members.map(\.selector) == ["mailComposeController:didFinishWithResult:error:"])
        #expect(model.protocol(named: "WKNavigationDelegate")?.members.contains { $0.selector == "webView:didFinishNavigation:" } == true)
        #expect(model.protocol(named: "UNUserNotificationCenterDelegate")?.members.contains { $0.selector == "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:" } == true)
    }

    /// Pickers, messages, store, location and maps, against the same headers: inheritance,
    /// selectors, Swift names and required flags.
    @Test func pickersMessagesStoreLocationAndMapsAgreeWithTheHeaders() throws {
        let model = SDKModel.iOS
        func member(_ type: String, _ selector: String) -> SDKMember? {
            model.protocol(named: type)?.members.first { $0.selector == selector }
        }
        // UIImagePickerController.h: @protocol UIImagePickerControllerDelegate<NSObject>, both methods optional.
        #expect(model.protocol(named: "UIImagePickerControllerDelegate")?.protocols == ["NSObject"])
        #expect(member("UIImagePickerControllerDelegate", "imagePickerController:didFinishPickingMediaWithInfo:")?.isRequired == false)
        // PHPicker.h: picker:didFinishPicking: is the one required method.
        #expect(member("PHPickerViewControllerDelegate", "picker:didFinishPicking:")?.isRequired == true)
        // UIPickerView.h: the data source's two required methods; numberOfComponents(in:) in Swift.
        #expect(model.protocol(named: "UIPickerViewDataSource")?.members.filter(\.isRequired).map(\.selector).sorted()
                == ["numberOfComponentsInPickerView:", "pickerView:numberOfRowsInComponent:"])
        #expect(member("UIPickerViewDataSource", "numberOfComponentsInPickerView:")?.swiftName == "numberOfComponents(in:)")
        // UIDocumentPickerViewController.h
        #expect(member("UIDocumentPickerDelegate", "documentPicker:didPickDocumentsAtURLs:")?.swiftName == "documentPicker(_:didPickDocumentsAt:)")
        // MFMessageComposeViewController.h: @protocol MFMessageComposeViewControllerDelegate <NSObject>, @required.
        #expect(member("MFMessageComposeViewControllerDelegate", "messageComposeViewController:didFinishWithResult:")?.isRequired == true)
        // SKProductsRequest.h: @protocol SKProductsRequestDelegate <SKRequestDelegate>; SKPaymentQueue.h: @required.
        #expect(model.protocol(named: "SKProductsRequestDelegate")?.protocols.contains("SKRequestDelegate") == true)
        #expect(member("SKProductsRequestDelegate", "productsRequest:didReceiveResponse:")?.swiftName == "productsRequest(_:didReceive:)")
        #expect(member("SKPaymentTransactionObserver", "paymentQueue:updatedTransactions:")?.isRequired == true)
        // CLLocationManagerDelegate.h: all optional; locationManagerDidChangeAuthorization: since iOS 14.
        #expect(member("CLLocationManagerDelegate", "locationManager:didUpdateLocations:")?.isRequired == false)
        #expect(member("CLLocationManagerDelegate", "locationManagerDidChangeAuthorization:")?.introduced == "14.0")
        // MKMapView.h (MKMapViewDelegate): mapView:viewForAnnotation: is mapView(_:viewFor:) in Swift.
        #expect(member("MKMapViewDelegate", "mapView:viewForAnnotation:")?.swiftName == "mapView(_:viewFor:)")
    }
}
