import TrackctlModel

/// Checks the classes read from catalog files with the same machinery as a SPOC (SPEC §2.2):
/// malformed selectors, inheritance cycles, transitions to unknown classes or from selectors
/// the class does not have. Conflicting definitions are found when registering.
/// Nothing here blocks validating the SPOC.
package enum CatalogRules {
    package static func check(_ entries: [CatalogEntry], in catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var suggestions = ClassSuggestions(catalog: catalog)
        for entry in entries {
            let name = entry.model.name
            for selector in entry.malformedSelectors {
                if let problem = SelectorSyntax.problem(in: selector.value) {
                    findings.append(
                        SelectorRule.malformed(selector, problem: problem, className: name, catalog: catalog))
                }
            }
            if catalog.hasInheritanceCycle(name) {
                let chain = catalog.ancestry(of: name).chain.map(\.name) + [name]
                findings.append(
                    Diagnostic(
                        rule: .inheritanceCycle,
                        message:
                            "class '\(name)' is its own ancestor (\(chain.joined(separator: " → "))); fix its "
                            + "'superclass'",
                        location: entry.superclassLocation ?? entry.classLocation))
            }
            for (selector, targetLocation) in entry.transitionLocations {
                if let problem = SelectorSyntax.problem(in: selector.value) {
                    findings.append(
                        SelectorRule.malformed(selector, problem: problem, className: name, catalog: catalog))
                } else if let finding = SelectorRule.resolve(selector, on: name, in: catalog) {
                    findings.append(finding)
                }
                if let target = entry.model.transitions[selector.value]?.targetClass, let targetLocation,
                    let finding = ClassRule.unknownClass(
                        Located(target, at: targetLocation), in: catalog, suggestions: &suggestions)
                {
                    findings.append(finding)
                }
            }
        }
        return findings
    }
}
