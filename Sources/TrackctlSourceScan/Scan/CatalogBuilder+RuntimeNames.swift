import TrackctlModel

/// How `CatalogBuilder` names a class the runtime registers under a mangled name: a nested
/// class's `_TtC…` (`RuntimeClassName`) from its contexts as the scan read them, or why its
/// name cannot be known (a generic, private or other module's context), and a private one's.
extension CatalogBuilder {
    /// A nested class's contexts, outermost first, as declared (an extension's extended type
    /// looked up in the class's module); nil names the first context the scan did not read.
    func contexts(of id: Int) -> Result<[SwiftEnclosingType], RuntimeClassName.Unknowable> {
        let swiftClass = swiftClasses[id]
        let parts = swiftClass.qualifiedName.split(separator: ".").map(String.init).dropLast()
        var levels: [SwiftEnclosingType] = []
        for count in parts.indices {
            let prefix = parts[...count].joined(separator: ".")
            guard let type = nominalTypes[NominalKey(module: swiftClass.module, qualifiedName: prefix)] else {
                return .failure(.unknownContext(prefix))
            }
            levels.append(type)
        }
        return .success(levels)
    }

    /// A nested class's mangled runtime name (`RuntimeClassName`), or why the source cannot give
    /// one (a context the scan did not read, a generic or private one).
    func nestedRuntimeName(_ id: Int, location: SourceLine, spocName: String) -> NestedRuntimeName {
        let swiftClass = swiftClasses[id]
        let name = swiftClass.qualifiedName
        func skipped(_ reason: SkippedConstruct.Reason, _ detail: String) -> SkippedConstruct {
            SkippedConstruct(location: location, reason: reason, name: name, detail: detail, spocName: spocName)
        }
        let levels: [SwiftEnclosingType]
        switch contexts(of: id) {
        case .success(let found): levels = found
        case .failure(.unknownContext(let context)), .failure(.unsupportedContext(let context)):
            return .hidden(
                skipped(
                    .nestedClass,
                    "a class nested in another type is registered under a mangled name (_TtC…), and '\(context)' "
                        + "is declared in no file of the scan (another module's type mangles that module too), so "
                        + "the name cannot be known; give it @objc(Name) to name it in a SPOC"))
        }
        if let generic = levels.first(where: \.hasGenericParameters) {
            return .hidden(
                skipped(
                    .genericClass,
                    "a class nested in the generic type '\(generic.name)' is generic, and generic classes are not "
                        + "Objective-C classes"))
        }
        if let hidden = levels.first(where: { ($0.access ?? .internal) <= .fileprivate }) {
            return .hidden(
                skipped(
                    .privateClass,
                    "it is nested in the \(hidden.access == .private ? "private" : "fileprivate") type "
                        + "'\(hidden.name)', so its runtime name carries that file's private discriminator "
                        + "(_TtC…P33_…); make the type internal, or give the class @objc(Name), to name it in a SPOC"))
        }
        if let access = effectiveAccess(of: swiftClass.declaration), access <= .fileprivate {
            return .hidden(privateClass(id, access: access, location: location, spocName: spocName))
        }
        let own = RuntimeClassName.Level(kind: swiftClass.declaration.kind, name: swiftClass.declaration.name)
        let mangled = RuntimeClassName.mangled(
            module: swiftClass.module,
            levels: levels.map { RuntimeClassName.Level(kind: $0.kind, name: $0.name) } + [own])
        guard case .success(let runtimeName) = mangled else {
            return .hidden(skipped(.nestedClass, "a class nested in a protocol has no Objective-C name"))
        }
        return .named(runtimeName)
    }

    enum NestedRuntimeName {
        case named(String)
        case hidden(SkippedConstruct)
    }

    /// A private or fileprivate class, skipped. ASTMangler's getPrivateDiscriminatorIfNecessary:
    /// an outermost private or fileprivate declaration's mangled name carries its file's
    /// discriminator, and so does the class's Objective-C runtime name; "Module.Name" is looked
    /// up without it and finds nothing.
    func privateClass(_ id: Int, access: SwiftAccess, location: SourceLine, spocName: String)
        -> SkippedConstruct
    {
        SkippedConstruct(
            location: location, reason: .privateClass, name: swiftClasses[id].qualifiedName,
            detail:
                "a \(access == .private ? "private" : "fileprivate") class is registered under a mangled name "
                + "with its file's private discriminator (_TtC…P33_…); make it internal, or give it "
                + "@objc(Name), to name it in a SPOC",
            spocName: spocName)
    }

    /// A class's access: as written, else a `private extension`'s around it (its members'
    /// default), else internal (nil).
    func effectiveAccess(of declaration: SwiftTypeDeclaration) -> SwiftAccess? {
        if let access = declaration.access { return access }
        guard let parent = declaration.enclosing.last, parent.kind == .extension else { return nil }
        return parent.access
    }
}
