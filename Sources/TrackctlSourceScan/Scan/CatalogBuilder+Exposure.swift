import TrackctlModel
import TrackctlSDK

/// How `CatalogBuilder` resolves the Swift classes' members: which the Objective-C runtime sees
/// and under which selectors (`@objc`, overrides, protocol witnesses, `@objcMembers`), which it
/// cannot, which are the class object's, and which a build does not compile.
extension CatalogBuilder {
    // MARK: - Exposure

    /// The models of the visible Swift classes, ancestors resolved before descendants; a
    /// second declaration of a runtime name by another target apart, as an alternate.
    mutating func swiftModels() -> (models: [ScreenModel], alternates: [ScreenModel]) {
        resolveVisibleClasses()
        var models: [ScreenModel] = []
        var alternates: [ScreenModel] = []
        for id in swiftClasses.indices where visibility[id] == .visible {
            let info = resolved[id] ?? ResolvedClass()
            let swiftClass = swiftClasses[id]
            let superclass: String?
            switch swiftClass.superclass {
            case .swift(let parent): superclass = swiftClasses[parent].runtimeName
            case .named(let name): superclass = name
            case nil: superclass = nil
            }
            let unknown = swiftClass.conformances.filter {
                $0 != swiftClass.unknownAncestor && !isKnownType($0, module: swiftClass.module)
            }
            let model =
                ScreenModel(
                    name: swiftClass.runtimeName, superclass: superclass, selectors: info.selectors, origin: .scan,
                    source: SourceLine(path: swiftClass.path, line: swiftClass.declaration.line).description,
                    swiftName: swiftClass.qualifiedName,
                    unexposed: info.unexposed.filter { !info.selectors.contains($0.key) },
                    protocols: swiftClass.conformances, memberSources: info.memberSources,
                    unknownAncestor: superclass == nil ? swiftClass.unknownAncestor : nil,
                    unknownProtocols: (swiftClass.unknownAncestor.map { [$0] } ?? []) + unknown,
                    possible: info.possible.filter {
                        !info.selectors.contains($0.key) && info.unexposed[$0.key] == nil
                    },
                    classMethods: info.classMethods,
                    compiledOut: info.compiledOut.filter { !info.selectors.contains($0.key) }
                )
            if swiftClass.isAlternate { alternates.append(model) } else { models.append(model) }
        }
        return (models, alternates)
    }

    /// What a class's members are resolved against: its Swift ancestors (nearest first), the
    /// Objective-C or built-in class its chain ends at, and every protocol it adopts.
    struct Chain: Sendable {
        var ancestors: [Int]
        var end: String?
        /// Sorted and unique: the key of its witness table.
        var protocols: [String]
    }

    func chain(of id: Int) -> Chain {
        var ancestors: [Int] = []
        var end: String?
        var current = swiftClasses[id].superclass
        // Visible classes have visible ancestors, so no cycle; the bound is a second guard.
        while let reference = current, ancestors.count < 256 {
            switch reference {
            case .swift(let parent):
                ancestors.append(parent)
                current = swiftClasses[parent].superclass
            case .named(let name):
                end = name
                current = nil
            }
        }
        let protocols = ([id] + ancestors).flatMap { swiftClasses[$0].conformances } + inheritedConformances(of: end)
        return Chain(ancestors: ancestors, end: end, protocols: Array(Set(protocols)).sorted())
    }

