import TrackctlSDK

/// A type of a header declaration, as the importer sees it and as the model spells it.
struct ResolvedHeaderType: Equatable {
    /// What the omission rules call it (`getClangTypeNameForOmission`).
    var omission: ImporterNaming.OmissionType
    /// The model's spelling: `UITableView`, `NSArray<UIView>`, `^` for a block, `BOOL`, `id`.
    var spelled: String
    var isVoid = false
    var isBoolean = false
    var isInstancetype = false
    /// An Objective-C object pointer (a class, `id`, a block).
    var isObject = false
    var isNullable = false
    /// Written `nonnull`/`_Nonnull`: non-null even outside an assume-nonnull region.
    var isNonnull = false
    /// A C integer (`NSInteger`, `UInt64`, `int`): what `swift_error(zero_result)` and
    /// `nonzero_result` need (`isIntegerType`; an `NS_ENUM` is not one).
    var isInteger = false
    /// A C pointer that is not an object (`CGImageRef`, `void *`): it can import as an optional.
    var isPointer = false
    /// `NSError **`.
    var isErrorOut = false
    /// A block returning `void` with a prototype.
    var isVoidBlock = false
    var isBlock = false
    /// An `NS_OPTIONS` enum.
    var isOptionSet = false
}

/// Reads types as written in headers (`nullable NSArray<UIView *> *`, `void (^)(BOOL)`,
/// `UITableViewCellEditingStyle`) into what the importer's omission rules see, following
/// swiftlang/swift `lib/ClangImporter/ClangAdapter.cpp`, `getClangTypeNameForOmission`:
/// typedefs are looked through (an `NS_ENUM` keeps its name, an `NSString *` typedef is
/// `NSString`), except `NSInteger`, `NSUInteger` and `CGFloat`; `id<P>` is `P`; a collection
/// carries its element; a block is `Block`.
struct HeaderTypeResolver {
    let typedefs: [String: HeaderTypedef]
    let protocols: Set<String>
    let classes: Set<String>

