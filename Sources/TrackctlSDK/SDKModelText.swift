/// The text form of the SDK model: what the generator writes and trackctl reads back.
///
/// One fact per line, fields separated by tabs, `-` for an empty field, ASCII only:
///
/// ```
/// trackctl-sdk-model 1
/// # comments
/// F  UIKit                                          a framework; the types below are its own
/// C  UITableViewController  UIViewController  UITableViewDelegate,UITableViewDataSource  2.0  -
/// P  UITableViewDelegate  -  UIScrollViewDelegate,NSObject  2.0  -
/// m  tableView:didSelectRowAtIndexPath:  tableView(_:didSelectRowAt:)  m  2.0  UITableView NSIndexPath
/// ```
///
/// A `C` (class) or `P` (protocol) line is name, superclass, protocols (adopted or inherited),
/// introduced, Swift name. The `m` lines after it are its members: selector, Swift name,
/// flags, introduced, parameter types separated by spaces. Flags: `m` method, `g` getter,
/// `s` setter, then `+` for a class method and `r` for a required protocol member.
///
/// Kept as text rather than a Swift array literal: a literal of this size takes the type
/// checker many seconds and gigabytes, while one string is read in a few milliseconds.
public enum SDKModelText {
    public static let header = "trackctl-sdk-model 1"
    /// The parameter type written for a block (a completion handler, a callback).
    public static let blockType = "^"

