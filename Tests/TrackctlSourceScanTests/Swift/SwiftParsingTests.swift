import Testing

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The Swift reader on what real files contain: code that looks like declarations but is not,
/// signatures spread over lines, types and attributes the compiler accepts. One construct per
/// test, each in a real file.
@Suite("Swift parsing")
struct SwiftParsingTests {
    let app = "App.ScreenViewController"

    @Test func commentsAndStringsAreNotDeclarations() throws {
        let scan = try ScratchTree.scanSwift(
            #"""
            /* class CommentedViewController: UIViewController {}
               /* nested */ @objc func stillAComment() {} */
            // class LineComment: UIViewController {}
            class ScreenViewController: UIViewController {
                let a = "class Fake: UIViewController { @objc func fake() {} }"
                let b = #"@objc func raw() { "quoted" }"#
                let c = """
                    @objc func multiLine() {
                    }
                    """
                let d = "interpolated \("nested \(1 + 1) @objc func x() {}") }"
                @objc func real() {}
            }
            """#)
        #expect(scan.models.map(\.name) == [app])
        #expect(scan.selectors(app) == ["real"])
        #expect(scan.unexposed(app) == ["a", "b", "c", "d"])
    }

    @Test func selectorExpressionsAndBodiesAreNotDeclarations() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                override func viewDidLoad() {
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    let handler = { (x: Int) -> Void in func local() {} }
                    class Local: UIViewController { @objc func inner() {} }
                }
                @objc func tapped(_ sender: Any) {}
            }
            """)
        #expect(scan.selectors(app) == ["viewDidLoad", "tapped:"])
        #expect(scan.models.count == 1, "a class in a function body is not a class of the app")
    }

