/// How two JSON values differ, key by key: what `diff` reports for a call and `replay --expect`
/// for its first differing event. Key order and white space do not matter; `10` equals `10.0`.
public struct ValueChange: Sendable {
    public enum Kind: String, Sendable {
        /// The expected value has the key; the actual one does not.
        case missing
        /// The actual value has a key the expected one does not.
        case unexpected
        /// Both have it, with different values.
        case changed
        /// Arrays of different lengths (their common elements are compared first).
        case elementCount
    }

    /// Dot path of the key (`properties.total`); empty for the whole value.
    public var path: String
    public var kind: Kind
    /// The values as JSON (absent for a side that does not have the key).
    public var expected: SourceValue?
    public var actual: SourceValue?
}

public enum ValueComparison {
    /// Top-level objects a client may leave out when they are empty: analytics-swift sends
    /// `track(name:)` without `properties`, and Segment reads that as `{}`; a call without
    /// `context` has nothing in it to compare once the keys one side writes by nature
    /// (`context.traits`) are left out (review 2026-11-27, collect minor list). An absent one
    /// compares as an empty object (and hashes as one, `CallHasher`).
    public static let omittableWhenEmpty: Set<String> = ["properties", "traits", "context"]

    /// Every difference, in the expected value's document order, then the keys only the actual
    /// value has; at most `limit`.
    public static func differences(
        _ expected: SourceValue, _ actual: SourceValue, ignoring: IgnoredPaths,
        limit: Int = .max
    ) -> [ValueChange] {
        var result: [ValueChange] = []
        collect(expected, actual, path: "", ignoring: ignoring, limit: limit, into: &result)
        return result
    }

    private static func collect(
        _ expected: SourceValue, _ actual: SourceValue, path: String, ignoring: IgnoredPaths,
        limit: Int, into result: inout [ValueChange]
    ) {
        guard result.count < limit, !ignoring.contains(path) else { return }
        switch (expected.content, actual.content) {
        case (.dictionary(let left), .dictionary(let right)):
            // Keys are the same when their code points are, as JSON and the call hasher read them
            // (Swift's `==` would equate NFC and NFD: review 2026-11-27 N6). Past a few members,
            // looked up by table: key against key made a 40,000-key object cost 13 s (N4).
            let rightIndex = right.count > Self.membersComparedInPairs ? Self.index(right) : nil
            let leftIndex = left.count > Self.membersComparedInPairs ? Self.index(left) : nil
            func inRight(_ key: String) -> SourceValue? {
                if let rightIndex { return rightIndex[CodePoints(key)].map { right[$0].value } }
                return right.first { Self.sameText($0.key, key) }?.value
            }
            func inLeft(_ key: String) -> Bool {
                if let leftIndex { return leftIndex[CodePoints(key)] != nil }
                return left.contains { Self.sameText($0.key, key) }
            }
            for member in left {
                guard result.count < limit else { return }
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                guard let otherValue = inRight(member.key) else {
                    if path.isEmpty, omittableWhenEmpty.contains(member.key), member.value.dictionaryValue != nil {
                        collect(
                            member.value, SourceValue(.dictionary([]), at: nil), path: memberPath, ignoring: ignoring,
                            limit: limit, into: &result)
                        continue
                    }
                    if !ignoring.contains(memberPath) {
                        result.append(ValueChange(path: memberPath, kind: .missing, expected: member.value))
                    }
                    continue
                }
                collect(member.value, otherValue, path: memberPath, ignoring: ignoring, limit: limit, into: &result)
            }
            for member in right where result.count < limit && !inLeft(member.key) {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                if path.isEmpty, omittableWhenEmpty.contains(member.key), member.value.dictionaryValue != nil {
                    collect(
                        SourceValue(.dictionary([]), at: nil), member.value, path: memberPath, ignoring: ignoring,
                        limit: limit, into: &result)
                    continue
                }
                if !ignoring.contains(memberPath) {
                    result.append(ValueChange(path: memberPath, kind: .unexpected, actual: member.value))
                }
            }
        case (.array(let left), .array(let right)):
            for (index, pair) in zip(left, right).enumerated() {
                collect(pair.0, pair.1, path: "\(path)[\(index)]", ignoring: ignoring, limit: limit, into: &result)
            }
            if left.count != right.count, result.count < limit {
                result.append(ValueChange(path: path, kind: .elementCount, expected: expected, actual: actual))
            }
        default:
            if !sameScalar(expected.content, actual.content) {
                result.append(ValueChange(path: path, kind: .changed, expected: expected, actual: actual))
            }
        }
    }