    /// The text of `types`, grouped by framework in the order given, after `comments`.
    public static func encode(_ types: [SDKType], comments: [String]) -> String {
        var lines = [header]
        lines += comments.map { "# " + $0 }
        var framework: String?
        for type in types {
            if type.framework != framework {
                lines.append("F\t" + type.framework)
                framework = type.framework
            }
            let kind = type.kind == .class ? "C" : "P"
            lines.append([kind, type.name, field(type.superclass), field(type.protocols.joined(separator: ",")),
                          field(type.introduced), field(type.swiftName)].joined(separator: "\t"))
            for member in type.members {
                var flags = member.kind == .method ? "m" : member.kind == .getter ? "g" : "s"
                if member.isStatic { flags += "+" }
                if member.isRequired { flags += "r" }
                lines.append(["m", member.selector, member.swiftName, flags, field(member.introduced),
                              field(member.parameterTypes.joined(separator: " "))].joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
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
    }

    /// The types of a model's text, in order, with their members.
    public static func decode(_ text: String) throws(FormatError) -> [SDKType] {
        try Lines(text).decodeAll()
    }

    /// A model's text indexed by type: each type's header decoded, its member lines located,
    /// nothing else read until asked. Indexing reads each byte once and makes a string only
    /// for the 1,500 headers; a full `decode` makes some 80,000.
    struct Lines: Sendable {
        /// The model's text, read in place: the shipped model is a literal in the binary's
        /// read-only data, so indexing copies none of its megabyte.
        private let text: String
        let headers: [SDKType]
        /// The byte range of each type's member lines.
        private let memberRanges: [Range<Int>]

        init(_ text: String) throws(FormatError) {
            var text = text
            text.makeContiguousUTF8()
            self.text = text
            var headers: [SDKType] = []
            var ranges: [Range<Int>] = []
            let failure = Self.withBytes(of: text) { bytes -> FormatError? in
                do throws(FormatError) {
                    try Self.index(bytes, headers: &headers, ranges: &ranges)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            self.headers = headers
            self.memberRanges = ranges
        }

        /// The UTF-8 bytes of `text`, which `makeContiguousUTF8` made contiguous.
        private static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
            return Array(text.utf8).withUnsafeBufferPointer(body)
        }

        /// Decodes the type lines into `headers` and locates each type's member lines.
        private static func index(_ bytes: UnsafeBufferPointer<UInt8>, headers: inout [SDKType], ranges: inout [Range<Int>]) throws(FormatError) {
            var framework = ""
            var start = 0
            var lineNumber = 0
            let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
            // Safe: every index read is below `bytes.count` (`end` is a newline's index or the count).
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                lineNumber += 1
                let kind = bytes[start]
                if lineNumber == 1 {
                    guard String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) == SDKModelText.header else {
                        throw FormatError(line: 1, reason: "not an SDK model (expected '\(SDKModelText.header)')")
                    }
                } else if kind == UInt8(ascii: "m") {
                    guard !ranges.isEmpty else { throw FormatError(line: lineNumber, reason: "a member before any type") }
                    ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<min(end + 1, bytes.count)
                } else if kind == UInt8(ascii: "C") || kind == UInt8(ascii: "P") || kind == UInt8(ascii: "F") {
                    let fields = Self.fields(bytes[start..<end], separator: tab)
                    if kind == UInt8(ascii: "F") {
                        guard fields.count == 2 else { throw FormatError(line: lineNumber, reason: "unreadable line") }
                        framework = fields[1]
                    } else {
                        guard fields.count == 6 else { throw FormatError(line: lineNumber, reason: "unreadable line") }
                        headers.append(SDKType(kind: kind == UInt8(ascii: "C") ? .class : .protocol, name: fields[1], framework: framework,
                                               swiftName: fields[5].isEmpty ? nil : fields[5], superclass: fields[2].isEmpty ? nil : fields[2],
                                               protocols: fields[3].isEmpty ? [] : fields[3].split(separator: ",").map(String.init),
                                               introduced: fields[4].isEmpty ? nil : fields[4]))
                        ranges.append(min(end + 1, bytes.count)..<min(end + 1, bytes.count))
                    }
                } else if kind != UInt8(ascii: "#"), end > start {
                    throw FormatError(line: lineNumber, reason: "unreadable line")
                }
                start = end + 1
            }
        }

        /// A line's fields, `-` read as empty.
        private static func fields(_ line: Slice<UnsafeBufferPointer<UInt8>>, separator: UInt8) -> [String] {
            line.split(separator: separator, omittingEmptySubsequences: false).map { field in
                field.count == 1 && field.first == UInt8(ascii: "-") ? "" : String(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self)
            }
        }

        /// Each member's selector and whether it is required, without decoding the rest.
        func selectors(ofTypeAt index: Int) -> [(selector: String, required: Bool)] {
            Self.withBytes(of: text) { bytes in selectors(in: memberRanges[index], of: bytes) }
        }

        /// Safe: `range` is a member range found by `init` on these bytes, made of whole
        /// `m` lines of six fields, so every scan for a tab stops inside it.
        private func selectors(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> [(selector: String, required: Bool)] {
            var result: [(String, Bool)] = []
            var position = range.lowerBound
            let end = range.upperBound
            let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
            while position < end {
                // `m<TAB>selector<TAB>swiftName<TAB>flags<TAB>…`
                let selectorStart = position + 2
                var selectorEnd = selectorStart
                while bytes[selectorEnd] != tab { selectorEnd += 1 }
                var flags = selectorEnd + 1
                while bytes[flags] != tab { flags += 1 }
                flags += 1
                var required = false
                while bytes[flags] != tab {
                    if bytes[flags] == UInt8(ascii: "r") { required = true }
                    flags += 1
                }
                result.append((String(decoding: bytes[selectorStart..<selectorEnd], as: UTF8.self), required))
                position = flags
                while position < end, bytes[position] != newline { position += 1 }
                position += 1
            }
            return result
        }

        /// Every type with its members.
        func decodeAll() -> [SDKType] {
            headers.indices.map(decode(typeAt:))
        }

        /// One type with its members.
        func decode(typeAt index: Int) -> SDKType {
            var type = headers[index]
            Self.withBytes(of: text) { bytes in
                for line in bytes[memberRanges[index]].split(separator: UInt8(ascii: "\n")) {
                    let fields = Self.fields(line, separator: UInt8(ascii: "\t"))
                    guard fields.count == 6 else { continue }
                    type.members.append(SDKModelText.member(fields))
                }
            }
            return type
        }
    }

    fileprivate static func member(_ fields: [String]) -> SDKMember {
        let flags = fields[3].utf8
        let kind: SDKMember.Kind = flags.first == UInt8(ascii: "g") ? .getter : flags.first == UInt8(ascii: "s") ? .setter : .method
        return SDKMember(selector: fields[1], swiftName: fields[2], kind: kind, isStatic: flags.contains(UInt8(ascii: "+")),
                         isRequired: flags.contains(UInt8(ascii: "r")), introduced: fields[4].isEmpty ? nil : fields[4],
                         parameterTypes: fields[5].isEmpty ? [] : fields[5].split(separator: " ").map(String.init))
    }
}
