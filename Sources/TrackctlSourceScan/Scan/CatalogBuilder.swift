import TrackctlModel
/// Turns the declarations of every scanned file into catalog models, the way the Objective-C
/// runtime will see the app: Objective-C classes with their categories and implementations
/// merged; Swift classes under their runtime names (`Module.Name` or `@objc(Name)`) with the
/// members the runtime can see and, apart, those it cannot; categories and Swift extensions
/// on classes defined elsewhere as category entries.
///
/// Single-threaded, after the parallel per-file scan: resolving a superclass or an extension
/// needs every file's declarations. Its state is module-internal only so that its extension
/// files (`+Exposure`, `+RuntimeNames`) can share it; nothing but `build` is called from outside.
import TrackctlSDK

struct CatalogBuilder {
    struct ScannedFile: Sendable {
        var file: SourceTree.File
        var module: String
        /// The kept targets that compile it; empty when nothing says.
        var targets: [String] = []
        var declarations: FileDeclarations
    }

    /// The built-in classes: what a superclass name, an override or a protocol resolves to
    /// when the app does not declare it.
    var known: Catalog
    var skipped: [SkippedConstruct] = []

    // Objective-C, merged by class name.
    struct ObjCClass {
        var name: String
        var superclass: String?
        var isDefined = false
        var selectors = Set<String>()
        /// `+` methods and class properties' accessors.
        var classMethods = Set<String>()
        var protocols: [String] = []
        var source: SourceLine
        var definitionSource: SourceLine?

        /// Each class method as declared (`+ selector`), for `ScreenModel.classMethods`.
        var classMethodDeclarations: [String: String] {
            Dictionary(uniqueKeysWithValues: classMethods.map { ($0, "+ " + $0) })
        }
    }
    var objcClasses: [String: ObjCClass] = [:]
    var objcClassOrder: [String] = []
    var objcProtocols: [String: ObjCProtocolDeclaration] = [:]

    // Swift.
    struct SwiftClass {
        var declaration: SwiftTypeDeclaration
        var module: String
        var path: String
        var runtimeName: String
        /// `Outer.Inner` for a nested class: its enclosing types' names and its own.
        var qualifiedName: String
        /// The targets compiling its file: which of two same-named classes an extension joins.
        var targets: [String] = []
        /// Another kept target declared this runtime name first (the same module twice): the
        /// class stays apart, an alternate of the first (SPEC §10, `ambiguous-class`).
        var isAlternate = false
        var superclass: TypeReference?
        /// The first inherited type when nobody knows it: the chain is open there (SPEC §10.1).
        var unknownAncestor: String?
        /// Members with the extension (or class body) they were declared in.
        var members: [(member: SwiftMember, context: MemberContext)] = []
        /// Protocols named in the class's and its extensions' inheritance clauses.
        var conformances: [String] = []
    }
    enum TypeReference: Equatable {
        case swift(Int)
        /// An Objective-C class of the scan, a built-in class, or one nobody declares.
        case named(String)
    }
    struct MemberContext {
        var objcExtension = false
        var nonobjcExtension = false
        var access: SwiftAccess?
        /// The file of the class body or extension, for where an unexposed member is.
        var path: String
    }
    private(set) var swiftClasses: [SwiftClass] = []
    var swiftClassesByName: [String: [Int]] = [:]
    var swiftProtocols: [String: SwiftTypeDeclaration] = [:]
    /// Structs, non-`@objc` enums and Swift-only protocols: not representable in Objective-C.
    var swiftOnlyTypes = Set<String>()
    /// Every struct, enum, class, actor and protocol by module and qualified name (`Outer.Inner`):
    /// the contexts a nested class's runtime name is made of.
    private(set) var nominalTypes: [NominalKey: SwiftEnclosingType] = [:]
    struct NominalKey: Hashable {
        var module: String
        var qualifiedName: String
    }
    /// A nested class's `Module.Outer.Inner` spelling, which the runtime never registers: the
    /// entry naming it is told the mangled name (`unknown-class`).
    var nestedSpellings: [UnreachableClass] = []
    /// `typealias Navigateable = NavigateableCore & NavigateableRelay`: adopting the alias adopts
    /// each part.
    var protocolAliases: [String: [String]] = [:]
    /// Extensions of classes defined elsewhere (UIKit, a library, Objective-C of the scan).
    var externalExtensions: [(target: String, declaration: SwiftTypeDeclaration, path: String)] = []

