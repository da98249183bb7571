import Foundation
import TrackctlSDK

/// Reads an iOS SDK folder (`iPhoneOS.sdk`: Xcode's, or the needed files copied elsewhere) into
/// the Swift-name table: every class, category and protocol of its frameworks' headers, each
/// member named as `swiftc` names it, in the order SPEC §10.1 gives — API notes
/// (`Framework.apinotes`, unversioned), then `NS_SWIFT_NAME` in the header, then the importer's
/// rules (`ImporterNaming`) on the declaration as written. API notes come first because clang
/// applies an unversioned API note over a header's `swift_name` (`findSwiftNameAttr`).
struct SDKHeaderReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A framework of the SDK: its name and headers folder; a sub-framework's types belong to
    /// its umbrella (`MPSCore` in `MetalPerformanceShaders`).
    struct Framework {
        var name: String
        var headers: String
        var umbrella: String? = nil

        var owner: String { umbrella ?? name }
    }

    let root: String

    /// The frameworks of the SDK (`System/Library/Frameworks`, and the cryptex iOS 16 moved
    /// some to), plus the Objective-C runtime's `NSObject` (`usr/include/objc`), by name.
    func frameworks() throws(Failure) -> [Framework] {
        let manager = FileManager.default
        var result: [String: Framework] = [:]
        for folder in ["System/Library/Frameworks", "System/Cryptexes/OS/System/Library/Frameworks"] {
            let path = root + "/" + folder
            guard let entries = try? manager.contentsOfDirectory(atPath: path) else { continue }
            for entry in entries where entry.hasSuffix(".framework") {
                let headers = path + "/" + entry + "/Headers"
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: headers, isDirectory: &isDirectory), isDirectory.boolValue else {
                    continue
                }
                let name = String(entry.dropLast(".framework".count))
                if result[name] == nil { result[name] = Framework(name: name, headers: headers) }
                let nested = path + "/" + entry + "/Frameworks"
                for inner in ((try? manager.contentsOfDirectory(atPath: nested)) ?? []).sorted()
                where inner.hasSuffix(".framework") {
                    let innerHeaders = nested + "/" + inner + "/Headers"
                    let innerName = String(inner.dropLast(".framework".count))
                    if manager.fileExists(atPath: innerHeaders), result[innerName] == nil {
                        result[innerName] = Framework(name: innerName, headers: innerHeaders, umbrella: name)
                    }
                }
            }
        }
        guard !result.isEmpty else {
            throw Failure(
                description: "'\(root)' holds no System/Library/Frameworks/*.framework/Headers: not an iOS SDK folder")
        }
        if manager.fileExists(atPath: root + "/usr/include/objc/NSObject.h") {
            result["ObjectiveC"] = Framework(name: "ObjectiveC", headers: root + "/usr/include/objc")
        }
        return result.values.sorted { $0.name < $1.name }
    }

    /// Whether `Framework/Header.h` (or `objc/…`) exists in the SDK: `__has_include`.
    private func hasInclude(_ path: String, frameworks: [String: Framework]) -> Bool {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        if let framework = frameworks[parts[0]] {
            return FileManager.default.fileExists(atPath: framework.headers + "/" + parts[1])
        }
        return FileManager.default.fileExists(atPath: root + "/usr/include/" + path)
    }

    private struct ParsedType {
        var type: HeaderType
        var framework: String
    }

    /// The table of the SDK's frameworks.
    func table(sdkName: String) throws(Failure) -> SwiftNameTable {
        let frameworks = try frameworks()
        let byName = Dictionary(uniqueKeysWithValues: frameworks.map { ($0.name, $0) })
        var parsed: [ParsedType] = []
        var typedefs: [String: HeaderTypedef] = [:]
        var notes: [String: APINotes] = [:]
        var lexer = HeaderLexer(hasInclude: { hasInclude($0, frameworks: byName) })
        var sources: [(framework: Framework, file: String, bytes: [UInt8])] = []
        for framework in frameworks {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: framework.headers)) ?? []).filter {
                $0.hasSuffix(".h")
            }.sorted()
            for file in files {
                let path = framework.headers + "/" + file
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw Failure(description: "cannot read '\(path)'")
                }
                sources.append((framework, file, [UInt8](data)))
            }
        }
        // A first pass for the macros headers define for each other (`MK_SUPPORTS_VIEW_CLASSES`),
        // then the pass that reads declarations.
        // A header's own definitions (its include guard above all) are hidden from it in the
        // second pass, so it reads as it did the first time.
        var ownDefinitions: [[String]] = []
        for pass in 0..<2 {
            for (number, source) in sources.enumerated() {
                let before = lexer.defines
                var hidden: [(String, String)] = []
                if pass == 1 {
                    for name in ownDefinitions[number] {
                        if let value = lexer.defines.removeValue(forKey: name) { hidden.append((name, value)) }
                    }
                }
                let tokens: [HeaderToken]
                do { tokens = try lexer.tokens(of: source.bytes) } catch {
                    throw Failure(description: "\(source.framework.name)/\(source.file):\(error.line): \(error.reason)")
                }
                if pass == 0 {
                    ownDefinitions.append(lexer.defines.keys.filter { before[$0] != lexer.defines[$0] })
                    continue
                }
                for (name, value) in hidden where lexer.defines[name] == nil { lexer.defines[name] = value }
                let header = HeaderParser.parse(tokens, file: source.framework.name + "/" + source.file)
                parsed += header.types.map { ParsedType(type: $0, framework: source.framework.owner) }
                for (name, definition) in header.typedefs where typedefs[name] == nil { typedefs[name] = definition }
            }
        }
        for framework in frameworks {
            let notesPath = framework.headers + "/" + framework.name + ".apinotes"
            if let data = FileManager.default.contents(atPath: notesPath) {
                guard let text = String(data: data, encoding: .utf8) else {
                    throw Failure(description: "'\(notesPath)' is not UTF-8")
                }
                do { notes[framework.name] = try APINotes(parsing: text) } catch {
                    throw Failure(
                        description: "\(framework.name)/\(framework.name).apinotes:\(error.line): \(error.reason)")
                }
            }
        }
        return build(parsed, typedefs: typedefs, notes: notes, sdkName: sdkName)
    }

    // MARK: - Building

    /// A class or protocol with its categories merged.
    private struct Merged {
        var kind: SDKType.Kind
        var name: String
        var framework: String
        var superclass: String?
        var protocols: [String] = []
        var attributes = HeaderAttributes()
        var location: String
        var members: [(member: HeaderMember, file: String, framework: String)] = []
        var defined = false
    }

    private func build(
        _ parsed: [ParsedType], typedefs: [String: HeaderTypedef], notes: [String: APINotes], sdkName: String
    ) -> SwiftNameTable {
        var classes: [String: Merged] = [:]
        var protocols: [String: Merged] = [:]
        var order: [(SDKType.Kind, String)] = []
        for entry in parsed {
            let type = entry.type
            let location = "\(type.file):\(type.line)"
            switch type.kind {
            case .protocol:
                if protocols[type.name]?.defined == true { continue }
                protocols[type.name] = Merged(
                    kind: .protocol, name: type.name, framework: entry.framework, protocols: type.protocols,
                    attributes: type.attributes, location: location,
                    members: type.members.map { ($0, type.file, entry.framework) }, defined: true)
                order.append((.protocol, type.name))
            case .class, .category:
                var merged =
                    classes[type.name]
                    ?? Merged(kind: .class, name: type.name, framework: entry.framework, location: location)
                if classes[type.name] == nil { order.append((.class, type.name)) }
                if type.kind == .class, !merged.defined {
                    merged.defined = true
                    merged.superclass = type.superclass
                    merged.framework = entry.framework
                    merged.location = location
                    merged.attributes = type.attributes
                }
                for name in type.protocols where !merged.protocols.contains(name) { merged.protocols.append(name) }
                merged.members += type.members.map { ($0, type.file, entry.framework) }
                classes[type.name] = merged
            }
        }
        // A superclass named through a typedef (`typedef UIViewController ASViewController`) is that class.
        for (name, merged) in classes {
            if let superclass = merged.superclass, classes[superclass]?.defined != true,
                case .alias(let target)? = typedefs[superclass],
                target.count == 1, classes[target[0]] != nil
            {
                classes[name]?.superclass = target[0]
            }
        }
        let resolver = HeaderTypeResolver(
            typedefs: typedefs, protocols: Set(protocols.keys), classes: Set(classes.keys))
        var table = SwiftNameTable()
        var counts: [String: Int] = [:]
        var propertyNameCache: [String: Set<String>] = [:]

        /// The property names the importer keeps a base name from pruning: the class's, its
        /// ancestors', and their protocols' (instance or class ones).
        func propertyNames(of className: String, classMembers: Bool) -> Set<String> {
            let key = (classMembers ? "+" : "-") + className
            if let cached = propertyNameCache[key] { return cached }
            var result = Set<String>()
            var seenProtocols = Set<String>()
            func addProtocol(_ name: String) {
                guard seenProtocols.insert(name).inserted, let proto = protocols[name] else { return }
                for (member, _, _) in proto.members
                where member.kind == .property && member.isClassMember == classMembers { result.insert(member.name) }
                proto.protocols.forEach(addProtocol)
            }
            var current: String? = className
            var steps = 0
            while let name = current, let merged = classes[name], steps < 64 {
                for (member, _, _) in merged.members
                where member.kind == .property && member.isClassMember == classMembers { result.insert(member.name) }
                merged.protocols.forEach(addProtocol)
                current = merged.superclass
                steps += 1
            }
            propertyNameCache[key] = result
            return result
        }

        var selectorCache: [String: Set<String>] = [:]

        /// The selectors available in Swift that `lookupMethod` finds on a class (its own, its
        /// categories', its ancestors', property accessors included) or `getMethod` on a
        /// protocol (its own): what an error parameter's removal must not collide with.
        func selectors(of typeName: String, kind: SDKType.Kind, classMembers: Bool) -> Set<String> {
            let key = (kind == .class ? "c" : "p") + (classMembers ? "+" : "-") + typeName
            if let cached = selectorCache[key] { return cached }
            var result = Set<String>()
            func add(_ members: [(HeaderMember, String, String)]) {
                for (member, _, _) in members where member.isClassMember == classMembers {
                    if member.attributes.unavailable || member.attributes.unavailableInSwift { continue }
                    switch member.kind {
                    case .method:
                        result.insert(member.name)
                    case .property:
                        result.insert(member.getter ?? member.name)
                        if !member.readonly {
                            result.insert(member.setter ?? "set" + CamelCase.sentenceCase(member.name) + ":")
                        }
                    }
                }
            }
            if kind == .protocol {
                add(protocols[typeName]?.members ?? [])
            } else {
                var current: String? = typeName
                var steps = 0
                while let name = current, let merged = classes[name], steps < 64 {
                    add(merged.members)
                    current = merged.superclass
                    steps += 1
                }
            }
            selectorCache[key] = result
            return result
        }

        for (kind, name) in order {
            guard let merged = kind == .class ? classes[name] : protocols[name], merged.defined || kind == .class else {
                continue
            }
            if merged.attributes.unavailable { continue }
            let framework = merged.framework
            let typeNotes = kind == .class ? notes[framework]?.classes[name] : notes[framework]?.protocols[name]
            var typeSwiftName = merged.attributes.swiftName
            var typeOrigin = typeSwiftName == nil ? "importer" : "header"
            if let noted = typeNotes?.swiftName { typeSwiftName = noted; typeOrigin = "apinotes" }
            if typeSwiftName == name { typeSwiftName = nil }
            table.types.append(
                SwiftNameTable.TypeRow(
                    kind: kind, name: name, framework: framework, superclass: merged.superclass,
                    protocols: merged.protocols, swiftName: typeSwiftName,
                    introduced: merged.attributes.introduced, origin: typeOrigin,
                    location: merged.location))
            let context = ImporterNaming.OmissionType(name)
            let owner = SwiftNameTable.owner(name, kind: kind)
            var seen = Set<String>()
            for (member, file, memberFramework) in merged.members where !member.attributes.unavailable {
                // A category's API notes are its framework's (UIKit's additions to NSObject).
                let notesOfMember =
                    memberFramework == framework
                    ? typeNotes
                    : (kind == .class ? notes[memberFramework]?.classes[name] : notes[memberFramework]?.protocols[name])
                let location = "\(file):\(member.line)"
                let introduced = member.attributes.introduced
                switch member.kind {
                case .method:
                    let key = (member.isClassMember ? "+" : "-") + member.name
                    guard seen.insert(key).inserted else { continue }
                    let parameters = member.parameterTypes.map(resolver.resolve)
                    let result = resolver.resolve(member.type)
                    var (swiftName, asyncName, origin) = methodName(
                        member, parameters: parameters, result: result, context: context,
                        className: kind == .class ? name : nil, notes: notesOfMember,
                        propertyNames: kind == .class
                            ? propertyNames(of: name, classMembers: member.isClassMember) : nil,
                        siblingSelectors: parameters.contains(where: \.isErrorOut)
                            ? selectors(of: name, kind: kind, classMembers: member.isClassMember).subtracting([
                                member.name
                            ]) : [])
                    if member.attributes.unavailableInSwift
                        || notesOfMember.flatMap({ APINotes.method(member.name, isClass: member.isClassMember, of: $0) }
                        )?.unavailableInSwift == true
                    {
                        origin += "-nonswift"
                    }
                    if swiftName.isEmpty { swiftName = member.name }
                    if asyncName == swiftName { asyncName = nil }
                    counts[origin, default: 0] += 1
                    table.members.append(
                        SwiftNameTable.MemberRow(
                            type: owner, kind: .method, isStatic: member.isClassMember, isRequired: member.isRequired,
                            selector: member.name,
                            swiftName: swiftName, asyncName: asyncName, parameterTypes: parameters.map(\.spelled),
                            introduced: introduced,
                            origin: origin, location: location))
                case .property:
                    let getter = member.getter ?? member.name
                    let key = (member.isClassMember ? "+" : "-") + getter
                    guard seen.insert(key).inserted else { continue }
                    let type = resolver.resolve(member.type)
                    let noted = notesOfMember.flatMap {
                        APINotes.property(member.name, isClass: member.isClassMember, of: $0)
                    }
                    var swiftName: String
                    var origin: String
                    if let name = noted?.swiftName {
                        swiftName = name
                        origin = "apinotes"
                    } else if let name = member.attributes.swiftName {
                        swiftName = name
                        origin = "header"
                    } else {
                        swiftName = ImporterNaming.propertyName(
                            member.name, getter: member.getter, isBoolean: type.isBoolean, type: type.omission,
                            context: context,
                            propertyNames: kind == .class
                                ? propertyNames(of: name, classMembers: member.isClassMember) : nil)
                        origin = "importer"
                    }
                    if member.attributes.refinedForSwift || noted?.swiftPrivate == true {
                        // A property Swift names itself takes `__`; one named by NS_SWIFT_NAME or
                        // API notes keeps that name (`ImporterNaming.swiftPrivate`).
                        if origin == "importer" { swiftName = "__" + swiftName }
                        origin += "-private"
                    }
                    counts[origin, default: 0] += 1
                    table.members.append(
                        SwiftNameTable.MemberRow(
                            type: owner, kind: .getter, isStatic: member.isClassMember, isRequired: member.isRequired,
                            selector: getter,
                            swiftName: swiftName, asyncName: nil, parameterTypes: [], introduced: introduced,
                            origin: origin, location: location))
                    if !member.readonly {
                        let setter = member.setter ?? "set" + CamelCase.sentenceCase(member.name) + ":"
                        if seen.insert((member.isClassMember ? "+" : "-") + setter).inserted {
                            table.members.append(
                                SwiftNameTable.MemberRow(
                                    type: owner, kind: .setter, isStatic: member.isClassMember,
                                    isRequired: member.isRequired, selector: setter,
                                    swiftName: swiftName, asyncName: nil, parameterTypes: [type.spelled],
                                    introduced: introduced, origin: origin,
                                    location: location))
                        }
                    }
                }
            }
        }
        let classCount = table.types.filter { $0.kind == .class }.count
        table.comments = [
            "Derived by trackctl-sdkgen names from \(sdkName): headers (NS_SWIFT_NAME) and API notes (SwiftName), "
                + "the importer's rules otherwise.",
            "\(classCount) classes, \(table.types.count - classCount) protocols, \(table.members.count) members; "
                + "names by origin: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "."
        ]
        return table
    }

    /// A method's Swift name and async name, and where the name came from.
    private func methodName(
        _ member: HeaderMember, parameters: [ResolvedHeaderType], result: ResolvedHeaderType,
        context: ImporterNaming.OmissionType, className: String?, notes: APINotes.TypeNotes?,
        propertyNames: Set<String>?, siblingSelectors: Set<String>
    ) -> (String, String?, String) {
        let noted = notes.flatMap { APINotes.method(member.name, isClass: member.isClassMember, of: $0) }
        var custom: String?
        var origin = "importer"
        if let name = noted?.swiftName, name.contains("(") {
            custom = name
            origin = "apinotes"
        } else if let name = member.attributes.swiftName, name.contains("(") {
            custom = name
            origin = "header"
        }
        let baseName = ImporterNaming.keywords(member.name)[0]
        var imported: [ImporterNaming.Parameter] = []
        for (index, type) in parameters.enumerated() {
            var omission = type.omission
            omission.hasDefaultArgument = Self.hasDefaultArgument(
                type, baseName: baseName, label: index == 0 ? "" : ImporterNaming.keywords(member.name)[index],
                isFirst: index == 0, isLast: index == parameters.count - 1, count: parameters.count)
            imported.append(
                ImporterNaming.Parameter(
                    type: omission, name: member.parameterNames[index], isErrorOut: type.isErrorOut,
                    isVoidBlock: type.isVoidBlock))
        }
        let importerResult: ImporterNaming.Result
        if result.isInstancetype {
            importerResult = .instancetype
        } else if result.isVoid {
            importerResult = .void
        } else if result.isBoolean {
            importerResult = .boolean
        } else if result.isObject {
            importerResult = .object(result.omission, nullable: result.isNullable)
        } else {
            importerResult = .other(result.omission)
        }
        let method = ImporterNaming.Method(
            selector: member.name, isClassMethod: member.isClassMember, parameters: imported, result: importerResult,
            context: context, className: className, propertyNames: propertyNames,
            asyncHandlerIndex: member.attributes.asyncHandlerIndex, asyncDisabled: member.attributes.asyncDisabled,
            customName: custom, errorConvention: member.attributes.swiftError,
            resultIsOptional: (result.isObject || result.isPointer)
                && (result.isNullable || (!result.isNonnull && !member.assumesNonnull)),
            resultIsInteger: result.isInteger, siblingSelectors: siblingSelectors)
        var (name, asyncName) = ImporterNaming.names(of: method)
        if let explicit = member.attributes.asyncSwiftName, !member.attributes.asyncDisabled { asyncName = explicit }
        if member.attributes.refinedForSwift || noted?.swiftPrivate == true {
            origin += "-private"
            if custom == nil {
                name = ImporterNaming.swiftPrivate(name, isFactory: member.isClassMember)
                if member.attributes.asyncSwiftName == nil {
                    asyncName = asyncName.map { ImporterNaming.swiftPrivate($0, isFactory: false) }
                }
            }
        }
        return (name, asyncName, origin)
    }

    /// Whether the importer gives a parameter a default argument (`inferDefaultArgument`): a
    /// nullable trailing block, an option set named `…Options`, a dictionary of options,
    /// attributes or info — never for a setter.
    private static func hasDefaultArgument(
        _ type: ResolvedHeaderType, baseName: String, label: String, isFirst: Bool, isLast: Bool, count: Int
    ) -> Bool {
        let isSetter = CamelCase.firstWord(baseName) == "set"
        if count == 1, isSetter { return false }
        if type.isNullable, isLast, type.isBlock || type.omission.isFunction { return true }
        if isFirst, isSetter { return false }
        if type.isOptionSet, CamelCase.words(type.omission.name).contains("Options") { return true }
        if type.omission.name == "NSDictionary" {
            let search = label.isEmpty ? baseName : label
            for word in CamelCase.words(search).reversed() {
                for key in ["options", "attributes", "dictionary", "info"]
                where CamelCase.sameWordIgnoringFirstCase(word, key) { return true }
            }
        }
        return false
    }
}
