/// The Swift name the Swift importer gives an Objective-C method, from its selector, its
/// parameters' types and names, and the type that declares it: the "omit needless words"
/// rules of SE-0005, as the compiler applies them (swiftlang/swift, lib/Basic/StringExtras.cpp:
/// `omitNeedlessWords`, `splitBaseName`, `omitSelfTypeFromBaseName`,
/// `omitTrailingTypeNameWithSpecialCases`, `toLowercaseInitialisms`; the word lists of
/// lib/Basic/PartsOfSpeech.def). Written anew from those rules, not copied.
///
/// What the bindings cannot tell (API notes and `NS_SWIFT_NAME` renames such as
/// `childViewControllers` → `children`, default arguments) comes from `Corrections`.
struct ImporterNaming {
    /// A parameter type as the omission rules see it: its name, the element of a collection,
    /// and whether it is a block or a Boolean.
    struct TypeName: Equatable {
        var name: String
        var element: String = ""
        var isFunction = false
        var isBoolean = false

        /// From a model parameter type: `NSArray<NSIndexPath>`, `BOOL`, `^`, `UITableView`.
        init(objectiveC type: String) {
            if type == "^" { name = ""; isFunction = true; return }
            if type == "BOOL" || type == "bool" { name = "Bool"; isBoolean = true; return }
            if let open = type.firstIndex(of: "<"), type.hasSuffix(">") {
                let outer = String(type[..<open])
                let inner = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
                name = outer == "NSArray" || outer == "NSMutableArray" ? "Array" : outer == "NSSet" ? "Set" : outer
                element = inner.contains(",") ? "" : inner
                return
            }
            switch type {
            case "NSInteger": name = "Int"
            case "NSUInteger": name = "UInt"
            case "id": name = "Object"
            default: name = type
            }
        }

        init(name: String) { self.name = name }
    }

    private enum Role { case baseName, firstParameter, subsequentParameter, property, partial }
    private enum PartOfSpeech { case preposition, verb, gerund, unknown }

    /// The Swift name of a method: `tableView(_:didSelectRowAt:)`, `init(frame:)`, `viewDidLoad()`.
    /// `propertyNames` are the Objective-C property names of the declaring type and its
    /// ancestors (a base name is not pruned where a property has the pruned words).
    static func methodName(selector: String, parameterTypes: [String], parameterNames: [String], context: String,
                           propertyNames: Set<String>) -> String {
        let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        let types = parameterTypes.map(TypeName.init(objectiveC:))
        guard selector.hasSuffix(":"), !pieces.isEmpty else {
            // A unary selector: only the context type comes out of its name.
            let base = omitSelfType(from: selector, context: TypeName(name: context), propertyNames: propertyNames)
            return lowercaseInitialisms(base) + "()"
        }
        var base: String
        var labels = [""] + pieces.dropFirst()
        if firstWord(pieces[0]) == "init" {
            base = "init"
            var rest = String(pieces[0].dropFirst(4))
            if rest.hasPrefix("With") { rest.removeFirst(4) }
            labels[0] = lowercaseWord(rest)
        } else {
            base = omitSelfType(from: pieces[0], context: TypeName(name: context), propertyNames: propertyNames)
            if firstWord(base) == "set" {
                base = omitTrailingTypeName(base, TypeName(name: context), role: .property, propertyNames: propertyNames)
            }
            if let type = types.first {
                splitBaseName(&base, &labels[0], type: type, parameterName: parameterNames.first ?? "")
            }
        }
        for index in labels.indices where index < types.count {
            let role: Role = index > 0 ? .subsequentParameter : labels[0].isEmpty ? .baseName
                : base == "init" ? .subsequentParameter : .firstParameter
            if role == .baseName {
                base = omitTrailingTypeName(base, types[index], role: role, propertyNames: propertyNames)
            } else {
                labels[index] = omitTrailingTypeName(labels[index], types[index], role: role, propertyNames: [])
            }
        }
        base = lowercaseInitialisms(base)
        return base + "(" + labels.map { ($0.isEmpty ? "_" : lowercaseInitialisms($0)) + ":" }.joined() + ")"
    }

    /// The Swift name of a property with this Objective-C name (its getter's `is…` name when the
    /// getter is renamed that way): initialisms lower-cased (`URL` → `url`).
    static func propertyName(_ name: String) -> String { lowercaseInitialisms(name) }

    // MARK: - Words

