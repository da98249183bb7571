/// The text form of the SDK model: what the generator writes and trackctl reads back, with
/// an index that finds a type without reading the rest.
///
/// The model: one fact per line, fields separated by tabs, `-` for an empty field, ASCII only:
///
/// ```
/// trackctl-sdk-model 2
/// # comments
/// C  UITableViewController  UIKit  UIViewController  UITableViewDelegate,UITableViewDataSource  2.0  -
/// P  UITableViewDelegate  UIKit  -  UIScrollViewDelegate,NSObject  2.0  -
/// m  tableView:didSelectRowAtIndexPath:  tableView(_:didSelectRowAt:)  m  2.0  UITableView NSIndexPath  -
/// ```
///
/// A `C` (class) or `P` (protocol) line is name, framework, superclass, protocols (adopted or
/// inherited), introduced, Swift name. The `m` lines after it are its members: selector, Swift
/// name, flags, introduced, parameter types separated by spaces, async Swift name. Flags: `m`
/// method, `g` getter, `s` setter, then `+` for a class method and `r` for a required protocol
/// member.
///
/// The index: one line per name, sorted by its bytes: `NAME  KIND  OFFSET`, where `KIND` is `C`
/// or `P` for the Objective-C name and `c` or `p` for a Swift spelling (`URLSession`), and
/// `OFFSET` is the byte offset of the type's line in the model. Looking a name up is a binary
/// search over the index's bytes.
///
/// Kept as text rather than a Swift array literal: a literal of this size takes the type
/// checker many seconds and gigabytes, while one string is read in place.
public enum SDKModelText {
    public static let header = "trackctl-sdk-model 2"
    /// The parameter type written for a block (a completion handler, a callback).
    public static let blockType = "^"

    /// The model's text and its index, for `types` in the order given, after `comments`.
    public static func encode(_ types: [SDKType], comments: [String]) -> (text: String, index: String) {
        var text = header + "\n"
        for comment in comments { text += "# " + comment + "\n" }
        var entries: [(name: String, kind: String, offset: Int)] = []
        for type in types {
            let kind = type.kind == .class ? "C" : "P"
            entries.append((type.name, kind, text.utf8.count))
            if let swiftName = type.swiftName, swiftName != type.name {
                entries.append((swiftName, kind.lowercased(), text.utf8.count))
            }
            text +=
                [
                    kind, type.name, type.framework, field(type.superclass),
                    field(type.protocols.joined(separator: ",")),
                    field(type.introduced), field(type.swiftName)
                ].joined(separator: "\t") + "\n"
            for member in type.members {
                var flags = member.kind == .method ? "m" : member.kind == .getter ? "g" : "s"
                if member.isStatic { flags += "+" }
                if member.isRequired { flags += "r" }
                text +=
                    [
                        "m", member.selector, member.swiftName, flags, field(member.introduced),
                        field(member.parameterTypes.joined(separator: " ")), field(member.asyncSwiftName)
                    ].joined(separator: "\t") + "\n"
            }
        }
        // Sorted by bytes, then kind, then offset: the first entry of a name is the one a lookup finds.
        entries.sort { a, b in
            if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            if a.kind != b.kind { return a.kind.utf8.lexicographicallyPrecedes(b.kind.utf8) }
            return a.offset < b.offset
        }
        let index = entries.map { "\($0.name)\t\($0.kind)\t\($0.offset)\n" }.joined()
        return (text, index)
    }

    private static func field(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "-" }
        return value
    }

    /// An error in a model's text, with its 1-based line.
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// Every type of a model's text, in order, with its members; every line is checked.
    public static func decode(_ text: String) throws(FormatError) -> [SDKType] {
        var types: [SDKType] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 {
                guard line == header else {
                    throw FormatError(line: 1, reason: "not an SDK model (expected '\(header)')")
                }
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "C", "P":
                guard let type = typeHeader(fields) else {
                    throw FormatError(line: lineNumber, reason: "a type line needs 7 fields")
                }
                types.append(type)
            case "m":
                guard !types.isEmpty else { throw FormatError(line: lineNumber, reason: "a member before any type") }
                guard let member = member(fields) else {
                    throw FormatError(line: lineNumber, reason: "a member line needs 7 fields and flags m, g or s")
                }
                types[types.count - 1].members.append(member)
            default:
                throw FormatError(line: lineNumber, reason: "unreadable line")
            }
        }
        return types
    }

    /// A `C` or `P` line's type, without members; nil when malformed.
    static func typeHeader(_ fields: [Substring]) -> SDKType? {
        guard fields.count == 7 else { return nil }
        func optional(_ field: Substring) -> String? { field == "-" || field.isEmpty ? nil : String(field) }
        return SDKType(
            kind: fields[0] == "C" ? .class : .protocol, name: String(fields[1]), framework: String(fields[2]),
            swiftName: optional(fields[6]), superclass: optional(fields[3]),
            protocols: fields[4] == "-" ? [] : fields[4].split(separator: ",").map(String.init),
            introduced: optional(fields[5]))
    }

    /// An `m` line's member; nil when malformed.
    static func member(_ fields: [Substring]) -> SDKMember? {
        guard fields.count == 7, let kindFlag = fields[3].utf8.first else { return nil }
        let kind: SDKMember.Kind
        switch kindFlag {
        case UInt8(ascii: "m"): kind = .method
        case UInt8(ascii: "g"): kind = .getter
        case UInt8(ascii: "s"): kind = .setter
        default: return nil
        }
        func optional(_ field: Substring) -> String? { field == "-" || field.isEmpty ? nil : String(field) }
        return SDKMember(
            selector: String(fields[1]), swiftName: String(fields[2]), kind: kind, isStatic: fields[3].contains("+"),
            isRequired: fields[3].contains("r"), introduced: optional(fields[4]),
            parameterTypes: fields[5] == "-" ? [] : fields[5].split(separator: " ").map(String.init),
            asyncSwiftName: optional(fields[6]))
    }
}
