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
                let candidate = Candidate(selector: member.selector, parameterTypes: member.parameterTypes)
                part.methods[member.swiftName, default: []].append(candidate)
                if let name = member.asyncSwiftName { part.asyncMethods[name, default: []].append(candidate) }
            case .getter:
                if part.properties[member.swiftName]?.getter == nil { part.properties[member.swiftName, default: (nil, nil)].getter = member.selector }
            case .setter:
                if part.properties[member.swiftName]?.setter == nil { part.properties[member.swiftName, default: (nil, nil)].setter = member.selector }
            }
        }
        parts = part.isEmpty ? [] : [part]
    }

    /// One index answering as if built from all their members and selectors at once.
    init(combining indexes: [ImportedNameIndex]) {
        parts = indexes.flatMap(\.parts)
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
            if !named.isEmpty, let chosen = Self.choose(named, parameterTypes: member.parameterTypes) { return [chosen] }
            guard let first = computed.first else { return nil }
            return SelectorMatching.match(first, parameterTypes: member.parameterTypes, in: fallbacks).map { [$0] }
        case .subscriptDecl:
            return nil
        }
    }

    /// One candidate, or the one whose parameter types match those written best. A selector
    /// declared by a class and again by its ancestor (`initWithCoder:`) is one candidate.
    private static func choose(_ candidates: [Candidate], parameterTypes: [String]) -> String? {
        if candidates.allSatisfy({ $0.selector == candidates[0].selector }) { return candidates.first?.selector }
        var best: (selector: String, score: Int)?
        var tied = false
        for candidate in candidates where candidate.selector != best?.selector {
            var score = 0
            for (written, objectiveC) in zip(parameterTypes, candidate.parameterTypes) where sameType(written, objectiveC) { score += 1 }
            if best == nil || score > best!.score {
                best = (candidate.selector, score)
                tied = false
            } else if score == best!.score {
                tied = true
            }
        }
        return tied ? nil : best?.selector
    }

    /// Whether a Swift type as written is the Objective-C one: `WKNavigationAction` and
    /// `WKNavigationAction`, `IndexPath` and `NSIndexPath`, `[UIView]?` and `NSArray<UIView>`.
    static func sameType(_ written: String, _ objectiveC: String) -> Bool {
        var swift = written.replacingOccurrences(of: " ", with: "")
        while swift.hasSuffix("?") || swift.hasSuffix("!") { swift.removeLast() }
        if swift.hasPrefix("any") { swift.removeFirst(3) }
        if swift.hasPrefix("["), swift.hasSuffix("]"), !swift.contains(":") {
            return objectiveC.hasPrefix("NSArray<") && sameType(String(swift.dropFirst().dropLast()), String(objectiveC.dropFirst(8).dropLast()))
        }
        if swift == objectiveC { return true }
        if objectiveC.hasPrefix("NS"), swift == String(objectiveC.dropFirst(2)) { return true }
        switch (swift, objectiveC) {
        case ("String", "NSString"), ("Bool", "BOOL"), ("Int", "NSInteger"), ("UInt", "NSUInteger"), ("Any", "NSObject"), ("AnyObject", "NSObject"):
            return true
        default:
            return false
        }
    }
}