    // Resolution state.
    enum Visibility: Equatable { case unknown, inProgress, visible, hidden }
    var visibility: [Visibility] = []
    var resolved: [ResolvedClass?] = []
    /// Witness tables by protocol set, and override candidates by chain end (the selectors the
    /// Objective-C end of a chain declares or inherits, which a Swift override takes): built
    /// once, shared by every class with the same set or end (most view controllers adopt the
    /// same few protocols and end at `UIViewController`). Safe to keep: protocols and known
    /// models are complete before the first class is resolved, and never change after.
    var witnessTables: [[String]: WitnessTable] = [:]
    var overridable: [String: ImportedNameIndex] = [:]
    /// The parts those are combined from, by protocol and by SDK class (see `ImportedNameIndex`).
    var protocolParts: [String: ImportedNameIndex] = [:]
    var classParts: [String: ImportedNameIndex] = [:]
    let sdk = SDKModel.iOS
    struct ResolvedClass {
        var selectors = Set<String>()
        var unexposed: [String: String] = [:]
        /// Selectors a member may have that nobody can know (`ScreenModel.possible`).
        var possible: [String: String] = [:]
        /// Type members (`class func`, `static var`): each selector → the declaration as written.
        var classMethods: [String: String] = [:]
        /// Members of a branch the build does not compile: each selector → that branch.
        var compiledOut: [String: String] = [:]
        /// `path:line` of each unexposed, possible or class method.
        var memberSources: [String: String] = [:]
        /// By Swift name and kind: the selectors of each member, for overrides in subclasses.
        var members: [String: ResolvedMember] = [:]
    }

    /// What a subclass's override of a member inherits.
    struct ResolvedMember {
        var exposed: Bool
        /// Its selector cannot be known (`ScreenModel.possible`): an override of it cannot be either.
        var possible = false
        var selectors: [String]
    }

    init(known: Catalog) {
        self.known = known
    }

    /// The models and what was skipped, from the files in scan order.
    static func build(_ files: [ScannedFile], known: Catalog) -> (
        models: [ScreenModel], alternates: [ScreenModel], skipped: [SkippedConstruct],
        nestedSpellings: [UnreachableClass]
    ) {
        var builder = CatalogBuilder(known: known)
        for file in files { builder.collect(file) }
        builder.registerObjectiveC()
        builder.resolveSwiftSuperclasses()
        builder.attachExtensions(files)
        // Extensions of classes defined elsewhere first: an `@objc` method one adds to
        // UIViewController is what a view controller's `override` overrides.
        let categories = builder.externalCategoryModels()
        for category in categories { builder.known.register(category) }
        var models = builder.objectiveCModels()
        let swift = builder.swiftModels()
        models += swift.models
        models += categories
        return (
            Self.mergeCategories(models), swift.alternates, builder.skipped.sorted(),
            builder.nestedSpellings.sorted { $0.name < $1.name }
        )
    }

    // MARK: - Collecting