    /// The camel-case words of a name: `NSURLSession` → NS URL Session… as the importer splits
    /// them (an initialism ends before the capital that starts the next word; a plural suffix
    /// stays with its initialism: `URLs`).
    static func words(_ name: String) -> [Substring] {
        let bytes = Array(name.utf8)
        var result: [Substring] = []
        var position = 0
        while position < bytes.count {
            var i = position
            var next: Int
            if bytes[i] == UInt8(ascii: "_") {
                next = i + 1
            } else {
                while i < bytes.count, isUpper(bytes[i]) { i += 1 }
                if i - position > 1 {
                    var endOfNext = i
                    while endOfNext < bytes.count, isLower(bytes[endOfNext]) { endOfNext += 1 }
                    let following = String(decoding: bytes[i..<endOfNext], as: UTF8.self)
                    let previousAndFollowing = String(decoding: bytes[(i - 1)..<endOfNext], as: UTF8.self)
                    if i == bytes.count || (isPluralSuffix(following) && previousAndFollowing != "Is") {
                        next = endOfNext
                    } else if isLower(bytes[i]) {
                        next = i - 1
                    } else {
                        next = i
                    }
                } else {
                    while i < bytes.count, !isUpper(bytes[i]), bytes[i] != UInt8(ascii: "_") { i += 1 }
                    next = i
                }
            }
            let start = name.utf8.index(name.utf8.startIndex, offsetBy: position)
            let end = name.utf8.index(name.utf8.startIndex, offsetBy: next)
            result.append(name[start..<end])
            position = next
        }
        return result
    }

    static func firstWord(_ name: String) -> String { words(name).first.map(String.init) ?? "" }
    static func lastWord(_ name: String) -> String { words(name).last.map(String.init) ?? "" }

    private static func isPluralSuffix(_ word: String) -> Bool { word == "s" || word == "es" || word == "ies" }

    private static func sameWord(_ a: Substring, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count, let x = a.utf8.first, let y = b.utf8.first else { return false }
        return lower(x) == lower(y) && a.utf8.dropFirst().elementsEqual(b.utf8.dropFirst())
    }

    private static func partOfSpeech(_ word: Substring) -> PartOfSpeech {
        let lowered = word.lowercased()
        if PartsOfSpeech.prepositions.contains(lowered) { return .preposition }
        if PartsOfSpeech.verbs.contains(lowered) { return .verb }
        if lowered.hasSuffix("ing"), lowered.count > 4 {
            let stem = String(lowered.dropLast(3))
            if PartsOfSpeech.verbs.contains(stem) { return .gerund }
            if !stem.hasSuffix("e"), PartsOfSpeech.verbs.contains(stem + "e") { return .gerund }
            let bytes = Array(stem.utf8)
            if bytes.count >= 2, bytes[bytes.count - 1] == bytes[bytes.count - 2], PartsOfSpeech.verbs.contains(String(stem.dropLast())) {
                return .gerund
            }
        }
        for prefix in ["auto", "re", "de"] where lowered.hasPrefix(prefix) && lowered.count > prefix.count {
            if partOfSpeech(Substring(lowered.dropFirst(prefix.count))) == .verb { return .verb }
        }
        return .unknown
    }

    private static func canBeMemberName(_ name: String) -> Bool { !["init", "Protocol", "self", "Type"].contains(name) }

    private static func isVacuous(_ name: Substring) -> Bool {
        ["get", "for", "set", "using", "with"].contains { sameWord(name, $0) }
    }

    // MARK: - Matching a type name

