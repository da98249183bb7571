import TrackctlModel

/// `ambiguous-class`: two kept targets of a scan declare the class under one runtime name (a
/// Mac and an iOS app that are both module `NetNewsWire`, scanned with `--platform all`). The
/// classes are not merged; each entry naming it gets this warning, naming both declarations,
/// and is checked against each (`Validator.checkAgainstAlternates`).
enum AmbiguousClassRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        guard catalog.hasAlternates else { return [] }
        var findings: [Diagnostic] = []
        for name in spoc.classNames {
            let alternates = catalog.alternates(of: name.value)
            guard let first = catalog.model(named: name.value), !alternates.isEmpty else { continue }
            let places = ([first] + alternates).map { $0.source ?? "a catalog file" }
            findings.append(
                Diagnostic(
                    rule: .ambiguousClass,
                    message:
                        "'\(name.value)' is declared by two scanned targets with the same module, at "
                        + "\(places.joined(separator: " and ")); "
                        + "this entry is checked against each; choose the app with --platform or --target",
                    location: name.location))
        }
        return findings
    }
}
