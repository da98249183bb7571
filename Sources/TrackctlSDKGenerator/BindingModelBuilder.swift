import TrackctlSDK

/// Turns the interfaces of binding files into the SDK model: classes with their superclass,
/// protocols and members; protocols with what they inherit; categories merged into their
/// class; names as Objective-C spells them; each type in the framework its C# namespace stands
/// for; Swift names as the importer derives them from the bindings' facts (the SDK's own names,
/// read from its headers and API notes, replace these later: `SDKModelMerger`).
///
/// What is left out: namespaces that are not iOS frameworks, types and members unavailable on
/// iOS (`[NoiOS]`, `[Unavailable (PlatformName.iOS)]`), Xamarin-only helpers (`[Synthetic]`, a
/// `[Model]` that is not a `[Protocol]`: `UITableViewSource`), interfaces without `[BaseType]` or
/// `[Protocol]` (strong dictionaries, `*EventArgs`, whose `[Export]` strings are notification
/// keys), and members without a selector (`[Wrap]`, `[Field]`).
struct BindingModelBuilder {
    private var files: [BindingFile]
    /// C# namespace → framework (`CoreAnimation` → `QuartzCore`); nil reads every namespace as
    /// its own framework.
    private let frameworks: [String: String]?
    /// C# interface name → Objective-C name, for every class and protocol of every input.
    private var objectiveCNames: [String: String] = [:]
    private var protocolNames = Set<String>()
    private var delegateTypes = Set<String>()

    init(_ files: [BindingFile], frameworks: [String: String]?) {
        self.files = files
        self.frameworks = frameworks
        for file in files {
            delegateTypes.formUnion(file.delegateTypes)
            for interface in file.interfaces {
                if let name = Self.objectiveCName(of: interface) { objectiveCNames[interface.name] = name }
                if interface.has("Protocol") {
                    protocolNames.insert(Self.objectiveCName(of: interface) ?? interface.name)
                    protocolNames.insert(interface.name)
                }
            }
        }
    }

    /// The framework of an interface's namespace, or nil when it is not one of iOS's.
    private func framework(of interface: BindingInterface) -> String? {
        guard let frameworks else { return interface.namespace }
        return frameworks[interface.namespace]
    }

    /// The Objective-C name: `[Protocol (Name = …)]`, `[BaseType (…, Name = …)]`, `[Bind ("NSString")]`
    /// on a C# helper interface (`NSString2`), else the interface's own name.
    private static func objectiveCName(of interface: BindingInterface) -> String? {
        if let name = interface.attribute("Protocol")?.named("Name") { return name }
        if let name = interface.attribute("BaseType")?.named("Name") { return name }
        if let name = interface.attribute("Bind")?.firstString, interface.has("BaseType") { return name }
        if interface.has("Protocol") || interface.has("BaseType") { return interface.name }
        return nil
    }

    /// `NSLayoutAnchor<NSLayoutXAxisAnchor>` → `NSLayoutAnchor`: Objective-C names a class, not an instantiation.
    private static func withoutGenericArguments(_ name: String) -> String {
        String(name.prefix { $0 != "<" })
    }

    /// Whether a declaration's attributes leave it out of iOS.
    private static func unavailableOnIOS(_ attributes: [BindingAttribute]) -> Bool {
        attributes.contains { attribute in
            attribute.name == "NoiOS"
                || (attribute.name == "Unavailable"
                    && attribute.arguments.first.map { BindingParser.compact($0) == "PlatformName.iOS" } == true)
        }
    }

    /// `[iOS (13, 0)]` or `[Introduced (PlatformName.iOS, 13, 0)]` → `13.0`.
    private static func introduced(_ attributes: [BindingAttribute]) -> String? {
        for attribute in attributes {
            if attribute.name == "iOS", !attribute.numbers.isEmpty { return attribute.numbers.joined(separator: ".") }
            if attribute.name == "Introduced",
                attribute.arguments.first.map({ BindingParser.compact($0) == "PlatformName.iOS" }) == true
            {
                return attribute.numbers.joined(separator: ".")
            }
        }
        return nil
    }