    /// Resolves every visible Swift class, on all cores: level by level of inheritance depth,
    /// so a class's Swift ancestors are resolved before it (an override takes the selector of
    /// the member it overrides). The witness tables and override candidates are built first,
    /// concurrently too; during a level, the builder is only read.
    mutating func resolveVisibleClasses() {
        let ids = swiftClasses.indices.filter { visibility[$0] == .visible }
        var chains: [Int: Chain] = [:]
        var protocolSets = Set<[String]>()
        var ends = Set<String>()
        for id in ids {
            let chain = chain(of: id)
            chains[id] = chain
            if witnessTables[chain.protocols] == nil { protocolSets.insert(chain.protocols) }
            if let end = chain.end, overridable[end] == nil { ends.insert(end) }
        }
        // Each part and table depends on the builder's read-only facts alone, so they build
        // concurrently: the parts first, then the tables that combine them.
        let protocolNames = Set(protocolSets.flatMap { allProtocols(inheritedFrom: $0) })
            .subtracting(protocolParts.keys).sorted()
        let classNames = Set(ends.flatMap { [$0] + known.superclassNames(of: $0) }).subtracting(classParts.keys)
            .sorted()
        let facts = self
        for (name, part) in zip(
            protocolNames, Parallel.map(protocolNames.count) { facts.protocolPart(protocolNames[$0]) })
        {
            protocolParts[name] = part
        }
        for (name, part) in zip(classNames, Parallel.map(classNames.count) { facts.classPart(classNames[$0]) }) {
            classParts[name] = part
        }
        let builder = self
        let keys = protocolSets.sorted { $0.lexicographicallyPrecedes($1) }
        for (key, table) in zip(keys, Parallel.map(keys.count) { builder.expandProtocols(keys[$0]) }) {
            witnessTables[key] = table
        }
        let endNames = ends.sorted()
        for (end, index) in zip(endNames, Parallel.map(endNames.count) { builder.overrideIndex(for: endNames[$0]) }) {
            overridable[end] = index
        }
        let levels = Dictionary(grouping: ids) { chains[$0]?.ancestors.count ?? 0 }
        for depth in levels.keys.sorted() {
            let level = levels[depth] ?? []
            let builder = self
            let chains = chains
            let results = Parallel.map(level.count) { index in
                builder.resolve(
                    level[index], chain: chains[level[index]] ?? Chain(ancestors: [], end: nil, protocols: []))
            }
            for (id, result) in zip(level, results) { resolved[id] = result }
        }
    }

    /// Exposure of every member of a class; its ancestors are already resolved.
    func resolve(_ id: Int, chain: Chain) -> ResolvedClass {
        let objcMembers = ([id] + chain.ancestors).contains { swiftClasses[$0].declaration.attributes.objcMembers }
        let protocols = witnessTables[chain.protocols] ?? WitnessTable.empty
        let overridable = chain.end.flatMap { self.overridable[$0] } ?? ImportedNameIndex.empty
        // A type nobody knows in the class's chain or conformances: its methods may witness it.
        let module = swiftClasses[id].module
        let open =
            ([id] + chain.ancestors).contains { swiftClasses[$0].unknownAncestor != nil }
            || chain.protocols.contains { !isKnownType($0, module: module) }
            || (chain.end.map { known.chainEnd(of: $0) != .root } ?? false)
        var result = ResolvedClass()
        for (member, context) in swiftClasses[id].members {
            let exposure = expose(
                member, context: context, typeAccess: swiftClasses[id].declaration.access ?? .internal,
                objcMembers: objcMembers, protocols: protocols,
                overridable: overridable, ancestors: chain.ancestors)
            record(
                member, exposure, context: context, typeAccess: swiftClasses[id].declaration.access ?? .internal,
                open: open,
                into: &result)
        }
        return result
    }

    /// The witness table of a set of protocols, built on first use (see `WitnessTable`).
    mutating func witnessTable(for protocols: [String]) -> WitnessTable {
        let key = Array(Set(protocols)).sorted()
        if let table = witnessTables[key] { return table }
        let table = expandProtocols(key)
        witnessTables[key] = table
        return table
    }

    /// The protocols the SDK or Objective-C end of a chain adopts (UITableViewController is its
    /// table view's delegate and data source).
    func inheritedConformances(of className: String?) -> [String] {
        guard let className else { return [] }
        var result: [String] = []
        for model in [className] + known.superclassNames(of: className) {
            result += known.protocols(of: model)
        }
        return result
    }