    mutating func collect(_ scanned: ScannedFile) {
        let path = scanned.file.path
        skipped += scanned.declarations.skipped
        for declaration in scanned.declarations.objcClasses {
            let location = SourceLine(path: path, line: declaration.line)
            if objcClasses[declaration.name] == nil { objcClassOrder.append(declaration.name) }
            var model = objcClasses[declaration.name] ?? ObjCClass(name: declaration.name, source: location)
            model.selectors.formUnion(declaration.selectors)
            model.classMethods.formUnion(declaration.classMethods)
            for name in declaration.protocols where !model.protocols.contains(name) { model.protocols.append(name) }
            if declaration.category == nil {
                if let superclass = declaration.superclass {
                    if let existing = model.superclass, existing != superclass {
                        skipped.append(
                            SkippedConstruct(
                                location: location, reason: .conflictingDefinition, name: declaration.name,
                                detail:
                                    "'\(declaration.name)' is also declared with superclass '\(existing)' at "
                                    + "\(model.definitionSource ?? model.source); the first is kept"
                            ))
                    } else {
                        model.superclass = superclass
                    }
                }
                // Only an `@interface` says what the class is; an `@implementation` whose
                // interface the scan never saw (a header left out) adds selectors to a class
                // defined elsewhere, like a category, and leaves its chain open.
                if declaration.kind == .interface {
                    if !model.isDefined { model.definitionSource = location }
                    model.isDefined = true
                } else if model.definitionSource == nil {
                    model.definitionSource = location
                }
            }
            objcClasses[declaration.name] = model
        }
        for declaration in scanned.declarations.objcProtocols where objcProtocols[declaration.name] == nil {
            objcProtocols[declaration.name] = declaration
        }
        for alias in scanned.declarations.typeAliases where protocolAliases[alias.name] == nil {
            protocolAliases[alias.name] = alias.parts
        }
        for declaration in scanned.declarations.swiftTypes {
            let qualifiedName = (declaration.enclosing.map(\.name) + [declaration.name]).joined(separator: ".")
            if let branch = declaration.compiledOut {
                // One class in both branches of one `#if` is one class: the branch compiled.
                if declaration.kind == .class,
                    !scanned.declarations.swiftTypes.contains(where: {
                        $0.compiledOut == nil && $0.kind == .class && $0.name == declaration.name
                            && $0.enclosing.map(\.name) == declaration.enclosing.map(\.name)
                    })
                {
                    skipped.append(
                        SkippedConstruct(
                            location: SourceLine(path: path, line: declaration.line), reason: .compiledOut,
                            name: qualifiedName,
                            detail: "it is inside `\(branch)`, a branch the scanned build does not compile "
                                + "(--platform, --configuration)",
                            spocName: declaration.attributes.objcName ?? "\(scanned.module).\(qualifiedName)"))
                }
                continue
            }
            if declaration.kind != .extension {
                let key = NominalKey(module: scanned.module, qualifiedName: qualifiedName)
                if nominalTypes[key] == nil {
                    nominalTypes[key] = SwiftEnclosingType(
                        kind: declaration.kind, name: declaration.name,
                        hasGenericParameters: declaration.hasGenericParameters, access: declaration.access)
                }
            }
            switch declaration.kind {
            case .class:
                // A nested class's mangled name needs every file's types: named once all are read
                // (`nameNestedClasses`); until then its qualified name keeps two apart.
                let runtimeName = declaration.attributes.objcName ?? "\(scanned.module).\(qualifiedName)"
                // Two file-private classes of one name (test mocks) are not one runtime name: the
                // compiler gives each a private discriminator, so neither is an alternate.
                func isFilePrivate(_ access: SwiftAccess?) -> Bool { access.map { $0 <= .fileprivate } ?? false }
                let isAlternate =
                    !isFilePrivate(declaration.access)
                    && swiftClasses.contains {
                        $0.runtimeName == runtimeName && ($0.path != path || $0.declaration.line != declaration.line)
                            && !isFilePrivate($0.declaration.access)
                    }
                swiftClassesByName[declaration.name, default: []].append(swiftClasses.count)
                swiftClasses.append(
                    SwiftClass(
                        declaration: declaration, module: scanned.module, path: path, runtimeName: runtimeName,
                        qualifiedName: qualifiedName, targets: scanned.targets,
                        isAlternate: isAlternate))
            case .protocol:
                if declaration.attributes.objc {
                    swiftProtocols[declaration.name] = declaration
                } else {
                    swiftOnlyTypes.insert(declaration.name)
                }
            case .struct, .actor:
                swiftOnlyTypes.insert(declaration.name)
            case .enum:
                if !declaration.attributes.objc { swiftOnlyTypes.insert(declaration.name) }
            case .extension:
                break  // attached once every class is known
            }
        }
    }

    /// The scan's Objective-C classes join the known ones, so Swift superclasses, overrides
    /// and extensions resolve against them.
    mutating func registerObjectiveC() {
        for name in objcClassOrder {
            guard let model = objcClasses[name], model.isDefined else { continue }
            known.register(
                ScreenModel(
                    name: name, superclass: model.superclass, selectors: model.selectors, origin: .scan,
                    protocols: model.protocols, classMethods: model.classMethodDeclarations))
        }
    }

    // MARK: - Swift classes

