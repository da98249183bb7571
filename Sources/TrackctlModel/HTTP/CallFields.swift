/// What `collect`'s rules, the SPOC's labels and the query API read of a call: a few top-level
/// fields and the keys of its `properties`, taken from the client's bytes without building the
/// call's tree (or from the tree, when one was built to merge a batch's context).
package struct CallFields: Sendable {
    package enum Kind: Sendable { case string, integer, other }

    /// The top-level keys read: the rest of a call is written as sent and never looked at.
    private static let keys: [StaticString] = [
        "type", "event", "name", "userId", "anonymousId", "groupId", "previousId", "timestamp",
        "originalTimestamp", "sentAt", "messageId", "receivedAt"
    ]
    private static let names = keys.map { $0.description }
    /// `keys`, then `properties`: what a member scan looks for, in one comparison per key.
    private static let keysAndProperties = keys + ["properties"]

    package var isObject = true
    var memberCount = 0
    /// By the index of the key in `keys`.
    private var kinds = [Kind?](repeating: nil, count: keys.count)
    private var strings = [String?](repeating: nil, count: keys.count)
    /// Each read key's value as JSON, for messages: rendered from a tree, or (from bytes) the
    /// value's range in `source`, rendered only when a message asks — most calls never need one.
    private var texts: [String?] = []
    private var source: [UInt8] = []
    private var ranges: [Range<Int>?] = []
    package private(set) var propertyKeys: [String] = []

    private static func slot(_ key: String) -> Int? { names.firstIndex(of: key) }

    package func has(_ key: String) -> Bool { Self.slot(key).flatMap { kinds[$0] } != nil }
    package func string(_ key: String) -> String? { Self.slot(key).flatMap { strings[$0] } }
    package func kind(_ key: String) -> Kind? { Self.slot(key).flatMap { kinds[$0] } }
    package func text(_ key: String) -> String {
        guard let slot = Self.slot(key) else { return "" }
        if !texts.isEmpty { return texts[slot] ?? "" }
        guard let range = ranges[slot] else { return "" }
        var text: [UInt8] = []
        RawJSON.compact(source, range, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// From the client's bytes: the object in `range` of a body `RawJSON.isValid` accepted.
    package init(bytes array: [UInt8], range: Range<Int>) {
        source = array
        ranges = [Range<Int>?](repeating: nil, count: Self.keys.count)
        array.withUnsafeBufferPointer { bytes in
            guard let members = RawJSON.memberRanges(ofObjectIn: range, of: bytes) else {
                isObject = false
                return
            }
            memberCount = members.count
            for (key, valueRange) in members where !valueRange.isEmpty {
                guard let found = RawJSON.index(of: key, in: Self.keysAndProperties, bytes) else { continue }
                if found == Self.keys.count {
                    propertyKeys =
                        RawJSON.memberRanges(ofObjectIn: valueRange, of: bytes)?.map {
                            RawJSON.decodedString(bytes, $0.key)
                        } ?? []
                    continue
                }
                let slot = found
                guard kinds[slot] == nil else { continue }
                let first = bytes[valueRange.lowerBound]
                ranges[slot] = valueRange
                if first == UInt8(ascii: "\"") {
                    kinds[slot] = .string
                    strings[slot] = RawJSON.decodedString(bytes, valueRange.lowerBound...(valueRange.upperBound - 1))
                } else {
                    let number = first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
                    kinds[slot] =
                        number
                            && !bytes[valueRange].contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
                        ? .integer : .other
                }
            }
        }
    }

    /// From a parsed call.
    init(_ call: SourceValue) {
        texts = [String?](repeating: nil, count: Self.keys.count)
        guard case .dictionary(let members) = call.content else {
            isObject = false
            return
        }
        memberCount = members.count
        for member in members {
            if member.key == "properties" {
                if case .dictionary(let properties) = member.value.content { propertyKeys = properties.map(\.key) }
                continue
            }
            guard let slot = Self.slot(member.key), kinds[slot] == nil else { continue }
            texts[slot] = ValueComparison.render(member.value)
            switch member.value.content {
            case .string(let text):
                kinds[slot] = .string
                strings[slot] = text
            case .integer:
                kinds[slot] = .integer
            default:
                kinds[slot] = .other
            }
        }
    }
}
