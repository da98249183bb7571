/// The set of classes the app really has: built-in UIKit and Foundation models, catalog files
/// and classes registered in Swift. Every class or selector name is checked against it.
public struct Catalog: Sendable {
    // Classes and selectors are interned: lookups run once per SPOC entry and per replayed
    // call, so after one hash of each name the superclass chain is walked by index.
    private var models: [ScreenModel] = []
    private var indexByName: [String: Int] = [:]
    /// Index of each model's superclass; `Self.rootClass` or `Self.externalClass` otherwise.
    private var superIndex: [Int] = []
    /// Models whose superclass is not (yet) registered, by that superclass's name.
    private var waitingForSuperclass: [String: [Int]] = [:]
    private var selectorIDs: [String: Int32] = [:]
    /// The interned selectors each model declares, sorted: a binary search over a few dozen
    /// integers beats hashing.
    private var declared: [[Int32]] = []
    /// Runtime names by the Swift spelling of Swift classes (`ProfileViewController` →
    /// `App.ProfileViewController`), for `swift-runtime-name`.
    private var classesBySwiftName: [String: [String]] = [:]

    private static let rootClass = -1
    private static let externalClass = -2

    /// An empty catalog; `Catalog.standard` has the built-in models.
    public init() {}

    /// A catalog holding the built-in UIKit and Foundation models.
    public static var standard: Catalog {
        var catalog = Catalog()
        catalog.reserveCapacity(classes: SDKModels.all.count, selectors: 12_000)
        for model in SDKModels.all { _ = catalog.register(model) }
        return catalog
    }