    /// Generic Objective-C collections: `NSArray` without arguments holds `Object`s.
    private static let genericCollections: Set<String> = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet",
        "NSMutableOrderedSet", "NSCountedSet"
    ]

    func resolve(_ written: [String]) -> ResolvedHeaderType {
        let nullable = written.contains {
            ["nullable", "_Nullable", "__nullable", "_Nullable_result", "null_resettable"].contains($0)
        }
        let nonnull = written.contains { ["nonnull", "_Nonnull", "__nonnull"].contains($0) }
        var words = strip(written)
        if words.isEmpty { words = ["id"] }
        if let open = blockOpen(words) {
            let result = Array(words[..<open])
            let afterCaret = skip(words, from: open)
            let parameters =
                afterCaret < words.count && words[afterCaret] == "("
                ? Array(words[(afterCaret + 1)..<max(afterCaret + 1, skip(words, from: afterCaret) - 1)]) : nil
            let returnsVoid = strip(result) == ["void"]
            var type = ResolvedHeaderType(
                omission: .block, spelled: SDKModelText.blockType, isObject: true, isNullable: nullable, isBlock: true)
            type.isVoidBlock = returnsVoid && parameters.map { !$0.isEmpty } == true
            return type
        }
        if words.count >= 2, words[0] == "(" || words.contains("(") {
            // A function pointer.
            return ResolvedHeaderType(
                omission: ImporterNaming.OmissionType("Function", isFunction: true), spelled: "void*",
                isNullable: nullable)
        }
        var resolved = base(words, depth: 0)
        resolved.isNullable = nullable
        resolved.isNonnull = nonnull
        return resolved
    }

    /// The index of `(` in `( ^ …)` at depth 0, if the type is a block.
    private func blockOpen(_ words: [String]) -> Int? {
        var depth = 0
        for (k, word) in words.enumerated() {
            if word == "(", depth == 0, k + 1 < words.count, words[k + 1] == "^" { return k }
            if word == "(" || word == "<" { depth += 1 }
            if word == ")" || word == ">" { depth -= 1 }
        }
        return nil
    }

    /// The index after the group opening at `k`.
    private func skip(_ words: [String], from k: Int) -> Int {
        let open = words[k]
        let close = open == "(" ? ")" : open == "<" ? ">" : "]"
        var depth = 0
        var j = k
        while j < words.count {
            if words[j] == open { depth += 1 }
            if words[j] == close {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return j
    }

    /// Qualifiers and macros removed, at every depth.
    private func strip(_ words: [String]) -> [String] {
        var result: [String] = []
        var k = 0
        while k < words.count {
            let word = words[k]
            if HeaderParser.qualifiers.contains(word) || word == "struct" || word == "enum" || word == "union" {
                k += 1; continue
            }
            if HeaderParser.isMacro(word) {
                k += 1
                if k < words.count, words[k] == "(" { k = skip(words, from: k) }
                continue
            }
            result.append(word)
            k += 1
        }
        return result
    }

    private static let builtinWords: Set<String> = [
        "void", "char", "short", "int", "long", "unsigned", "signed", "float", "double", "_Bool", "bool"
    ]

    /// A type without block syntax: a builtin, a typedef, a class with its arguments, `id<P>`.
    private func base(_ words: [String], depth: Int) -> ResolvedHeaderType {
        let pointers = words.filter { $0 == "*" }.count
        let builtin = words.prefix { Self.builtinWords.contains($0) }
        if !builtin.isEmpty {
            let spelled = builtin.joined(separator: " ")
            let omission: ImporterNaming.OmissionType
            switch Array(builtin) {
            case ["void"]: omission = ImporterNaming.OmissionType("Void")
            case ["_Bool"], ["bool"]: omission = .boolean
            case ["float"]: omission = ImporterNaming.OmissionType("Float")
            case ["double"], ["long", "double"]: omission = ImporterNaming.OmissionType("Double")
            default:
                let unsigned = builtin.contains("unsigned")
                let size =
                    builtin.contains("char") ? 8 : builtin.contains("short") ? 16 : builtin.contains("long") ? 64 : 32
                omission = ImporterNaming.OmissionType((unsigned ? "UInt" : "Int") + "\(size)")
            }
            var type = ResolvedHeaderType(
                omission: omission, spelled: pointers > 0 ? spelled + "*" : spelled,
                isVoid: builtin == ["void"] && pointers == 0, isBoolean: omission.isBoolean && pointers == 0)
            type.isPointer = pointers > 0
            type.isInteger = pointers == 0 && !["void", "float", "double"].contains(builtin.last ?? "")
            return type
        }
        guard let name = words.first else { return ResolvedHeaderType(omission: .none, spelled: "") }
        var arguments: [[String]] = []
        if words.count > 1, words[1] == "<" {
            let end = skip(words, from: 1)
            var current: [String] = []
            var level = 0
            for word in words[2..<max(2, end - 1)] {
                if word == "<" || word == "(" { level += 1 }
                if word == ">" || word == ")" { level -= 1 }
                if word == ",", level == 0 { arguments.append(current); current = []; continue }
                current.append(word)
            }
            if !current.isEmpty { arguments.append(current) }
        }
        let protocolArguments =
            arguments.allSatisfy { $0.count == 1 && protocols.contains($0[0]) } && !arguments.isEmpty
        switch name {
        case "BOOL":
            return ResolvedHeaderType(omission: .boolean, spelled: "BOOL", isBoolean: pointers == 0)
        case "id":
            if arguments.count == 1, protocolArguments || arguments[0].count == 1 {
                return ResolvedHeaderType(
                    omission: ImporterNaming.OmissionType(arguments[0][0]), spelled: arguments[0][0], isObject: true)
            }
            return ResolvedHeaderType(omission: ImporterNaming.OmissionType("Object"), spelled: "id", isObject: true)
        case "Class":
            return ResolvedHeaderType(omission: ImporterNaming.OmissionType("Class"), spelled: "Class", isObject: true)
        case "SEL":
            return ResolvedHeaderType(omission: ImporterNaming.OmissionType("Selector"), spelled: "SEL")
        case "instancetype":
            return ResolvedHeaderType(omission: .none, spelled: "instancetype", isInstancetype: true, isObject: true)
        case "NSInteger", "NSUInteger", "CGFloat":
            var type = ResolvedHeaderType(omission: ImporterNaming.OmissionType(name), spelled: name)
            type.isInteger = name != "CGFloat" && pointers == 0
            return type
        default:
            break
        }
        if let definition = typedefs[name], depth < 16, !classes.contains(name) {
            switch definition {
            case .enumeration(let options):
                return ResolvedHeaderType(
                    omission: ImporterNaming.OmissionType(name), spelled: name, isOptionSet: options)
            case .structure(let tag):
                return ResolvedHeaderType(omission: ImporterNaming.OmissionType(tag), spelled: name)
            case .block(let returnsVoid):
                return ResolvedHeaderType(
                    omission: .block, spelled: SDKModelText.blockType, isObject: true, isVoidBlock: returnsVoid,
                    isBlock: true)
            case .alias(let target):
                // A CF type (`CFStringRef`) is named without its `Ref`.
                if name.hasSuffix("Ref"), target.contains(where: { $0.hasPrefix("__") }) {
                    var type = ResolvedHeaderType(
                        omission: ImporterNaming.OmissionType(String(name.dropLast(3))), spelled: name)
                    type.isPointer = true
                    return type
                }
                let stripped = strip(target)
                if blockOpen(stripped) != nil {
                    var type = resolve(target)
                    type.spelled = SDKModelText.blockType
                    return type
                }
                var inner = base(stripped, depth: depth + 1)
                inner.spelled = name
                if pointers > 0 { inner.isObject = true }
                if pointers > 0 { inner.isInteger = false }
                return inner
            }
        }
        // An Objective-C class (or a name nobody declares: taken as written).
        let object = pointers > 0 || classes.contains(name)
        var spelled = name
        var omission = ImporterNaming.OmissionType(name)
        if protocolArguments {
            if name == "NSObject", arguments.count == 1 {
                omission = ImporterNaming.OmissionType(arguments[0][0]); spelled = arguments[0][0]
            }
        } else if !arguments.isEmpty {
            let inner = arguments.map { resolve($0).spelled }
            if arguments.count == 1 { spelled = name + "<" + inner[0] + ">" }
        }
        let lastWord = CamelCase.lastWord(name)
        if !protocolArguments, lastWord == "Array" || lastWord == "Set" {
            if arguments.isEmpty {
                omission.element =
                    Self.genericCollections.contains(name) ? "Object" : String(name.dropLast(lastWord.utf8.count))
            } else {
                omission.element = resolve(arguments[0]).omission.name
            }
        }
        var result = ResolvedHeaderType(omission: omission, spelled: spelled, isObject: object)
        result.isErrorOut = name == "NSError" && pointers >= 2
        if result.isErrorOut { result.spelled = "NSError**" }
        return result
    }
}