    /// What a type name written in Swift refers to, seen from `module` in a file that `targets`
    /// compile (of two same-named classes of one module, the one of the same target).
    func resolveClass(_ written: String, module: String, targets: [String] = []) -> TypeReference? {
        let parts = written.split(separator: ".").map(String.init)
        guard let name = parts.last else { return nil }
        func sameTarget(_ id: Int) -> Bool {
            !targets.isEmpty && swiftClasses[id].targets.contains { targets.contains($0) }
        }
        if parts.count >= 2, let ids = swiftClassesByName[name],
            let id = ids.first(where: { swiftClasses[$0].module == parts[0] && sameTarget($0) })
                ?? ids.first(where: { swiftClasses[$0].module == parts[0] })
        {
            return .swift(id)
        }
        if let ids = swiftClassesByName[name] {
            if let id = ids.first(where: { swiftClasses[$0].module == module && sameTarget($0) })
                ?? ids.first(where: { swiftClasses[$0].module == module })
            {
                return .swift(id)
            }
            if parts.count == 1, let id = ids.first { return .swift(id) }
        }
        if objcClasses[name]?.isDefined == true || known.contains(name) { return .named(name) }
        // An SDK class by its Swift name: `Timer` is NSTimer, `URLSession` NSURLSession.
        if let header = sdk.classHeader(named: name), header.swiftName == name { return .named(header.name) }
        if objcClasses[name] == nil, let superclass = SwiftLibraryClasses.objectiveCSuperclass[name] {
            return .named(superclass)
        }
        return nil
    }

    /// Whether `name` is a protocol someone knows: the scan's, the SDK model's, or Swift's own.
    /// A name nobody knows is neither a protocol nor a class (SPEC §10.1: unknown is a warning).
    func isProtocol(_ name: String) -> Bool {
        let bare = String(name.split(separator: ".").last ?? "")
        return swiftProtocols[bare] != nil || objcProtocols[bare] != nil || sdk.hasProtocol(named: bare)
            || SwiftLibraryProtocols.names.contains(bare) || swiftOnlyTypes.contains(bare)
            || protocolAliases[bare] != nil
    }

    /// `names` with each protocol composition alias replaced by its parts (aliases of aliases
    /// too, a few levels deep).
    func expandingAliases(_ names: [String], depth: Int = 0) -> [String] {
        guard !protocolAliases.isEmpty, depth < 8 else { return names }
        return names.flatMap { name -> [String] in
            guard let parts = protocolAliases[String(name.split(separator: ".").last ?? "")] else { return [name] }
            return expandingAliases(parts, depth: depth + 1)
        }
    }

    /// Whether a type in an inheritance clause is known as a class or a protocol.
    func isKnownType(_ name: String, module: String) -> Bool {
        isProtocol(name) || resolveClass(name, module: module) != nil
    }

    /// Each Swift class's superclass: its first inherited type when that is a class — one of
    /// the app's, a built-in one, or a name nobody declares that does not look like a protocol.
    mutating func resolveSwiftSuperclasses() {
        for id in swiftClasses.indices {
            let declaration = swiftClasses[id].declaration
            if let first = declaration.inherited.first {
                if let reference = resolveClass(
                    first, module: swiftClasses[id].module, targets: swiftClasses[id].targets)
                {
                    swiftClasses[id].superclass = reference
                } else if !isProtocol(first) {
                    // A package's class or protocol: no superclass is guessed from it.
                    swiftClasses[id].unknownAncestor = first
                }
            }
            let conformances = declaration.inherited.dropFirst(swiftClasses[id].superclass == nil ? 0 : 1)
            swiftClasses[id].conformances = expandingAliases(Array(conformances))
            let path = swiftClasses[id].path
            swiftClasses[id].members = declaration.members.map { ($0, MemberContext(access: nil, path: path)) }
        }
        visibility = Array(repeating: .unknown, count: swiftClasses.count)
        resolved = Array(repeating: nil, count: swiftClasses.count)
        for id in swiftClasses.indices { _ = isVisible(id) }
    }

