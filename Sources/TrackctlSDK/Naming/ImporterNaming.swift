/// The Swift name the Swift importer gives an Objective-C method or property when no
/// `NS_SWIFT_NAME` or API notes name it. Written anew from the compiler's rules, not copied:
///
/// - swiftlang/swift `lib/Basic/StringExtras.cpp` at 02d87609e0b3de838dc0e3db37f78ab500bf4a3a:
///   `omitNeedlessWords`, `omitNeedlessWordsFromPrefix`, `matchLeadingTypeName`,
///   `omitSelfTypeFromBaseName`, `omitTrailingTypeNameWithSpecialCases`,
///   `matchTypeNameFromBackWithSpecialCases`, `splitBaseName`,
///   `splitBaseNameAfterLastPreposition`, `stripWithCompletionHandlerSuffix`;
/// - `lib/ClangImporter/ImportName.cpp` at 13acf1004b25de2f03d6a770dcb0680234b227e0: initializers
///   (`init…` and factory methods, `shouldImportAsInitializer`, `matchFactoryAsInitName`), the
///   `NSError **` convention (`considerErrorImport`), async imports (`considerAsyncImport`,
///   `isCompletionHandlerParamName`), a Boolean property named by its `is…` getter;
/// - `lib/ClangImporter/ClangAdapter.cpp`, `getClangTypeNameForOmission`, for what a parameter
///   type is called (see `OmissionType`).
package enum ImporterNaming {
    /// A type as the omission rules see it (`OmissionTypeName`): its name, the element of a
    /// collection, and flags.
    package struct OmissionType: Equatable, Sendable {
        package var name: String
        /// `UIView` for `NSArray<UIView *> *`, `Object` for a bare `NSArray`.
        package var element: String
        package var isFunction: Bool
        package var isBoolean: Bool
        /// The importer gives the parameter a default argument (`nil`, `[]`, `[:]`).
        package var hasDefaultArgument: Bool

        package init(
            _ name: String, element: String = "", isFunction: Bool = false, isBoolean: Bool = false,
            hasDefaultArgument: Bool = false
        ) {
            self.name = name
            self.element = element
            self.isFunction = isFunction
            self.isBoolean = isBoolean
            self.hasDefaultArgument = hasDefaultArgument
        }

        package static let none = OmissionType("")
        package static let block = OmissionType("Block", isFunction: true)
        package static let boolean = OmissionType("Bool", isBoolean: true)

        package var isEmpty: Bool { name.isEmpty }

        /// The same type, as `OmissionTypeName` compares for "the result is the context type".
        func sameType(_ other: OmissionType) -> Bool { name == other.name && element == other.element }
    }

    /// A parameter of a method as the importer sees it.
    package struct Parameter: Sendable {
        package var type: OmissionType
        /// The parameter's own name (`sender`, `completionHandler`).
        package var name: String
        /// `NSError **`: an error out-parameter.
        package var isErrorOut: Bool
        /// A block returning `void` with a prototype: a completion handler candidate.
        package var isVoidBlock: Bool

        package init(type: OmissionType, name: String = "", isErrorOut: Bool = false, isVoidBlock: Bool = false) {
            self.type = type
            self.name = name
            self.isErrorOut = isErrorOut
            self.isVoidBlock = isVoidBlock
        }
    }

    /// How a method's `NSError **` parameter imports when its declaration says
    /// (`__attribute__((swift_error(…)))`; `NS_SWIFT_NOTHROW` is `none`), as
    /// `classifyMethodErrorHandling` reads it.
    package enum ErrorConvention: Sendable, Equatable {
        /// `NS_SWIFT_NOTHROW`: the parameter stays, the method does not throw
        /// (`canEvaluatePolicy(_:error:)`).
        case none
        /// It throws whenever the error is set, whatever it returns (a count, `void`).
        case nonNullError
        /// It throws on a nil result, when the result imports as an optional.
        case nullResult
        /// It throws on a zero `BOOL` or integer result.
        case zeroResult
        /// It throws on a non-zero integer result.
        case nonZeroResult

        /// The convention `swift_error(argument)` names, or nil for an unknown one.
        package init?(attributeArgument: String) {
            switch attributeArgument {
            case "none": self = .none
            case "nonnull_error": self = .nonNullError
            case "null_result": self = .nullResult
            case "zero_result": self = .zeroResult
            case "nonzero_result": self = .nonZeroResult
            default: return nil
            }
        }
    }

    /// What a method's result says to the importer.
    package enum Result: Sendable, Equatable {
        case void
        case boolean
        /// `instancetype`: the method returns `Self`.
        case instancetype
        /// An object pointer, `nullable` or not.
        case object(OmissionType, nullable: Bool)
        /// Anything else (a number, a struct).
        case other(OmissionType)

        var omissionType: OmissionType {
            switch self {
            case .void: return OmissionType("Void")
            case .boolean: return .boolean
            case .instancetype: return .none
            case .object(let type, _), .other(let type): return type
            }
        }
    }

    /// One Objective-C method, with what its declaration says.
    package struct Method: Sendable {
        package var selector: String
        package var isClassMethod: Bool
        package var parameters: [Parameter]
        package var result: Result
        /// The declaring class, or protocol (`id<P>`, named `P`).
        package var context: OmissionType
        /// The declaring class's name when it is a class (factory methods are initializers only there).
        package var className: String?
        /// The property names of the class and its ancestors (instance or class ones, as the
        /// method): a base name is not pruned where a property has the pruned words.
        package var propertyNames: Set<String>?
        /// `NS_SWIFT_ASYNC(N)`: the completion handler's 1-based index, given.
        package var asyncHandlerIndex: Int?
        /// `NS_SWIFT_DISABLE_ASYNC`, or a property accessor: no async form.
        package var asyncDisabled: Bool
        /// A custom name (`NS_SWIFT_NAME`, API notes): used as given, only the error and
        /// completion-handler labels are removed from it for the async form.
        package var customName: String?
        /// `swift_error(…)` / `NS_SWIFT_NOTHROW` as declared; nil leaves the default rules.
        package var errorConvention: ErrorConvention?
        /// The result imports as an optional (a pointer written `nullable`, or unqualified
        /// outside an assume-nonnull region, which imports implicitly unwrapped); nil: as
        /// `result` says (`.object(_, nullable: true)`).
        package var resultIsOptional: Bool?
        /// The result is a C integer (`NSUInteger`, `UInt64`), which `swift_error(zero_result)`
        /// and `nonzero_result` need.
        package var resultIsInteger: Bool
        /// The other selectors of the same kind (instance or class) the class and its
        /// ancestors, or the protocol, declare available in Swift: removing the error
        /// parameter must not name one of them (`hasErrorMethodNameCollision`; NSBundle's
        /// `loadAndReturnError:` stays `loadAndReturnError()` because `load` exists).
        package var siblingSelectors: Set<String>

        package init(
            selector: String, isClassMethod: Bool = false, parameters: [Parameter], result: Result = .void,
            context: OmissionType, className: String? = nil, propertyNames: Set<String>? = nil,
            asyncHandlerIndex: Int? = nil, asyncDisabled: Bool = false, customName: String? = nil,
            errorConvention: ErrorConvention? = nil, resultIsOptional: Bool? = nil, resultIsInteger: Bool = false,
            siblingSelectors: Set<String> = []
        ) {
            self.selector = selector
            self.isClassMethod = isClassMethod
            self.parameters = parameters
            self.result = result
            self.context = context
            self.className = className
            self.propertyNames = propertyNames
            self.asyncHandlerIndex = asyncHandlerIndex
            self.asyncDisabled = asyncDisabled
            self.customName = customName
            self.errorConvention = errorConvention
            self.resultIsOptional = resultIsOptional
            self.resultIsInteger = resultIsInteger
            self.siblingSelectors = siblingSelectors
        }
    }

    // MARK: - Methods and properties

    /// The name of a member marked `NS_REFINED_FOR_SWIFT` (`swift_private`, or API notes'
    /// `SwiftPrivate: true`) that the importer named itself: `__` before the base name, or for an
    /// initializer before its first argument label (`init(__configuration:)`, `init(__:)`), except
    /// a factory method without arguments, which stays public "for historical reasons".
    /// A member named by `NS_SWIFT_NAME` or API notes' `SwiftName` keeps that name as written:
    /// `importNameImpl` returns the custom name before its swift_private step (ImportName.cpp; the
    /// API notes spell the prefix themselves where they want it, Metal's
    /// `SwiftName: __memoryBarrier(resources:count:)` beside `SwiftPrivate: true`).
    package static func swiftPrivate(_ name: String, isFactory: Bool) -> String {
        guard name.hasPrefix("init(") else { return "__" + name }
        if name == "init()" { return isFactory ? name : "init(__:)" }
        return "init(__" + name.dropFirst(5)
    }

    /// The Swift name of a method (`tableView(_:didSelectRowAt:)`, `init(frame:)`,
    /// `validateForInsert()`) and of its `async` form when it has one
    /// (`applicationPerformFetch(_:)`).
    package static func names(of method: Method) -> (name: String, asyncName: String?) {
        let sync = name(of: method, async: nil)
        guard !method.asyncDisabled, let handler = completionHandlerIndex(of: method) else { return (sync, nil) }
        return (sync, name(of: method, async: handler))
    }

    /// A Swift property's name: a Boolean's `is…` getter when it has one, with needless words
    /// omitted as for a method without parameters (`UIColor.redColor` is `red`).
    package static func propertyName(
        _ name: String, getter: String?, isBoolean: Bool, type: OmissionType,
        context: OmissionType, propertyNames: Set<String>?
    ) -> String {
        var base = name
        if isBoolean, let getter, getter != name, getter.hasPrefix("is"), getter.utf8.count > 2,
            CamelCase.isUpper(Array(getter.utf8)[2])
        {
            base = getter
        }
        var labels: [String] = []
        return omitNeedlessWords(
            base: &base, labels: &labels, firstParameterName: "", result: type, context: context,
            parameterTypes: [], returnsSelf: false, isProperty: true, propertyNames: propertyNames,
            completionHandler: nil)
    }

    /// The completion-handler parameter of an async import (`considerAsyncImport`): the last
    /// parameter when it is a block returning `void` named like a completion handler, in its
    /// label or its own name.
    private static func completionHandlerIndex(of method: Method) -> (index: Int, label: String)? {
        let pieces = keywords(method.selector)
        let parameters = method.parameters
        guard !parameters.isEmpty, parameters.count == pieces.count else { return nil }
        if isInitializer(method) != nil { return nil }
        // The result must be void, or a Boolean that the error convention turns into Void.
        switch method.result {
        case .void: break
        case .boolean: if !hasErrorConvention(method) { return nil }
        default: return nil
        }
        let index: Int
        if let given = method.asyncHandlerIndex {
            index = given - 1
            guard parameters.indices.contains(index) else { return nil }
        } else {
            index = parameters.count - 1
            let labels = method.customName.map(labelsOf) ?? [""] + pieces.dropFirst()
            let label = labels.indices.contains(index) ? labels[index] : ""
            var named = false
            if method.customName == nil, index == 0, stripCompletionHandlerSuffix(pieces[0]) != nil { named = true }
            if !named, isCompletionHandlerName(label) || (index > 0 && stripCompletionHandlerSuffix(label) != nil) {
                named = true
            }
            if !named, isCompletionHandlerName(parameters[index].name) { named = true }
            guard named else { return nil }
        }
        guard parameters[index].isVoidBlock else { return nil }
        return (index, pieces[index])
    }

    /// Whether the method has an `NSError **` parameter the importer turns into `throws`.
    private static func hasErrorConvention(_ method: Method) -> Bool { errorParameterIndex(of: method) != nil }

    /// `considerErrorImport`: the last parameter that is not a block, when it is `NSError **`
    /// and the result can signal failure (`classifyMethodErrorHandling`).
    private static func errorParameterIndex(of method: Method) -> Int? {
        var index = method.parameters.count
        while index > 0 {
            index -= 1
            let parameter = method.parameters[index]
            if parameter.type.isFunction { continue }
            guard parameter.isErrorOut, throwsOnError(method) else { return nil }
            return index
        }
        return nil
    }

    /// `classifyMethodErrorHandling`: whether the result can say the call failed — as the
    /// declaration's `swift_error` says, else a `BOOL` result or one that imports as an
    /// optional pointer.
    private static func throwsOnError(_ method: Method) -> Bool {
        let isBoolean = method.result == .boolean
        let isOptionalPointer: Bool
        switch method.result {
        case .object(_, let nullable): isOptionalPointer = method.resultIsOptional ?? nullable
        case .instancetype: isOptionalPointer = method.resultIsOptional ?? false
        case .other: isOptionalPointer = method.resultIsOptional ?? false
        case .void, .boolean: isOptionalPointer = false
        }
        switch method.errorConvention {
        case .none?: return false
        case .nonNullError?: return true
        case .nullResult?: return isOptionalPointer
        case .zeroResult?: return isBoolean || method.resultIsInteger
        case .nonZeroResult?: return method.resultIsInteger
        case nil: return isBoolean || isOptionalPointer
        }
    }

    /// How the error parameter at `index` leaves the name (`considerErrorImport` with
    /// `hasErrorMethodNameCollision`): whether its label goes, and the base name's error
    /// suffix (`AndReturnError`, `WithError`) that goes with it when it is the first.
    private static func errorNameAdjustment(
        _ method: Method, index: Int, base: String, labels: [String], isInitializer: Bool
    ) -> (removeLabel: Bool, base: String)? {
        if isInitializer, index == 0 { return (false, base) }
        var newBase = base
        var stripped = false
        if index == 0, labels.first?.isEmpty == true {
            for suffix in ["AndReturnError", "WithError"] where base.hasSuffix(suffix) {
                let shorter = String(base.dropLast(suffix.utf8.count))
                if shorter.isEmpty || reservedWords.contains(shorter) { return (false, base) }
                newBase = shorter
                stripped = true
                break
            }
        }
        // A selector that removing the parameter would name: the older method keeps its name.
        var pieces = keywords(method.selector)
        if index == 0, stripped {
            pieces[0] = String(pieces[0].dropLast(base.utf8.count - newBase.utf8.count))
        } else if index != 0, index < pieces.count {
            pieces.remove(at: index)
        }
        let arguments = method.parameters.count - 1
        let collidingSelector = arguments == 0 ? pieces[0] : pieces.prefix(arguments).map { $0 + ":" }.joined()
        guard method.siblingSelectors.contains(collidingSelector) else { return (true, newBase) }
        if index == 0, !stripped { return nil }
        if index == 0 { return (true, base) }
        return (false, base)
    }

    /// The length of the prefix of the first selector piece an initializer drops (`init`, or
    /// the class name of a factory method: `colorWith…` on `UIColor`), or nil.
    private static func isInitializer(_ method: Method) -> Int? {
        let first = keywords(method.selector)[0]
        if !method.isClassMethod {
            return CamelCase.firstWord(first) == "init" ? 4 : nil
        }
        guard let className = method.className, method.customName.map({ $0.hasPrefix("init(") }) ?? true else {
            return nil
        }
        if let custom = method.customName, custom.hasPrefix("init(") { return 0 }
        let rest = matchLeadingTypeName(first, OmissionType(className))
        guard rest.utf8.count < first.utf8.count else { return nil }
        if !rest.isEmpty, !method.selector.hasSuffix(":") { return nil }
        switch method.result {
        case .instancetype: break
        case .object(let type, _) where type.name == className: break
        default: return nil
        }
        return first.utf8.count - rest.utf8.count
    }

    private static func name(of method: Method, async handler: (index: Int, label: String)?) -> String {
        if let custom = method.customName {
            // A custom name stands; the async form drops the handler's label.
            guard let handler else { return custom }
            var labels = labelsOf(custom)
            guard labels.indices.contains(handler.index) else { return custom }
            labels.remove(at: handler.index)
            return baseOf(custom) + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
        }
        let pieces = keywords(method.selector)
        // Every parameter's type stays (`omitNeedlessWordsInFunctionName` reads them all); only
        // the error and completion-handler labels leave the name.
        let parameters = method.parameters
        var base = pieces[0]
        var labels: [String] = method.selector.hasSuffix(":") ? [""] + pieces.dropFirst() : []
        let initPrefix = isInitializer(method)
        if let prefix = initPrefix {
            var label = String(decoding: Array(pieces[0].utf8).dropFirst(prefix), as: UTF8.self)
            if label.hasPrefix("With") {
                let without = String(label.dropFirst(4))
                if !reservedWords.contains(CamelCase.lowercaseWord(without)) { label = without }
            }
            base = "init"
            if !labels.isEmpty { labels[0] = CamelCase.lowercaseWord(label) }
        }
        // NSError ** → throws: the parameter leaves the name, unless that names another method.
        var removedError: Int?
        if let errorIndex = errorParameterIndex(of: method), errorIndex < labels.count,
            let adjustment = errorNameAdjustment(
                method, index: errorIndex, base: base, labels: labels, isInitializer: initPrefix != nil)
        {
            base = adjustment.base
            if adjustment.removeLabel {
                labels.remove(at: errorIndex)
                removedError = errorIndex
            }
        }
        var completion: (index: Int, label: String)?
        if let handler {
            // The handler's index among what is left.
            let index = removedError.map { handler.index > $0 ? handler.index - 1 : handler.index } ?? handler.index
            if labels.indices.contains(index) { labels.remove(at: index) }
            completion = (index, handler.label)
        }
        let firstName = method.parameters.first?.name ?? ""
        let returnsSelf = method.result == .instancetype
        _ = omitNeedlessWords(
            base: &base, labels: &labels, firstParameterName: firstName, result: method.result.omissionType,
            context: method.context, parameterTypes: parameters.map(\.type), returnsSelf: returnsSelf,
            isProperty: false, propertyNames: method.propertyNames, completionHandler: completion)
        return base + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }

    // MARK: - omitNeedlessWords

    private enum Role { case baseName, firstParameter, subsequentParameter, property, partial }

    /// `omitNeedlessWords`: prunes `base` and `labels` in place and returns the base name.
    @discardableResult
    private static func omitNeedlessWords(
        base: inout String, labels: inout [String], firstParameterName: String, result: OmissionType,
        context: OmissionType, parameterTypes: [OmissionType], returnsSelf: Bool, isProperty: Bool,
        propertyNames: Set<String>?, completionHandler: (index: Int, label: String)?
    ) -> String {
        defer {
            base = CamelCase.lowercaseInitialisms(base)
            labels = labels.map(CamelCase.lowercaseInitialisms)
        }
        let resultType = returnsSelf ? context : result
        let resultMatchesContext = !context.isEmpty && resultType.sameType(context)
        if resultMatchesContext { base = omitNeedlessWordsFromPrefix(base, context) }
        if !isProperty { base = omitSelfType(from: base, context: context, propertyNames: propertyNames) }
        if parameterTypes.isEmpty {
            if resultMatchesContext {
                base = omitTrailingTypeName(base, resultType, role: .property, propertyNames: propertyNames)
            }
            return base
        }
        if CamelCase.firstWord(base) == "set" {
            base = omitTrailingTypeName(base, context, role: .property, propertyNames: propertyNames)
        }
        let isAsync = completionHandler != nil
        if isAsync, CamelCase.firstWord(base) == "get", base.utf8.count > 3 { base = String(base.dropFirst(3)) }
        if !labels.isEmpty {
            splitBaseName(&base, &labels[0], type: parameterTypes[0], parameterName: firstParameterName)
        }
        if let handler = completionHandler {
            if handler.index == 0, let stripped = stripCompletionHandlerSuffix(base) { base = stripped }
            if CamelCase.lastWord(base) == "Asynchronously", base.utf8.count > 14 { base = String(base.dropLast(14)) }
            if handler.index >= 1, let extra = stripCompletionHandlerSuffix(handler.label) {
                base += CamelCase.sentenceCase(extra)
            }
        }
        for index in labels.indices where index < parameterTypes.count {
            let role: Role =
                index > 0
                ? .subsequentParameter
                : labels[0].isEmpty
                    ? .baseName
                    : base == "init"
                        ? .subsequentParameter
                        : parameterTypes[0].hasDefaultArgument ? .subsequentParameter : .firstParameter
            if role == .baseName {
                base = omitTrailingTypeName(base, parameterTypes[index], role: role, propertyNames: propertyNames)
            } else {
                labels[index] = omitTrailingTypeName(
                    labels[index], parameterTypes[index], role: role, propertyNames: nil)
            }
        }
        return base
    }

    /// `stripWithCompletionHandlerSuffix`.
    package static func stripCompletionHandlerSuffix(_ name: String) -> String? {
        for suffix in [
            "WithCompletionHandler", "WithCompletion", "WithCompletionBlock", "WithBlock", "WithReplyTo", "WithReply"
        ]
        where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.utf8.count))
        }
        return nil
    }

    /// `isCompletionHandlerParamName`.
    package static func isCompletionHandlerName(_ name: String) -> Bool {
        [
            "completionHandler", "withCompletionHandler", "completion", "withCompletion", "completionBlock",
            "withCompletionBlock",
            "reply", "withReply", "replyTo", "withReplyTo"
        ].contains(name)
    }

    private static func canBeMemberName(_ name: String) -> Bool { !["init", "Protocol", "self", "Type"].contains(name) }

    private static func isVacuous(_ name: some StringProtocol) -> Bool {
        ["get", "for", "set", "using", "with"].contains { CamelCase.sameWordIgnoringFirstCase(name, $0) }
    }

    /// Swift keywords a name cannot be reduced to (`isSwiftReservedName`).
    private static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator",
        "precedencegroup", "protocol", "struct", "subscript", "typealias", "var", "break", "case", "continue",
        "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where",
        "while", "as",
        "catch", "false", "is", "nil", "rethrows", "super", "self", "Self", "throw", "throws", "true", "try"
    ]

    // MARK: - Matching type names

    /// `matchNameWordToTypeWord`: equal without regard to case; or the type word's tail when
    /// everything before it is upper case (`URL` in `NSURL`); or its head before digits.
    private static func matches(_ nameWord: some Collection<UInt8>, _ typeWord: some Collection<UInt8>) -> Bool {
        let n = Array(nameWord), t = Array(typeWord)
        if n.count > t.count { return false }
        if n.count < t.count {
            let offset = t.count - n.count
            if zip(n, t[offset...]).allSatisfy({ CamelCase.lower($0) == CamelCase.lower($1) }),
                !CamelCase.isLower(t[offset])
            {
                for i in 0..<n.count where CamelCase.isLower(t[i]) || t[i] == UInt8(ascii: "_") { return false }
                return true
            }
            if zip(n, t).allSatisfy({ CamelCase.lower($0) == CamelCase.lower($1) }) {
                return t[n.count...].allSatisfy(CamelCase.isDigit)
            }
            return false
        }
        return zip(n, t).allSatisfy { CamelCase.lower($0) == CamelCase.lower($1) }
    }

    private static func matches(_ nameWord: some Collection<UInt8>, _ typeWord: String) -> Bool {
        matches(nameWord, Array(typeWord.utf8))
    }

    /// `skipTypeSuffix`: `Type`, `Ref`, `Mask`, a dimension (`2D`), `_t`.
    private static func skipTypeSuffix(_ type: String) -> String? {
        guard !type.isEmpty else { return nil }
        let last = CamelCase.lastWord(type)
        let count = type.utf8.count
        if last == "Type", count > 4 { return String(type.dropLast(4)) }
        if last == "Ref", count > 3 { return String(type.dropLast(3)) }
        if last == "Mask", count > 4 { return String(type.dropLast(4)) }
        let bytes = Array(type.utf8)
        if bytes.last == UInt8(ascii: "D"), count > 1 {
            var firstDigit = count - 1
            while firstDigit > 0, CamelCase.isDigit(bytes[firstDigit - 1]) { firstDigit -= 1 }
            if firstDigit < count - 1 { return String(decoding: bytes[..<firstDigit], as: UTF8.self) }
        }
        if count > 2, type.hasSuffix("_t") { return String(type.dropLast(2)) }
        return nil
    }

    /// `matchLeadingTypeName`: `name` without its first words when they are the type name's
    /// last words (`colorWithRed` on `UIColor` → `WithRed`); `name` itself otherwise.
    package static func matchLeadingTypeName(_ name: String, _ type: OmissionType) -> String {
        let nameBytes = Array(name.utf8), typeBytes = Array(type.name.utf8)
        guard !nameBytes.isEmpty, !typeBytes.isEmpty else { return name }
        let firstEnd = CamelCase.next(nameBytes, after: 0)
        let firstWord = nameBytes[0..<firstEnd]
        // The last occurrence of the first name word among the type's words.
        let typeWords = CamelCase.backwardWords(typeBytes)
        guard let found = typeWords.lastIndex(where: { matches(firstWord, typeBytes[$0]) }) else { return name }
        var typePosition = typeWords[found].upperBound
        var namePosition = firstEnd
        while typePosition < typeBytes.count, namePosition < nameBytes.count {
            let typeEnd = CamelCase.next(typeBytes, after: typePosition)
            let nameEnd = CamelCase.next(nameBytes, after: namePosition)
            guard matches(nameBytes[namePosition..<nameEnd], typeBytes[typePosition..<typeEnd]) else { break }
            typePosition = typeEnd
            namePosition = nameEnd
        }
        guard typePosition == typeBytes.count else { return name }
        return String(decoding: nameBytes[namePosition...], as: UTF8.self)
    }

    /// `omitNeedlessWordsFromPrefix`: a leading restatement of the result type dropped when a
    /// preposition follows it.
    private static func omitNeedlessWordsFromPrefix(_ name: String, _ type: OmissionType) -> String {
        guard !type.isEmpty else { return name }
        let newName = matchLeadingTypeName(name, type)
        guard newName != name else { return name }
        let first = CamelCase.firstWord(newName)
        if PartsOfSpeech.kind(of: first) == .preposition, newName.utf8.count > first.utf8.count {
            if first == "By" {
                let rest = String(newName.dropFirst(2))
                if CamelCase.firstWord(rest).hasSuffix("ing") { return rest }
            }
            return newName
        }
        return name
    }

    /// `matchTypeNameFromBackWithSpecialCases`: the byte offset in `name` where the match of
    /// `type` anchored at its end starts; `name.count` when nothing matches.
    private static func matchFromBack(_ name: [UInt8], _ type: OmissionType, propertyNames: Set<String>?) -> Int {
        var typeBytes = Array(type.name.utf8)
        var nameEnd = name.count
        var typeEnd = typeBytes.count
        while nameEnd > 0, typeEnd > 0 {
            let nameStart = CamelCase.previous(name, before: nameEnd)
            let typeStart = CamelCase.previous(typeBytes, before: typeEnd)
            let nameWord = name[nameStart..<nameEnd]
            let typeWord = typeBytes[typeStart..<typeEnd]
            if matches(nameWord, typeWord) {
                nameEnd = nameStart
                typeEnd = typeStart
                continue
            }
            if matches(nameWord, "Indexes") || matches(nameWord, "Indices"), typeWord.elementsEqual("Set".utf8),
                typeStart > 0
            {
                let before = CamelCase.previous(typeBytes, before: typeStart)
                if matches(Array("Index".utf8), typeBytes[before..<typeStart]) {
                    nameEnd = nameStart
                    typeEnd = before
                    continue
                }
            }
            if matches(nameWord, "Index"),
                matches(Array("Int".utf8), typeWord) || matches(Array("Integer".utf8), typeWord)
            {
                nameEnd = nameStart
                typeEnd = typeStart
                continue
            }
            if matches(Array("Object".utf8), typeWord), matches(nameWord, "Value"), nameStart > 0 {
                let before = CamelCase.previous(name, before: nameStart)
                if matches(name[before..<nameStart], "Object") {
                    nameEnd = before
                    typeEnd = typeStart
                    continue
                }
            }
            if !type.element.isEmpty, nameWord.count > 2, nameWord.last == UInt8(ascii: "s") {
                let shortened = String(decoding: name[0..<(nameEnd - 1)], as: UTF8.self)
                let pruned = omitTrailingTypeName(
                    shortened, OmissionType(type.element), role: .partial, propertyNames: propertyNames)
                if pruned != shortened {
                    nameEnd = pruned.utf8.count
                    continue
                }
            }
            if nameEnd == name.count, let shorter = skipTypeSuffix(String(decoding: typeBytes, as: UTF8.self)) {
                typeBytes = Array(shorter.utf8)
                typeEnd = typeBytes.count
                continue
            }
            break
        }
        return nameEnd
    }

    /// `textMatchesPropertyName`: the words (singular or plural) are a property's name.
    private static func textMatchesPropertyName(_ text: String, _ propertyNames: Set<String>?) -> Bool {
        guard let propertyNames, !text.isEmpty else { return false }
        let name = CamelCase.lowercaseWord(text)
        if propertyNames.contains(name) { return true }
        if name.hasSuffix("y") { return propertyNames.contains(String(name.dropLast()) + "ies") }
        return propertyNames.contains(name + "s") || propertyNames.contains(name + "es")
    }

    /// `omitTrailingTypeNameWithSpecialCases`.
    private static func omitTrailingTypeName(
        _ name: String, _ type: OmissionType, role: Role, propertyNames: Set<String>?
    ) -> String {
        guard !name.isEmpty, !type.isEmpty else { return name }
        let bytes = Array(name.utf8)
        let match = matchFromBack(bytes, type, propertyNames: propertyNames)
        if match == bytes.count { return name }
        if match == 0 { return role == .partial || role == .firstParameter ? "" : name }
        if CamelCase.next(bytes, after: match) == bytes.count, bytes[match...].elementsEqual("Error".utf8) {
            return name
        }
        let previousStart = CamelCase.previous(bytes, before: match)
        let previous = PartsOfSpeech.kind(of: String(decoding: bytes[previousStart..<match], as: UTF8.self))
        switch role {
        case .property:
            break
        case .firstParameter, .partial, .subsequentParameter:
            if previous == .unknown { return name }
        case .baseName:
            switch previous {
            case .preposition: if previousStart == 0 { return name }
            case .verb, .gerund:
                if textMatchesPropertyName(String(decoding: bytes[match...], as: UTF8.self), propertyNames) {
                    return name
                }
            case .unknown: return name
            }
        }
        let newName = String(decoding: bytes[..<match], as: UTF8.self)
        if role == .baseName || role == .property, !canBeMemberName(newName) || isVacuous(newName) { return name }
        return newName
    }

    /// `omitSelfTypeFromBaseName`: the declaring type's name after a verb is needless in a
    /// method's base name (`dismissViewControllerAnimated` → `dismissAnimated`).
    private static func omitSelfType(from name: String, context: OmissionType, propertyNames: Set<String>?) -> String {
        guard !name.isEmpty, !context.isEmpty else { return name }
        let bytes = Array(name.utf8)
        var type = context
        type.element = ""
        var range: Range<Int>?
        var end = bytes.count
        while end > 0 {
            let match = matchFromBack(Array(bytes[0..<end]), type, propertyNames: propertyNames)
            if match != end {
                range = match..<end
                break
            }
            // The compiler notes this fell out of an earlier implementation and is kept.
            while let shorter = skipTypeSuffix(type.name) { type.name = shorter }
            end = CamelCase.previous(bytes, before: end)
        }
        guard let range, range.lowerBound > 0 else { return name }
        if range.upperBound == bytes.count, CamelCase.next(bytes, after: range.lowerBound) == bytes.count,
            bytes[range.lowerBound...].elementsEqual("Error".utf8)
        {
            return name
        }
        let previousStart = CamelCase.previous(bytes, before: range.lowerBound)
        guard PartsOfSpeech.kind(of: String(decoding: bytes[previousStart..<range.lowerBound], as: UTF8.self)) == .verb
        else { return name }
        // `name.substr(begin, end)` takes a length, so the compiler compares from the match to
        // (at most) `end` bytes further; kept as it is.
        let removed = String(
            decoding: bytes[range.lowerBound..<min(bytes.count, range.lowerBound + range.upperBound)], as: UTF8.self)
        if textMatchesPropertyName(removed, propertyNames) { return name }
        let newName = String(decoding: bytes[..<range.lowerBound] + bytes[range.upperBound...], as: UTF8.self)
        if !canBeMemberName(newName) || isVacuous(newName) { return name }
        return newName
    }

    // MARK: - Splitting the base name

    /// `splitBaseName`: the first argument label taken from the base name.
    private static func splitBaseName(
        _ base: inout String, _ label: inout String, type: OmissionType, parameterName: String
    ) {
        guard label.isEmpty else { return }
        if type.isBoolean, CamelCase.lastWord(base) == "Animated" {
            base = String(base.dropLast(8))
            label = "animated"
            return
        }
        if CamelCase.firstWord(base) == "set" { return }
        if parameterName == "sender", CamelCase.lastWord(type.name) == "Object" { return }
        splitAfterLastPreposition(&base, &label, type: type)
    }

    /// `splitBaseNameAfterLastPreposition`.
    private static func splitAfterLastPreposition(_ base: inout String, _ label: inout String, type: OmissionType) {
        let bytes = Array(base.utf8)
        let words = CamelCase.backwardWords(bytes)
        func word(_ index: Int) -> String { String(decoding: bytes[words[index]], as: UTF8.self) }
        func lastPreposition(before end: Int) -> Int? {
            (0..<end).reversed().first { PartsOfSpeech.kind(of: word($0)) == .preposition }
        }
        guard var p = lastPreposition(before: words.count) else { return }
        if CamelCase.sameWordIgnoringFirstCase(word(p), "of"), let q = lastPreposition(before: p),
            !CamelCase.sameWordIgnoringFirstCase(word(q), "of"), !CamelCase.sameWordIgnoringFirstCase(word(q), "for")
        {
            p = q
        }
        let preposition = word(p)
        if p > 0, CamelCase.sameWordIgnoringFirstCase(preposition, "in"),
            CamelCase.sameWordIgnoringFirstCase(word(p - 1), "plug")
        {
            return
        }
        if p + 1 < words.count {
            let after = word(p + 1)
            func conflicts(_ a: String, _ b: String) -> Bool {
                CamelCase.sameWordIgnoringFirstCase(preposition, a) && CamelCase.sameWordIgnoringFirstCase(after, b)
            }
            if conflicts("with", "error") || conflicts("with", "no") || conflicts("to", "visible")
                || conflicts("to", "backing")
                || conflicts("from", "backing")
            {
                return
            }
        }
        var prepositionStart = words[p].lowerBound
        let prepositionEnd = words[p].upperBound
        var extended = false
        if p > 0 {
            let before = word(p - 1)
            let pairs = [
                ("compatible", "with"), ("best", "matching"), ("according", "to"), ("bound", "by"), ("separated", "by")
            ]
            if pairs.contains(where: {
                CamelCase.sameWordIgnoringFirstCase(before, $0.0)
                    && CamelCase.sameWordIgnoringFirstCase(preposition, $0.1)
            }) {
                prepositionStart = words[p - 1].lowerBound
                extended = true
            }
        }
        let prepositionText = String(decoding: bytes[prepositionStart..<prepositionEnd], as: UTF8.self)
        let afterPreposition = String(decoding: bytes[prepositionEnd...], as: UTF8.self)
        var drop = false
        if !extended,
            CamelCase.sameWordIgnoringFirstCase(prepositionText, "with")
                || CamelCase.sameWordIgnoringFirstCase(prepositionText, "using")
        {
            if !(CamelCase.sameWordIgnoringFirstCase(prepositionText, "with")
                && CamelCase.sameWordIgnoringFirstCase(CamelCase.firstWord(afterPreposition), "zone"))
            {
                drop = type.hasDefaultArgument || type.isFunction
            }
        }
        let onLabel = !["X", "Y", "Z"].contains(afterPreposition)
        var labelStart = onLabel ? prepositionStart : prepositionEnd
        var baseEnd = labelStart
        if drop {
            if onLabel {
                labelStart += prepositionEnd - prepositionStart
            } else {
                baseEnd -= prepositionEnd - prepositionStart
            }
        }
        guard baseEnd > 0 else { return }
        let newBase = String(decoding: bytes[..<baseEnd], as: UTF8.self)
        let newWords = CamelCase.words(newBase)
        if let first = newWords.first, !canBeMemberName(first) || isVacuous(first) {
            if newWords.count == 1 { return }
            if newWords.count == 2, isVacuous(first) { return }
        }
        label = String(decoding: bytes[labelStart...], as: UTF8.self)
        base = newBase
    }

    // MARK: - Names

    /// The keywords of a selector; a unary selector is its one keyword.
    package static func keywords(_ selector: String) -> [String] {
        guard selector.hasSuffix(":") else { return [selector] }
        return selector.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// `tableView(_:didSelectRowAt:)` → `["", "didSelectRowAt"]`.
    package static func labelsOf(_ swiftName: String) -> [String] {
        guard let open = swiftName.firstIndex(of: "("), swiftName.hasSuffix(")") else { return [] }
        let inside = swiftName[swiftName.index(after: open)..<swiftName.index(before: swiftName.endIndex)]
        return inside.split(separator: ":", omittingEmptySubsequences: false).dropLast().map {
            $0 == "_" ? "" : String($0)
        }
    }

    /// `tableView(_:didSelectRowAt:)` → `tableView`.
    package static func baseOf(_ swiftName: String) -> String {
        String(swiftName.prefix { $0 != "(" })
    }
}
