import Foundation
import Testing
import TrackctlSDK
import TrackctlTestSupport

@testable import TrackctlSDKGenerator

/// The repository's root, as every test target finds it.
enum SDKFixtures {
    static let root = RepositoryPaths.root.path
    static func path(_ relative: String) -> String { RepositoryPaths.path(relative) }

    /// The model of Fixtures/sdk/src/minikit.cs, from the bindings alone.
    static func miniKit() throws -> SDKModel {
        SDKModel(
            types: try SDKGenerator.bindings(
                sourceDirectory: path("Fixtures/sdk/src"), files: ["minikit.cs"], frameworks: nil))
    }

    /// The Swift-name table of the fake SDK (Fixtures/sdk/fake-sdk), read as the real one is.
    static func fakeTable() throws -> SwiftNameTable {
        try SwiftNameTable.decode(
            try SDKGenerator.names(sdkFolder: path("Fixtures/sdk/fake-sdk/iPhoneOS.sdk"), description: "fake"))
    }
}

@Suite("SDK generator: the bindings") struct SDKGeneratorTests {
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
        // Each type in its namespace's framework.
        #expect(view.framework == "MiniKit")
    }

    /// C# helper interfaces bound with `[Bind]` take their Objective-C name (`NSString2` is
    /// NSString; `NSObject2`, bound to NSObject with itself as base, is the root); a generic
    /// superclass is the class, not the instantiation (review F6).
    @Test func helpersAndGenericSuperclassesTakeObjectiveCNames() throws {
        let model = try SDKFixtures.miniKit()
        #expect(model.class(named: "NSString")?.members.map(\.selector) == ["length"])
        #expect(model.class(named: "NSString2") == nil)
        let root = try #require(model.class(named: "NSObject"))
        #expect(root.superclass == nil)
        #expect(model.class(named: "NSLayoutXAxisAnchor")?.superclass == "NSLayoutAnchor")
    }

    /// A C# verbatim identifier (`UIEvent @event`) is a parameter named `event` of type UIEvent,
    /// so the importer prunes the type from the name (review F4).
    @Test func verbatimIdentifiersAreNames() throws {
        let model = try SDKFixtures.miniKit()
        let member = try #require(model.protocol(named: "UIGestureRecognizerDelegate")?.members.first)
        #expect(member.parameterTypes == ["UIGestureRecognizer", "UIEvent"])
        #expect(member.swiftName == "gestureRecognizer(_:shouldReceive:)")
        #expect(
            try CSharpLexer().tokens(of: "void F (UIEvent @event);").map(\.text) == [
                "void", "F", "(", "UIEvent", "event", ")", ";"
            ])
    }

    @Test func protocolsKeepTheirRequirementsAndParents() throws {
        let model = try SDKFixtures.miniKit()
        let dataSource = try #require(model.protocol(named: "UITableViewDataSource"))
        #expect(dataSource.protocols == ["NSObject"])
        #expect(dataSource.members.filter(\.isRequired).map(\.selector) == ["tableView:numberOfRowsInSection:"])
        let navigation = try #require(model.protocol(named: "WKNavigationDelegate"))
        #expect(
            navigation.members.map(\.parameterTypes) == [
                ["WKWebView", "WKNavigationAction", "^"], ["WKWebView", "WKNavigationResponse", "^"]
            ])
        // A class adopting a protocol responds to its required methods, not its optional ones.
        let own = model.ownSelectors(ofClass: "UITableViewController")
        #expect(own.contains("tableView:numberOfRowsInSection:") && !own.contains("numberOfSectionsInTableView:"))
        #expect(model.class(named: "UITableViewController")?.protocols == ["UITableViewDataSource"])
    }

    /// Without the SDK's names, the importer's rules name the bindings' members (the same
    /// `ImporterNaming` the header reader uses).
    @Test func bindingsAloneAreNamedByTheImportersRules() throws {
        let model = try SDKFixtures.miniKit()
        func swiftName(_ type: String, _ selector: String) -> String? {
            (model.class(named: type) ?? model.protocol(named: type))?.members.first { $0.selector == selector }?
                .swiftName
        }
        #expect(
            swiftName("UIViewController", "presentViewController:animated:completion:")
                == "present(_:animated:completion:)")
        #expect(
            swiftName("UIViewController", "dismissViewControllerAnimated:completion:")
                == "dismiss(animated:completion:)")
        #expect(
            swiftName("UITableViewDataSource", "tableView:commitEditingStyle:forRowAtIndexPath:")
                == "tableView(_:commit:forRowAt:)")
        #expect(swiftName("UITableViewDataSource", "numberOfSectionsInTableView:") == "numberOfSections(in:)")
        #expect(
            swiftName("WKNavigationDelegate", "webView:decidePolicyForNavigationAction:decisionHandler:")
                == "webView(_:decidePolicyFor:decisionHandler:)")
        #expect(swiftName("UIViewController", "openURL:") == "open(_:)")
        #expect(swiftName("UIView", "initWithFrame:") == "init(frame:)")
        // Not pruned where a property has the words: UIView has `subviews`.
        #expect(swiftName("UIView", "addSubview:") == "addSubview(_:)")
    }

    /// Every namespace of tools/common/Frameworks.cs's iOS list, and nothing after it.
    @Test func iOSFrameworksComeFromTheChecksList() throws {
        let frameworks = try SDKGenerator.iOSFrameworks(checkout: SDKFixtures.path("Fixtures/sdk/macios"))
        #expect(frameworks == ["UIKit": "UIKit", "CoreAnimation": "QuartzCore", "PdfKit": "PDFKit"])
    }

    @Test func brokenBindingsAreLocatedErrors() {
        #expect(throws: BindingParser.Failure(file: "x.cs", line: 2, reason: "#endif without #if")) {
            try BindingParser.parse("interface A {}\n#endif\n", file: "x.cs")
        }
        // An `#if` never closed is reported at its own line (review §3).
        #expect(throws: BindingParser.Failure(file: "x.cs", line: 2, reason: "#if without #endif")) {
            try BindingParser.parse("interface A {}\n#if IOS\ninterface B {}\n", file: "x.cs")
        }
        // An interface never closed, at its own line.
        #expect(throws: BindingParser.Failure(file: "x.cs", line: 2, reason: "interface 'B' is not closed")) {
            try BindingParser.parse("interface A {}\ninterface B {\n  void F ();\n", file: "x.cs")
        }
        // A missing `)` in an attribute stops there instead of swallowing the rest of the file.
        #expect(
            throws: BindingParser.Failure(
                file: "x.cs", line: 1, reason: "attribute 'BaseType' has a '(' that is not closed")
        ) {
            try BindingParser.parse("[BaseType (typeof (NSObject)]\ninterface A {}\ninterface B {}\n", file: "x.cs")
        }
        #expect(throws: SDKGenerator.Failure.self) {
            try SDKGenerator.bindings(
                sourceDirectory: SDKFixtures.path("Fixtures/sdk"), files: ["missing.cs"], frameworks: nil)
        }
    }

    /// Fixtures/sdk/broken/latin1.cs is not UTF-8: the message says so and names the file.
    @Test func aBindingFileThatIsNotUTF8SaysSo() {
        #expect(throws: SDKGenerator.Failure("latin1.cs: not UTF-8 text")) {
            try SDKGenerator.bindings(
                sourceDirectory: SDKFixtures.path("Fixtures/sdk/broken"), files: ["latin1.cs"], frameworks: nil)
        }
    }

    /// A class whose superclass the model lacks stops generation, naming both.
    @Test func aMissingSuperclassStopsGeneration() {
        let orphan = SDKType(kind: .class, name: "FKOrphan", framework: "FakeKit", superclass: "FKNowhere")
        #expect(throws: SDKGenerator.Failure("superclasses missing from the model: FKOrphan (FakeKit): FKNowhere")) {
            try SDKGenerator.checkSuperclasses([orphan])
        }
    }
}

