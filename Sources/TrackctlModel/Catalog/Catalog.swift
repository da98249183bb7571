import TrackctlSDK

/// The set of classes the app really has: the iOS SDK's classes, catalog files, scanned sources
/// and classes registered in Swift. Every class or selector name is checked against it.
///
/// Two layers: the local classes (catalog files, scans, the Swift API), kept as models, and the
/// SDK model behind them, read only where a chain reaches it (SPEC §10.1, "Cost"). A local
/// class with an SDK class's name (a category on `UIViewController`, a catalog restating it)
/// extends that class: a lookup there asks both layers.
public struct Catalog: Sendable {
    // Classes and selectors are interned: lookups run once per SPOC entry and per replayed
    // call, so after one hash of each name the superclass chain is walked by index.
    private(set) var models: [ScreenModel] = []
    private var indexByName: [String: Int] = [:]
    /// Each model's superclass slot: a local index, or `rootClass`, `externalClass` (open),
    /// `byName` (the superclass is not local when linked: looked up by name as the walk reaches
    /// it, local first, then the SDK).
    private var superIndex: [Int] = []
    /// Models whose superclass is not (yet) registered anywhere, by that superclass's name.
    private var waitingForSuperclass: [String: [Int]] = [:]
    /// Local models that extend an SDK class of the same name.
    private(set) var extendsSDK: [Bool] = []
    private var selectorIDs: [String: Int32] = [:]
    /// The interned selectors each model declares, sorted: a binary search over a few dozen
    /// integers beats hashing.
    private var declared: [[Int32]] = []
    /// Runtime names by the Swift spelling of Swift classes (`ProfileViewController` →
    /// `App.ProfileViewController`), for `swift-runtime-name`.
    private var classesBySwiftName: [String: [String]] = [:]
    /// The SDK behind the local classes; nil for a catalog of local classes only.
    let sdk: SDKModel?
    /// Second declarations of a runtime name by another target of a scan (the same module
    /// twice: a Mac and an iOS app both `NetNewsWire`): never merged into the first, so an
    /// entry naming the class can be checked against each (SPEC §10, `ambiguous-class`).
    private var alternateModels: [String: [ScreenModel]] = [:]
    /// Classes a scan read whose `Module.Name` the runtime does not have (a private, nested,
    /// generic or root Swift class), by that name and by their Swift name: an entry naming one is
    /// told why.
    private var unreachableClasses: [String: UnreachableClass] = [:]
    /// Where each scanned module's name comes from (`registerModuleSource`).
    private var moduleSources: [String: String] = [:]

    private static let rootClass = -1
    private static let externalClass = -2
    private static let byName = -3

    /// An empty catalog of local classes only; `Catalog.standard` has the SDK behind it.
    public init() {
        sdk = nil
    }

    /// An empty local layer in front of `sdk`.
    public init(sdk: SDKModel) {
        self.sdk = sdk
    }

    /// The iOS SDK's classes (`SDKModel.iOS`), with nothing local yet. Costs nothing until a
    /// lookup reaches the SDK.
    public static var standard: Catalog { Catalog(sdk: .iOS) }

    /// Adds a model. Registering a class again with the same superclass merges its selectors
    /// and transitions (catalog files may split a class); a different superclass is a conflict,
    /// returned as a `conflicting-class` finding, and the first definition is kept. A category
    /// (`isCategory`) adds its selectors to the class wherever that is defined; registered
    /// first, it stands for the class until its definition comes, its chain open meanwhile.
    @discardableResult
    public mutating func register(_ model: ScreenModel) -> Diagnostic? {
        guard let index = indexByName[model.name] else {
            if let header = sdk?.classHeader(named: model.name), header.name == model.name {
                // An SDK class: the model extends it, or conflicts with it.
                let builtin = ScreenModel(
                    name: header.name, superclass: header.superclass, origin: .builtin, protocols: header.protocols)
                if !model.isCategory, model.superclass != header.superclass {
                    return conflict(model, existing: builtin)
                }
                add(builtin, extendingSDK: true)
                merge(model, into: models.count - 1)
                return nil
            }
            add(model, extendingSDK: false)
            return nil
        }
        let existing = models[index]
        if !model.isCategory {
            if existing.isCategory {
                // The definition of a class known so far only by its categories.
                define(index, as: model)
            } else if existing.superclass != model.superclass {
                return conflict(model, existing: existing)
            }
        }
        merge(model, into: index)
        return nil
    }

    /// Keeps `model` as another declaration of a class already registered under its name.
    package mutating func registerAlternate(_ model: ScreenModel) {
        alternateModels[model.name, default: []].append(model)
    }

