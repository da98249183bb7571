import Testing
import TrackctlTestSupport

@testable import TrackctlModel

@Suite("Catalog")
struct CatalogTests {
    @Test func builtInModelsCoverTheSPECList() {
        let catalog = Catalog.standard
        for name in [
            "NSObject", "UIResponder", "UIViewController", "UINavigationController", "UITabBarController",
            "UITableViewController", "UICollectionViewController", "UIPageViewController", "UISplitViewController",
            "UIAlertController", "UIView", "UIControl", "UIButton", "UIGestureRecognizer"
        ] {
            #expect(catalog.contains(name), "\(name)")
            #expect(catalog.ancestry(of: name).end == .root, "\(name)")
        }
        for selector in [
            "viewDidLoad", "viewWillAppear:", "viewIsAppearing:", "viewDidAppear:", "viewWillDisappear:",
            "viewDidDisappear:"
        ] {
            #expect(
                catalog.lookup(selector: selector, on: "UITableViewController") == .implemented(by: "UIViewController"))
        }
    }

    @Test func optionalProtocolMethodsAreNotImplementedByUIKit() {
        let catalog = Catalog.standard
        #expect(
            catalog.lookup(selector: "tableView:didSelectRowAtIndexPath:", on: "UITableViewController") == .notFound)
        #expect(catalog.lookup(selector: "scrollViewDidScroll:", on: "UICollectionViewController") == .notFound)
    }

    @Test func classMethodsAreTheClassObjectsNotAnInstancesSelectors() throws {
        // UIViewController.h: `+ (void)attemptRotationToDeviceOrientation` and `-description`
        // beside NSObject's `+description`: an instance answers only the `-` ones.
        var catalog = Catalog.standard
        #expect(
            catalog.lookup(selector: "attemptRotationToDeviceOrientation", on: "UITableViewController") == .notFound)
        let sdk = try #require(catalog.classMethod("attemptRotationToDeviceOrientation", on: "UITableViewController"))
        #expect(sdk.declaredBy.name == "UIViewController")
        #expect(sdk.declaration.hasPrefix("+ attemptRotationToDeviceOrientation"))
        #expect(catalog.lookup(selector: "description", on: "UITableViewController") != .notFound)
        #expect(catalog.classMethod("description", on: "UITableViewController") != nil, "NSObject has both")
        catalog.register(
            ScreenModel(
                name: "ZOCSettings", superclass: "UIViewController", selectors: ["openTapped:"],
                classMethods: ["openAppSettings": "class func openAppSettings()"]))
        catalog.register(ScreenModel(name: "ZOCAbout", superclass: "ZOCSettings"))
        #expect(catalog.lookup(selector: "openAppSettings", on: "ZOCAbout") == .notFound)
        #expect(catalog.classMethod("openAppSettings", on: "ZOCAbout")?.declaredBy.name == "ZOCSettings")
        #expect(catalog.classMethod("openTapped:", on: "ZOCAbout") == nil)
    }

    @Test func anUnknownSuperclassLeavesTheChainOpen() {
        var catalog = Catalog.standard
        catalog.register(ScreenModel(name: "ZOCPost", superclass: "MTLModel", selectors: ["title"]))
        #expect(catalog.lookup(selector: "title", on: "ZOCPost") == .implemented(by: "ZOCPost"))
        #expect(catalog.lookup(selector: "dictionaryValue", on: "ZOCPost") == .unverifiable(external: "MTLModel"))
        #expect(catalog.lookup(selector: "x", on: "Nope") == .unknownClass)
    }

    @Test func registeringInSwiftMergesAndReportsConflicts() {
        var catalog = Catalog.standard
        #expect(
            catalog.register(ScreenModel(name: "ZOCHome", superclass: "UIViewController", selectors: ["a:"])) == nil)
        #expect(
            catalog.register(ScreenModel(name: "ZOCHome", superclass: "UIViewController", selectors: ["b:"])) == nil)
        #expect(catalog.selectors(visibleFrom: "ZOCHome").isSuperset(of: ["a:", "b:", "viewDidLoad"]))
        let conflict = catalog.register(ScreenModel(name: "ZOCHome", superclass: "UITableViewController"))
        #expect(conflict?.rule == .conflictingClass)
        #expect(catalog.model(named: "ZOCHome")?.superclass == "UIViewController")
    }

    @Test func inheritedTransitionsAreFound() throws {
        let (catalog, findings, _) = try CatalogLoader.load(files: [RepositoryPaths.path("Config/catalog.json")])
        #expect(findings.isEmpty)
        #expect(
            catalog.transition(for: "shareButtonPressed:", on: "ZOCMainViewController")
                == .present(className: "ZOCShareViewController", style: .pageSheet, inNavigation: false, animated: true)
        )
        #expect(catalog.inherits("ZOCFeedViewController", from: "UIViewController"))
    }
}

@Suite("Catalog transitions")
struct CatalogTransitionTests {
    @Test func everyTransitionSpellingDecodes() throws {
        let (catalog, findings, _) = try CatalogLoader.load(files: [
            RepositoryPaths.path("Fixtures/catalog/transition-spellings.json")
        ])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        let home = "AAHomeViewController", other = "AAOtherViewController"
        let expected: [(String, Transition)] = [
            ("push:", .push(className: other, animated: true)),
            ("pushInstant:", .push(className: other, animated: false)),
            ("sheet:", .present(className: other, style: .automatic, inNavigation: false, animated: true)),
            ("modal:", .present(className: other, style: .automatic, inNavigation: false, animated: true)),
            ("modalInNav:", .present(className: other, style: .fullScreen, inNavigation: true, animated: true)),
            ("modalInNav2:", .present(className: other, style: .formSheet, inNavigation: true, animated: true)),
            ("close:", .dismiss(animated: true)),
            ("back:", .pop(.top, animated: true)),
            ("backToRoot:", .pop(.root, animated: true)),
            ("backTo:", .pop(.toClass(home), animated: true))
        ]
        for (selector, transition) in expected {
            #expect(catalog.transition(for: selector, on: home) == transition, "\(selector)")
        }
    }
}
