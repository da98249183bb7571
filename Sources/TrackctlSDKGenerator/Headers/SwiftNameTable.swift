import TrackctlSDK

/// What the iOS SDK's headers and API notes say of each Objective-C class, protocol and
/// member: the Swift name `swiftc` gives it and where that name came from, with the header facts
/// the bindings lose (property or method, required or optional, parameter types as declared).
///
/// It is derived from an SDK folder once (`trackctl-sdkgen names SDK`) and committed as
/// `SDK/swift-names.tsv`, so the model is regenerated without the SDK and the repository holds
/// no copy of Apple's files: only names, each with the file and line it was read from.
///
/// One row per line, tab-separated, `-` for empty:
///
/// ```
/// trackctl-sdk-names 1
/// # comments
/// t  C|P  NAME  FRAMEWORK  SUPERCLASS  PROTOCOLS  SWIFT-NAME  INTRODUCED  ORIGIN  FILE:LINE
/// m  FLAGS  SELECTOR  SWIFT-NAME  ASYNC-NAME  PARAMETER-TYPES  INTRODUCED  ORIGIN  FILE:LINE
/// ```
///
/// Member rows belong to the type row above them; a member's `FILE:LINE` is written `:LINE`
/// when the file is its type's.
/// A member's flags: `m` method, `g` getter, `s` setter, then `+` class member and `r` required
/// protocol member. Its origin: `header` (`NS_SWIFT_NAME`), `apinotes` (`SwiftName`),
/// `importer` (the importer's rules on the declaration), with `-private` when
/// `NS_REFINED_FOR_SWIFT` or `SwiftPrivate` gives it a `__` prefix and `-nonswift` when Swift
/// cannot see it. A type's `SWIFT-NAME` is `-` when Swift spells it as Objective-C does.
struct SwiftNameTable: Equatable, Sendable {
    static let header = "trackctl-sdk-names 1"

    struct TypeRow: Equatable, Sendable {
        var kind: SDKType.Kind
        var name: String
        var framework: String
        var superclass: String?
        var protocols: [String]
        var swiftName: String?
        var introduced: String?
        var origin: String
        var location: String
    }

    struct MemberRow: Equatable, Sendable {
        var type: String
        var kind: SDKMember.Kind
        var isStatic: Bool
        var isRequired: Bool
        var selector: String
        var swiftName: String
        var asyncName: String?
        var parameterTypes: [String]
        var introduced: String?
        var origin: String
        var location: String

        /// `-selector` or `+selector`: a member's key within its type.
        var key: String { (isStatic ? "+" : "-") + selector }
    }

    var comments: [String] = []
    var types: [TypeRow] = []
    var members: [MemberRow] = []

    struct FormatError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    func encode() -> String {
        var lines = [Self.header]
        lines += comments.map { "# " + $0 }
        func field(_ value: String?) -> String { value.flatMap { $0.isEmpty ? nil : $0 } ?? "-" }
        var membersByType: [String: [MemberRow]] = [:]
        for member in members { membersByType[member.type, default: []].append(member) }
        for type in types {
            lines.append(
                [
                    "t", type.kind == .class ? "C" : "P", type.name, type.framework, field(type.superclass),
                    field(type.protocols.joined(separator: ",")), field(type.swiftName), field(type.introduced),
                    type.origin,
                    type.location
                ].joined(separator: "\t"))
            let file = type.location.prefix { $0 != ":" }
            for member in membersByType.removeValue(forKey: Self.owner(type.name, kind: type.kind)) ?? [] {
                var flags = member.kind == .method ? "m" : member.kind == .getter ? "g" : "s"
                if member.isStatic { flags += "+" }
                if member.isRequired { flags += "r" }
                let location =
                    member.location.hasPrefix(file + ":")
                    ? String(member.location.dropFirst(file.count)) : member.location
                lines.append(
                    [
                        "m", flags, member.selector, member.swiftName, field(member.asyncName),
                        field(member.parameterTypes.joined(separator: " ")), field(member.introduced), member.origin,
                        location
                    ].joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The member rows' key: a class's members under its name, a protocol's under `name@protocol`
    /// (`NSObject` is both).
    static func owner(_ type: String, kind: SDKType.Kind) -> String { kind == .class ? type : type + "@protocol" }

    static func decode(_ text: String) throws(FormatError) -> SwiftNameTable {
        var table = SwiftNameTable()
        var currentOwner = ""
        var currentFile = ""
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if number == 1 {
                guard line == header else {
                    throw FormatError(line: 1, reason: "not a Swift-name table (expected '\(header)')")
                }
                continue
            }
            if line.isEmpty { continue }
            if line.hasPrefix("# ") { table.comments.append(String(line.dropFirst(2))); continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0 == "-" ? "" : String($0)
            }
            func optional(_ index: Int) -> String? { fields[index].isEmpty ? nil : fields[index] }
            switch fields.first {
            case "t":
                guard fields.count == 10, fields[1] == "C" || fields[1] == "P" else {
                    throw FormatError(line: number, reason: "a type row needs 10 fields")
                }
                let kind: SDKType.Kind = fields[1] == "C" ? .class : .protocol
                table.types.append(
                    TypeRow(
                        kind: kind, name: fields[2], framework: fields[3], superclass: optional(4),
                        protocols: fields[5].isEmpty ? [] : fields[5].split(separator: ",").map(String.init),
                        swiftName: optional(6), introduced: optional(7), origin: fields[8], location: fields[9]))
                currentOwner = owner(fields[2], kind: kind)
                currentFile = String(fields[9].prefix { $0 != ":" })
            case "m":
                guard fields.count == 9, let flag = fields[1].first, "mgs".contains(flag) else {
                    throw FormatError(line: number, reason: "a member row needs 9 fields and flags m, g or s")
                }
                guard !currentOwner.isEmpty else { throw FormatError(line: number, reason: "a member before any type") }
                table.members.append(
                    MemberRow(
                        type: currentOwner, kind: flag == "m" ? .method : flag == "g" ? .getter : .setter,
                        isStatic: fields[1].contains("+"),
                        isRequired: fields[1].contains("r"), selector: fields[2], swiftName: fields[3],
                        asyncName: optional(4),
                        parameterTypes: fields[5].isEmpty ? [] : fields[5].split(separator: " ").map(String.init),
                        introduced: optional(6),
                        origin: fields[7], location: fields[8].hasPrefix(":") ? currentFile + fields[8] : fields[8]))
            default:
                throw FormatError(line: number, reason: "unreadable line")
            }
        }
        return table
    }
}