    /// `names` and the protocols they inherit, each once, in the order found.
    private func allProtocols(inheritedFrom names: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        var pending = expandingAliases(names).map { String($0.split(separator: ".").last ?? "") }
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            result.append(name)
            pending += sdk.protocolHeader(named: name)?.protocols ?? []
            pending += objcProtocols[name]?.inherited ?? []
            pending += swiftProtocols[name]?.inherited ?? []
        }
        return result
    }

    /// One Objective-C protocol's requirements by importer name: the SDK model's, or a scanned
    /// header's by selector.
    func protocolPart(_ name: String) -> ImportedNameIndex {
        ImportedNameIndex(
            members: sdk.protocol(named: name)?.members ?? [], selectors: objcProtocols[name]?.selectors ?? [])
    }

    /// One SDK class's own members by importer name.
    func classPart(_ name: String) -> ImportedNameIndex {
        ImportedNameIndex(members: sdk.class(named: name)?.members ?? [], selectors: [])
    }

    /// The witness table of `names` and of the protocols they inherit: Swift protocols'
    /// requirements by Swift name, the SDK model's by importer name, scanned Objective-C ones by
    /// selector.
    func expandProtocols(_ names: [String]) -> WitnessTable {
        var swift: [WitnessTable.Requirement] = []
        var imported: [ImportedNameIndex] = []
        for name in allProtocols(inheritedFrom: names) {
            imported.append(protocolParts[name] ?? protocolPart(name))
            for member in swiftProtocols[name]?.members ?? [] where !member.isOperator {
                swift.append(
                    WitnessTable.Requirement(selectors: self.selectors(of: member), swiftName: member.swiftName))
            }
        }
        return WitnessTable(swift: swift, imported: ImportedNameIndex(combining: imported))
    }

    /// What an override in a class whose chain ends at `end` may override: the SDK members of
    /// `end` and its SDK ancestors by importer name, and every other selector the chain declares.
    func overrideIndex(for end: String) -> ImportedNameIndex {
        let classes = [end] + known.superclassNames(of: end)
        var declared = known.selectors(visibleFrom: end)
        for name in classes {
            for member in sdk.class(named: name)?.members ?? [] { declared.remove(member.selector) }
        }
        return ImportedNameIndex(
            combining: classes.map { classParts[$0] ?? classPart($0) }
                + [ImportedNameIndex(members: [], selectors: declared.sorted())])
    }

    enum Exposure {
        case exposed([String])
        /// The selectors it would have.
        case unexposed([String])
        /// Seen by the runtime under a selector nobody can know: these are the ones it may be.
        case possible([String])
        case none
    }

    /// Whether the runtime sees `member`, and under which selectors. The order is the
    /// compiler's (TypeCheckDecl.cpp, shouldMarkAsObjC): `@nonobjc`; `@objc` and the attributes
    /// implying it; an `@objc extension`; `@objcMembers` (not for private members, and only
    /// when representable); an override of an Objective-C method; a witness of an `@objc`
    /// protocol requirement. `dynamic` alone no longer exposes (SE-0160). The selector: an
    /// explicit `@objc(name)`, else the overridden method's, else the requirement's, else the
    /// naming rules'.
    func expose(
        _ member: SwiftMember, context: MemberContext, typeAccess: SwiftAccess, objcMembers: Bool,
        protocols: WitnessTable,
        overridable: ImportedNameIndex, ancestors: [Int]
    ) -> Exposure {
        if member.isOperator || (member.kind == .property && member.name.isEmpty) { return .none }
        let computed = selectors(of: member)
        let explicit = member.attributes.objc || member.attributes.impliesObjC
        if member.attributes.nonobjc || (context.nonobjcExtension && !explicit) { return .unexposed(computed) }
        let access = member.access ?? context.access ?? .internal
        var exposed = explicit || context.objcExtension
        var setterExposed = true
        if !exposed, objcMembers, access > .fileprivate, isRepresentable(member) {
            exposed = true
            if let setterAccess = member.setterAccess, setterAccess <= .fileprivate { setterExposed = false }
        }
        // The name an override or a witness gives it.
        var inherited: [String]?
        var overridesObjectiveC = false
        if member.isOverride || member.kind == .initializer {
            switch overridden(member, computed: computed, overridable: overridable, ancestors: ancestors) {
            case .objectiveC(let names):
                inherited = names
                overridesObjectiveC = true
            case .possible(let names):
                return .possible(names)
            case .swiftOnly:
                break
            case .notFound:
                // An SDK class implements the protocols it adopts without redeclaring their
                // methods (`UITableViewController` and `tableView(_:canEditRowAt:)`): an override
                // of one takes the requirement's selector. Otherwise it overrides something the
                // scan and the SDK model do not name (an unknown ancestor's method, a gap in the
                // model): Objective-C, but under a selector nobody can know — never invented
                // from its Swift name (SPEC §10.1).
                if member.isOverride {
                    if let objcName = member.attributes.objcName, member.kind != .property {
                        inherited = [objcName]
                    } else if let witness = protocols.witness(member, computed: computed) {
                        inherited = witness
                    } else {
                        return .possible(ImportedSelectorCandidates.candidates(of: member))
                    }
                    overridesObjectiveC = true
                }
            }
        }
        // A witness must be as accessible as the type that conforms, or the protocol if that is
        // less ("method must be declared internal because it matches a requirement in protocol"):
        // a private method of an internal class witnesses nothing, SDK protocols included, so
        // the runtime never sees it (the rule `UnexposedSignature` applies to unknown protocols).
        let mayWitness = access > .fileprivate || typeAccess <= .fileprivate
        if !overridesObjectiveC, inherited == nil, mayWitness,
            let witness = protocols.witness(member, computed: computed)
        {
            inherited = witness
            exposed = true
        }
        if overridesObjectiveC { exposed = true }
        guard exposed else { return .unexposed(computed) }
        var names = inherited ?? computed
        if let objcName = member.attributes.objcName, member.kind != .property { names = [objcName] }
        if member.kind == .property, !setterExposed, names.count > 1 { names = [names[0]] }
        return .exposed(names)
    }

    enum Overridden {
        case objectiveC([String])
        /// An ancestor's member whose selector nobody can know.
        case possible([String])
        case swiftOnly
        case notFound
    }

    /// The member `member` overrides: in a Swift ancestor (by Swift name), or among the
    /// selectors of the Objective-C end of the chain (exact, a known UIKit rename, or by
    /// keyword prefixes).
    func overridden(_ member: SwiftMember, computed: [String], overridable: ImportedNameIndex, ancestors: [Int])
        -> Overridden
    {
        let key = memberKey(member)
        for ancestor in ancestors {
            if let found = resolved[ancestor]?.members[key] {
                if found.possible { return .possible(found.selectors) }
                return found.exposed ? .objectiveC(found.selectors) : .swiftOnly
            }
        }
        guard !overridable.isEmpty, let names = overridable.selectors(for: member, computed: computed) else {
            return .notFound
        }
        return .objectiveC(names)
    }

    /// The selectors the naming rules give a member (computed when it was parsed).
    func selectors(of member: SwiftMember) -> [String] { member.namedSelectors }

    func memberKey(_ member: SwiftMember) -> String {
        (member.isStatic ? "static " : "") + (member.kind == .property ? "var " : "") + member.swiftName
    }

    /// Records a member's exposure; `open` says the class adopts or descends from a type nobody
    /// knows, so an unexposed method may witness one of its requirements under a selector the
    /// importer could have named it from.
    func record(
        _ member: SwiftMember, _ exposure: Exposure, context: MemberContext, typeAccess: SwiftAccess,
        open: Bool = false,
        into result: inout ResolvedClass
    ) {
        let location = SourceLine(path: context.path, line: member.line).description
        if let branch = member.compiledOut {
            // The runtime never has it in this build, whatever it would be called.
            for name in member.namedSelectors where result.compiledOut[name] == nil {
                result.compiledOut[name] = branch
                if result.memberSources[name] == nil { result.memberSources[name] = location }
            }
            return
        }
        if member.isStatic {
            // The class object answers a type member, never an instance, so no hook attaches to it
            // whether the runtime sees it or not (`class-method`); an override of it is one too.
            let names: [String]
            let exposed: Bool
            switch exposure {
            case .exposed(let selectors): (names, exposed) = (selectors, true)
            case .unexposed(let selectors), .possible(let selectors): (names, exposed) = (selectors, false)
            case .none: return
            }
            for name in names where result.classMethods[name] == nil {
                result.classMethods[name] = member.staticDeclaration
                if result.memberSources[name] == nil { result.memberSources[name] = location }
            }
            result.members[memberKey(member)] = ResolvedMember(exposed: exposed, selectors: names)
            return
        }
        switch exposure {
        case .exposed(let names):
            result.selectors.formUnion(names)
            result.members[memberKey(member)] = ResolvedMember(exposed: true, selectors: names)
        case .unexposed(let names):
            if member.kind == .subscriptDecl { return }
            let access = member.access ?? context.access ?? .internal
            let signature = UnexposedSignature.written(member.swiftName, access: access, typeAccess: typeAccess)
            for name in names where result.unexposed[name] == nil {
                result.unexposed[name] = signature
                result.memberSources[name] = location
            }
            if open, UnexposedSignature.mayWitnessUnknownProtocols(signature) {
                for name in ImportedSelectorCandidates.candidates(of: member)
                where result.unexposed[name] == nil && result.possible[name] == nil {
                    result.possible[name] = signature
                    result.memberSources[name] = location
                }
            }
            result.members[memberKey(member)] = ResolvedMember(exposed: false, selectors: names)
        case .possible(let names):
            let signature = "override " + member.swiftName
            for name in names where result.possible[name] == nil {
                result.possible[name] = signature
                result.memberSources[name] = location
            }
            result.members[memberKey(member)] = ResolvedMember(exposed: false, possible: true, selectors: names)
        case .none:
            return
        }
    }

    /// What `@objcMembers` exposes: members whose types Objective-C can represent. A heuristic
    /// on the types as written (the compiler decides with full type information): generic
    /// methods, tuples, optionals of numbers, variadics, `inout`, and the app's structs,
    /// non-`@objc` enums and Swift-only protocols are not representable.
    func isRepresentable(_ member: SwiftMember) -> Bool {
        if member.hasGenericParameters || member.kind == .subscriptDecl { return false }
        let valueOptionals = [
            "Int?", "Int!", "Bool?", "Bool!", "Double?", "Float?", "CGFloat?", "UInt?", "Int64?", "Int32?",
            "TimeInterval?", "CGPoint?", "CGSize?", "CGRect?", "Character?"
        ]
        var types = member.parameterTypes
        if let result = member.resultType { types.append(result) }
        for type in types {
            let compact = type.replacingOccurrences(of: " ", with: "")
            if valueOptionals.contains(compact) || compact.hasPrefix("inout") || compact.contains("...")
                || compact == "Character"
            {
                return false
            }
            if compact.hasPrefix("("), !SwiftSelectorNaming.isFunctionType(compact), compact.contains(",") {
                return false
            }  // a tuple
            for word in compact.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            where swiftOnlyTypes.contains(String(word)) {
                return false
            }
        }
        if member.throwsErrors, let result = member.resultType,
            ["Int", "Bool", "Double", "Float", "CGFloat", "UInt"].contains(result)
        {
            return false
        }
        return true
    }
}
