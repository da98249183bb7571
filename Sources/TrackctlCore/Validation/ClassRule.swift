import TrackctlModel

/// `unknown-class`, `not-a-screen`, `unverifiable-screen`: every class name must be in the
/// catalog, and a tracked screen must be a view controller.
enum ClassRule: ValidationRule {
    static func check(_ spoc: SPOC, against catalog: Catalog) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var suggestions = ClassSuggestions(catalog: catalog)
        let names = spoc.classNames
        for name in names {
            if let finding = unknownClass(name, in: catalog, suggestions: &suggestions) { findings.append(finding) }
        }
        for screen in spoc.screens where catalog.contains(screen.className.value) {
            if let finding = notAScreen(screen.className, in: catalog) { findings.append(finding) }
        }
        return findings
    }

    /// An `unknown-class` finding with the closest class names (or, for a class the scan read but
    /// the runtime registers under a mangled name, why), `swift-runtime-name` when it is the
    /// Swift spelling of a Swift class of the catalog, or nil when the class is known.
    static func unknownClass(_ name: Located<String>, in catalog: Catalog, suggestions: inout ClassSuggestions)
        -> Diagnostic?
    {
        guard !catalog.contains(name.value) else { return nil }
        if let finding = swiftRuntimeName(name, in: catalog) { return finding }
        func unreachable(_ found: UnreachableClass) -> Diagnostic {
            Diagnostic(
                rule: .unknownClass,
                message:
                    "the runtime has no class \(UserText.inQuotes(name.value)) ('\(found.swiftName)', "
                    + "declared at \(found.source)): \(found.why)",
                location: name.location, suggestions: found.runtimeName.map { [$0] } ?? [])
        }
        if let found = catalog.unreachableClass(named: name.value) { return unreachable(found) }
        if let finding = otherModule(name, in: catalog) { return finding }
        // `Shared.LegacyViewController`: a module nobody has, before a class the app lacks.
        if let dot = name.value.lastIndex(of: "."),
            let found = catalog.unreachableClass(
                named: String(name.value[name.value.index(after: dot)...])), !found.swiftName.contains(".")
        {
            return unreachable(found)
        }
        let suggestions = suggestions.closest(to: name.value)
        return Diagnostic(
            rule: .unknownClass,
            message: "unknown class \(UserText.inQuotes(name.value))"
                + didYouMean(suggestions, otherwise: "add it to a catalog file (--catalog) or fix the name"),
            location: name.location, suggestions: suggestions)
    }

    /// `ProfileViewController` for the Swift class the runtime registers as
    /// `App.ProfileViewController`: an aspect library looks the name up and finds nothing.
    static func swiftRuntimeName(_ name: Located<String>, in catalog: Catalog) -> Diagnostic? {
        let runtimeNames = catalog.classes(withSwiftName: name.value)
        guard let first = runtimeNames.first, let model = catalog.model(named: first) else {
            return moduleQualifiedName(name, in: catalog)
        }
        // `@objc(Name)` takes an identifier: a nested class's own name, not `Outer.Inner`.
        let objcName = name.value.split(separator: ".").last.map(String.init) ?? name.value
        let also =
            runtimeNames.count > 1 ? " (or \(runtimeNames.dropFirst().map { "'\($0)'" }.joined(separator: ", ")))" : ""
        return Diagnostic(
            rule: .swiftRuntimeName,
            message:
                "'\(name.value)' is the Swift name of a Swift class\(model.declaredAt); the Objective-C runtime "
                + "registers it as '\(first)'\(also): "
                + "write '\(first)', or name the class with @objc(\(objcName)) in Swift",
            location: name.location, suggestions: runtimeNames)
    }

    /// `App.CartViewController` for a Swift class declared `@objc(BrewCartViewController)`: the
    /// module-qualified spelling is what the runtime would register without the `@objc` name
    /// (review 2026-11-27 newcomer #10).
    private static func moduleQualifiedName(_ name: Located<String>, in catalog: Catalog) -> Diagnostic? {
        guard let dot = name.value.lastIndex(of: "."), dot != name.value.startIndex else { return nil }
        let swiftName = String(name.value[name.value.index(after: dot)...])
        let runtimeNames = catalog.classes(withSwiftName: swiftName).filter { $0 != name.value && !$0.contains(".") }
        guard let first = runtimeNames.first, let model = catalog.model(named: first) else { return nil }
        return Diagnostic(
            rule: .swiftRuntimeName,
            message:
                "'\(name.value)' is the module-qualified name of a Swift class\(model.declaredAt) that is declared "
                + "@objc(\(first)); "
                + "the Objective-C runtime registers it as '\(first)': write '\(first)'",
            location: name.location, suggestions: runtimeNames)
    }

    /// `NetNewsWire_iOS.FeedViewController` for the class the runtime registers as
    /// `NetNewsWire.FeedViewController`: the module written is not the class's — often the
    /// target's name where the module is set apart (`PRODUCT_MODULE_NAME`, `PRODUCT_NAME`). The
    /// spelling is too far from the runtime name for a typo's suggestion, so the Swift name finds it.
    private static func otherModule(_ name: Located<String>, in catalog: Catalog) -> Diagnostic? {
        guard let dot = name.value.lastIndex(of: "."), dot != name.value.startIndex else { return nil }
        let swiftName = String(name.value[name.value.index(after: dot)...])
        let runtimeNames = catalog.classes(withSwiftName: swiftName).filter { $0.hasSuffix("." + swiftName) }
        guard let first = runtimeNames.first, let model = catalog.model(named: first) else {
            // `Shop.ZOCLegacyViewController` for an Objective-C class: no module in its name.
            guard catalog.contains(swiftName), catalog.classes(withSwiftName: swiftName).isEmpty else { return nil }
            let declared = catalog.model(named: swiftName).flatMap { $0.origin == .scan ? $0.declaredAt : nil } ?? ""
            return Diagnostic(
                rule: .unknownClass,
                message:
                    "unknown class \(UserText.inQuotes(name.value)); did you mean '\(swiftName)'? "
                    + "'\(swiftName)'\(declared) is an Objective-C class, and the runtime names those without a "
                    + "module",
                location: name.location, suggestions: [swiftName])
        }
        let module = String(first.dropLast(swiftName.count + 1))
        // Where the module's name comes from, as the scan found it; a catalog file's class says
        // only what Xcode does.
        let source =
            catalog.moduleSource(of: module).map { "named by \($0)" }
            ?? "as its target's PRODUCT_MODULE_NAME sets it, which need not be the target's name"
        return Diagnostic(
            rule: .unknownClass,
            message:
                "unknown class \(UserText.inQuotes(name.value))\(Suggester.didYouMean(runtimeNames)) "
                + "The class '\(swiftName)'\(model.declaredAt) is in module '\(module)', \(source)",
            location: name.location, suggestions: runtimeNames)
    }

    private static func notAScreen(_ name: Located<String>, in catalog: Catalog) -> Diagnostic? {
        if catalog.inherits(name.value, from: "UIViewController") { return nil }
        let ancestry = catalog.ancestry(of: name.value)
        if ancestry.chain.contains(where: { $0.name == "UIViewController" }) { return nil }
        let lineage =
            (ancestry.chain.map(\.name)
            + {
                if case .open(let external) = ancestry.end { return [external] } else { return [] }
            }()).joined(separator: " → ")
        switch ancestry.end {
        case .open(let external):
            let declaredAt = catalog.model(named: name.value)?.declaredAt ?? ""
            if catalog.model(named: external)?.isCategory == true {
                return Diagnostic(
                    rule: .unverifiableScreen,
                    message:
                        "cannot check that '\(name.value)'\(declaredAt) is a view controller: the catalog has only "
                        + "categories or an @implementation of '\(external)', not its superclass; "
                        + "scan the header with its @interface, or add '\(external)' with its superclass to a "
                        + "catalog file",
                    location: name.location)
            }
            return Diagnostic(
                rule: .unverifiableScreen,
                message:
                    "cannot check that '\(name.value)'\(declaredAt) is a view controller: its ancestry (\(lineage)) "
                    + "leaves the catalog at '\(external)'; add '\(external)' to a catalog file",
                location: name.location)
        case .cycle:
            return nil  // reported on the catalog as inheritance-cycle
        case .root, .unknown:
            return Diagnostic(
                rule: .notAScreen,
                message:
                    "'\(name.value)'\(catalog.model(named: name.value)?.declaredAt ?? "") is not a view controller "
                    + "(\(lineage)), so it never appears; track the controller that shows it, or move this entry "
                    + "to trackedEvents",
                location: name.location)
        }
    }
}

/// Class-name suggestions for one run: the catalog's names are prepared once, on the first
/// unknown class, and each misspelling is looked up once however often it repeats.
struct ClassSuggestions {
    private let catalog: Catalog
    private var suggester: Suggester?
    private var memo: [String: [String]] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    mutating func closest(to name: String) -> [String] {
        if let known = memo[name] { return known }
        let suggester = self.suggester ?? Suggester(candidates: catalog.classNames)
        self.suggester = suggester
        let result = suggester.closest(to: name)
        memo[name] = result
        return result
    }
}

extension SPOC {
    /// Every class name an entry names (screens, events, properties), in file order: what the
    /// class rules check, each once per entry.
    var classNames: [Located<String>] {
        screens.map(\.className) + events.map(\.className) + properties.map(\.className)
    }
}