    /// Records where a scanned module's name comes from, for the hints that name the module.
    package mutating func registerModuleSource(_ module: String, _ source: String) {
        if moduleSources[module] == nil { moduleSources[module] = source }
    }

    /// Where `module` comes from ("the PRODUCT_MODULE_NAME of target 'App'"), if a scan said.
    package func moduleSource(of module: String) -> String? { moduleSources[module] }

    /// Keeps a class the runtime cannot find by the name a SPOC would write for it.
    package mutating func registerUnreachable(_ unreachable: UnreachableClass) {
        for name in [unreachable.name, unreachable.swiftName] where unreachableClasses[name] == nil {
            unreachableClasses[name] = unreachable
        }
    }

    /// The scanned class that `name` means but the runtime cannot find by it, if any.
    package func unreachableClass(named name: String) -> UnreachableClass? { unreachableClasses[name] }

    /// The other declarations of `name` (empty for nearly every class).
    package func alternates(of name: String) -> [ScreenModel] { alternateModels[name] ?? [] }

    /// Whether some class has another declaration.
    package var hasAlternates: Bool { !alternateModels.isEmpty }

    /// This catalog with `model` in place of the local class of its name (an alternate
    /// declaration), to check an entry against that declaration too.
    package func replacing(with model: ScreenModel) -> Catalog {
        var copy = self
        guard let index = indexByName[model.name] else {
            copy.register(model)
            return copy
        }
        copy.models[index] = model
        var ids: [Int32] = []
        for selector in model.selectors { ids.append(copy.intern(selector)) }
        copy.declared[index] = ids.sorted()
        copy.superIndex[index] =
            model.superclass == nil && model.unknownAncestor != nil
            ? Self.externalClass : copy.link(index, to: model.superclass)
        return copy
    }

    private mutating func merge(_ model: ScreenModel, into index: Int) {
        models[index].mergeMembers(of: model)
        models[index].transitions.merge(model.transitions) { old, _ in old }
        for name in model.unknownProtocols where !models[index].unknownProtocols.contains(name) {
            models[index].unknownProtocols.append(name)
        }
        if models[index].source == nil { models[index].source = model.source }
        if models[index].swiftName == nil, let swiftName = model.swiftName {
            models[index].swiftName = swiftName
            classesBySwiftName[swiftName, default: []].append(model.name)
        }
        declared[index] = Array(Set(declared[index] + model.selectors.map { intern($0) })).sorted()
    }

    /// Turns a category placeholder into the class's definition: its superclass and origin.
    private mutating func define(_ index: Int, as model: ScreenModel) {
        models[index].isCategory = false
        models[index].superclass = model.superclass
        models[index].unknownAncestor = model.unknownAncestor
        models[index].origin = model.origin
        if let source = model.source { models[index].source = source }
        superIndex[index] =
            model.superclass == nil && model.unknownAncestor != nil
            ? Self.externalClass : link(index, to: model.superclass)
    }

    private mutating func add(_ model: ScreenModel, extendingSDK: Bool) {
        let index = models.count
        models.append(model)
        indexByName[model.name] = index
        extendsSDK.append(extendingSDK)
        var ids: [Int32] = []
        ids.reserveCapacity(model.selectors.count)
        for selector in model.selectors { ids.append(intern(selector)) }
        declared.append(ids.sorted())
        superIndex.append(
            model.isCategory || (model.superclass == nil && model.unknownAncestor != nil)
                ? Self.externalClass : link(index, to: model.superclass))
        if let swiftName = model.swiftName { classesBySwiftName[swiftName, default: []].append(model.name) }
        // Subclasses registered before this class now have a known superclass.
        if !waitingForSuperclass.isEmpty, let children = waitingForSuperclass.removeValue(forKey: model.name) {
            for child in children { superIndex[child] = index }
        }
    }

    /// The superclass slot of model `index`: the superclass's index, the root, a class of the
    /// SDK (looked up by name when walked), or external (then remembered, to be linked when the
    /// superclass is registered).
    private mutating func link(_ index: Int, to superclass: String?) -> Int {
        guard let superclass else { return Self.rootClass }
        if let parent = indexByName[superclass] { return parent }
        if let sdk, sdk.hasClass(named: superclass) { return Self.byName }
        waitingForSuperclass[superclass, default: []].append(index)
        return Self.externalClass
    }

    /// The selector's number, assigning the next one if new: one hash lookup either way.
    private mutating func intern(_ selector: String) -> Int32 {
        let next = Int32(selectorIDs.count)
        return Self.value(&selectorIDs[selector, default: next])
    }

