/// The set of classes the app really has: built-in UIKit and Foundation models, catalog files
/// and classes registered in Swift. Every class or selector name is checked against it.
public struct Catalog: Sendable {
    private var models: [String: ScreenModel] = [:]

    /// An empty catalog; `Catalog.standard` has the built-in models.
    public init() {}

    /// A catalog holding the built-in UIKit and Foundation models.
    public static var standard: Catalog {
        var catalog = Catalog()
        for model in BuiltinModels.all { _ = catalog.register(model) }
        return catalog
    }

    /// Adds a model. Registering a class again with the same superclass merges its selectors
    /// and transitions (catalog files may split a class); a different superclass is a conflict,
    /// returned as a `conflicting-class` finding, and the first definition is kept.
    @discardableResult
    public mutating func register(_ model: ScreenModel) -> Diagnostic? {
        guard var existing = models[model.name] else {
            models[model.name] = model
            return nil
        }
        guard existing.superclass == model.superclass else {
            let location: SourceLocation
            if case .file(let l) = model.origin { location = l } else { location = SourceLocation(file: "<api>", position: nil, path: .root) }
            let first: String
            switch existing.origin {
            case .builtin: first = "built in as a subclass of '\(existing.superclass ?? "nothing")'"
            case .api: first = "registered as a subclass of '\(existing.superclass ?? "nothing")'"
            case .file(let l): first = "defined at \(l.file):\(l.position.map(\.description) ?? l.path.description) as a subclass of '\(existing.superclass ?? "nothing")'"
            }
            return Diagnostic(rule: .conflictingClass,
                              message: "class '\(model.name)' is defined with superclass '\(model.superclass ?? "nothing")' but was \(first); keep one definition",
                              location: location)
        }
        existing.selectors.formUnion(model.selectors)
        existing.transitions.merge(model.transitions) { old, _ in old }
        models[model.name] = existing
        return nil
    }

    /// The model of a class, if known.
    public func model(named name: String) -> ScreenModel? { models[name] }

    /// Whether the catalog knows the class.
    public func contains(_ name: String) -> Bool { models[name] != nil }

    /// Every known class name (unordered).
    public var classNames: Dictionary<String, ScreenModel>.Keys { models.keys }

    /// Number of known classes.
    public var count: Int { models.count }

    /// Every model (unordered).
    public var allModels: Dictionary<String, ScreenModel>.Values { models.values }

    /// The class and its known ancestors, nearest first, and how the chain ends.
    public func ancestry(of name: String) -> Ancestry {
        var chain: [ScreenModel] = []
        var seen = Set<String>()
        var next: String? = name
        while let current = next {
            guard let model = models[current] else {
                return Ancestry(chain: chain, end: current == name ? .unknown : .open(external: current))
            }
            guard seen.insert(current).inserted else { return Ancestry(chain: chain, end: .cycle) }
            chain.append(model)
            next = model.superclass
        }
        return Ancestry(chain: chain, end: .root)
    }

    /// Whether `name` is `ancestor` or inherits from it (through known classes).
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        ancestry(of: name).chain.contains { $0.name == ancestor }
    }

    /// Where `selector` comes from when sent to an instance of `className`, as
    /// `respondsToSelector:` would answer.
    public func lookup(selector: String, on className: String) -> SelectorLookup {
        let ancestry = ancestry(of: className)
        for model in ancestry.chain where model.selectors.contains(selector) {
            return .implemented(by: model.name)
        }
        switch ancestry.end {
        case .open(let external): return .unverifiable(external: external)
        case .unknown: return .unknownClass
        case .root, .cycle: return .notFound
        }
    }

    /// The transition a selector triggers on an instance of `className`, inherited ones included.
    public func transition(for selector: String, on className: String) -> Transition? {
        for model in ancestry(of: className).chain {
            if let transition = model.transitions[selector] { return transition }
        }
        return nil
    }

    /// Every selector an instance of the class responds to (declared or inherited).
    public func selectors(visibleFrom className: String) -> Set<String> {
        var result = Set<String>()
        for model in ancestry(of: className).chain { result.formUnion(model.selectors) }
        return result
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
