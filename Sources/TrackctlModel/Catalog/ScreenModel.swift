/// One class the app has: its superclass, the selectors it declares itself, and what some of
/// them do to the navigation. Register models with `Catalog.register(_:)`.
public struct ScreenModel: Sendable {
    /// The Objective-C class name, as the runtime registers it (`App.ProfileViewController`
    /// for a Swift class without `@objc(Name)`).
    public var name: String
    /// nil for a root class, or for a category (the class is defined elsewhere). A superclass
    /// the catalog does not know leaves the chain open.
    public var superclass: String?
    /// The selectors this class declares (not inherited ones).
    public var selectors: Set<String>
    /// Navigation effect of calling a selector, keyed by selector.
    public var transitions: [String: Transition]
    /// Where the model comes from, for messages and conflict reports.
    public var origin: Origin
    /// `path:line` of the declaration in the app's sources (catalog key `source`).
    public var source: String?
    /// The Swift spelling of a Swift class (`ProfileViewController` for
    /// `App.ProfileViewController`); catalog key `swiftName`.
    public var swiftName: String?
    /// Methods the Objective-C runtime cannot see: the selector each would have → its Swift
    /// signature (`colorTappedWithSender:` → `colorTapped(sender:)`); catalog key `unexposed`.
    public var unexposed: [String: String]
    /// The protocols the class adopts, as declared (catalog key `protocols`).
    public var protocols: [String]
    /// `path:line` of each unexposed, possible or class method, when a scan of this run found
    /// it, so a finding points at the method itself. Not a catalog key: a scan written to a file
    /// keeps the class's `source` only.
    public var memberSources: [String: String]
    /// Class methods (`+` in Objective-C, `class func`/`static func`/`static var` in Swift): the
    /// selector → the declaration as written (`+ openSettings`, `static func openSettings()`).
    /// The class object answers them, not its instances, and aspect hooks attach to instance
    /// methods, so an entry naming one never fires (`class-method`); catalog key `classMethods`.
    public var classMethods: [String: String]
    /// Methods in a branch the scanned build does not compile (`#if os(tvOS)` in an iOS scan):
    /// the selector → the branch as written. The runtime of that build never has them, so an
    /// entry naming one never fires (`unknown-selector`, naming the branch); catalog key
    /// `compiledOut`.
    public var compiledOut: [String: String]
    /// A category (or Swift extension) on a class defined elsewhere — UIKit, a library, another
    /// catalog: its selectors are added to that class without changing its superclass
    /// (catalog key `"category": true`).
    public var isCategory: Bool
    /// The first inherited type of a Swift class when neither the scan nor the SDK model knows
    /// it (a package's class or protocol): no superclass is guessed from it, and the chain is
    /// open there (catalog key `unknownAncestor`).
    public var unknownAncestor: String?
    /// Protocols the class adopts that neither the scan nor the SDK model knows: a method the
    /// runtime seems not to see may be their witness, so it cannot be called unexposed
    /// (catalog key `unknownProtocols`).
    public var unknownProtocols: [String]
    /// Selectors a Swift method may have but nobody can know (SPEC §10.1, "No invented
    /// selectors"): an override of a method the SDK model does not name or of an unknown
    /// ancestor's, a method that may witness an unknown protocol — the Swift-formed selector
    /// and those the importer could have named the method from. The selector → the Swift
    /// signature (catalog key `possible`); a SPOC naming one gets a warning, never a pass.
    public var possible: [String: String]

    /// Where a model was defined.
    public enum Origin: Sendable, Hashable {
        /// Built into trackctl: a class of the iOS SDK model.
        case builtin
        /// Registered through the Swift API.
        case api
        /// Read from a catalog file; the location of its `class` value.
        case file(SourceLocation)
        /// Read from the app's sources by `catalog scan` or `--source`.
        case scan
    }

    public init(
        name: String, superclass: String?, selectors: Set<String> = [], transitions: [String: Transition] = [:],
        origin: Origin = .api, source: String? = nil, swiftName: String? = nil, unexposed: [String: String] = [:],
        protocols: [String] = [], isCategory: Bool = false, memberSources: [String: String] = [:],
        unknownAncestor: String? = nil, unknownProtocols: [String] = [], possible: [String: String] = [:],
        classMethods: [String: String] = [:], compiledOut: [String: String] = [:]
    ) {
        self.name = name
        self.superclass = superclass
        self.selectors = selectors
        self.transitions = transitions
        self.origin = origin
        self.source = source
        self.swiftName = swiftName
        self.unexposed = unexposed
        self.protocols = protocols
        self.isCategory = isCategory
        self.memberSources = memberSources
        self.unknownAncestor = unknownAncestor
        self.unknownProtocols = unknownProtocols
        self.possible = possible
        self.classMethods = classMethods
        self.compiledOut = compiledOut
    }

    /// Adds another declaration's members (a category, a second catalog entry, an extension):
    /// selectors, unexposed, possible and class methods with where each is, and protocols. What
    /// this model already says of a selector wins.
    package mutating func mergeMembers(of other: ScreenModel) {
        selectors.formUnion(other.selectors)
        unexposed.merge(other.unexposed) { mine, _ in mine }
        memberSources.merge(other.memberSources) { mine, _ in mine }
        possible.merge(other.possible) { mine, _ in mine }
        classMethods.merge(other.classMethods) { mine, _ in mine }
        compiledOut.merge(other.compiledOut) { mine, _ in mine }
        for name in other.protocols where !protocols.contains(name) { protocols.append(name) }
    }

    /// " (declared at Sources/App/X.swift:42)" when the model knows where, for messages.
    package var declaredAt: String { source.map { " (declared at \($0))" } ?? "" }
}