    private static func value(_ id: inout Int32) -> Int32 { id }

    private func conflict(_ model: ScreenModel, existing: ScreenModel) -> Diagnostic {
        let location: SourceLocation
        if case .file(let l) = model.origin {
            location = l
        } else {
            location = SourceLocation(file: "<api>", position: nil, path: .root)
        }
        let first: String
        switch existing.origin {
        case .builtin: first = "built in as a subclass of '\(existing.superclass ?? "nothing")'"
        case .api: first = "registered as a subclass of '\(existing.superclass ?? "nothing")'"
        case .file(let l):
            first =
                "defined at \(l.file):\(l.position.map(\.description) ?? l.path.description) as a subclass of "
                + "'\(existing.superclass ?? "nothing")'"
        case .scan:
            first =
                "declared at \(existing.source ?? "its source") as a subclass of '\(existing.superclass ?? "nothing")'"
        }
        // An entry without a superclass adds to a class defined elsewhere: that is what a
        // category entry is for (review 2026-11-27 newcomer #7).
        guard let superclass = model.superclass else {
            return Diagnostic(
                rule: .conflictingClass,
                message:
                    "class '\(model.name)' is listed without a superclass but was \(first); to add transitions or "
                    + "selectors to it, mark the entry \"category\": true",
                location: location)
        }
        return Diagnostic(
            rule: .conflictingClass,
            message:
                "class '\(model.name)' is defined with superclass '\(superclass)' but was \(first); keep one "
                + "definition",
            location: location)
    }

    /// Makes room for `classes` more classes and `selectors` more distinct selectors, so
    /// registering a large catalog does not rehash as it grows.
    public mutating func reserveCapacity(classes: Int, selectors: Int) {
        models.reserveCapacity(models.count + classes)
        indexByName.reserveCapacity(models.count + classes)
        superIndex.reserveCapacity(models.count + classes)
        declared.reserveCapacity(models.count + classes)
        extendsSDK.reserveCapacity(models.count + classes)
        selectorIDs.reserveCapacity(selectorIDs.count + selectors)
    }

    /// Whether any known class declares `selector`; scripts check calls to the visible
    /// controller with it before knowing which controller that will be.
    public func declaresAnywhere(_ selector: String) -> Bool {
        selectorIDs[selector] != nil || sdk?.classSelectors.contains(selector) == true
    }

    /// The selectors some known class declares, closest to `selector` first: the "did you mean"
    /// of a call whose receiver is not known before the replay runs.
    public func closestDeclaredSelectors(to selector: String, limit: Int = 2) -> [String] {
        var candidates = Set(selectorIDs.keys)
        if let sdk { candidates.formUnion(sdk.classSelectors) }
        return Suggester.closest(to: selector, among: candidates.sorted(), limit: limit)
    }

    /// The model of a class, if known: a local one, or one made from the SDK model.
    public func model(named name: String) -> ScreenModel? {
        if let index = indexByName[name] {
            guard extendsSDK[index], let sdk else { return models[index] }
            var model = models[index]
            model.selectors.formUnion(sdk.ownSelectors(ofClass: name))
            return model
        }
        return sdkModel(named: name)
    }

    func sdkModel(named name: String) -> ScreenModel? {
        guard let sdk, let header = sdk.classHeader(named: name), header.name == name else { return nil }
        return ScreenModel(
            name: header.name, superclass: header.superclass, selectors: sdk.ownSelectorSet(ofClass: name),
            origin: .builtin,
            protocols: header.protocols)
    }

    /// The protocols a class adopts as declared (a local class's, with the SDK's when it extends
    /// an SDK class), without reading any selector.
    public func protocols(of name: String) -> [String] {
        if let index = indexByName[name] {
            guard extendsSDK[index], let header = sdk?.classHeader(named: name) else { return models[index].protocols }
            return models[index].protocols + header.protocols.filter { !models[index].protocols.contains($0) }
        }
        guard let header = sdk?.classHeader(named: name), header.name == name else { return [] }
        return header.protocols
    }

    /// Whether the catalog knows the class (by its Objective-C name).
    public func contains(_ name: String) -> Bool {
        if indexByName[name] != nil { return true }
        guard let sdk, let header = sdk.classHeader(named: name) else { return false }
        return header.name == name
    }

    /// The runtime names of the Swift classes spelled `swiftName` in Swift, sorted.
    public func classes(withSwiftName swiftName: String) -> [String] {
        (classesBySwiftName[swiftName] ?? []).sorted()
    }

