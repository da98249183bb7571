import Testing

@testable import TrackctlSDK

/// How Swift names members for the Objective-C runtime. Every expectation here is a fact read
/// in the Swift compiler's own sources or tests (swiftlang/swift), named beside it:
/// - Decl.cpp: lib/AST/Decl.cpp, `AbstractFunctionDecl::getObjCSelector` — "If … the first
///   argument name doesn't start with a preposition, and the method name doesn't end with a
///   preposition, add 'with'".
/// - PartsOfSpeech.def: lib/Basic/PartsOfSpeech.def, the `PREPOSITION(…)` list.
/// - classes.swift: test/PrintAsObjC/classes.swift, the header printed for Swift classes.
/// - async.swift: test/PrintAsObjC/async.swift.
@Suite("Swift selector naming")
struct SwiftSelectorNamingTests {
    static func selector(
        _ base: String, _ labels: [String?], types: [String] = [], throwing: Bool = false, async: Bool = false
    ) -> String {
        SwiftSelectorNaming.selector(
            base: base, labels: labels, parameterTypes: types, throwsErrors: throwing, isAsync: async)
    }

    // classes.swift, `@objc class Methods`: `func test()` → `- (void)test;`,
    // `func testString(_ s: String)` → `testString:`,
    // `func testSelector(_ sel: Selector, boolean b: ObjCBool)` → `testSelector:boolean:`,
    // `func testIgnoredParams(_: Int, again _: Int)` → `testIgnoredParams:again:`.
    @Test func unlabeledAndLaterLabels() {
        #expect(Self.selector("test", []) == "test")
        #expect(Self.selector("testString", [nil]) == "testString:")
        #expect(Self.selector("testSelector", [nil, "boolean"]) == "testSelector:boolean:")
        #expect(Self.selector("testIgnoredParams", [nil, "again"]) == "testIgnoredParams:again:")
    }

    // Decl.cpp: the first label joins the base name after "With"; the issue's own examples.
    @Test func theFirstLabelJoinsTheBaseNameAfterWith() {
        #expect(Self.selector("colorTapped", ["sender"]) == "colorTappedWithSender:")
        #expect(Self.selector("reload", ["page", "animated"]) == "reloadWithPage:animated:")
    }

    // Decl.cpp + PartsOfSpeech.def: no "With" when the label's first word is a preposition…
    @Test func noWithBeforeAPreposition() {
        #expect(Self.selector("click", ["for"]) == "clickFor:")
        #expect(Self.selector("move", ["to"]) == "moveTo:")
        #expect(Self.selector("insert", ["atIndex"]) == "insertAtIndex:")
        #expect(Self.selector("remove", ["fromParent"]) == "removeFromParent:")
        // …and the list is the compiler's: "passing", "preceding" and "when" are in it.
        #expect(Self.selector("notify", ["when"]) == "notifyWhen:")
        #expect(Self.selector("run", ["passing"]) == "runPassing:")
        // "about" and "through" are not.
        #expect(Self.selector("talk", ["about"]) == "talkWithAbout:")
        #expect(Self.selector("walk", ["through"]) == "walkWithThrough:")
    }

    // Decl.cpp: …nor when the base name's last word is one.
    @Test func noWithAfterAPreposition() {
        #expect(Self.selector("removeFrom", ["parent"]) == "removeFromParent:")
        #expect(Self.selector("moveTo", ["x", "y"]) == "moveToX:y:")
        // Words are camel-case words: "Info" does not end in the preposition "in".
        #expect(Self.selector("showInfo", ["item"]) == "showInfoWithItem:")
    }

    // classes.swift, `@objc class Initializers`: `init(int _: Int)` → `initWithInt:`,
    // `init(string s: String, boolean b: ObjCBool)` → `initWithString:boolean:`,
    // `init(forFun: ())` → `initForFun`, `init(moreFun: ())` → `initWithMoreFun`.
    @Test func initializers() {
        #expect(Self.selector("init", ["int"]) == "initWithInt:")
        #expect(Self.selector("init", ["string", "boolean"]) == "initWithString:boolean:")
        #expect(Self.selector("init", ["frame"]) == "initWithFrame:")
        #expect(Self.selector("init", ["forFun"], types: ["()"]) == "initForFun")
        #expect(Self.selector("init", ["moreFun"], types: ["()"]) == "initWithMoreFun")
    }

    // classes.swift, `@objc class Throwing1`: `method1() throws` → `method1AndReturnError:`,
    // `method3(_ x: Int) throws` → `method3:error:`, `init() throws` → `initAndReturnError:`,
    // `init(string:) throws` → `initWithString:error:`,
    // `init(fn: (Int) -> Int) throws` → `initAndReturnError:fn:` (the error goes before a
    // trailing closure).
    @Test func throwingAddsAnErrorParameter() {
        #expect(Self.selector("method1", [], throwing: true) == "method1AndReturnError:")
        #expect(Self.selector("method3", [nil], types: ["Int"], throwing: true) == "method3:error:")
        #expect(Self.selector("init", [], throwing: true) == "initAndReturnError:")
        #expect(Self.selector("init", ["string"], types: ["String"], throwing: true) == "initWithString:error:")
        #expect(Self.selector("init", ["fn"], types: ["(Int) -> Int"], throwing: true) == "initAndReturnError:fn:")
    }

    // async.swift: `doSomethingBig() async` → `doSomethingBigWithCompletionHandler:`,
    // `longRunning(string:) async throws` → `longRunningWithString:completionHandler:` (no
    // error parameter: the completion handler carries the error).
    @Test func asyncAddsACompletionHandler() {
        #expect(Self.selector("doSomethingBig", [], async: true) == "doSomethingBigWithCompletionHandler:")
        #expect(
            Self.selector("longRunning", ["string"], types: ["String"], throwing: true, async: true)
                == "longRunningWithString:completionHandler:")
    }

    // classes.swift, `@objc class Properties`: `var isAnimated` → getter `isAnimated`, setter
    // `setIsAnimated:`; `var register` → `setRegister:`.
    @Test func propertyAccessors() {
        #expect(SwiftSelectorNaming.getter(property: "isAnimated") == "isAnimated")
        #expect(SwiftSelectorNaming.setter(property: "isAnimated") == "setIsAnimated:")
        #expect(SwiftSelectorNaming.setter(property: "register") == "setRegister:")
    }
}
