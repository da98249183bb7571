import Foundation

/// Typed, checked access to the members of one dictionary in a document.
///
/// Creating it reports unknown keys (with the closest allowed key as a suggestion) and repeated
/// keys; each accessor reports a wrong type or a missing required key. Keys that start with `_`
/// are comments and are ignored, as in the SPEC.
struct DictionaryFields {
    let path: ValuePath
    let value: SourceValue
    /// The accepted members in document order; a handful per dictionary, so a linear search
    /// beats hashing.
    private var members: [SourceMember] = []

    /// Returns nil (after reporting wrong-type) when `value` is not a dictionary.
    init?(_ value: SourceValue, path: ValuePath, allowedKeys: [String], what: String, context: inout DecodingContext) {
        guard let list = value.dictionaryValue else {
            if path.rendered.isEmpty {
                // The whole document: say what it must be without a key name.
                context.report(
                    .wrongType, "\(what) must be a dictionary, not \(value.typeDescription)",
                    at: context.location(value, path))
            } else {
                context.reportWrongType(value, path, expected: "a dictionary (\(what))")
            }
            return nil
        }
        self.path = path
        self.value = value
        for member in list {
            if member.key.utf8.first == UInt8(ascii: "_") { continue }
            func keyLocation() -> SourceLocation {
                SourceLocation(
                    file: context.file, position: member.keyPosition ?? value.position,
                    path: path.appending(key: member.key))
            }
            guard allowedKeys.contains(member.key) else {
                let suggestions = Suggester.closest(to: member.key, among: allowedKeys, limit: 1)
                let fix = didYouMean(
                    suggestions, otherwise: "allowed keys are \(allowedKeys.map { "'\($0)'" }.joined(separator: ", "))")
                context.report(
                    .unknownKey, "unknown key '\(member.key)' in \(what)\(fix)", at: keyLocation(),
                    suggestions: suggestions)
                continue
            }
            if members.contains(where: { $0.key == member.key }) {
                context.report(
                    .duplicateKey,
                    "key '\(member.key)' appears twice in \(what); only one value can be kept, remove the other",
                    at: keyLocation())
                continue
            }
            members.append(member)
        }
    }

    func member(_ key: String) -> SourceMember? { members.first { $0.key == key } }

    /// The number of accepted members.
    var count: Int { members.count }

    /// Where a missing key is reported: the dictionary itself.
    func missingLocation(_ key: String, context: DecodingContext) -> SourceLocation {
        SourceLocation(file: context.file, position: value.position, path: path.appending(key: key))
    }

    /// A non-empty string. `required` keys that are absent or empty are reported as missing-key.
    func string(_ key: String, required: Bool, what: String, context: inout DecodingContext) -> Located<String>? {
        guard let member = member(key) else {
            if required {
                context.report(
                    .missingKey, "\(what) has no '\(key)'; add it", at: missingLocation(key, context: context))
            }
            return nil
        }
        let keyPath = path.appending(key: key)
        guard let text = member.value.stringValue else {
            context.reportWrongType(member.value, keyPath, expected: "a string")
            return nil
        }
        if text.withUTF8Bytes({ $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }) {
            if required {
                context.report(
                    .missingKey, "'\(key)' is empty in \(what); give it a value",
                    at: context.location(member.value, keyPath))
            } else {
                context.report(
                    .invalidValue, "'\(key)' is empty in \(what); give it a value or remove it",
                    at: context.location(member.value, keyPath))
            }
            return nil
        }
        return Located(text, at: context.location(member.value, keyPath))
    }

    func bool(_ key: String, context: inout DecodingContext) -> Located<Bool>? {
        guard let member = member(key) else { return nil }
        let keyPath = path.appending(key: key)
        guard let flag = member.value.boolValue else {
            context.reportWrongType(member.value, keyPath, expected: "a boolean (true or false)")
            return nil
        }
        return Located(flag, at: context.location(member.value, keyPath))
    }

    /// The members of a nested dictionary, `_` comment keys dropped.
    func dictionary(_ key: String, context: inout DecodingContext) -> (
        value: SourceValue, members: [SourceMember], path: ValuePath
    )? {
        guard let member = member(key) else { return nil }
        let keyPath = path.appending(key: key)
        guard let list = member.value.dictionaryValue else {
            context.reportWrongType(member.value, keyPath, expected: "a dictionary")
            return nil
        }
        return (
            member.value,
            list.contains { $0.key.utf8.first == UInt8(ascii: "_") }
                ? list.filter { $0.key.utf8.first != UInt8(ascii: "_") } : list, keyPath
        )
    }

    func array(_ key: String, context: inout DecodingContext) -> (
        value: SourceValue, elements: [SourceValue], path: ValuePath
    )? {
        guard let member = member(key) else { return nil }
        let keyPath = path.appending(key: key)
        guard let list = member.value.arrayValue else {
            context.reportWrongType(member.value, keyPath, expected: "an array")
            return nil
        }
        return (member.value, list, keyPath)
    }
}
