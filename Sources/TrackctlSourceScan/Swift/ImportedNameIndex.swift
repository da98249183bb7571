import TrackctlModel
import TrackctlSDK

/// Finds the Objective-C member a Swift method implements — a protocol requirement it
/// witnesses or an SDK method it overrides — by the name the Swift importer gives that member
/// (SPEC §10.1): `tableView(_:didSelectRowAt:)` is `tableView:didSelectRowAtIndexPath:`,
/// `prepareCredentialList(for:)` is `prepareCredentialListForServiceIdentifiers:`, an `async`
/// `application(_:didReceiveRemoteNotification:)` is
/// `application:didReceiveRemoteNotification:fetchCompletionHandler:` (SE-0297).
///
/// Where two members share a Swift name (`webView(_:decidePolicyFor:decisionHandler:)` for a
/// navigation action and a navigation response), the parameter types as written decide. Members
/// without an importer name (Objective-C headers of the scan) and names the model does not
/// carry fall back to keyword-prefix matching (`SelectorMatching`).
///
/// Kept as parts, one per protocol or class, so the parts are built once per scan and shared:
/// most classes' witness tables differ by a protocol or two, and every one holds
/// `UIResponderStandardEditActions`, `UITraitEnvironment` and the rest a view controller
/// adopts. `CatalogBuilder` builds the parts, combines them per protocol set or chain end, and
/// only reads them afterwards.
struct ImportedNameIndex: Sendable {
    private struct Candidate: Sendable {
        var selector: String
        var parameterTypes: [String]
        /// The iOS version that introduced the member (`11.0`), when the model says.
        var introduced: String?
    }

    /// One protocol's or class's members.
    private struct Part: Sendable {
        var methods: [String: [Candidate]] = [:]
        var asyncMethods: [String: [Candidate]] = [:]
        var properties: [String: (getter: String?, setter: String?)] = [:]
        var fallback: SelectorMatching

        var isEmpty: Bool { methods.isEmpty && properties.isEmpty && fallback.isEmpty }
    }

    private var parts: [Part]

    /// `members` carry importer names (the SDK model); `selectors` are Objective-C selectors
    /// without them (scanned headers, catalogs).
    init(members: [SDKMember], selectors: [String]) {
        var part = Part(fallback: SelectorMatching(selectors + members.map(\.selector)))
        for member in members {
            switch member.kind {
            case .method:
                let candidate = Candidate(
                    selector: member.selector, parameterTypes: member.parameterTypes, introduced: member.introduced)
                part.methods[member.swiftName, default: []].append(candidate)
                if let name = member.asyncSwiftName { part.asyncMethods[name, default: []].append(candidate) }
            case .getter:
                if part.properties[member.swiftName]?.getter == nil {
                    part.properties[member.swiftName, default: (nil, nil)].getter = member.selector
                }
            case .setter:
                if part.properties[member.swiftName]?.setter == nil {
                    part.properties[member.swiftName, default: (nil, nil)].setter = member.selector
                }
            }
        }
        // A member refined for Swift (`NS_REFINED_FOR_SWIFT`: `__updateConfiguration(using:)`,
        // `init(__configuration:)`) is re-exposed by the framework's Swift overlay under its plain
        // name, and that is the name an app overrides or witnesses; a plain name a member already
        // has wins.
        for (name, candidates) in part.methods {
            if let plain = Self.plainName(of: name), part.methods[plain] == nil { part.methods[plain] = candidates }
        }
        for (name, accessors) in part.properties {
            if let plain = Self.plainName(of: name), part.properties[plain] == nil {
                part.properties[plain] = accessors
            }
        }
        parts = part.isEmpty ? [] : [part]
    }

    /// One index answering as if built from all their members and selectors at once.
    init(combining indexes: [ImportedNameIndex]) {
        parts = indexes.flatMap(\.parts)
    }

    /// The name without the `__` `ImporterNaming.swiftPrivate` gave it, or nil when it has none.
    static func plainName(of name: String) -> String? {
        if name.hasPrefix("init(__") { return name == "init(__:)" ? "init()" : "init(" + name.dropFirst(7) }
        return name.hasPrefix("__") ? String(name.dropFirst(2)) : nil
    }

    static let empty = ImportedNameIndex(combining: [])

    var isEmpty: Bool { parts.isEmpty }

    func contains(_ selector: String) -> Bool { parts.contains { $0.fallback.contains(selector) } }

    private var fallbacks: some Collection<SelectorMatching> { parts.lazy.map(\.fallback) }

    /// The first part's property of that name that has a getter.
    private func property(named name: String) -> (getter: String?, setter: String?)? {
        for part in parts { if let found = part.properties[name], found.getter != nil { return found } }
        return nil
    }