    /// The model's types, in input order; a class's categories and partial declarations merged.
    func build() -> [SDKType] {
        var types: [SDKType] = []
        var classIndex: [String: Int] = [:]
        var protocolIndex: [String: Int] = [:]
        // Pending members per class and protocol, named once all properties are known.
        var pending: [Int: [PendingMember]] = [:]
        for file in files {
            for interface in file.interfaces {
                guard let framework = framework(of: interface) else { continue }
                if Self.unavailableOnIOS(interface.attributes) || interface.has("Synthetic")
                    || interface.has("StrongDictionary")
                {
                    continue
                }
                let isProtocol = interface.has("Protocol")
                let isCategory = interface.has("Category")
                if interface.has("Model"), !isProtocol { continue }
                let typeIntroduced = Self.introduced(interface.attributes)
                let index: Int
                if isCategory {
                    guard let base = interface.attribute("BaseType")?.typeofArgument,
                        let existing = classIndex[Self.withoutGenericArguments(objectiveCNames[base] ?? base)]
                    else { continue }
                    index = existing
                } else if isProtocol {
                    let name = Self.objectiveCName(of: interface) ?? interface.name
                    if let existing = protocolIndex[name] {
                        index = existing
                    } else {
                        index = types.count
                        protocolIndex[name] = index
                        types.append(
                            SDKType(kind: .protocol, name: name, framework: framework, introduced: typeIntroduced))
                    }
                    var inherited = interface.inherits.compactMap { protocolName($0) }
                    if let base = interface.attribute("BaseType")?.typeofArgument {
                        // A bound protocol's base type is NSObject or its parent protocol; the
                        // headers declare such protocols `<NSObject, Parent>`.
                        if let name = protocolName(base), base != "NSObject" { inherited.append(name) }
                        inherited.append("NSObject")
                    }
                    for name in inherited where name != types[index].name && !types[index].protocols.contains(name) {
                        types[index].protocols.append(name)
                    }
                } else {
                    guard
                        let base = interface.attribute("BaseType")?.typeofArgument
                            ?? classIndex[interface.name].map({ _ in "" })
                    else {
                        // A `partial interface` of a class declared earlier, or nothing iOS has.
                        continue
                    }
                    let name = Self.objectiveCName(of: interface) ?? interface.name
                    var superclass = base.isEmpty ? nil : Self.withoutGenericArguments(objectiveCNames[base] ?? base)
                    // `NSObject2`, bound to NSObject with itself as base: the root.
                    if superclass == name { superclass = nil }
                    if let existing = classIndex[name] {
                        index = existing
                        if types[index].superclass == nil, types[index].name != "NSObject" {
                            types[index].superclass = superclass
                        }
                    } else {
                        index = types.count
                        classIndex[name] = index
                        types.append(
                            SDKType(
                                kind: .class, name: name, framework: framework, superclass: superclass,
                                introduced: typeIntroduced))
                    }
                    for name in interface.inherits.compactMap({ protocolName($0) })
                    where !types[index].protocols.contains(name) {
                        types[index].protocols.append(name)
                    }
                }
                for member in interface.members {
                    pending[index, default: []] += members(
                        of: member, isProtocol: isProtocol, typeIntroduced: typeIntroduced, aliases: file.aliases)
                }
            }
        }
        // Swift names need the property names of the type and its ancestors.
        for (index, members) in pending.sorted(by: { $0.key < $1.key }) {
            var seen = Set<String>(types[index].members.map { ($0.isStatic ? "+" : "-") + $0.selector })
            for member in members {
                var result = member.member
                guard seen.insert((result.isStatic ? "+" : "-") + result.selector).inserted else { continue }
                let properties =
                    types[index].kind == .class
                    ? propertyNames(
                        of: index, classMembers: result.isStatic, in: types, pending: pending, classIndex: classIndex)
                    : nil
                let context = ImporterNaming.OmissionType(types[index].name)
                switch result.kind {
                case .method:
                    let parameters = zip(result.parameterTypes, member.parameterNames).map { type, name in
                        ImporterNaming.Parameter(
                            type: Self.omissionType(type), name: name, isErrorOut: type == "NSError**",
                            isVoidBlock: type == SDKModelText.blockType)
                    }
                    let method = ImporterNaming.Method(
                        selector: result.selector, isClassMethod: result.isStatic, parameters: parameters,
                        result: member.result(className: types[index].name), context: context,
                        className: types[index].kind == .class ? types[index].name : nil, propertyNames: properties)
                    (result.swiftName, result.asyncSwiftName) = ImporterNaming.names(of: method)
                case .getter, .setter:
                    result.swiftName = ImporterNaming.propertyName(
                        member.propertyName, getter: member.getter, isBoolean: member.isBoolean,
                        type: Self.omissionType(member.propertyType), context: context,
                        propertyNames: properties)
                }
                types[index].members.append(result)
            }
        }
        return types
    }

