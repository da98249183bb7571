import TrackctlModel

/// The validated SPOC turned into hooks, as Aspects would install them at launch: screens by
/// class (viewDidAppear:), events by selector with their position, observers by key path.
/// Resolution through the class hierarchy is cached per class, so a replayed call costs one
/// dictionary lookup.
///
/// Bound to its catalog when made: its caches (`classInfoCache`, `recentClasses`,
/// `hookCache`) hold answers computed from that catalog's class hierarchy, so they can never be
/// consulted with another one. Owner: one runtime; one thread. Lifetime: the replay's. Nothing
/// invalidates them — the catalog and the SPOC do not change after they are loaded.
public final class SPOCHooks {
    public let options: TrackingOptions
    /// The classes the plan resolves hooks and screens through.
    public let catalog: Catalog
    /// Labels, class names, selectors and constant properties, interned for the emitter.
    let symbols: SymbolTable
    let screenEntries: [PreparedEntry]
    /// Tracked screen classes: each class's entries (split by `when`), by class name.
    private let screenGroupsByClass: [String: Int]
    let screenGroups: [[Int]]
    /// Per group, its label when it has one entry with a constant label: what the context's
    /// stack shows, without looking at the entries.
    let screenGroupLabels: [Symbol?]
    /// Per group, its entry when it is the group's only one and constant: a screen view then
    /// reads plain values only.
    let constantScreenGroups: [ConstantScreen?]

    struct ConstantScreen {
        let entry: Int
        let entryID: Int
        let once: Bool
        let label: Symbol
    }
    @exclusivity(unchecked) private var classInfoCache: [String: ClassInfo] = [:]
    @exclusivity(unchecked) private var recentClasses: [(className: String, info: ClassInfo)] = []

    let hooksBySelector: [String: [Hook]]
    @exclusivity(unchecked) private var hookCache: [String: [String: [Hook]]] = [:]

    let observersByKeyPath: [String: [PreparedEntry]]
    /// Whether a screen entry has a `dwell`: the runtime then registers `DwellTimers`.
    var hasDwell: Bool { screenEntries.contains { $0.dwell != nil } }
    /// How many entries the plan has: ids run from 0, screens first, then events, then
    /// properties, each in SPOC order.
    public let entryCount: Int
    /// Ids of the entries marked `once`.
    let onceEntryIDs: [Int]

    /// An event hook: the entry and whether it runs before or after the original method.
    struct Hook: Sendable {
        let entry: PreparedEntry
        let selector: String
        let position: HookPosition
    }

    public init(_ spoc: SPOC, catalog: Catalog) {
        options = spoc.options
        self.catalog = catalog
        let symbols = SymbolTable()
        self.symbols = symbols
        var nextID = 0
        func prepare(
            _ className: String, _ label: Located<String>, _ properties: [EventProperty], _ conditions: [Condition],
            once: Bool,
            dwell: Int64? = nil
        ) -> PreparedEntry {
            defer { nextID += 1 }
            return PreparedEntry(
                id: nextID, className: className, label: label,
                properties: properties.map(PreparedProperty.init),
                conditions: conditions.map { (PreparedTemplate($0.template.value), $0.expected) }, once: once,
                dwell: dwell, symbols: symbols)
        }
        screenEntries = spoc.screens.map {
            prepare(
                $0.className.value, $0.label, $0.properties, $0.conditions, once: $0.once,
                dwell: $0.dwell?.value.milliseconds)
        }
        var groups: [[Int]] = []
        var byClass: [String: Int] = [:]
        for (index, entry) in screenEntries.enumerated() {
            if let group = byClass[entry.className] {
                groups[group].append(index)
            } else {
                byClass[entry.className] = groups.count
                groups.append([index])
            }
        }
        screenGroups = groups
        screenGroupLabels = groups.map { [screenEntries] group in
            group.count == 1 ? screenEntries[group[0]].constantLabelSymbol : nil
        }
        constantScreenGroups = groups.map { [screenEntries] group in
            guard group.count == 1, screenEntries[group[0]].isConstant, screenEntries[group[0]].dwell == nil,
                let label = screenEntries[group[0]].constantLabelSymbol
            else { return nil }
            return ConstantScreen(
                entry: group[0], entryID: screenEntries[group[0]].id, once: screenEntries[group[0]].once, label: label)
        }
        screenGroupsByClass = byClass
        var hooks: [String: [Hook]] = [:]
        for event in spoc.events {
            let entry = prepare(
                event.className.value, event.label, event.properties, event.conditions, once: event.once)
            hooks[event.selector.value, default: []].append(
                Hook(entry: entry, selector: event.selector.value, position: event.position))
        }
        hooksBySelector = hooks
        var observers: [String: [PreparedEntry]] = [:]
        for property in spoc.properties {
            observers[property.keyPath.value, default: []].append(
                prepare(property.className.value, property.label, property.properties, property.conditions, once: false)
            )
        }
        observersByKeyPath = observers
        entryCount = nextID
        onceEntryIDs = (screenEntries + hooks.values.flatMap { $0.map(\.entry) }).filter(\.once).map(\.id)
    }

    /// What an instance of a class needs to know of the plan, resolved once per class.
    struct ClassInfo {
        /// The group of screen entries an instance fires: those of the class itself or of its
        /// nearest tracked ancestor (it inherits that `viewDidAppear:`).
        let screenGroup: Int?
        /// The class name, interned.
        let symbol: Symbol
        /// What UIKit treats the class as, for the steps it refuses or shows its own way.
        let roles: UIKitRoles
    }

    func classInfo(for className: String) -> ClassInfo {
        // Replays create instances of a few classes over and over: compare before hashing.
        for recent in recentClasses where recent.className == className { return recent.info }
        if recentClasses.count == 4 { recentClasses.removeFirst() }
        let info = classInfoCache[className] ?? resolveClassInfo(for: className)
        recentClasses.append((className, info))
        return info
    }

    private func resolveClassInfo(for className: String) -> ClassInfo {
        var group = screenGroupsByClass[className]
        if group == nil {
            for ancestor in catalog.superclassNames(of: className) {
                if let found = screenGroupsByClass[ancestor] { group = found; break }
            }
        }
        let info = ClassInfo(
            screenGroup: group, symbol: symbols.intern(className), roles: UIKitRoles(of: className, in: catalog))
        classInfoCache[className] = info
        return info
    }

    /// The hooks a call of `selector` on an instance of `className` fires, in SPOC order: those
    /// on the class and on its ancestors.
    func hooks(for selector: String, on className: String) -> [Hook] {
        if let cached = hookCache[className]?[selector] { return cached }
        var result: [Hook] = []
        if let candidates = hooksBySelector[selector] {
            let lineage = Set([className] + catalog.superclassNames(of: className))
            result = candidates.filter { lineage.contains($0.entry.className) }
        }
        hookCache[className, default: [:]][selector] = result
        return result
    }

    /// Observers of `keyPath` on an instance of `className` (or of a subclass).
    func observers(of keyPath: String, on className: String) -> [PreparedEntry] {
        guard let candidates = observersByKeyPath[keyPath] else { return [] }
        let lineage = Set([className] + catalog.superclassNames(of: className))
        return candidates.filter { lineage.contains($0.className) }
    }
}