@Suite("SDK generator: headers and API notes") struct SDKHeaderTests {
    private func member(_ table: SwiftNameTable, _ type: String, _ selector: String, protocol: Bool = false)
        -> SwiftNameTable.MemberRow?
    {
        table.members.first {
            $0.type == SwiftNameTable.owner(type, kind: `protocol` ? .protocol : .class) && $0.selector == selector
        }
    }

    /// The three sources, in SPEC §10.1's order: API notes over a header's NS_SWIFT_NAME (as
    /// clang applies an unversioned note), NS_SWIFT_NAME over the rules; SwiftVersions blocks
    /// (older Swift) are left out.
    @Test func namesComeFromAPINotesThenHeadersThenTheRules() throws {
        let table = try SDKFixtures.fakeTable()
        #expect(
            member(table, "FKTransitionAnimating", "transitionDuration:", protocol: true).map {
                "\($0.swiftName) \($0.origin)"
            }
                == "transitionDuration(using:) apinotes")
        #expect(
            member(table, "FKTransitionAnimating", "animateTransition:", protocol: true)?.swiftName
                == "animateTransition(using:)")
        #expect(
            member(table, "FKControllerDelegate", "controller:didCompleteWithAuthorization:", protocol: true).map {
                "\($0.swiftName) \($0.origin)"
            }
                == "controller(controller:didCompleteWithAuthorization:) header")
        #expect(member(table, "FKControllerDelegate", "legacyItem:", protocol: true)?.swiftName == "legacyItem(_:)")
        #expect(member(table, "FKViewController", "addChildViewController:")?.swiftName == "addChild(_:)")
        #expect(
            member(table, "FKViewController", "presentViewController:animated:completion:").map {
                "\($0.swiftName) \($0.origin)"
            }
                == "present(_:animated:completion:) importer")
        // Types: a protocol's NS_SWIFT_NAME, a class's API notes SwiftName.
        #expect(table.types.first { $0.name == "FKTransitionAnimating" }?.swiftName == "FKAnimating")
        #expect(table.types.first { $0.name == "FKSession" }?.swiftName == "Session")
    }

    /// What an iOS device build does not see is left out: `API_UNAVAILABLE(ios)`, a
    /// `TARGET_OS_OSX` branch, a branch on a header that does not exist; a condition on a macro
    /// another header defines is evaluated; a superclass named through a macro is the class.
    @Test func theReaderSeesWhatAnIOSBuildSees() throws {
        let table = try SDKFixtures.fakeTable()
        let names = Set(table.types.map(\.name))
        #expect(
            !names.contains("FKWatchOnly") && !names.contains("FKMacOnlyView") && !names.contains("FKNeverDeclared"))
        #expect(table.types.first { $0.name == "FKMapView" }?.superclass == "FKView")
        #expect(member(table, "FKControllerDelegate", "controllerDidFinish:", protocol: true) == nil)
        // A category's members join the root class; the root class adopts the NSObject protocol.
        #expect(member(table, "NSObject", "isFakeAccessibilityElement")?.swiftName == "isFakeAccessibilityElement")
        #expect(table.types.first { $0.name == "NSObject" && $0.kind == .class }?.protocols == ["NSObject"])
        #expect(member(table, "FKView", "setEditingStyle:animated:")?.introduced == "13.0")
    }

    /// Header facts the bindings lose: a property is a property, `@required` is required,
    /// parameter types as declared (typedefs kept by name, blocks as `^`).
    @Test func headerFactsAreKept() throws {
        let table = try SDKFixtures.fakeTable()
        #expect(member(table, "FKViewController", "supportedInterfaceOrientations")?.kind == .getter)
        #expect(member(table, "FKView", "setHidden:").map { "\($0.kind) \($0.swiftName)" } == "setter isHidden")
        #expect(member(table, "FKTransitionAnimating", "transitionDuration:", protocol: true)?.isRequired == true)
        #expect(member(table, "FKTransitionAnimating", "animationEnded:", protocol: true)?.isRequired == false)
        #expect(member(table, "FKView", "touchesBegan:withEvent:") == nil)
        #expect(
            member(table, "FKResponder", "touchesBegan:withEvent:")?.parameterTypes == ["NSSet<FKTouch>", "FKEvent"])
        #expect(member(table, "FKView", "setEditingStyle:animated:")?.parameterTypes == ["FKEditingStyle", "BOOL"])
    }

    /// `considerErrorImport` and `classifyMethodErrorHandling` (ImportName.cpp at
    /// 0142fa1f13dc2b8e44dd0757b10f7f872d78b27b) on headers shaped like the real ones
    /// (FKErrors.h names each): `swift_error(none)` and NS_SWIFT_NOTHROW keep the parameter, a
    /// name collision keeps the suffix or the label, `nonnull_error` throws whatever the
    /// result, a nullable `instancetype` throws, a non-null object does not, and an object
    /// outside `NS_ASSUME_NONNULL` (or its `#pragma`) is implicitly unwrapped, so it throws.
    @Test func errorParametersFollowTheDeclaration() throws {
        let table = try SDKFixtures.fakeTable()
        let names = [
            "canEvaluatePolicy:error:", "checkResourceIsReachableAndReturnError:", "loadAndReturnError:",
            "countForFetchRequest:error:", "initWithContentsOfURL:options:error:",
            "errorCasesWithContentsOfURL:options:error:", "initWithContentsOfURL:error:", "itemForKey:error:",
            "unauditedItemForKey:error:", "auditedItemForKey:error:", "headerAuditedItemForKey:error:",
            "sendabilityAuditedItemForKey:error:"
        ].map { member(table, "FKErrorCases", $0)?.swiftName ?? "-" }
        #expect(
            names == [
                "canEvaluatePolicy(_:error:)", "checkResourceIsReachableAndReturnError(_:)", "loadAndReturnError()",
                "count(for:)", "init(contentsOf:options:)", "init(contentsOf:options:)", "init(contentsOf:error:)",
                "item(forKey:error:)", "unauditedItem(forKey:)", "auditedItem(forKey:error:)",
                "headerAuditedItem(forKey:error:)", "sendabilityAuditedItem(forKey:)"
            ])
    }

    /// NS_REFINED_FOR_SWIFT as the importer applies it (swiftlang/swift ImportName.cpp,
    /// `importNameImpl`: a custom swift_name returns before the swift_private step, which puts
    /// `__` on an initializer's first label and on any other member's base name).
    @Test func refinedMembersTakeTheirPrefixWhereTheImporterPutsIt() throws {
        let table = try SDKFixtures.fakeTable()
        let names = [
            "initWithConfiguration:", "init", "updateContentUnavailableConfigurationUsingState:", "effect",
            "setEffect:",
            "memoryBarrierWithResources:count:", "flushWithOptions:"
        ].map { member(table, "FKRefinedCases", $0)?.swiftName ?? "-" }
        #expect(
            names == [
                "init(__configuration:)", "init(__:)", "__updateContentUnavailableConfiguration(using:)", "__effect",
                "__effect",
                "__memoryBarrier(resources:count:)", "flush(options:)"
            ])
        #expect(ImporterNaming.swiftPrivate("init()", isFactory: true) == "init()")
    }

    /// The table's text form reads back to the same rows.
    @Test func theTableRoundTrips() throws {
        let table = try SDKFixtures.fakeTable()
        #expect(try SwiftNameTable.decode(table.encode()) == table)
        #expect(throws: SwiftNameTable.FormatError(line: 2, reason: "a member before any type")) {
            try SwiftNameTable.decode("trackctl-sdk-names 1\nm\tm\tfoo\tfoo()\t-\t-\t-\timporter\t:1\n")
        }
        #expect(
            throws: SwiftNameTable.FormatError(
                line: 1, reason: "not a Swift-name table (expected 'trackctl-sdk-names 1')")
        ) {
            try SwiftNameTable.decode("hello\n")
        }
    }

    @Test func apiNotesAreReadAsTheirYAML() throws {
        let notes = try APINotes(
            parsing: """
                ---
                Name: X
                Classes:
                - Name: A   # a comment
                  SwiftName: B
                  Methods:
                  - Selector: 'f:g:'
                    MethodKind: Class
                    SwiftName: "f(_:g:)"
                  Properties:
                  - Name: value
                    SwiftPrivate: true
                SwiftVersions:
                - Version: 3
                  Classes:
                  - Name: A
                    SwiftName: Old
                """)
        let a = try #require(notes.classes["A"])
        #expect(a.swiftName == "B")
        #expect(APINotes.method("f:g:", isClass: true, of: a)?.swiftName == "f(_:g:)")
        #expect(APINotes.method("f:g:", isClass: false, of: a) == nil)
        #expect(APINotes.property("value", isClass: false, of: a)?.swiftPrivate == true)
        #expect(throws: APINotes.Failure.self) { try APINotes(parsing: "Classes:\n\t- Name: A\n") }
    }

    /// The bindings' model merged with the table: names, kinds and types from the headers,
    /// members the bindings lack added, the bindings' members the headers lack kept.
    @Test func theMergeTakesTheSDKsFacts() throws {
        let table = try SDKFixtures.fakeTable()
        let bound = [
            SDKType(
                kind: .class, name: "FKViewController", framework: "FakeKit", superclass: "FKResponder",
                members: [
                    SDKMember(
                        selector: "supportedInterfaceOrientations", swiftName: "supportedInterfaceOrientations()",
                        kind: .method),
                    SDKMember(selector: "boundOnly", swiftName: "boundOnly()")
                ])
        ]
        let (types, counts) = SDKModelMerger(table: table).merge(bound)
        let controller = try #require(types.first { $0.name == "FKViewController" })
        #expect(controller.members.first { $0.selector == "supportedInterfaceOrientations" }?.kind == .getter)
        #expect(
            controller.members.contains { $0.selector == "addChildViewController:" && $0.swiftName == "addChild(_:)" })
        #expect(controller.members.contains { $0.selector == "boundOnly" })
        #expect(counts.bindingNamesKept == 1)
        // The other FakeKit types come from the headers, and FKResponder closes the chain.
        #expect(types.contains { $0.name == "FKResponder" } && types.contains { $0.name == "FKTransitionAnimating" })
    }
}