    /// Adds a model. Registering a class again with the same superclass merges its selectors
    /// and transitions (catalog files may split a class); a different superclass is a conflict,
    /// returned as a `conflicting-class` finding, and the first definition is kept. A category
    /// (`isCategory`) adds its selectors to the class wherever that is defined; registered
    /// first, it stands for the class until its definition comes, its chain open meanwhile.
    @discardableResult
    public mutating func register(_ model: ScreenModel) -> Diagnostic? {
        guard let index = indexByName[model.name] else {
            add(model)
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

    private mutating func merge(_ model: ScreenModel, into index: Int) {
        models[index].selectors.formUnion(model.selectors)
        models[index].transitions.merge(model.transitions) { old, _ in old }
        models[index].unexposed.merge(model.unexposed) { old, _ in old }
        models[index].unexposedSources.merge(model.unexposedSources) { old, _ in old }
        for name in model.protocols where !models[index].protocols.contains(name) { models[index].protocols.append(name) }
        for name in model.unknownProtocols where !models[index].unknownProtocols.contains(name) { models[index].unknownProtocols.append(name) }
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
        superIndex[index] = model.superclass == nil && model.unknownAncestor != nil ? Self.externalClass : link(index, to: model.superclass)
    }

    private mutating func add(_ model: ScreenModel) {
        let index = models.count
        models.append(model)
        indexByName[model.name] = index
        var ids: [Int32] = []
        ids.reserveCapacity(model.selectors.count)
        for selector in model.selectors { ids.append(intern(selector)) }
        declared.append(ids.sorted())
        superIndex.append(model.isCategory || (model.superclass == nil && model.unknownAncestor != nil)
                          ? Self.externalClass : link(index, to: model.superclass))
        if let swiftName = model.swiftName { classesBySwiftName[swiftName, default: []].append(model.name) }
        // Subclasses registered before this class now have a known superclass.
        if !waitingForSuperclass.isEmpty, let children = waitingForSuperclass.removeValue(forKey: model.name) {
            for child in children { superIndex[child] = index }
        }
    }

    /// The superclass slot of model `index`: the superclass's index, the root, or external
    /// (then remembered, to be linked when the superclass is registered).
    private mutating func link(_ index: Int, to superclass: String?) -> Int {
        guard let superclass else { return Self.rootClass }
        if let parent = indexByName[superclass] { return parent }
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
        if case .file(let l) = model.origin { location = l } else { location = SourceLocation(file: "<api>", position: nil, path: .root) }
        let first: String
        switch existing.origin {
        case .builtin: first = "built in as a subclass of '\(existing.superclass ?? "nothing")'"
        case .api: first = "registered as a subclass of '\(existing.superclass ?? "nothing")'"
        case .file(let l): first = "defined at \(l.file):\(l.position.map(\.description) ?? l.path.description) as a subclass of '\(existing.superclass ?? "nothing")'"
        case .scan: first = "declared at \(existing.source ?? "its source") as a subclass of '\(existing.superclass ?? "nothing")'"
        }
        return Diagnostic(rule: .conflictingClass,
                          message: "class '\(model.name)' is defined with superclass '\(model.superclass ?? "nothing")' but was \(first); keep one definition",
                          location: location)
    }

    /// Makes room for `classes` more classes and `selectors` more distinct selectors, so
    /// registering a large catalog does not rehash as it grows.
    public mutating func reserveCapacity(classes: Int, selectors: Int) {
        models.reserveCapacity(models.count + classes)
        indexByName.reserveCapacity(models.count + classes)
        superIndex.reserveCapacity(models.count + classes)
        declared.reserveCapacity(models.count + classes)
        selectorIDs.reserveCapacity(selectorIDs.count + selectors)
    }

    /// Whether any known class declares `selector`; scripts check calls to the visible
    /// controller with it before knowing which controller that will be.
    public func declaresAnywhere(_ selector: String) -> Bool { selectorIDs[selector] != nil }

    /// The selectors some known class declares, closest to `selector` first: the "did you mean"
    /// of a call whose receiver is not known before the replay runs.
    public func closestDeclaredSelectors(to selector: String, limit: Int = 2) -> [String] {
        Suggester.closest(to: selector, among: selectorIDs.keys.sorted(), limit: limit)
    }

    /// The model of a class, if known.
    public func model(named name: String) -> ScreenModel? { indexByName[name].map { models[$0] } }

    /// Whether the catalog knows the class.
    public func contains(_ name: String) -> Bool { indexByName[name] != nil }

    /// The runtime names of the Swift classes spelled `swiftName` in Swift, sorted.
    public func classes(withSwiftName swiftName: String) -> [String] {
        (classesBySwiftName[swiftName] ?? []).sorted()
    }

    /// The Swift signature of `selector` if the class or an ancestor has a Swift method the
    /// runtime cannot see with that selector, and the class that declares it.
    public func unexposedMethod(_ selector: String, on className: String) -> (signature: String, declaredBy: ScreenModel)? {
        var result: (String, ScreenModel)?
        var steps = 0
        _ = walk(from: className) { index in
            if let signature = models[index].unexposed[selector] { result = (signature, models[index]) }
            steps += 1
            return result == nil && steps <= models.count
        }
        return result
    }

    /// The protocols nobody knows that the class or a known ancestor adopts, nearest first.
    public func unknownProtocols(of className: String) -> [String] {
        var result: [String] = []
        var steps = 0
        _ = walk(from: className) { index in
            for name in models[index].unknownProtocols where !result.contains(name) { result.append(name) }
            steps += 1
            return steps <= models.count
        }
        return result
    }

    /// Every known class name, in registration order.
    public var classNames: [String] { models.map(\.name) }

    /// Number of known classes.
    public var count: Int { models.count }

    /// Every model, in registration order.
    public var allModels: [ScreenModel] { models }

    /// Visits the known chain from `name` upwards (the class itself first), stopping when
    /// `visit` returns false; returns how the chain ends. Bounded, so a cycle cannot hang.
    private func walk(from name: String, _ visit: (Int) -> Bool) -> Ancestry.End {
        guard var index = indexByName[name] else { return .unknown }
        var steps = 0
        while true {
            if !visit(index) { return .root }
            steps += 1
            if steps > models.count { return .cycle }
            switch superIndex[index] {
            case Self.rootClass: return .root
            case Self.externalClass:
                let model = models[index]
                return .open(external: model.isCategory ? model.name : model.superclass ?? model.unknownAncestor ?? "")
            case let parent: index = parent
            }
        }
    }

    /// The class and its known ancestors, nearest first, and how the chain ends.
    public func ancestry(of name: String) -> Ancestry {
        var chain: [ScreenModel] = []
        var seen = Set<Int>()
        var looped = false
        let end = walk(from: name) { index in
            guard seen.insert(index).inserted else { looped = true; return false }
            chain.append(models[index])
            return true
        }
        return Ancestry(chain: chain, end: looped ? .cycle : end)
    }

    /// The known superclass names of a class, nearest first.
    public func superclassNames(of name: String) -> [String] {
        var result: [String] = []
        _ = walk(from: name) { index in
            result.append(models[index].name)
            return result.count <= models.count
        }
        return Array(result.dropFirst())
    }

    /// Whether the superclass chain of a known class loops back on itself.
    public func hasInheritanceCycle(_ name: String) -> Bool {
        guard let start = indexByName[name] else { return false }
        var first = true
        var returned = false
        let end = walk(from: name) { index in
            if !first && index == start { returned = true; return false }
            first = false
            return true
        }
        return returned || end == .cycle
    }

    /// Whether `name` is `ancestor` or a known subclass of it.
    public func inherits(_ name: String, from ancestor: String) -> Bool {
        guard let target = indexByName[ancestor] else { return false }
        var found = false
        _ = walk(from: name) { index in
            if index == target { found = true }
            return !found
        }
        return found
    }

    /// Where `selector` comes from when sent to an instance of `className`, as
    /// `respondsToSelector:` would answer.
    public func lookup(selector: String, on className: String) -> SelectorLookup {
        let id = selectorIDs[selector]
        var implementer: Int?
        let end = walk(from: className) { index in
            if let id, Self.binarySearch(declared[index], id) { implementer = index }
            return implementer == nil
        }
        if let implementer { return .implemented(by: models[implementer].name) }
        switch end {
        case .open(let external): return .unverifiable(external: external)
        case .unknown: return .unknownClass
        case .root, .cycle: return .notFound
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
        _ = walk(from: className) { index in
            result = models[index].transitions[selector]
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
        var steps = 0
        _ = walk(from: className) { index in
            for selector in models[index].selectors { body(selector) }
            steps += 1
            return steps <= models.count
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