    /// Objects up to this many members are searched key by key; larger ones through a table.
    static let membersComparedInPairs = 16

    /// Two texts with the same code points (not merely canonically equivalent).
    package static func sameText(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// A key hashed and compared by its code points.
    private struct CodePoints: Hashable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (a: CodePoints, b: CodePoints) -> Bool { sameText(a.text, b.text) }
        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Each key's first member index.
    private static func index(_ members: [SourceMember]) -> [CodePoints: Int] {
        var table: [CodePoints: Int] = [:]
        table.reserveCapacity(members.count)
        for (index, member) in members.enumerated() where table[CodePoints(member.key)] == nil {
            table[CodePoints(member.key)] = index
        }
        return table
    }

    /// Equal JSON scalars: numbers by their exact decimal value (`10` and `10.0` are equal; a
    /// `1.0` beside a `1` is the same number, as JSON Schema and every JSON library compare it),
    /// the rest by kind and value.
    package static func sameScalar(_ left: SourceValue.Content, _ right: SourceValue.Content) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): return sameText(a, b)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .real(let b)), (.real(let b), .integer(let a)):
            // Past 2^53 a Double is not every integer: equal doubles, then equal digits.
            return Double(a) == b && (a.magnitude <= 1 << 53 || DecimalText(String(a)) == DecimalText(b.description))
        case (.real(let a), .real(let b)): return a == b
        // Not a Double's value, so never one's: equal only to the same decimal value.
        case (.decimal(let a), .decimal(let b)): return DecimalText(a) == DecimalText(b)
        default: return false
        }
    }

    /// A value as compact JSON; longer than `limit` characters, cut with `…`.
    public static func render(_ value: SourceValue, limit: Int = .max) -> String {
        let text: String
        switch value.content {
        case .string(let s): text = JSONText.quoted(s)
        case .integer(let i): text = String(i)
        case .real(let r): text = JSONNumber.format(r)
        case .decimal(let written): text = written
        case .bool(let b): text = b ? "true" : "false"
        case .null: text = "null"
        case .array(let elements): text = "[" + elements.map { render($0) }.joined(separator: ",") + "]"
        case .dictionary(let members):
            text = "{" + members.map { JSONText.quoted($0.key) + ":" + render($0.value) }.joined(separator: ",") + "}"
        case .date, .data: text = JSONText.quoted(value.typeDescription)
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The value with ignored paths removed and keys sorted, as JSON: equal for calls that
    /// differ only in what is ignored (`diff --unordered` matches on it).
    static func canonical(_ value: SourceValue, path: String = "", ignoring: IgnoredPaths) -> String {
        switch value.content {
        case .dictionary(let members):
            let kept = members.compactMap { member -> (String, String)? in
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                return ignoring.contains(memberPath)
                    ? nil : (member.key, canonical(member.value, path: memberPath, ignoring: ignoring))
            }
            return "{" + kept.sorted { $0.0 < $1.0 }.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",")
                + "}"
        case .array(let elements):
            return "["
                + elements.enumerated().map { canonical($1, path: "\(path)[\($0)]", ignoring: ignoring) }.joined(
                    separator: ",") + "]"
        case .integer(let i):
            return JSONNumber.format(Double(i))
        default:
            return render(value)
        }
    }
}