    private struct PendingMember {
        var member: SDKMember
        var parameterNames: [String] = []
        /// A method's C# result type, as written.
        var returnType = ""
        /// A property accessor's Objective-C property name, getter, type and whether it is Boolean.
        var propertyName = ""
        var getter: String?
        var propertyType = ""
        var isBoolean = false

        /// What the importer sees of the method's result.
        func result(className: String) -> ImporterNaming.Result {
            switch returnType {
            case "void": return .void
            case "bool": return .boolean
            case "NativeHandle": return .instancetype  // a bound constructor
            case "", "nint", "nuint", "nfloat", "int", "uint", "long", "ulong", "double", "float", "short", "ushort",
                "byte", "sbyte":
                return .other(ImporterNaming.OmissionType(returnType))
            default: return .object(BindingModelBuilder.omissionType(returnType), nullable: false)
            }
        }
    }

    private func propertyNames(
        of index: Int, classMembers: Bool, in types: [SDKType], pending: [Int: [PendingMember]],
        classIndex: [String: Int]
    ) -> Set<String> {
        var result = Set<String>()
        var current: Int? = index
        var steps = 0
        while let i = current, steps < 64 {
            for member in pending[i] ?? [] where member.member.kind == .getter && member.member.isStatic == classMembers
            {
                result.insert(member.propertyName)
            }
            current = types[i].superclass.flatMap { classIndex[$0] }
            steps += 1
        }
        return result
    }

    /// The protocol an interface-list entry names (`IUITableViewDelegate`, `UITableViewDelegate`), if any.
    private func protocolName(_ written: String) -> String? {
        let bare = String(written.split(separator: ".").last ?? "")
        if protocolNames.contains(bare) { return objectiveCNames[bare] ?? bare }
        if bare.hasPrefix("I"), protocolNames.contains(String(bare.dropFirst())) {
            let name = String(bare.dropFirst())
            return objectiveCNames[name] ?? name
        }
        return nil
    }

    private func members(of member: BindingMember, isProtocol: Bool, typeIntroduced: String?, aliases: [String: String])
        -> [PendingMember]
    {
        let attributes = member.attributes
        guard let export = attributes.first(where: { $0.name == "Export" })?.firstString, !export.isEmpty,
            !Self.unavailableOnIOS(attributes), !attributes.contains(where: { $0.name == "Wrap" || $0.name == "Field" })
        else { return [] }
        let isStatic = attributes.contains { $0.name == "Static" }
        let isRequired = isProtocol && attributes.contains { $0.name == "Abstract" }
        let introduced = Self.introduced(attributes) ?? typeIntroduced
        switch member.kind {
        case .method(let parameters, let returnType):
            let types = parameters.map {
                $0.isOut && objectiveCType($0.type, aliases: aliases) == "NSError"
                    ? "NSError**" : objectiveCType($0.type, aliases: aliases)
            }
            return [
                PendingMember(
                    member: SDKMember(
                        selector: export, swiftName: "", kind: .method, isStatic: isStatic, isRequired: isRequired,
                        introduced: introduced, parameterTypes: types),
                    parameterNames: parameters.map(\.name),
                    returnType: objectiveCType(returnType, aliases: aliases) == "BOOL" ? "bool" : returnType)
            ]
        case .property(let type, let getter, let setter):
            var result: [PendingMember] = []
            let getterSelector = getter.flatMap { $0.first { $0.name == "Bind" }?.firstString } ?? export
            let objectiveC = objectiveCType(type, aliases: aliases)
            let isBoolean = objectiveC == "BOOL"
            if getter != nil {
                result.append(
                    PendingMember(
                        member: SDKMember(
                            selector: getterSelector, swiftName: "", kind: .getter, isStatic: isStatic,
                            isRequired: isRequired, introduced: introduced),
                        propertyName: export, getter: getterSelector, propertyType: objectiveC, isBoolean: isBoolean))
            }
            if let setter, !setter.contains(where: { $0.name == "NotImplemented" }), !Self.unavailableOnIOS(setter) {
                let selector =
                    setter.first { $0.name == "Bind" }?.firstString ?? "set" + CamelCase.sentenceCase(export) + ":"
                result.append(
                    PendingMember(
                        member: SDKMember(
                            selector: selector, swiftName: "", kind: .setter, isStatic: isStatic,
                            isRequired: isRequired, introduced: introduced, parameterTypes: [objectiveC]),
                        parameterNames: ["value"], propertyName: export, getter: getterSelector,
                        propertyType: objectiveC,
                        isBoolean: isBoolean))
            }
            return result
        }
    }

