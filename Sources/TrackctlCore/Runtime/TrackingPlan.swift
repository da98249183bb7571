/// The validated SPOC turned into hooks, as Aspects would install them at launch: screens by
/// class (viewDidAppear:), events by selector with their position, observers by key path.
/// Resolution through the class hierarchy is cached per class, so a replayed call costs one
/// dictionary lookup.
public final class TrackingPlan {
    public let options: TrackingOptions
    let screenEntries: [PreparedEntry]
    /// Tracked screen classes: each class's entries (split by `when`), by class name.
    private let screenGroupsByClass: [String: Int]
    let screenGroups: [[Int]]
    @exclusivity(unchecked) private var screenGroupCache: [String: Int?] = [:]
    @exclusivity(unchecked) private var recentScreenGroups: [(className: String, group: Int?)] = []

    let hooksBySelector: [String: [Hook]]
    @exclusivity(unchecked) private var hookCache: [String: [String: [Hook]]] = [:]

    let observersByKeyPath: [String: [PreparedEntry]]
    /// Ids of the entries marked `once`.
    let onceEntryIDs: [Int]

    /// An event hook: the entry and whether it runs before or after the original method.
    struct Hook: Sendable {
        let entry: PreparedEntry
        let selector: String
        let position: HookPosition
    }

    public init(_ spoc: SPOC) {
        options = spoc.options
        var nextID = 0
        func prepare(_ className: String, _ label: String, _ properties: [EventProperty], _ conditions: [Condition], once: Bool) -> PreparedEntry {
            defer { nextID += 1 }
            return PreparedEntry(id: nextID, className: className, label: PreparedTemplate(label),
                                 properties: properties.map(PreparedProperty.init),
                                 conditions: conditions.map { (PreparedTemplate($0.template.value), $0.expected) }, once: once)
        }
        screenEntries = spoc.screens.map { prepare($0.className.value, $0.label.value, $0.properties, $0.conditions, once: $0.once) }
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
        screenGroupsByClass = byClass
        var hooks: [String: [Hook]] = [:]
        for event in spoc.events {
            let entry = prepare(event.className.value, event.label.value, event.properties, event.conditions, once: event.once)
            hooks[event.selector.value, default: []].append(Hook(entry: entry, selector: event.selector.value, position: event.position))
        }
        hooksBySelector = hooks
        var observers: [String: [PreparedEntry]] = [:]
        for property in spoc.properties {
            observers[property.keyPath.value, default: []].append(prepare(property.className.value, property.label.value, property.properties, property.conditions, once: false))
        }
        observersByKeyPath = observers
        onceEntryIDs = (screenEntries + hooks.values.flatMap { $0.map(\.entry) }).filter(\.once).map(\.id)
    }

    /// The group of screen entries an instance of `className` fires: those of the class itself
    /// or of its nearest tracked ancestor (it inherits that `viewDidAppear:`).
    func screenClassIndex(for className: String, in catalog: Catalog) -> Int? {
        // Replays create instances of a few classes over and over: compare before hashing.
        for recent in recentScreenGroups where recent.className == className { return recent.group }
        if recentScreenGroups.count == 4 { recentScreenGroups.removeFirst() }
        let group = resolveScreenClassIndex(for: className, in: catalog)
        recentScreenGroups.append((className, group))
        return group
    }

    private func resolveScreenClassIndex(for className: String, in catalog: Catalog) -> Int? {
        if let cached = screenGroupCache[className] { return cached }
        var result = screenGroupsByClass[className]
        if result == nil {
            for ancestor in catalog.superclassNames(of: className) {
                if let group = screenGroupsByClass[ancestor] { result = group; break }
            }
        }
        screenGroupCache[className] = result
        return result
    }

    /// The hooks a call of `selector` on an instance of `className` fires, in SPOC order: those
    /// on the class and on its ancestors.
    func hooks(for selector: String, on className: String, in catalog: Catalog) -> [Hook] {
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
    func observers(of keyPath: String, on className: String, in catalog: Catalog) -> [PreparedEntry] {
        guard let candidates = observersByKeyPath[keyPath] else { return [] }
        let lineage = Set([className] + catalog.superclassNames(of: className))
        return candidates.filter { lineage.contains($0.className) }
    }
}