    /// The selectors of the member `member` implements, if any; `computed` are those Swift's
    /// naming rules give it.
    func selectors(for member: SwiftMember, computed: [String]) -> [String]? {
        switch member.kind {
        case .property:
            if let property = property(named: member.name), let getter = property.getter {
                return member.isSettable ? [getter] + (property.setter.map { [$0] } ?? []) : [getter]
            }
            guard let getter = computed.first, contains(getter) else { return nil }
            var names = [getter]
            if member.isSettable {
                // `override var isHighlighted`: the imported property is `highlighted` with
                // the getter `isHighlighted`, so its setter is `setHighlighted:`.
                var setter = SwiftSelectorNaming.setter(property: member.name)
                if member.name.hasPrefix("is"), member.name.count > 2 {
                    let imported = SwiftSelectorNaming.setter(property: String(member.name.dropFirst(2)))
                    if contains(imported) { setter = imported }
                }
                names.append(setter)
            }
            return names
        case .function, .initializer:
            var named: [Candidate] = []
            if member.isAsync {
                for part in parts { if let found = part.asyncMethods[member.swiftName] { named += found } }
            }
            if named.isEmpty {
                for part in parts { if let found = part.methods[member.swiftName] { named += found } }
            }
            if !named.isEmpty, let chosen = Self.choose(named, parameterTypes: member.parameterTypes) {
                return [chosen]
            }
            guard let first = computed.first else { return nil }
            return SelectorMatching.match(first, parameterTypes: member.parameterTypes, in: fallbacks).map { [$0] }
        case .subscriptDecl:
            return nil
        }
    }

    /// One candidate, or the one whose parameter types match those written best. A selector
    /// declared by a class and again by its ancestor (`initWithCoder:`) is one candidate.
    /// Where the types written cannot tell (the completion handler's argument types are not
    /// in the model), the newest member wins: an SDK that replaces a requirement keeps the old
    /// one beside it under the same Swift name (`INSendMessageIntentHandling`'s
    /// `resolveRecipientsForSendMessage:withCompletion:`, iOS 10, and `…:completion:`, iOS 11,
    /// are both `resolveRecipients(for:)` in their async form), and code written today
    /// implements the new one.
    private static func choose(_ candidates: [Candidate], parameterTypes: [String]) -> String? {
        if candidates.allSatisfy({ $0.selector == candidates[0].selector }) { return candidates.first?.selector }
        var best: [Candidate] = []
        var bestScore = -1
        for candidate in candidates where !best.contains(where: { $0.selector == candidate.selector }) {
            var score = 0
            for (written, objectiveC) in zip(parameterTypes, candidate.parameterTypes)
            where sameType(written, objectiveC) { score += 1 }
            if score > bestScore {
                best = [candidate]
                bestScore = score
            } else if score == bestScore {
                best.append(candidate)
            }
        }
        if best.count == 1 { return best[0].selector }
        let versions = best.map { $0.introduced.map(Self.version) ?? [] }
        guard let newest = versions.max(by: { $0.lexicographicallyPrecedes($1) }),
            versions.filter({ $0 == newest }).count == 1,
            let index = versions.firstIndex(of: newest)
        else { return nil }
        return best[index].selector
    }

    /// `11.0` as `[11, 0]`, comparable part by part.
    private static func version(_ text: String) -> [Int] { text.split(separator: ".").map { Int($0) ?? 0 } }

    /// Whether a Swift type as written is the Objective-C one: `WKNavigationAction` and
    /// `WKNavigationAction`, `IndexPath` and `NSIndexPath`, `[UIView]?` and `NSArray<UIView>`.
    static func sameType(_ written: String, _ objectiveC: String) -> Bool {
        var swift = written.replacingOccurrences(of: " ", with: "")
        while swift.hasSuffix("?") || swift.hasSuffix("!") { swift.removeLast() }
        if swift.hasPrefix("any") { swift.removeFirst(3) }
        if swift.hasPrefix("["), swift.hasSuffix("]"), !swift.contains(":") {
            return objectiveC.hasPrefix("NSArray<")
                && sameType(String(swift.dropFirst().dropLast()), String(objectiveC.dropFirst(8).dropLast()))
        }
        if swift == objectiveC { return true }
        if objectiveC.hasPrefix("NS"), swift == String(objectiveC.dropFirst(2)) { return true }
        switch (swift, objectiveC) {
        case ("String", "NSString"), ("Bool", "BOOL"), ("Int", "NSInteger"), ("UInt", "NSUInteger"),
            ("Any", "NSObject"), ("AnyObject", "NSObject"):
            return true
        default:
            return false
        }
    }
}
