import TrackctlModel
import TrackctlSourceScan

/// `malformed-selector`, `forbidden-selector`, `unknown-selector`, `unverifiable-selector`,
/// `class-method`: every hooked selector must be well formed, hookable, and implemented by its
/// class or an ancestor for its instances, as `respondsToSelector:` would answer on a device.
enum SelectorRule: ValidationRule {
    /// Aspects refuses these outright (its blacklist).
    static let forbidden: Set<String> = ["retain", "release", "autorelease", "forwardInvocation:"]

    /// `forbidden.contains`, without hashing every selector of the plan.
    static func isForbidden(_ selector: String) -> Bool {
        switch selector.utf8.count {
        case 6: return selector == "retain"
        case 7: return selector == "release"
        case 11: return selector == "autorelease"
        case 18: return selector == "forwardInvocation:"
        default: return false
        }
    }

    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for event in spoc.events {
            let selector = event.selector
            if let problem = SelectorSyntax.problem(in: selector.value) {
                findings.append(
                    malformed(selector, problem: problem, className: event.className.value, catalog: catalog))
                continue
            }
            if isForbidden(selector.value) {
                findings.append(
                    Diagnostic(
                        rule: .forbiddenSelector,
                        message: "'\(selector.value)' cannot be hooked (Aspects refuses it); remove this entry",
                        location: selector.location))
                continue
            }
            if selector.value == "dealloc", event.position != .before {
                findings.append(
                    Diagnostic(
                        rule: .forbiddenSelector,
                        message:
                            "'dealloc' can be hooked only with position 'before' (the object is gone after it); add "
                            + "\"position\": \"before\"",
                        location: selector.location))
                continue
            }
            if let finding = resolve(selector, on: event.className.value, in: catalog) { findings.append(finding) }
        }
        return findings
    }

    /// A `malformed-selector` finding; suggestions prefer a real selector of the class close to the correction.
    static func malformed(
        _ selector: Located<String>, problem: SelectorSyntax.Problem, className: String, catalog: Catalog
    ) -> Diagnostic {
        var suggestions: [String] = []
        var reason = problem.reason
        if let correction = problem.correction {
            // The malformed spelling may itself be declared (in a catalog): never suggest it back.
            let visible = catalog.selectors(visibleFrom: className).filter { $0 != selector.value }
            if visible.isEmpty || visible.contains(correction) {
                suggestions = [correction]
            } else {
                var close: [String] = []
                for candidate in swiftRenamed(correction, among: visible)
                    + Suggester.closest(to: correction, among: visible, limit: 2)
                where !close.contains(candidate) { close.append(candidate) }
                suggestions = close.isEmpty ? [correction] : Array(close.prefix(2))
                // Swift spelling of a method the class has under another selector: name that one,
                // not a selector that exists nowhere.
                if problem.isSwiftSpelling, let best = close.first {
                    reason =
                        "'\(selector.value)' is Swift spelling; the Objective-C selector of that method is '\(best)'"
                }
            }
        }
        var message = "malformed selector '\(selector.value)': \(reason)"
        if !problem.isSwiftSpelling, let best = suggestions.first, best != problem.correction {
            message += Suggester.didYouMean([best])
        }
        return Diagnostic(
            rule: .malformedSelector, message: message, location: selector.location, suggestions: suggestions)
    }

    /// Selectors whose keywords extend the given ones: Swift drops the type name after a final
    /// preposition, so `tableView(_:didSelectRowAt:)` is `tableView:didSelectRowAtIndexPath:`.
    static func swiftRenamed(_ selector: String, among visible: Set<String>) -> [String] {
        visible.filter { extendsKeywords(of: selector, candidate: $0) }.sorted()
    }

    /// Whether each keyword of `candidate` is the typed one, or the typed one followed by more
    /// words: the shapes of a selector written from the Swift call site, where the compiler
    /// added `WithSender` (`colorTapped(sender:)` is `colorTappedWithSender:`) or Swift dropped
    /// a type name (`didSelectRowAt` is `didSelectRowAtIndexPath`). Edit distance misses both:
    /// the missing words are too long. Compared on bytes, keyword by keyword: a class chain
    /// has hundreds of selectors to try.
    static func extendsKeywords(of typed: String, candidate: String) -> Bool {
        typed.withUTF8Bytes { t in
            candidate.withUTF8Bytes { c in
                let colon = UInt8(ascii: ":")
                guard t.last == colon, c.last == colon, c.count > t.count else { return false }
                var i = t.startIndex, j = c.startIndex
                while i < t.endIndex {
                    // The typed keyword must begin the candidate's.
                    let keywordStart = i
                    while t[i] != colon {
                        guard j < c.endIndex, c[j] == t[i] else { return false }
                        i += 1
                        j += 1
                    }
                    // The rest of the candidate's keyword starts a new word (or is empty); an
                    // empty typed keyword stands for any.
                    if j < c.endIndex, c[j] != colon {
                        guard i == keywordStart || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c[j]) else {
                            return false
                        }
                        while j < c.endIndex, c[j] != colon { j += 1 }
                    }
                    guard j < c.endIndex else { return false }
                    i += 1
                    j += 1
                }
                return j == c.endIndex
            }
        }
    }

    /// `unknown-selector`, `unverifiable-selector` or `not-objc-exposed` for a well-formed
    /// selector, or nil when the class implements it (or the class itself is unknown, which
    /// `ClassRule` reports).
    static func resolve(_ selector: Located<String>, on className: String, in catalog: Catalog) -> Diagnostic? {
        let lookup = catalog.lookup(selector: selector.value, on: className)
        switch lookup {
        case .implemented, .unknownClass:
            return nil
        case .unverifiable, .notFound:
            if let (declaration, declaredBy) = catalog.classMethod(selector.value, on: className) {
                return classMethod(selector, on: className, declaration: declaration, declaredBy: declaredBy)
            }
            if let (branch, declaredBy) = catalog.compiledOutMethod(selector.value, on: className) {
                return compiledOut(selector, on: className, branch: branch, declaredBy: declaredBy)
            }
            if let (signature, declaredBy) = catalog.unexposedMethod(selector.value, on: className) {
                // Unknown is a warning, never an error (SPEC §10.1): the method may witness a
                // protocol nobody knows, or override a method of an unknown ancestor.
                // A private method cannot witness them (see `UnexposedSignature`).
                var unknown = catalog.unknownProtocols(of: className)
                if case .unverifiable(let external) = lookup, !unknown.contains(external) {
                    unknown.insert(external, at: 0)
                }
                if !unknown.isEmpty, UnexposedSignature.mayWitnessUnknownProtocols(signature) {
                    return mayBeWitness(
                        selector, on: className, signature: signature, declaredBy: declaredBy, unknown: unknown)
                }
                return notExposed(selector, on: className, signature: signature, declaredBy: declaredBy)
            }
            if let (signature, declaredBy) = catalog.possibleMethod(selector.value, on: className) {
                var unknown = catalog.unknownProtocols(of: className)
                if case .unverifiable(let external) = lookup, !unknown.contains(external) {
                    unknown.insert(external, at: 0)
                }
                // The nearest ancestor the app does not declare: whose method the override overrides.
                let overridden = catalog.ancestry(of: declaredBy.name).chain.dropFirst().first { $0.origin != .scan }?
                    .name
                return possibleSelector(
                    selector, on: className, signature: signature, declaredBy: declaredBy, unknown: unknown,
                    overridden: overridden)
            }
        }
        let declaredAt = catalog.model(named: className)?.declaredAt ?? ""
        let quotedSelector = UserText.inQuotes(selector.value)
        if case .unverifiable(let external) = lookup, catalog.model(named: external)?.isCategory == true {
            return Diagnostic(
                rule: .unverifiableSelector,
                message:
                    "cannot check \(quotedSelector) on '\(className)'\(declaredAt): it is not declared in the "
                    + "catalog, which has only categories or an @implementation of '\(external)', not its "
                    + "superclass; "
                    + "declare the selector, scan the header with the @interface of '\(external)', or add it with "
                    + "its superclass to a catalog file",
                location: selector.location, suggestions: suggestions(for: selector.value, on: className, in: catalog))
        }
        if case .unverifiable(let external) = lookup {
            return Diagnostic(
                rule: .unverifiableSelector,
                message:
                    "cannot check \(quotedSelector) on '\(className)'\(declaredAt): it is not declared in the "
                    + "catalog and '\(className)' descends from '\(external)', which the catalog does not know; "
                    + "declare the selector or add '\(external)' to a catalog file",
                location: selector.location, suggestions: suggestions(for: selector.value, on: className, in: catalog))
        }
        let suggestions = suggestions(for: selector.value, on: className, in: catalog)
        if suggestions.isEmpty, let requirement = catalog.sdkRequirement(selector.value, adoptedBy: className) {
            return Diagnostic(
                rule: .unknownSelector,
                message: "unknown selector \(quotedSelector) on '\(className)'\(declaredAt): it is "
                    + "\(requirement.isRequired ? "a" : "an optional") requirement of '\(requirement.protocolName)', "
                    + "which the class adopts, but the class does not implement it; implement it (in Swift "
                    + "`\(requirement.swiftName)`"
                    + (requirement.completionHandlerOnly
                        ? ", with its completion handler: Swift imports no async form of it, so an async method is "
                            + "another method" : "")
                    + "), or fix the name",
                location: selector.location, suggestions: [])
        }
        return Diagnostic(
            rule: .unknownSelector,
            message: "unknown selector \(quotedSelector) on '\(className)'\(declaredAt)"
                + didYouMean(
                    suggestions,
                    otherwise:
                        "'\(className)' neither declares nor inherits it; add it to the class's selectors in the "
                        + "catalog or fix the name"
                ),
            location: selector.location, suggestions: suggestions)
    }

    /// "'C'", or "'A' (an ancestor of 'C')": the class a message says declares the member.
    private static func owner(_ declaredBy: ScreenModel, of className: String) -> String {
        declaredBy.name == className ? "'\(className)'" : "'\(declaredBy.name)' (an ancestor of '\(className)')"
    }

    /// The class object answers the selector, no instance does: aspect hooks attach to instance
    /// methods (Aspects swizzles the instance's class), so the hook never fires.
    private static func classMethod(
        _ selector: Located<String>, on className: String, declaration: String, declaredBy: ScreenModel
    ) -> Diagnostic {
        let where_ = declaredBy.memberSources[selector.value].map { ", declared at \($0)" } ?? ""
        return Diagnostic(
            rule: .classMethod,
            message: "\(UserText.inQuotes(selector.value)) is a class method of \(owner(declaredBy, of: className)) "
                + "(\(declaration)\(where_)): "
                + "the class object answers it, never an instance, and hooks attach to instance methods, so this one "
                + "never fires; hook an instance method that calls it",
            location: selector.location)
    }

    /// The method is in a branch the scanned build does not compile: its runtime never has it.
    private static func compiledOut(
        _ selector: Located<String>, on className: String, branch: String, declaredBy: ScreenModel
    ) -> Diagnostic {
        let where_ = declaredBy.memberSources[selector.value].map { ", at \($0)" } ?? ""
        return Diagnostic(
            rule: .unknownSelector,
            message: "\(UserText.inQuotes(selector.value)) is a method of \(owner(declaredBy, of: className)) "
                + "declared inside `\(branch)`"
                + "\(where_), a branch the scanned build does not compile (--platform, --configuration): its "
                + "runtime never has the method, so the hook never fires; track it in the SPOC of the build that "
                + "compiles it, or move the method out of the branch",
            location: selector.location)
    }

    /// The method exists in Swift, but the runtime cannot see it: the hook never fires.
    private static func notExposed(
        _ selector: Located<String>, on className: String, signature: String, declaredBy: ScreenModel
    ) -> Diagnostic {
        let owner =
            declaredBy.name == className ? "'\(className)'" : "'\(declaredBy.name)', an ancestor of '\(className)',"
        return Diagnostic(
            rule: .notObjCExposed,
            message: "'\(selector.value)' is the selector of the Swift method '\(signature)' of \(owner)"
                + (declaredBy.memberSources[selector.value].map { " (declared at \($0))" } ?? declaredBy.declaredAt)
                + ", "
                + "but the Objective-C runtime cannot see it, so the hook never fires; mark it @objc (or @objc "
                + "dynamic) in Swift",
            location: selector.location)
    }

    /// The Swift method is not marked `@objc`, but the class adopts (or descends from) types
    /// nobody knows: it may witness one of their `@objc` requirements, so it cannot be proven
    /// invisible.
    private static func mayBeWitness(
        _ selector: Located<String>, on className: String, signature: String, declaredBy: ScreenModel,
        unknown: [String]
    ) -> Diagnostic {
        let names = unknown.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        let where_ = declaredBy.memberSources[selector.value].map { " (declared at \($0))" } ?? declaredBy.declaredAt
        return Diagnostic(
            rule: .unverifiableSelector,
            message:
                "cannot check \(UserText.inQuotes(selector.value)) on '\(className)': the Swift method "
                + "'\(signature)'\(where_) is not marked @objc, "
                + "and '\(className)' adopts or inherits \(names), which neither the sources nor the SDK model know; "
                + "the runtime sees the method only if it implements an @objc requirement of "
                + "\(unknown.count == 1 ? "it" : "one of them") — scan the package that declares "
                + "\(unknown.count == 1 ? "it" : "them"), or mark the method @objc",
            location: selector.location)
    }

    /// The selector may be one a Swift method has, but nobody can know it (SPEC §10.1, "No
    /// invented selectors"): a warning, never a pass and never an error.
    private static func possibleSelector(
        _ selector: Located<String>, on className: String, signature: String, declaredBy: ScreenModel,
        unknown: [String], overridden: String?
    ) -> Diagnostic {
        let where_ = declaredBy.memberSources[selector.value].map { " (declared at \($0))" } ?? declaredBy.declaredAt
        let quoted = UserText.inQuotes(selector.value)
        let why: String
        if signature.hasPrefix("override ") {
            let swiftName = signature.dropFirst("override ".count)
            let overridden =
                unknown.first.map { "a method of '\($0)', which neither the sources nor the SDK model know" }
                ?? "a method of '\(overridden ?? "its superclass")' that neither the catalog nor the SDK model names"
            why =
                "the Swift method 'override \(swiftName)'\(where_) overrides \(overridden), so its Objective-C "
                + "selector cannot be known "
                + "(\(quoted) is one it may have); check the selector in the header that declares it, or list it in "
                + "a catalog file"
        } else {
            let names = unknown.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            why =
                "the Swift method '\(signature)'\(where_) may implement a requirement of \(names), which neither "
                + "the sources nor the SDK model know, "
                + "under \(quoted); scan the package that declares \(unknown.count == 1 ? "it" : "them"), or name "
                + "the selector with @objc(…) in Swift"
        }
        return Diagnostic(
            rule: .unverifiableSelector, message: "cannot check \(quoted) on '\(className)': " + why,
            location: selector.location)
    }

    /// Closest selectors of the class and its ancestors, a missing or extra trailing colon first.
    static func suggestions(for selector: String, on className: String, in catalog: Catalog) -> [String] {
        var result: [String] = []
        // A missing or extra final colon; then the parts Swift adds to an `async` method
        // (`completionHandler:`) or a throwing one (`error:`, `AndReturnError:`) that a selector
        // written from the Swift name lacks: `refresh` for `refresh() async`.
        let keyword = selector.hasSuffix(":")
        let variants =
            [selector + ":", keyword ? String(selector.dropLast()) : nil]
            + (keyword
                ? [selector + "completionHandler:", selector + "error:"]
                : [selector + "WithCompletionHandler:", selector + "AndReturnError:"])
        for variant in variants {
            if let variant, case .implemented = catalog.lookup(selector: variant, on: className) {
                result.append(variant)
            }
        }
        // Written from the Swift call site: `colorTapped:` for `colorTappedWithSender:`; or the
        // other way, a label Swift's `_` leaves out (`restoreWithSender:` for `restore:`); or
        // arguments missing (`didPressEdit:` for `didPressEdit:withEvent:`).
        var extended: [String] = []
        catalog.forEachVisibleSelector(of: className) { candidate in
            if extendsKeywords(of: selector, candidate: candidate)
                || extendsKeywords(of: candidate, candidate: selector)
                || (selector.hasSuffix(":") && candidate.count > selector.count && candidate.hasPrefix(selector))
            {
                extended.append(candidate)
            }
        }
        // The chain's selectors are scanned in place: a set of them would hash every name.
        let close = Suggester.closest(to: selector) { consider in
            catalog.forEachVisibleSelector(of: className, consider)
        }
        for candidate in extended.sorted() + close where !result.contains(candidate) {
            result.append(candidate)
        }
        return Array(result.prefix(3))
    }
}