    /// Every known class name: the local ones in registration order, then the SDK's.
    public var classNames: [String] {
        let local = models.map(\.name)
        guard let sdk else { return local }
        let names = Set(local)
        return local + sdk.classNames.filter { !names.contains($0) }
    }

    /// Number of known classes.
    public var count: Int {
        guard let sdk else { return models.count }
        return models.count + sdk.classCount - extendsSDK.filter { $0 }.count
    }

    /// The local models (catalog files, scans, the Swift API), in registration order.
    public var allModels: [ScreenModel] { models }

    /// A step of a walk up a superclass chain. Module-internal, with `walk`, `models`,
    /// `extendsSDK`, `sdk` and `sdkModel`, so that `Catalog+MemberLookups` can read the chains;
    /// only `register` and its kin change them.
    enum Node {
        case local(Int)
        /// An SDK class, by its header (no members decoded).
        case sdk(SDKType)

        var name: String? {
            if case .sdk(let type) = self { return type.name }
            return nil
        }
    }

    /// The node of a class name: local first, then the SDK.
    private func node(named name: String) -> Node? {
        if let index = indexByName[name] { return .local(index) }
        if let header = sdk?.classHeader(named: name), header.name == name { return .sdk(header) }
        return nil
    }

    /// Visits the known chain from `name` upwards (the class itself first), stopping when
    /// `visit` returns false; returns how the chain ends. Bounded, so a cycle cannot hang.
    func walk(from name: String, _ visit: (Node) -> Bool) -> Ancestry.End {
        guard var current = node(named: name) else { return .unknown }
        var steps = 0
        let bound = models.count + 256
        while true {
            if !visit(current) { return .root }
            steps += 1
            if steps > bound { return .cycle }
            switch current {
            case .local(let index):
                switch superIndex[index] {
                case Self.rootClass: return .root
                case Self.externalClass:
                    let model = models[index]
                    return .open(
                        external: model.isCategory ? model.name : model.superclass ?? model.unknownAncestor ?? "")
                case Self.byName:
                    let superclass = models[index].superclass ?? ""
                    guard let next = node(named: superclass) else { return .open(external: superclass) }
                    current = next
                case let parent: current = .local(parent)
                }
            case .sdk(let type):
                guard let superclass = type.superclass else { return .root }
                guard let next = node(named: superclass) else { return .open(external: superclass) }
                current = next
            }
        }
    }

    private func model(of node: Node) -> ScreenModel? {
        switch node {
        case .local(let index): return extendsSDK[index] ? model(named: models[index].name) : models[index]
        case .sdk(let type): return sdkModel(named: type.name)
        }
    }

    /// The class and its known ancestors, nearest first, and how the chain ends.
    public func ancestry(of name: String) -> Ancestry {
        var chain: [ScreenModel] = []
        var seen = Set<String>()
        var looped = false
        let end = walk(from: name) { node in
            guard let model = model(of: node), seen.insert(model.name).inserted else { looped = true; return false }
            chain.append(model)
            return true
        }
        return Ancestry(chain: chain, end: looped ? .cycle : end)
    }

    /// How the superclass chain of a class ends, without reading any class's selectors.
    public func chainEnd(of name: String) -> Ancestry.End {
        walk(from: name) { _ in true }
    }

    /// The known superclass names of a class, nearest first.
    public func superclassNames(of name: String) -> [String] {
        var result: [String] = []
        _ = walk(from: name) { node in
            result.append(self.name(of: node))
            return result.count <= models.count + 256
        }
        return Array(result.dropFirst())
    }

    private func name(of node: Node) -> String {
        switch node {
        case .local(let index): return models[index].name
        case .sdk(let type): return type.name
        }
    }

    /// Whether the superclass chain of a known class loops back on itself.
    public func hasInheritanceCycle(_ name: String) -> Bool {
        guard let start = indexByName[name] else { return false }
        var first = true
        var returned = false
        let end = walk(from: name) { node in
            if !first, case .local(let index) = node, index == start { returned = true; return false }
            first = false
            return true
        }
        return returned || end == .cycle
    }

    /// Whether `name` is `ancestor` or a known subclass of it.
    public func inherits(_ name: String, from ancestor: String) -> Bool {
        var found = false
        _ = walk(from: name) { node in
            if self.name(of: node) == ancestor { found = true }
            return !found
        }
        return found
    }