    /// Whether a word of a name stands for a word of a type: equal, the type word's tail after
    /// a capitalised prefix (`URL` in `NSURL`), or its head before digits.
    private static func matches(_ nameWord: Substring, _ typeWord: Substring) -> Bool {
        let n = Array(nameWord.utf8), t = Array(typeWord.utf8)
        if n.count > t.count { return false }
        if n.count < t.count {
            let offset = t.count - n.count
            if zip(n, t[offset...]).allSatisfy({ lower($0) == lower($1) }), !isLower(t[offset]) {
                for i in 0..<n.count where isLower(t[i]) || t[i] == UInt8(ascii: "_") { return false }
                return true
            }
            if zip(n, t).allSatisfy({ lower($0) == lower($1) }) {
                return t[n.count...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            }
            return false
        }
        return zip(n, t).allSatisfy { lower($0) == lower($1) }
    }

    /// A suffix the importer may drop from a type name when matching: `Type`, `Ref`, `Mask`,
    /// a dimension (`2D`), `_t`.
    private static func skipTypeSuffix(_ type: String) -> String? {
        guard !type.isEmpty else { return nil }
        let last = lastWord(type)
        for suffix in ["Type", "Ref", "Mask"] where last == suffix && type.count > suffix.count { return String(type.dropLast(suffix.count)) }
        if type.hasSuffix("D"), type.count > 1 {
            let digits = type.dropLast().reversed().prefix { $0.isNumber }.count
            if digits > 0 { return String(type.dropLast(digits + 1)) }
        }
        if type.count > 2, type.hasSuffix("_t") { return String(type.dropLast(2)) }
        return nil
    }

    /// The index of the first word of `name` that starts the match of `type`, anchored at the
    /// end of `name`; `words(name).count` when nothing matches.
    private static func matchFromBack(_ name: String, _ type: TypeName, propertyNames: Set<String>) -> Int {
        let nameWords = words(name)
        var typeName = type.name
        var typeWords = words(typeName)
        var n = nameWords.count - 1
        var t = typeWords.count - 1
        while n >= 0, t >= 0 {
            let nameWord = nameWords[n]
            if matches(nameWord, typeWords[t]) { n -= 1; t -= 1; continue }
            if (matches(nameWord, "Indexes") || matches(nameWord, "Indices")), typeWords[t] == "Set", t > 0, matches("Index", typeWords[t - 1]) {
                n -= 1; t -= 2; continue
            }
            if matches(nameWord, "Index"), matches("Int", typeWords[t]) || matches("Integer", typeWords[t]) { n -= 1; t -= 1; continue }
            if matches("Object", typeWords[t]), matches(nameWord, "Value"), n > 0, matches(nameWords[n - 1], "Object") {
                n -= 2; t -= 1; continue
            }
            if !type.element.isEmpty, nameWord.count > 2, nameWord.hasSuffix("s") {
                let end = nameWord.endIndex
                let shortened = String(name[name.startIndex..<name.index(before: end)])
                let pruned = omitTrailingTypeName(shortened, TypeName(objectiveC: type.element), role: .partial, propertyNames: propertyNames)
                if pruned != shortened {
                    n = words(pruned).count - 1
                    continue
                }
            }
            if n == nameWords.count - 1, let shorter = skipTypeSuffix(typeName) {
                typeName = shorter
                typeWords = words(typeName)
                t = typeWords.count - 1
                continue
            }
            break
        }
        return n + 1
    }

    private static func textMatchesPropertyName(_ text: String, _ propertyNames: Set<String>) -> Bool {
        guard !propertyNames.isEmpty, !text.isEmpty else { return false }
        let name = lowercaseWord(text)
        if propertyNames.contains(name) { return true }
        if name.hasSuffix("y") { return propertyNames.contains(String(name.dropLast()) + "ies") }
        return propertyNames.contains(name + "s") || propertyNames.contains(name + "es")
    }

    private static func omitTrailingTypeName(_ name: String, _ type: TypeName, role: Role, propertyNames: Set<String>) -> String {
        guard !name.isEmpty, !type.name.isEmpty else { return name }
        let nameWords = words(name)
        let match = matchFromBack(name, type, propertyNames: propertyNames)
        if match == nameWords.count { return name }
        if match == 0 { return role == .partial || role == .firstParameter ? "" : name }
        if match == nameWords.count - 1, nameWords[match] == "Error" { return name }
        let previous = partOfSpeech(nameWords[match - 1])
        switch role {
        case .property:
            break
        case .firstParameter, .partial, .subsequentParameter:
            if previous == .unknown { return name }
        case .baseName:
            switch previous {
            case .preposition: if match - 1 == 0 { return name }
            case .verb, .gerund:
                if textMatchesPropertyName(String(name[nameWords[match].startIndex...]), propertyNames) { return name }
            case .unknown: return name
            }
        }
        let newName = String(name[..<nameWords[match].startIndex])
        if role == .baseName || role == .property {
            if !canBeMemberName(newName) || isVacuous(Substring(newName)) { return name }
        }
        return newName
    }

    /// `dismissViewControllerAnimated` on a view controller → `dismissAnimated`: the declaring
    /// type's name after a verb is needless in a method's base name.
    private static func omitSelfType(from name: String, context: TypeName, propertyNames: Set<String>) -> String {
        guard !name.isEmpty, !context.name.isEmpty else { return name }
        let nameWords = words(name)
        var type = context
        type.element = ""
        var range: Range<Int>?
        for end in stride(from: nameWords.count, to: 0, by: -1) {
            let prefix = String(name[..<nameWords[end - 1].endIndex])
            let match = matchFromBack(prefix, type, propertyNames: propertyNames)
            if match != end { range = match..<end; break }
            while let shorter = skipTypeSuffix(type.name) { type.name = shorter }
        }
        guard let range, range.lowerBound > 0 else { return name }
        if range.upperBound == nameWords.count, range.count == 1, nameWords[range.lowerBound] == "Error" { return name }
        guard partOfSpeech(nameWords[range.lowerBound - 1]) == .verb else { return name }
        let removed = String(name[nameWords[range.lowerBound].startIndex..<nameWords[range.upperBound - 1].endIndex])
        if textMatchesPropertyName(removed, propertyNames) { return name }
        let newName = String(name[..<nameWords[range.lowerBound].startIndex]) + String(name[nameWords[range.upperBound - 1].endIndex...])
        if !canBeMemberName(newName) || isVacuous(Substring(newName)) { return name }
        return newName
    }

    // MARK: - Splitting the base name

    private static func splitBaseName(_ base: inout String, _ label: inout String, type: TypeName, parameterName: String) {
        guard label.isEmpty else { return }
        if type.isBoolean, lastWord(base) == "Animated", base.count > 8 {
            base.removeLast(8)
            label = "animated"
            return
        }
        if firstWord(base) == "set" { return }
        if parameterName == "sender", lastWord(type.name) == "Object" { return }
        splitAfterLastPreposition(&base, &label, type: type)
    }

    private static func splitAfterLastPreposition(_ base: inout String, _ label: inout String, type: TypeName) {
        let nameWords = words(base)
        guard var p = lastPreposition(in: nameWords, before: nameWords.count) else { return }
        if sameWord(nameWords[p], "of"), let q = lastPreposition(in: nameWords, before: p), !sameWord(nameWords[q], "of"), !sameWord(nameWords[q], "for") {
            p = q
        }
        if p > 0, sameWord(nameWords[p], "in"), sameWord(nameWords[p - 1], "plug") { return }
        if p + 1 < nameWords.count {
            let after = nameWords[p + 1]
            if sameWord(nameWords[p], "with"), sameWord(after, "error") || sameWord(after, "no") { return }
            if sameWord(nameWords[p], "to"), sameWord(after, "visible") || sameWord(after, "backing") { return }
            if sameWord(nameWords[p], "from"), sameWord(after, "backing") { return }
        }
        var prepositionStart = p
        if p > 0 {
            let pairs = [("compatible", "with"), ("best", "matching"), ("according", "to"), ("bound", "by"), ("separated", "by")]
            if pairs.contains(where: { sameWord(nameWords[p - 1], $0.0) && sameWord(nameWords[p], $0.1) }) { prepositionStart = p - 1 }
        }
        let preposition = base[nameWords[prepositionStart].startIndex..<nameWords[p].endIndex]
        let afterPreposition = String(base[nameWords[p].endIndex...])
        var drop = false
        if sameWord(preposition, "with") || sameWord(preposition, "using") {
            if !(sameWord(preposition, "with") && sameWord(Substring(firstWord(afterPreposition)), "zone")), type.isFunction { drop = true }
        }
        let onLabel = !["X", "Y", "Z"].contains(afterPreposition)
        var labelStart = onLabel ? nameWords[prepositionStart].startIndex : nameWords[p].endIndex
        var baseEnd = labelStart
        if drop {
            if onLabel { labelStart = nameWords[p].endIndex } else { baseEnd = nameWords[prepositionStart].startIndex }
        }
        guard baseEnd > base.startIndex else { return }
        let newBase = String(base[..<baseEnd])
        let newWords = words(newBase)
        if let first = newWords.first, !canBeMemberName(String(first)) || isVacuous(first) {
            if newWords.count == 1 { return }
            if newWords.count == 2, isVacuous(first) { return }
        }
        label = String(base[labelStart...])
        base = newBase
    }

    private static func lastPreposition(in words: [Substring], before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if partOfSpeech(words[index]) == .preposition { return index }
            index -= 1
        }
        return nil
    }

