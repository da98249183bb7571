import TrackctlSDK

/// Gives the bindings' model the SDK's own facts from the Swift-name table (SPEC §10.1): each
/// member's Swift name, async name, kind (a property the bindings bind as a method is a
/// property), parameter types and required flag as the headers declare them; each type's
/// Swift name, superclass and protocols; the members and types of the bound frameworks that the
/// bindings leave out; and the superclasses a chain needs from other frameworks.
struct SDKModelMerger {
    let table: SwiftNameTable

    /// What the merge did, for the generator's summary.
    struct Counts: Equatable {
        var renamed = 0
        var addedMembers = 0
        var addedTypes = 0
        var bindingNamesKept = 0
    }

    func merge(_ types: [SDKType]) -> (types: [SDKType], counts: Counts) {
        var counts = Counts()
        var rowsByOwner: [String: [SwiftNameTable.MemberRow]] = [:]
        for row in table.members { rowsByOwner[row.type, default: []].append(row) }
        var typeRows: [String: SwiftNameTable.TypeRow] = [:]
        for row in table.types { typeRows[SwiftNameTable.owner(row.name, kind: row.kind)] = row }

        var result: [SDKType] = []
        var present = Set<String>()
        for var type in types {
            let owner = SwiftNameTable.owner(type.name, kind: type.kind)
            present.insert(owner)
            if let row = typeRows[owner] {
                if let swiftName = row.swiftName { type.swiftName = swiftName }
                if type.kind == .class, let superclass = row.superclass { type.superclass = superclass }
                if type.kind == .protocol, !row.protocols.isEmpty {
                    type.protocols = row.protocols
                } else {
                    for name in row.protocols where !type.protocols.contains(name) { type.protocols.append(name) }
                }
                if type.introduced == nil { type.introduced = row.introduced }
            }
            let rows = rowsByOwner[owner] ?? []
            var byKey: [String: SwiftNameTable.MemberRow] = [:]
            for row in rows where byKey[row.key] == nil { byKey[row.key] = row }
            var seen = Set<String>()
            for index in type.members.indices {
                let key = (type.members[index].isStatic ? "+" : "-") + type.members[index].selector
                seen.insert(key)
                guard let row = byKey[key] else {
                    counts.bindingNamesKept += 1
                    continue
                }
                if type.members[index].swiftName != row.swiftName { counts.renamed += 1 }
                type.members[index] = Self.member(row, introduced: type.members[index].introduced)
            }
            for row in rows where seen.insert(row.key).inserted {
                type.members.append(Self.member(row, introduced: nil))
                counts.addedMembers += 1
            }
            result.append(type)
        }
        // Types of the bound frameworks that the bindings leave out, and the superclasses a
        // chain needs from frameworks that are not bound.
        let frameworks = Set(types.map(\.framework))
        var needed = Set(result.compactMap { $0.kind == .class ? $0.superclass : nil })
        for row in table.types where frameworks.contains(row.framework) || needed.contains(row.name) {
            let owner = SwiftNameTable.owner(row.name, kind: row.kind)
            guard !present.contains(owner) else { continue }
            present.insert(owner)
            result.append(Self.type(row, members: rowsByOwner[owner] ?? []))
            counts.addedTypes += 1
            if let superclass = row.superclass { needed.insert(superclass) }
        }
        // A superclass added from an unbound framework may need its own.
        var added = true
        while added {
            added = false
            for row in table.types where row.kind == .class && needed.contains(row.name) && !present.contains(row.name)
            {
                present.insert(row.name)
                result.append(Self.type(row, members: rowsByOwner[row.name] ?? []))
                counts.addedTypes += 1
                if let superclass = row.superclass { needed.insert(superclass) }
                added = true
            }
        }
        return (result, counts)
    }

    private static func member(_ row: SwiftNameTable.MemberRow, introduced: String?) -> SDKMember {
        SDKMember(
            selector: row.selector, swiftName: row.swiftName, kind: row.kind, isStatic: row.isStatic,
            isRequired: row.isRequired,
            introduced: row.introduced ?? introduced, parameterTypes: row.parameterTypes, asyncSwiftName: row.asyncName)
    }

    private static func type(_ row: SwiftNameTable.TypeRow, members: [SwiftNameTable.MemberRow]) -> SDKType {
        SDKType(
            kind: row.kind, name: row.name, framework: row.framework, swiftName: row.swiftName,
            superclass: row.superclass,
            protocols: row.protocols, introduced: row.introduced, members: members.map { member($0, introduced: nil) })
    }
}
