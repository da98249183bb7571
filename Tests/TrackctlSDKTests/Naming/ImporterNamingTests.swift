import Testing

@testable import TrackctlSDK

/// The importer's naming rules, one fact each, with the compiler source it comes from:
/// swiftlang/swift `lib/Basic/StringExtras.cpp` (SE) at 02d87609e0b3de838dc0e3db37f78ab500bf4a3a,
/// `lib/ClangImporter/ImportName.cpp` (IN) at 13acf1004b25de2f03d6a770dcb0680234b227e0, and
/// `lib/Basic/PartsOfSpeech.def` (POS) at ba8dfeb40edd57067e963fbededa995aaf90032f.
@Suite("Importer naming") struct ImporterNamingTests {
    private typealias T = ImporterNaming.OmissionType

    private func name(
        _ selector: String, _ types: [T], context: String = "FKView", result: ImporterNaming.Result = .void,
        isClass: Bool = false, names: [String] = [], properties: Set<String>? = []
    ) -> String {
        let parameters = types.enumerated().map { index, type in
            ImporterNaming.Parameter(
                type: type, name: index < names.count ? names[index] : "", isErrorOut: type.name == "NSError**",
                isVoidBlock: type.isFunction)
        }
        let method = ImporterNaming.Method(
            selector: selector, isClassMethod: isClass, parameters: parameters, result: result,
            context: T(context), className: context, propertyNames: properties)
        return ImporterNaming.names(of: method).name
    }

    private func asyncName(_ selector: String, _ types: [T]) -> String? {
        let parameters = types.map { ImporterNaming.Parameter(type: $0, isVoidBlock: $0.isFunction) }
        return ImporterNaming.names(
            of: ImporterNaming.Method(selector: selector, parameters: parameters, context: T("P"))
        ).asyncName
    }

    /// SE `WordIterator`: an initialism ends before the capital that starts the next word; a
    /// plural suffix stays with it; `_` is a word. SE `toLowercaseInitialisms`.
    @Test func wordsAndInitialisms() {
        #expect(CamelCase.words("NSURLSession") == ["NSURL", "Session"])
        #expect(CamelCase.words("UIViewController") == ["UI", "View", "Controller"])
        #expect(CamelCase.words("URLs") == ["URLs"])
        #expect(CamelCase.words("_NSRange") == ["_", "NS", "Range"])
        #expect(CamelCase.lowercaseInitialisms("URLSession") == "urlSession")
        #expect(CamelCase.lowercaseInitialisms("URLs") == "urls")
        #expect(CamelCase.lowercaseInitialisms("UTF8String") == "utf8String")
        #expect(CamelCase.lowercaseWord("URL") == "URL" && CamelCase.lowercaseWord("Frame") == "frame")
    }

    /// POS: the 2017 list (finish, update, notify are verbs; when, passing are prepositions);
    /// SE `getPartOfSpeech`: gerunds and verbs with auto/re/de.
    @Test func partsOfSpeech() {
        #expect(PartsOfSpeech.kind(of: "Finish") == .verb && PartsOfSpeech.kind(of: "update") == .verb)
        #expect(PartsOfSpeech.kind(of: "when") == .preposition && PartsOfSpeech.kind(of: "Passing") == .preposition)
        #expect(PartsOfSpeech.kind(of: "Displaying") == .gerund && PartsOfSpeech.kind(of: "reload") == .verb)
        #expect(PartsOfSpeech.kind(of: "Row") == .unknown)
    }