    /// Where `selector` comes from when sent to an instance of `className`, as
    /// `respondsToSelector:` would answer.
    public func lookup(selector: String, on className: String) -> SelectorLookup {
        let id = selectorIDs[selector]
        var implementer: String?
        let end = walk(from: className) { node in
            if declares(node, selector: selector, id: id) { implementer = self.name(of: node) }
            return implementer == nil
        }
        if let implementer { return .implemented(by: implementer) }
        switch end {
        case .open(let external): return .unverifiable(external: external)
        case .unknown: return .unknownClass
        case .root, .cycle: return .notFound
        }
    }

    private func declares(_ node: Node, selector: String, id: Int32?) -> Bool {
        switch node {
        case .local(let index):
            if let id, Self.binarySearch(declared[index], id) { return true }
            return extendsSDK[index] && sdk?.ownSelectorSet(ofClass: models[index].name).contains(selector) == true
        case .sdk(let type):
            return sdk?.ownSelectorSet(ofClass: type.name).contains(selector) == true
        }
    }

    private static func binarySearch(_ sorted: [Int32], _ value: Int32) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// The transition a selector triggers on an instance of `className`, inherited ones included.
    public func transition(for selector: String, on className: String) -> Transition? {
        var result: Transition?
        _ = walk(from: className) { node in
            if case .local(let index) = node { result = models[index].transitions[selector] }
            return result == nil
        }
        return result
    }

    /// Every selector an instance of the class responds to (declared or inherited).
    public func selectors(visibleFrom className: String) -> Set<String> {
        var result = Set<String>()
        forEachVisibleSelector(of: className) { result.insert($0) }
        return result
    }

    /// Each selector the class declares or inherits, nearest class first; one declared on
    /// several classes of the chain comes once per class. For scans (suggestions), where building
    /// the set would hash every name.
    public func forEachVisibleSelector(of className: String, _ body: (String) -> Void) {
        _ = walk(from: className) { node in
            switch node {
            case .local(let index):
                for selector in models[index].selectors { body(selector) }
                if extendsSDK[index], let sdk {
                    for selector in sdk.ownSelectorSet(ofClass: models[index].name) { body(selector) }
                }
            case .sdk(let type):
                if let sdk { for selector in sdk.ownSelectorSet(ofClass: type.name) { body(selector) } }
            }
            return true
        }
    }
}

/// A class's known ancestors and how its superclass chain ends.
public struct Ancestry: Sendable {
    /// The class itself first, then each known superclass.
    public var chain: [ScreenModel]
    public var end: End

    public enum End: Sendable, Equatable {
        /// Reached a root class: the chain is fully known.
        case root
        /// A superclass the catalog does not know (another framework, a third-party library).
        case open(external: String)
        /// The class itself is unknown.
        case unknown
        /// The chain loops (an error reported on the catalog).
        case cycle
    }
}

/// The answer to "does this class respond to this selector?".
public enum SelectorLookup: Sendable, Equatable {
    case implemented(by: String)
    /// Not implemented anywhere in a fully known chain.
    case notFound
    /// Not found below an ancestor the catalog does not know; cannot be proven wrong.
    case unverifiable(external: String)
    /// The class itself is unknown.
    case unknownClass
}

/// A class declared in the sources that no SPOC name reaches: the runtime registers it under
/// a mangled name (`_TtC…`) — a private class's carries a private discriminator, a nested
/// class's its outer type — which `NSClassFromString("App.Name")` never finds, or not at all (a
/// generic class, a Swift root class).
package struct UnreachableClass: Sendable, Equatable {
    /// `App.SettingsViewController`: the name a SPOC would write.
    package var name: String
    /// `SettingsViewController`, as written in Swift.
    package var swiftName: String
    /// Why the runtime has no such name, and the fix.
    package var why: String
    /// `path:line` of the declaration.
    package var source: String
    /// The name the runtime does register for the class, when there is one to write instead
    /// (a nested class's `_TtC…`): the finding's fix.
    package var runtimeName: String?

    package init(name: String, swiftName: String, why: String, source: String, runtimeName: String? = nil) {
        self.name = name
        self.swiftName = swiftName
        self.why = why
        self.source = source
        self.runtimeName = runtimeName
    }
}

/// A requirement of an SDK protocol, as `unknown-selector` tells it: what to implement.
public struct SDKRequirement: Sendable, Equatable {
    public var protocolName: String
    /// `tableView(_:didSelectRowAt:)`.
    public var swiftName: String
    public var isRequired: Bool
    /// It takes a completion handler, and the importer gives it no `async` form (the header's
    /// `NS_SWIFT_DISABLE_ASYNC`: UIKit's `application:performFetchWithCompletionHandler:`), so an
    /// `async` method is another method.
    public var completionHandlerOnly: Bool
}