    /// Whether the runtime registers the class under a name a SPOC can use: not generic, not a
    /// Swift root class, not nested unless `@objc(Name)` names it, and none of its Swift
    /// ancestors is one of those.
    mutating func isVisible(_ id: Int) -> Bool {
        switch visibility[id] {
        case .visible: return true
        case .hidden, .inProgress: return false
        case .unknown: break
        }
        visibility[id] = .inProgress
        let declaration = swiftClasses[id].declaration
        let location = SourceLine(path: swiftClasses[id].path, line: declaration.line)
        var skip: SkippedConstruct?
        let spocName = "\(swiftClasses[id].module).\(swiftClasses[id].qualifiedName)"
        let nested =
            declaration.isNested && declaration.attributes.objcName == nil
            ? nestedRuntimeName(id, location: location, spocName: spocName) : nil
        if declaration.hasGenericParameters {
            skip = SkippedConstruct(
                location: location, reason: .genericClass, name: swiftClasses[id].qualifiedName,
                detail: "generic classes are not Objective-C classes", spocName: spocName)
        } else if case .hidden(let problem)? = nested {
            skip = problem
        } else if let access = effectiveAccess(of: declaration), access <= .fileprivate,
            declaration.attributes.objcName == nil
        {
            skip = privateClass(id, access: access, location: location, spocName: spocName)
        } else {
            switch swiftClasses[id].superclass {
            case nil where swiftClasses[id].unknownAncestor != nil:
                break
            case nil:
                skip = SkippedConstruct(
                    location: location, reason: .swiftRootClass, name: declaration.name,
                    detail: "it has no superclass, so the Objective-C runtime never sees it (inherit from NSObject)",
                    spocName: spocName)
            case .swift(let parent):
                if !isVisible(parent) {
                    skip = SkippedConstruct(
                        location: location, reason: .nonObjCAncestor, name: declaration.name,
                        detail: "its superclass '\(swiftClasses[parent].declaration.name)' is not an Objective-C class",
                        spocName: spocName)
                }
            case .named:
                break
            }
        }
        if let skip { skipped.append(skip) }
        if skip == nil, case .named(let mangledName)? = nested {
            swiftClasses[id].runtimeName = mangledName
            // `Module.Outer.Inner`, and `Module.Inner` with the nesting forgotten: neither is
            // registered (a real class of that name is found before these are looked at).
            for written in [spocName, "\(swiftClasses[id].module).\(declaration.name)"] {
                nestedSpellings.append(
                    UnreachableClass(
                        name: written, swiftName: swiftClasses[id].qualifiedName,
                        why: "a class nested in another type is registered under its mangled name '\(mangledName)' "
                            + "(NSStringFromClass returns it, NSClassFromString finds it), never as '\(written)': "
                            + "write '\(mangledName)', or give the class @objc(Name)",
                        source: location.description, runtimeName: mangledName))
            }
        }
        visibility[id] = skip == nil ? .visible : .hidden
        return skip == nil
    }

    /// Extensions join their class: its members and conformances; extensions of classes
    /// defined elsewhere are kept apart, as categories.
    mutating func attachExtensions(_ files: [ScannedFile]) {
        for scanned in files {
            for declaration in scanned.declarations.swiftTypes
            where declaration.kind == .extension && declaration.compiledOut == nil {
                let context = MemberContext(
                    objcExtension: declaration.attributes.objc, nonobjcExtension: declaration.attributes.nonobjc,
                    access: declaration.access, path: scanned.file.path)
                // An extension of a generic library class (UIHostingController) adds nothing the
                // runtime sees: "members of extensions of generic classes cannot be declared @objc".
                let bare = String(declaration.name.split(separator: ".").last ?? "")
                if SwiftLibraryClasses.objectiveCSuperclass[bare] != nil, swiftClassesByName[bare] == nil,
                    objcClasses[bare] == nil
                {
                    continue
                }
                switch resolveClass(declaration.name, module: scanned.module, targets: scanned.targets) {
                case .swift(let id):
                    swiftClasses[id].members += declaration.members.map { ($0, context) }
                    for name in expandingAliases(declaration.inherited)
                    where !swiftClasses[id].conformances.contains(name) {
                        swiftClasses[id].conformances.append(name)
                    }
                case .named(let name):
                    externalExtensions.append((name, declaration, scanned.file.path))
                case nil:
                    // A type nobody declares: a library's class if members say Objective-C,
                    // else a value type or protocol of another module (nothing for the runtime).
                    let explicit =
                        declaration.attributes.objc
                        || declaration.members.contains { $0.attributes.objc || $0.attributes.impliesObjC }
                    if explicit, !isProtocol(bare), !swiftOnlyTypes.contains(bare), !Self.swiftValueTypes.contains(bare)
                    {
                        externalExtensions.append((bare, declaration, scanned.file.path))
                    }
                }
            }
        }
    }