    @Test func signaturesOverSeveralLinesWithDefaultsAndClosures() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                @objc
                @available(iOS 13, *)
                @discardableResult
                func configure(
                    title: String = "a, (b)",
                    _ count: Int = max(1, 2),
                    handler: @escaping (Int, String) -> Void = { _, _ in print("}") },
                    options: [String: Any] = [:]
                ) -> Bool { true }
            }
            """)
        #expect(scan.selectors(app) == ["configureWithTitle::handler:options:"])
    }

    @Test func genericMethodsAndWhereClauses() throws {
        // A generic method cannot be @objc; the scan lists it as unexposed.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                func show<T: Equatable>(_ value: [T]) where T: Hashable {}
                @objc func after() {}
            }
            """)
        #expect(scan.selectors(app) == ["after"])
        #expect(scan.unexposed(app) == ["show:"])
    }

    @Test func conditionalCompilationKeepsBothBranches() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                #if DEBUG
                @objc func debugOnly() {}
                #elseif STAGING
                @objc func stagingOnly() {}
                #else
                @objc func releaseOnly() {}
                #endif
            }
            """)
        #expect(scan.selectors(app) == ["debugOnly", "stagingOnly", "releaseOnly"])
    }

    @Test func superclassesResolveThroughModuleQualifiers() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIKit.UIViewController, UITableViewDelegate {}
            final class DetailViewController: ScreenViewController {}
            """)
        #expect(scan.model(app)?.superclass == "UIViewController")
        #expect(scan.model("App.DetailViewController")?.superclass == app)
    }

    /// Swift names Foundation classes without their prefix (SE-0086: `Timer` is NSTimer,
    /// `URLSession` NSURLSession); the superclass is the runtime's name, and the chain is closed.
    @Test func anSDKSuperclassWrittenByItsSwiftNameIsTheObjectiveCClass() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class MockTimer: Timer {}
            class Session: URLSession, URLSessionDelegate {}
            """)
        #expect(scan.model("App.MockTimer")?.superclass == "NSTimer")
        #expect(scan.model("App.MockTimer")?.unknownAncestor == nil)
        #expect(scan.model("App.Session")?.superclass == "NSURLSession")
    }

    /// SwiftUI's hosting controller is a generic Swift class (SwiftUI.swiftinterface: "open
    /// class UIHostingController<Content> : UIKit.UIViewController"): a subclass is a screen
    /// whose chain goes on at UIViewController, not an open chain.
    @Test func aHostingControllerSubclassIsAViewController() throws {
        let scan = try ScratchTree.scanSwift(
            """
            import SwiftUI
            final class SettingsHost: UIHostingController<SettingsView> {
                override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated) }
            }
            """)
        #expect(scan.model("App.SettingsHost")?.superclass == "UIViewController")
        #expect(scan.model("App.SettingsHost")?.unknownAncestor == nil)
        #expect(scan.selectors("App.SettingsHost").contains("viewDidAppear:"))
        // Its extensions are the generic class's, never a category of UIViewController.
        let extended = try ScratchTree.scanSwift(
            """
            extension UIHostingController {
                convenience init(rootView: Content, ignoreSafeArea: Bool) { self.init(rootView: rootView) }
            }
            """)
        #expect(extended.model("UIViewController", category: true) == nil)
    }

    @Test func classesTheRuntimeCannotNameAreSkippedWithTheirReason() throws {
        let scan = try ScratchTree.scanSwift(
            """
            class Box<T>: UIViewController {}
            class Model {}
            class Special: Model {}
            extension UIView {
                class Inner: UIViewController {}
            }
            private final class Promo: UIViewController {}
            fileprivate class Coupon: UIViewController {}
            @objc(ShopGift) private class Gift: UIViewController {}
            """)
        let reasons = scan.summary.skipped.map { "\($0.location.line) \($0.reason.rawValue) \($0.name)" }
        #expect(
            reasons == [
                "1 generic class Box", "2 Swift root class Model", "3 class with a non-Objective-C ancestor Special",
                "5 nested class UIView.Inner", "7 private class Promo", "8 private class Coupon"
            ])
        // The name a SPOC would write, which the runtime lacks: a private class's runtime name
        // carries its file's discriminator (ASTMangler.cpp, getPrivateDiscriminatorIfNecessary);
        // a class nested in another module's type mangles that module and an extension marker.
        #expect(
            scan.summary.skipped.map(\.spocName) == [
                "App.Box", "App.Model", "App.Special", "App.UIView.Inner", "App.Promo", "App.Coupon"
            ])
        #expect(scan.models.map(\.name) == ["ShopGift"])
    }

    @Test func nestedClassesAreRegisteredUnderTheirMangledNames() throws {
        // docs/ABI/OldMangling.rst (swiftlang/swift): '_Tt' nominal-type, nominal-type ::= kind
        // context decl-name, kinds C/V/O; test/Interpreter/SDK/objc_mangling.swift checks
        // NSClassFromString finds "_TtC10MangleTest6Wibble" and that names are not punycoded.
        let scan = try ScratchTree.scanSwift(
            """
            class Outer: UIViewController {
                class Inner: UIViewController {}
            }
            struct Player {
                enum Mode {
                    class Screen: UIViewController {}
                }
            }
            extension Player.Mode {
                class Sheet: Player.Mode.Screen {}
            }
            private extension Outer {
                class Hidden: UIViewController {}
            }
            """)
        #expect(
            scan.models.map(\.name).sorted() == [
                "App.Outer", "_TtCC3App5Outer5Inner", "_TtCOV3App6Player4Mode5Sheet", "_TtCOV3App6Player4Mode6Screen"
            ])
        let sheet = try #require(scan.model("_TtCOV3App6Player4Mode5Sheet"))
        #expect(
            sheet.superclass == "_TtCOV3App6Player4Mode6Screen",
            "a subclass names its nested superclass as the runtime does")
        #expect(sheet.swiftName == "Player.Mode.Sheet")
        #expect(
            scan.nestedSpellings.map(\.name).sorted() == [
                "App.Inner", "App.Outer.Inner", "App.Player.Mode.Screen", "App.Player.Mode.Sheet", "App.Screen",
                "App.Sheet"
            ])
        #expect(scan.summary.skipped.map(\.name) == ["Outer.Hidden"], "a private extension's class is fileprivate")
    }

    @Test func extensionsOfUIKitClassesAreCategories() throws {
        let scan = try ScratchTree.scanSwift(
            """
            extension UIViewController {
                @objc func trackScreen() {}
                func swiftOnly() {}
            }
            """)
        let category = try #require(scan.model("UIViewController", category: true))
        #expect(category.selectors == ["trackScreen"])
        #expect(category.superclass == nil, "a category never changes the superclass")
    }

    @Test func aBrokenFileStillGivesWhatItCanRead() throws {
        // A parameter list that never closes: the declaration is reported, what came before kept.
        let scan = try ScratchTree.scanSwift(
            """
            class ScreenViewController: UIViewController {
                @objc func first() {}
                func broken( {
            """)
        #expect(scan.selectors(app) == ["first"])
        let skipped = scan.summary.skipped.map { "\($0.location.line) \($0.reason.rawValue) \($0.name): \($0.detail)" }
        #expect(skipped == ["3 declaration it could not read func broken: its parameter list is never closed"])
    }
}