@Suite("SDK model text") struct SDKModelTextTests {
    @Test func theTextFormRoundTrips() throws {
        let model = try SDKFixtures.miniKit()
        let text = SDKModelText.encode(model.types, comments: ["test"]).text
        #expect(try SDKModelText.decode(text) == model.types)
        #expect(throws: SDKModelText.FormatError.self) { try SDKModelText.decode("not a model\n") }
    }

    /// A malformed line is an error with its line, never a member silently dropped (review §3).
    @Test func aMalformedLineIsAnError() {
        let text = "\(SDKModelText.header)\nC\tA\tK\t-\t-\t-\t-\nm\tbroken\n"
        #expect(throws: SDKModelText.FormatError(line: 3, reason: "a member line needs 7 fields and flags m, g or s")) {
            try SDKModelText.decode(text)
        }
    }

    /// The index finds Objective-C names first, then Swift spellings; an unknown name is nil.
    @Test func theIndexFindsBothSpellings() {
        let model = SDKModel(types: [
            SDKType(
                kind: .class, name: "NSURLSession", framework: "Foundation", swiftName: "URLSession",
                superclass: "NSObject"),
            SDKType(kind: .class, name: "NSObject", framework: "Foundation", protocols: ["NSObject"]),
            SDKType(kind: .protocol, name: "NSObject", framework: "Foundation", swiftName: "NSObjectProtocol")
        ])
        #expect(model.class(named: "URLSession")?.name == "NSURLSession")
        #expect(model.class(named: "NSURLSession")?.name == "NSURLSession")
        #expect(model.protocol(named: "NSObjectProtocol")?.name == "NSObject")
        #expect(model.class(named: "NSObject")?.kind == .class)
        #expect(model.class(named: "URLSessio") == nil && model.class(named: "") == nil)
        #expect(model.classNames == ["NSObject", "NSURLSession"])
    }
}