    // MARK: - Case

    /// `URLSession` → `urlSession`, `URLs` → `urls`, `UTF8String` → `utf8String`: lower-case
    /// up to the capital that starts the next word.
    static func lowercaseInitialisms(_ string: String) -> String {
        var bytes = Array(string.utf8)
        guard let first = bytes.first, isUpper(first) else { return string }
        let n = bytes.count
        var i = 0
        while i < n {
            if i < n - 1, !isUpper(bytes[i + 1]) {
                let rest = String(decoding: bytes[(i + 1)...], as: UTF8.self)
                if i == 0 || !isLetter(bytes[i + 1]) || isPluralSuffix(firstWord(rest)) {
                    bytes[i] = lower(bytes[i])
                }
                break
            }
            bytes[i] = lower(bytes[i])
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first letter lower-cased unless the word is an initialism (`Frame` → `frame`, `URL` stays).
    static func lowercaseWord(_ string: String) -> String {
        let bytes = Array(string.utf8)
        guard let first = bytes.first, isUpper(first) else { return string }
        if bytes.count > 1, isUpper(bytes[1]) { return lowercaseInitialisms(string) }
        return String(decoding: [lower(first)] + bytes.dropFirst(), as: UTF8.self)
    }

    @inline(__always) private static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    @inline(__always) private static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    @inline(__always) private static func isLetter(_ c: UInt8) -> Bool { isUpper(c) || isLower(c) }
    @inline(__always) private static func lower(_ c: UInt8) -> UInt8 { isUpper(c) ? c | 0x20 : c }
}
