import TrackctlModel

/// `hierarchy-conflict`: one selector hooked on a class and on one of its ancestors. A subclass
/// calling `super` fires both hooks, and Aspects refuses the second hook (its error 3: "a method
/// can only be hooked once per class hierarchy").
enum HierarchyConflictRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        // First pass, one hash per event: the selectors hooked on more than one class. Only
        // those can conflict, and real plans have few.
        var firstClass: [String: String] = [:]
        firstClass.reserveCapacity(spoc.events.count)
        var shared = Set<String>()
        for event in spoc.events {
            let selector = event.selector.value
            if let first = firstClass[selector] {
                if first != event.className.value { shared.insert(selector) }
            } else {
                firstClass[selector] = event.className.value
            }
        }
        if shared.isEmpty { return [] }
        var hooked: [String: [String: ValuePath]] = [:]  // selector → class → first entry
        for event in spoc.events
        where shared.contains(event.selector.value) && hooked[event.selector.value]?[event.className.value] == nil {
            hooked[event.selector.value, default: [:]][event.className.value] = event.path
        }
        var findings: [Diagnostic] = []
        var reported = Set<String>()
        // Each class's ancestors, walked once: a plan hooks many selectors on the same classes.
        var ancestors: [String: [String]] = [:]
        for event in spoc.events {
            guard shared.contains(event.selector.value), let classes = hooked[event.selector.value] else { continue }
            let className = event.className.value
            let chain = ancestors[className] ?? catalog.superclassNames(of: className)
            ancestors[className] = chain
            for ancestor in chain {
                guard let ancestorPath = classes[ancestor] else { continue }
                let key = "\(event.selector.value) \(event.className.value) \(ancestor)"
                guard reported.insert(key).inserted else { break }
                var finding = Diagnostic(
                    rule: .hierarchyConflict,
                    message:
                        "'\(event.selector.value)' is hooked on '\(event.className.value)' and on its ancestor "
                        + "'\(ancestor)' (\(ancestorPath.rendered)): Aspects refuses the second hook and a call "
                        + "to super would fire both; hook it once, on one class, and split with 'when'",
                    location: event.selector.location)
                finding.alsoAbout = ancestorPath
                findings.append(finding)
                break
            }
        }
        return findings
    }
}