    /// Standard library value types: their extensions never reach the Objective-C runtime.
    static let swiftValueTypes: Set<String> = [
        "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double",
        "Float", "CGFloat", "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result", "Date", "Data",
        "URL",
        "UUID", "Decimal", "CGPoint", "CGSize", "CGRect", "NSRange", "IndexPath", "Notification", "Collection",
        "Sequence",
        "View", "Color", "Font", "Image", "Text", "Binding", "TimeInterval", "Range", "ClosedRange", "Error"
    ]

    // MARK: - Models

    func objectiveCModels() -> [ScreenModel] {
        objcClassOrder.compactMap { name in
            guard let model = objcClasses[name] else { return nil }
            return ScreenModel(
                name: name, superclass: model.isDefined ? model.superclass : nil, selectors: model.selectors,
                origin: .scan, source: (model.definitionSource ?? model.source).description,
                protocols: model.protocols, isCategory: !model.isDefined, classMethods: model.classMethodDeclarations)
        }
    }

    /// Swift extensions of classes defined elsewhere: category entries with their exposed and
    /// unexposed members.
    mutating func externalCategoryModels() -> [ScreenModel] {
        var models: [ScreenModel] = []
        for (target, declaration, path) in externalExtensions {
            let context = MemberContext(
                objcExtension: declaration.attributes.objc, nonobjcExtension: declaration.attributes.nonobjc,
                access: declaration.access, path: path)
            let protocols = witnessTable(for: declaration.inherited + inheritedConformances(of: target))
            var result = ResolvedClass()
            // An extension may override an Objective-C member of the class's ancestors
            // (`extension UINavigationController { override var childForStatusBarStyle … }`
            // compiles, as the method is `@objc`): it takes the overridden member's selector.
            let overridable =
                declaration.members.contains(where: \.isOverride)
                ? (overridable[target] ?? overrideIndex(for: target)) : ImportedNameIndex.empty
            for member in declaration.members {
                record(
                    member,
                    expose(
                        member, context: context, typeAccess: .public, objcMembers: false, protocols: protocols,
                        overridable: overridable, ancestors: []),
                    context: context, typeAccess: .public, into: &result)
            }
            guard
                !result.selectors.isEmpty || !result.unexposed.isEmpty || !result.classMethods.isEmpty
                    || !declaration.inherited.isEmpty
            else {
                continue
            }
            models.append(
                ScreenModel(
                    name: target, superclass: nil, selectors: result.selectors, origin: .scan,
                    source: SourceLine(path: path, line: declaration.line).description,
                    unexposed: result.unexposed.filter { !result.selectors.contains($0.key) },
                    protocols: declaration.inherited, isCategory: true, memberSources: result.memberSources,
                    possible: result.possible.filter { !result.selectors.contains($0.key) },
                    classMethods: result.classMethods,
                    compiledOut: result.compiledOut.filter { !result.selectors.contains($0.key) }))
        }
        return models
    }

    /// One model per class: categories join their class's definition when the scan has it.
    static func mergeCategories(_ models: [ScreenModel]) -> [ScreenModel] {
        var byName: [String: Int] = [:]
        var result: [ScreenModel] = []
        for model in models {
            guard let index = byName[model.name] else {
                byName[model.name] = result.count
                result.append(model)
                continue
            }
            var merged = result[index]
            if merged.isCategory, !model.isCategory {
                let category = merged
                merged = model
                merged.mergeMembers(of: category)
            } else {
                merged.mergeMembers(of: model)
            }
            merged.unexposed = merged.unexposed.filter { !merged.selectors.contains($0.key) }
            merged.possible = merged.possible.filter {
                !merged.selectors.contains($0.key) && merged.unexposed[$0.key] == nil
            }
            result[index] = merged
        }
        return result.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
