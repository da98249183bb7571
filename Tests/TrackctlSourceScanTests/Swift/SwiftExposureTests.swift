import Testing

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Which Swift members the Objective-C runtime can see (Swift 4 and later), one rule per test,
/// each on a few lines of real Swift in a real file. Sources:
/// - SE-0160: swiftlang/swift-evolution, proposals/0160-objc-inference.md ("Limiting @objc
///   inference"): no inference in NSObject subclasses; inference kept for overrides, `@objc`
///   protocol requirements, `@IBAction`/`@IBOutlet`/`@NSManaged`; `@objcMembers` for a class,
///   its extensions and subclasses; `dynamic` no longer implies `@objc`.
/// - attr_dynamic.swift: swiftlang/swift test/attr/attr_dynamic.swift — "'dynamic' var 's'
///   must also be '@objc'".
/// - classes.swift: swiftlang/swift test/PrintAsObjC/classes.swift.
@Suite("Swift exposure")
struct SwiftExposureTests {
    let app = "App.ScreenViewController"

    @Test func aPlainMethodIsNotExposed() throws {
        // SE-0160: "A declaration within an NSObject-derived class will no longer infer @objc".
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                func helper() {}
                @objc func tapped() {}
            }
            """)
        #expect(scan.selectors(app) == ["tapped"])
        #expect(scan.model(app)?.unexposed == ["helper": "helper()"])
    }

    @Test func typeMembersAreClassMethodsExposedOrNot() throws {
        // A `class func`, `static func` or `static var` is the class object's: in Objective-C a
        // `+` method (PrintAsObjC/classes.swift prints `+ (void)classMethod`), never an
        // instance's, whether `@objcMembers`, `@objc` or neither exposes it. An override of one
        // is one too.
        let scan = try ScratchTree.scanSwift(
            """
            @objcMembers
            class ScreenViewController: UIViewController {
                class func openAppSettings() {}
                static func reset() {}
                static var shared: ScreenViewController?
                func refresh() {}
            }
            class DetailViewController: ScreenViewController {
                override class func openAppSettings() {}
                @objc static func plain(_ sender: Any) {}
            }
            """)
        #expect(scan.selectors(app) == ["refresh"])
        #expect(
            scan.model(app)?.classMethods == [
                "openAppSettings": "class func openAppSettings()", "reset": "static func reset()",
                "shared": "static var shared", "setShared:": "static var shared"
            ])
        #expect(scan.selectors("App.DetailViewController").isEmpty)
        #expect(
            scan.model("App.DetailViewController")?.classMethods == [
                "openAppSettings": "class func openAppSettings()", "plain:": "static func plain(_:)"
            ])
    }

    @Test func anOverrideInAnExtensionOfAUIKitClassIsExposed() throws {
        // An `@objc` member of an ancestor may be overridden in an extension
        // (test/attr/attr_objc.swift: "overriding declarations in extensions" is refused only for
        // non-@objc ones); the override takes the overridden member's selector.
        let scan = try ScratchTree.scanSwift(
            """
            extension UINavigationController {
                open override var childForStatusBarStyle: UIViewController? { topViewController }
                override open func viewDidLoad() { super.viewDidLoad() }
            }
            """)
        let category = try #require(scan.model("UINavigationController", category: true))
        #expect(category.selectors.isSuperset(of: ["childViewControllerForStatusBarStyle", "viewDidLoad"]))
        #expect(category.unexposed.isEmpty)
    }

    @Test func interfaceBuilderAndCoreDataAttributesExpose() throws {
        // SE-0160 keeps inference for @IBAction, @IBOutlet, @IBInspectable and @NSManaged,
        // whatever the access level.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                @IBOutlet private weak var label: UILabel!
                @IBAction private func buy(_ sender: Any) {}
                @IBInspectable var radius: CGFloat = 0
                @NSManaged var title: String
                @GKInspectable var speed: Int = 0
            }
            """)
        #expect(
            scan.selectors(app) == [
                "label", "setLabel:", "buy:", "radius", "setRadius:", "title", "setTitle:", "speed", "setSpeed:"
            ])
    }

    @Test func overridesOfObjectiveCMethodsAreExposed() throws {
        // SE-0160: an override of an @objc method is @objc, with the overridden selector.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                override func viewDidAppear(_ animated: Bool) {}
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
                override var title: String? { didSet {} }
            }
            """)
        #expect(scan.selectors(app) == ["viewDidAppear:", "prepareForSegue:sender:", "title", "setTitle:"])
    }

    @Test func protocolRequirementsTakeTheProtocolsSelectors() throws {
        // SE-0160: implementing a requirement of an @objc protocol infers @objc; UIKit's
        // Objective-C names come from its headers (UITableView.h: tableView:didSelectRowAtIndexPath:).
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController, UITableViewDelegate {
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
                func scrollViewDidScroll(_ scrollView: UIScrollView) {}
                func tableView(_ tableView: UITableView, somethingElse indexPath: IndexPath) {}
            }
            """)
        #expect(scan.selectors(app) == ["tableView:didSelectRowAtIndexPath:", "scrollViewDidScroll:"])
        #expect(scan.unexposed(app) == ["tableView:somethingElse:"])
    }

    /// Two requirements of one Swift name that the written types cannot tell apart: the newer
    /// one is implemented. Intents' INSendMessageIntentHandling.h (iOS 16.4 SDK) declares
    /// `resolveRecipientsForSendMessage:withCompletion:` (iOS 10, deprecated) and
    /// `resolveRecipientsForSendMessage:completion:` (iOS 11); both import as the async
    /// `resolveRecipients(for:)` and differ only in the completion block's argument type,
    /// which the model does not carry.
    @Test func aSharedAsyncNameIsTheNewerRequirement() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController, INSendMessageIntentHandling {
                func resolveRecipients(for intent: INSendMessageIntent) async -> \
                [INSendMessageRecipientResolutionResult] { [] }
            }
            """)
        #expect(scan.selectors(app) == ["resolveRecipientsForSendMessage:completion:"])
    }

    /// A member the header marks `NS_REFINED_FOR_SWIFT` imports as `__name`; UIKit's Swift overlay
    /// gives it back under its plain name, which is what an app overrides (iOS 17.0
    /// UIViewController.h: `updateContentUnavailableConfigurationUsingState:`
    /// NS_REFINED_FOR_SWIFT; UIView.h: `traitOverrides`).
    @Test func anOverrideOfARefinedMemberTakesItsSelector() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                override func updateContentUnavailableConfiguration(using state: \
                UIContentUnavailableConfigurationState) {}
            }
            """)
        #expect(scan.selectors(app) == ["updateContentUnavailableConfigurationUsingState:"])
    }

    /// A witness must be as accessible as the type that conforms (swiftlang/swift
    /// test/decl/protocol/conforms/access_corner_cases.swift, "method must be declared internal
    /// because it matches a requirement in internal protocol"): a private method of an internal
    /// class witnesses no requirement, an SDK protocol's included, so the runtime never sees it
    /// (review F7).
    @Test func aPrivateMethodWitnessesNothingUnlessItsTypeIsPrivateToo() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController, UITableViewDelegate {
                private func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
                fileprivate func scrollViewDidScroll(_ scrollView: UIScrollView) {}
            }
            """)
        #expect(scan.selectors(app) == [])
        #expect(scan.unexposed(app) == ["scrollViewDidScroll:", "tableView:didSelectRowAt:"])
    }

    @Test func theAppsOwnObjCProtocolsCountToo() throws {
        let scan = try ScratchTree.scanSwift(
            """
            @objc protocol CartDelegate {
                func cart(_ cart: AnyObject, didAdd item: String)
            }
            protocol SwiftOnly {
                func refresh()
            }
            class ScreenViewController: UIViewController, CartDelegate, SwiftOnly {
                func cart(_ cart: AnyObject, didAdd item: String) {}
                func refresh() {}
            }
            """)
        #expect(scan.selectors(app) == ["cart:didAdd:"])
        #expect(scan.unexposed(app) == ["refresh"])
    }

    @Test func objcMembersExposesRepresentableNonPrivateMembersOfSubclassesAndExtensions() throws {
        // SE-0160: @objcMembers infers @objc for the class, its extensions and its subclasses,
        // but not for members Objective-C cannot represent ("func bar() -> (Int, Int) // not
        // @objc, because tuple returns aren't representable").
        let scan = try ScratchTree.scanSwift(
            """
            @objcMembers class BaseViewController: UIViewController {
                func foo() {}
                func bar() -> (Int, Int) { (0, 0) }
                private func hidden() {}
            }
            extension BaseViewController { func baz() {} }
            class ScreenViewController: BaseViewController { func wibble() {} }
            extension ScreenViewController { func wobble() {} }
            """)
        #expect(scan.selectors("App.BaseViewController") == ["foo", "baz"])
        #expect(scan.unexposed("App.BaseViewController") == ["bar", "hidden"])
        #expect(scan.selectors(app) == ["wibble", "wobble"])
    }

    @Test func anObjCExtensionExposesEveryMember() throws {
        // SE-0160: "@objc extension" makes each member @objc, private ones included.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {}
            @objc extension ScreenViewController {
                func shown() {}
                private func secret() {}
            }
            extension ScreenViewController {
                func notShown() {}
            }
            """)
        #expect(scan.selectors(app) == ["shown", "secret"])
        #expect(scan.unexposed(app) == ["notShown"])
    }

    @Test func nonobjcWinsOverEverything() throws {
        let scan = try ScratchTree.scanSwift(
            """
            @objcMembers class ScreenViewController: UIViewController {
                @nonobjc func a() {}
                func b() {}
            }
            @nonobjc extension ScreenViewController {
                func c() {}
            }
            """)
        #expect(scan.selectors(app) == ["b"])
        #expect(scan.unexposed(app) == ["a", "c"])
    }

    @Test func dynamicAloneDoesNotExpose() throws {
        // SE-0160 and attr_dynamic.swift: 'dynamic' must also be '@objc'; since Swift 5 it
        // means Swift's own dynamic replacement, invisible to the Objective-C runtime.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                dynamic func swiftDynamic() {}
                @objc dynamic func observable() {}
            }
            """)
        #expect(scan.selectors(app) == ["observable"])
        #expect(scan.unexposed(app) == ["swiftDynamic"])
    }

    @Test func propertiesGetAGetterAndASetterWhenSettable() throws {
        // classes.swift, `@objc class Properties`: `let pi` is readonly; a get-only computed
        // property is readonly; `private(set) var privateSetter` is printed readonly.
        let scan = try ScratchTree.scanSwift(
            """
            @objcMembers class ScreenViewController: UIViewController {
                var i = 1
                let pi = 3.14
                var computed: Int { return 42 }
                var both: Int { get { 1 } set {} }
                private(set) var privateSetter = 2
                @objc(wobble) var wibble: Int = 0
            }
            """)
        #expect(
            scan.selectors(app) == [
                "i", "setI:", "pi", "computed", "both", "setBoth:", "privateSetter", "wobble", "setWobble:"
            ])
    }

    @Test func anExplicitNameWins() throws {
        // classes.swift: `@objc(initTheOtherThings) func setUpOtherThings()`.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                @objc(initTheOtherThings) func setUpOtherThings() {}
                @objc(share:with:) func share(item: String, target: String) {}
            }
            """)
        #expect(scan.selectors(app) == ["initTheOtherThings", "share:with:"])
    }
}