    /// SE `omitTrailingTypeNameWithSpecialCases`: the type name after a verb or preposition goes
    /// from a label; SE `splitBaseNameAfterLastPreposition`: the first label starts at the last
    /// preposition of the base name.
    @Test func typeNamesAfterVerbsAndPrepositionsAreNeedless() {
        #expect(
            name("tableView:didSelectRowAtIndexPath:", [T("UITableView"), T("NSIndexPath")], context: "P")
                == "tableView(_:didSelectRowAt:)")
        #expect(
            name("webView:didFinishNavigation:", [T("WKWebView"), T("WKNavigation")], context: "P")
                == "webView(_:didFinish:)")
        #expect(name("numberOfSectionsInTableView:", [T("UITableView")], context: "P") == "numberOfSections(in:)")
        // "Row" is a noun: nothing follows a verb or preposition, nothing is pruned.
        #expect(name("selectRow:", [T("NSInteger")]) == "selectRow(_:)")
    }

    /// SE `omitSelfTypeFromBaseName`: the declaring type after a verb; SE `splitBaseName`: a
    /// Boolean "Animated" becomes a label.
    @Test func theDeclaringTypeAndAnimatedSplit() {
        #expect(
            name("dismissViewControllerAnimated:completion:", [.boolean, .block], context: "UIViewController")
                == "dismiss(animated:completion:)")
        #expect(
            name(
                "presentViewController:animated:completion:", [T("UIViewController"), .boolean, .block],
                context: "UIViewController")
                == "present(_:animated:completion:)")
    }

    /// SE `textMatchesPropertyName`: a base name keeps words a property of the class has.
    @Test func aPropertyKeepsItsWords() {
        #expect(
            name(
                "addGestureRecognizer:", [T("UIGestureRecognizer")], context: "UIView",
                properties: ["gestureRecognizers"])
                == "addGestureRecognizer(_:)")
        #expect(
            name("addGestureRecognizer:", [T("UIGestureRecognizer")], context: "UIView", properties: []) == "add(_:)")
    }

    /// SE `matchTypeNameFromBackWithSpecialCases`: a plural of a collection's element, and
    /// `Indexes` for an index set.
    @Test func collectionsAndSpecialCases() {
        #expect(
            name(
                "prepareCredentialListForServiceIdentifiers:", [T("NSArray", element: "ASCredentialServiceIdentifier")],
                context: "ASCredentialProviderViewController") == "prepareCredentialList(for:)")
        #expect(name("removeRowsAtIndexes:", [T("NSIndexSet", element: "NSIndex")]) == "removeRows(at:)")
    }

    /// IN `shouldImportAsInitializer`: `init…` methods, and class factory methods whose first
    /// piece restates the class, returning it or `instancetype`.
    @Test func initializersAndFactoryMethods() {
        #expect(name("initWithFrame:", [T("CGRect")], context: "UIView", result: .instancetype) == "init(frame:)")
        #expect(
            name("initWithContentsOfURL:", [T("NSURL")], context: "NSData", result: .instancetype)
                == "init(contentsOf:)")
        #expect(
            name(
                "colorWithRed:green:blue:alpha:", [T("CGFloat"), T("CGFloat"), T("CGFloat"), T("CGFloat")],
                context: "UIColor",
                result: .object(T("UIColor"), nullable: false), isClass: true) == "init(red:green:blue:alpha:)")
        // Not the class's type: a class method stays one.
        #expect(
            name("colorWithName:", [T("NSString")], context: "UIColor", result: .other(T("CGFloat")), isClass: true)
                == "color(withName:)")
    }

    /// IN `considerErrorImport`: a trailing `NSError **` with a BOOL result is `throws`; its
    /// label goes, and `AndReturnError` with it.
    @Test func errorParametersBecomeThrows() {
        #expect(
            name("validateForInsert:", [T("NSError**")], context: "NSManagedObject", result: .boolean)
                == "validateForInsert()")
        #expect(
            name("removeItemAtURL:error:", [T("NSURL"), T("NSError**")], context: "NSFileManager", result: .boolean)
                == "removeItem(at:)")
        #expect(
            name(
                "contentsAndReturnError:", [T("NSError**")], context: "X", result: .object(T("NSData"), nullable: true))
                == "contents()")
        // A void result cannot signal failure: the parameter stays.
        #expect(name("validate:", [T("NSError**")], context: "X") == "validate(_:)")
    }

    /// IN `considerAsyncImport`, SE `omitNeedlessWords` (async branch): the handler's label
    /// goes; its prefix joins the base name when it is not the first parameter; a leading `get`
    /// and a `WithCompletionHandler` suffix go.
    @Test func asyncForms() {
        #expect(
            asyncName("application:performFetchWithCompletionHandler:", [T("UIApplication"), .block])
                == "applicationPerformFetch(_:)")
        #expect(asyncName("fetchWithCompletionHandler:", [.block]) == "fetch()")
        #expect(asyncName("getItemsWithCompletion:", [.block]) == "items()")
        #expect(
            asyncName(
                "userNotificationCenter:willPresentNotification:withCompletionHandler:",
                [T("UNUserNotificationCenter"), T("UNNotification"), .block])
                == "userNotificationCenter(_:willPresent:)")
        #expect(asyncName("reload", []) == nil)
        // A block not named as a handler: no async form.
        #expect(asyncName("animate:", [.block]) == nil)
    }

    /// IN: a Boolean property with an `is` getter is named by it; SE: a class property
    /// returning its class drops the class name (`UIColor.redColor` is `red`).
    @Test func properties() {
        #expect(
            ImporterNaming.propertyName(
                "hidden", getter: "isHidden", isBoolean: true, type: .boolean, context: T("UIView"), propertyNames: [])
                == "isHidden")
        #expect(
            ImporterNaming.propertyName(
                "redColor", getter: nil, isBoolean: false, type: T("UIColor"), context: T("UIColor"), propertyNames: [])
                == "red")
        #expect(
            ImporterNaming.propertyName(
                "sharedApplication", getter: nil, isBoolean: false, type: T("UIApplication"),
                context: T("UIApplication"),
                propertyNames: []) == "shared")
        #expect(
            ImporterNaming.propertyName(
                "backgroundColor", getter: nil, isBoolean: false, type: T("UIColor"), context: T("UIView"),
                propertyNames: []) == "backgroundColor")
    }

    /// A custom name (NS_SWIFT_NAME, API notes) stands; its async form drops the handler's label.
    @Test func customNamesStand() {
        let method = ImporterNaming.Method(
            selector: "foo:completionHandler:",
            parameters: [.init(type: T("X")), .init(type: .block, isVoidBlock: true)],
            context: T("P"), customName: "foo(bar:completionHandler:)")
        #expect(ImporterNaming.names(of: method) == ("foo(bar:completionHandler:)", "foo(bar:)"))
    }
}