    /// What the omission rules call a type the model spells `spelled` (the bindings' types,
    /// mapped to Objective-C by `objectiveCType`).
    static func omissionType(_ spelled: String) -> ImporterNaming.OmissionType {
        switch spelled {
        case SDKModelText.blockType: return .block
        case "BOOL": return .boolean
        case "id", "NSObject": return ImporterNaming.OmissionType("Object")
        case "SEL": return ImporterNaming.OmissionType("Selector")
        default: break
        }
        if let open = spelled.firstIndex(of: "<"), spelled.hasSuffix(">") {
            let outer = String(spelled[..<open])
            let inner = String(spelled[spelled.index(after: open)..<spelled.index(before: spelled.endIndex)])
            let last = CamelCase.lastWord(outer)
            return ImporterNaming.OmissionType(
                outer, element: last == "Array" || last == "Set" ? omissionType(inner).name : "")
        }
        let last = CamelCase.lastWord(spelled)
        if last == "Array" || last == "Set" { return ImporterNaming.OmissionType(spelled, element: "Object") }
        return ImporterNaming.OmissionType(spelled)
    }

    /// The Objective-C spelling of a C# parameter type: `string` → `NSString`, `nint` →
    /// `NSInteger`, `NSUrl` → `NSURL`, `UIView []` → `NSArray<UIView>`, an `Action` or any
    /// delegate type → `^` (a block), `IUITableViewDelegate` → `UITableViewDelegate`.
    func objectiveCType(_ written: String, aliases: [String: String]) -> String {
        var type = written
        while type.hasSuffix("?") || type.hasSuffix("*") { type.removeLast() }
        if type.hasSuffix("[]") { return "NSArray<" + objectiveCType(String(type.dropLast(2)), aliases: aliases) + ">" }
        if let open = type.firstIndex(of: "<"), type.hasSuffix(">") {
            let outer = String(type[..<open])
            if outer == "Action" || outer == "Func" || delegateTypes.contains(outer) { return SDKModelText.blockType }
            let inner = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
            let mappedOuter = objectiveCType(outer, aliases: aliases)
            if inner.contains(",") { return mappedOuter }
            return mappedOuter + "<" + objectiveCType(inner, aliases: aliases) + ">"
        }
        if let alias = aliases[type] { type = alias }
        type = String(type.split(separator: ".").last ?? Substring(type))
        switch type {
        case "string", "NSString": return "NSString"
        case "nint": return "NSInteger"
        case "nuint": return "NSUInteger"
        case "nfloat": return "CGFloat"
        case "bool": return "BOOL"
        case "Selector": return "SEL"
        case "IntPtr", "NativeHandle": return "void*"
        case "Action", "Func": return SDKModelText.blockType
        default: break
        }
        if delegateTypes.contains(type) { return SDKModelText.blockType }
        if let name = objectiveCNames[type] { return Self.withoutGenericArguments(name) }
        if let name = protocolName(type) { return name }
        return type
    }
}
