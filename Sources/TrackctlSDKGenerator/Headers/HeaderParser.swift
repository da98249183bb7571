import TrackctlSDK

/// What the macros around a declaration say to Swift: `NS_SWIFT_NAME`, availability,
/// `NS_REFINED_FOR_SWIFT`, async annotations.
struct HeaderAttributes: Sendable, Equatable {
    var swiftName: String?
    var asyncSwiftName: String?
    /// `NS_SWIFT_ASYNC(N)`: the 1-based index of the completion handler.
    var asyncHandlerIndex: Int?
    var asyncDisabled = false
    /// `NS_REFINED_FOR_SWIFT`: imported with a `__` prefix.
    var refinedForSwift = false
    /// `NS_SWIFT_UNAVAILABLE`: not visible to Swift (it still exists for the runtime).
    var unavailableInSwift = false
    /// `API_UNAVAILABLE(ios)`, `NS_UNAVAILABLE`: not part of iOS at all.
    var unavailable = false
    /// The iOS version that introduced it (`13.0`), when a macro says.
    var introduced: String?
    /// `NS_SWIFT_NOTHROW`, `__attribute__((swift_error(…)))`: how a method's `NSError **`
    /// imports, said instead of left to the importer's default rules.
    var swiftError: ImporterNaming.ErrorConvention?

    /// `other`'s facts where this has none (a member inherits its `@interface`'s availability).
    mutating func inherit(_ other: HeaderAttributes) {
        if other.unavailable { unavailable = true }
        if introduced == nil { introduced = other.introduced }
    }
}

/// A method or property declared in an `@interface` or `@protocol` of an SDK header.
struct HeaderMember: Sendable {
    enum Kind: Sendable, Equatable { case method, property }
    var kind: Kind
    var isClassMember: Bool
    /// A method's selector; a property's name.
    var name: String
    /// A method's result type, a property's type, as written (tokens).
    var type: [String]
    var parameterTypes: [[String]] = []
    var parameterNames: [String] = []
    /// A property's `getter=` and `setter=`, and whether it is `readonly`.
    var getter: String?
    var setter: String?
    var readonly = false
    var isRequired = false
    var attributes = HeaderAttributes()
    /// Declared inside `NS_ASSUME_NONNULL_BEGIN`…`END` (or its `#pragma`): a pointer written
    /// without a nullability qualifier is non-null; outside, it imports as an implicitly
    /// unwrapped optional.
    var assumesNonnull = false
    var line: Int
}

/// An `@interface` (a class or a category of one) or a `@protocol` of an SDK header.
struct HeaderType: Sendable {
    enum Kind: Sendable, Equatable { case `class`, category, `protocol` }
    var kind: Kind
    var name: String
    var superclass: String?
    /// Adopted (class, category) or inherited (protocol) protocols.
    var protocols: [String]
    var members: [HeaderMember] = []
    var attributes = HeaderAttributes()
    var file: String
    var line: Int
}

/// What a `typedef` names.
enum HeaderTypedef: Sendable, Equatable {
    /// `NS_ENUM`, `NS_OPTIONS`, `NS_CLOSED_ENUM`, `NS_ERROR_ENUM`: an enum whose tag is the name.
    case enumeration(options: Bool)
    /// `typedef struct X {…} Y`, `typedef struct {…} Y`: the tag (or Y when anonymous).
    case structure(tag: String)
    /// `typedef void (^Handler)(…)`: a block type.
    case block(returnsVoid: Bool)
    /// `typedef NSString *UIActivityType`, `typedef double NSTimeInterval`: another type, as written.
    case alias([String])
}

/// The declarations of one header file.
struct HeaderFile: Sendable {
    var types: [HeaderType] = []
    var typedefs: [String: HeaderTypedef] = [:]
}

/// Reads the Objective-C declarations of an SDK header: classes, categories and protocols with
/// their methods and properties (types and parameter names as written, the macros that speak to
/// Swift), and typedefs. Functions, variables and everything else are skipped declaration by
/// declaration; a construct it cannot read is skipped to its `;` or `@end`, never guessed.
struct HeaderParser {
    private let tokens: [HeaderToken]
    private let file: String
    private var i = 0
    /// Inside `API_UNAVAILABLE_BEGIN(ios)` … `API_UNAVAILABLE_END`.
    private var regionUnavailable = false
    /// Inside `NS_ASSUME_NONNULL_BEGIN`…`END` (any framework's spelling, or its `#pragma`).
    private var regionAssumesNonnull = false
    private var regionIntroduced: [String] = []

    static func parse(_ tokens: [HeaderToken], file: String) -> HeaderFile {
        var parser = HeaderParser(tokens: tokens, file: file)
        return parser.parseFile()
    }

    private init(tokens: [HeaderToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    private func text(_ k: Int) -> String { k < tokens.count ? tokens[k].text : "" }
    private func isPunctuation(_ k: Int, _ p: String) -> Bool {
        k < tokens.count && tokens[k].kind == .punctuation && tokens[k].text == p
    }

    /// The index after the group opening at `k` (`(`, `[`, `{`, `<`).
    private func skipGroup(_ k: Int) -> Int {
        guard k < tokens.count else { return k }
        let open = tokens[k].text
        let close = open == "(" ? ")" : open == "[" ? "]" : open == "{" ? "}" : ">"
        var depth = 0
        var j = k
        while j < tokens.count {
            if tokens[j].kind == .punctuation {
                if tokens[j].text == open { depth += 1 }
                if tokens[j].text == close {
                    depth -= 1
                    if depth == 0 { return j + 1 }
                }
            }
            if tokens[j].kind == .atKeyword, tokens[j].text == "@end" || tokens[j].text == "@interface" { return j }
            j += 1
        }
        return j
    }

    // MARK: - File level

    private mutating func parseFile() -> HeaderFile {
        var result = HeaderFile()
        var pending: [Int] = []  // tokens since the last declaration: the macros before the next one
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .atKeyword {
                switch token.text {
                case "@interface":
                    let attributes = attributes(in: pending)
                    pending = []
                    if let type = parseInterface(attributes: attributes) { result.types.append(type) }
                    continue
                case "@protocol":
                    let attributes = attributes(in: pending)
                    pending = []
                    if let type = parseProtocol(attributes: attributes) { result.types.append(type) }
                    continue
                case "@class":
                    skipPast(";")
                    pending = []
                    continue
                default:
                    i += 1
                    continue
                }
            }
            if token.kind == .identifier {
                switch token.text {
                case "typedef":
                    parseTypedef(into: &result.typedefs)
                    pending = []
                    continue
                case "API_UNAVAILABLE_BEGIN", "__API_UNAVAILABLE_BEGIN":
                    let end = skipGroup(i + 1)
                    if tokens[(i + 1)..<end].contains(where: { $0.text == "ios" }) { regionUnavailable = true }
                    i = end
                    continue
                case "API_UNAVAILABLE_END", "__API_UNAVAILABLE_END":
                    regionUnavailable = false
                    i += 1
                    continue
                case "API_AVAILABLE_BEGIN", "__API_AVAILABLE_BEGIN":
                    let end = skipGroup(i + 1)
                    regionIntroduced.append(
                        Self.introduced(in: Array(tokens[(i + 1)..<end].map(\.text)), macro: "API_AVAILABLE") ?? "")
                    i = end
                    continue
                case "API_AVAILABLE_END", "__API_AVAILABLE_END":
                    _ = regionIntroduced.popLast()
                    i += 1
                    continue
                default:
                    if let begins = Self.assumeNonnullMarker(token.text) {
                        regionAssumesNonnull = begins
                        i += 1
                        continue
                    }
                    if let audit = headerAudit(at: i) {
                        if let begins = audit.nullability { regionAssumesNonnull = begins }
                        i = audit.end
                        continue
                    }
                }
            }
            if token.kind == .punctuation {
                switch token.text {
                case ";":
                    pending = []
                    i += 1
                    continue
                case "{":
                    // A function body, an enum's constants, an `extern "C"` block (entered).
                    if i >= 2, tokens[i - 1].kind == .string, tokens[i - 2].text == "extern" { i += 1; continue }
                    i = skipGroup(i)
                    pending = []
                    continue
                case "}":
                    pending = []
                    i += 1
                    continue
                default:
                    break
                }
            }
            pending.append(i)
            i += 1
        }
        return result
    }

    private mutating func skipPast(_ text: String) {
        while i < tokens.count, !(tokens[i].kind == .punctuation && tokens[i].text == text) {
            if tokens[i].kind == .atKeyword, tokens[i].text == "@end" { return }
            if tokens[i].text == "{" { i = skipGroup(i); continue }
            i += 1
        }
        i += 1
    }

    // MARK: - typedef

    private mutating func parseTypedef(into typedefs: inout [String: HeaderTypedef]) {
        let start = i + 1
        skipPast(";")
        let end = min(i - 1, tokens.count)
        guard start < end else { return }
        let body = Array(tokens[start..<end])
        let words = body.map(\.text)
        if let first = words.first,
            ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM", "CF_ENUM", "CF_OPTIONS", "CF_CLOSED_ENUM"]
                .contains(first),
            words.count > 4, words[1] == "("
        {
            // `NS_ENUM(NSInteger, Name)`; `NS_ERROR_ENUM(Domain, Name)`.
            let close = skipGroupIn(body, 1)
            let inside = Array(words[2..<(close - 1)])
            if let comma = inside.lastIndex(of: ","), comma + 1 < inside.count {
                typedefs[inside[comma + 1]] = .enumeration(options: first.hasSuffix("OPTIONS"))
            }
            return
        }
        // Drop macros anywhere (`NS_TYPED_ENUM`, `API_AVAILABLE(…)`, `struct NS_SWIFT_SENDABLE _NSRange`).
        let significant = Self.droppingMacros(words)
        if let caret = significant.firstIndex(of: "^"), caret > 0, significant[caret - 1] == "(" {
            // `typedef void (^Name)(…)`
            let name =
                significant[(caret + 1)...].first { Self.isIdentifier($0) && !Self.qualifiers.contains($0) } ?? ""
            let result = Array(significant[..<(caret - 1)]).filter { !Self.qualifiers.contains($0) }
            if !name.isEmpty { typedefs[name] = .block(returnsVoid: result == ["void"]) }
            return
        }
        if let star = significant.firstIndex(of: "*"), star > 0, significant[star - 1] == "(" {
            // A function pointer: an opaque name for the omission rules.
            if let name = significant[(star + 1)...].first(where: Self.isIdentifier) {
                typedefs[name] = .alias(["void"])
            }
            return
        }
        guard let name = significant.last, Self.isIdentifier(name) else { return }
        if let first = significant.first, first == "struct" || first == "union" || first == "enum" {
            if significant.count >= 3, Self.isIdentifier(significant[1]), significant[1] != name {
                typedefs[name] = first == "enum" ? .enumeration(options: false) : .structure(tag: significant[1])
            } else {
                typedefs[name] = first == "enum" ? .enumeration(options: false) : .structure(tag: name)
            }
            return
        }
        let target = Array(significant.dropLast())
        if !target.isEmpty, target != [name] { typedefs[name] = .alias(target) }
    }

    private func skipGroupIn(_ body: [HeaderToken], _ k: Int) -> Int {
        var depth = 0
        var j = k
        while j < body.count {
            if body[j].text == "(" { depth += 1 }
            if body[j].text == ")" {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return j
    }

    // MARK: - @interface and @protocol

    private mutating func parseInterface(attributes: HeaderAttributes) -> HeaderType? {
        let line = tokens[i].line
        i += 1
        guard i < tokens.count, tokens[i].kind == .identifier else { skipToEnd(); return nil }
        let name = tokens[i].text
        i += 1
        var protocols: [String] = []
        if isPunctuation(i, "<") {
            // Generic parameters (`NSArray<ObjectType> :`), or a root class's protocols (`NSObject <NSObject>`).
            let end = skipGroup(i)
            if isPunctuation(end, ":") || isPunctuation(end, "(") { i = end } else { protocols = protocolList() }
        }
        var kind = HeaderType.Kind.class
        var superclass: String?
        if isPunctuation(i, "(") {
            kind = .category
            i = skipGroup(i)
        } else if isPunctuation(i, ":"), i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
            superclass = tokens[i + 1].text
            i += 2
            // `: NSLayoutAnchor<NSLayoutXAxisAnchor *>`: a generic superclass, not a protocol list.
            if isPunctuation(i, "<"), !Self.looksLikeProtocolList(tokens, from: i) { i = skipGroup(i) }
        }
        if isPunctuation(i, "<") { protocols += protocolList() }
        if isPunctuation(i, "{") { i = skipGroup(i) }  // instance variables
        var type = HeaderType(
            kind: kind, name: name, superclass: superclass, protocols: protocols, attributes: attributes, file: file,
            line: line)
        type.attributes.unavailable = type.attributes.unavailable || regionUnavailable
        if type.attributes.introduced == nil, let region = regionIntroduced.last, !region.isEmpty {
            type.attributes.introduced = region
        }
        parseMembers(into: &type, isProtocol: false)
        return type
    }

    private mutating func parseProtocol(attributes: HeaderAttributes) -> HeaderType? {
        let line = tokens[i].line
        i += 1
        guard i < tokens.count, tokens[i].kind == .identifier else { skipPast(";"); return nil }
        let name = tokens[i].text
        i += 1
        // `@protocol A;` and `@protocol A, B;` are forward declarations.
        if isPunctuation(i, ";") || isPunctuation(i, ",") { skipPast(";"); return nil }
        var protocols: [String] = []
        if isPunctuation(i, "<") { protocols = protocolList() }
        var type = HeaderType(
            kind: .protocol, name: name, protocols: protocols, attributes: attributes, file: file, line: line)
        type.attributes.unavailable = type.attributes.unavailable || regionUnavailable
        if type.attributes.introduced == nil, let region = regionIntroduced.last, !region.isEmpty {
            type.attributes.introduced = region
        }
        parseMembers(into: &type, isProtocol: true)
        return type
    }

    /// `<A, B>` at `i`: the names, `i` after it.
    private mutating func protocolList() -> [String] {
        let end = skipGroup(i)
        var names: [String] = []
        var depth = 0
        for k in i..<end {
            if tokens[k].text == "<" {
                depth += 1
            } else if tokens[k].text == ">" {
                depth -= 1
            } else if depth == 1, tokens[k].kind == .identifier {
                names.append(tokens[k].text)
            }
        }
        i = end
        return names
    }

    /// Whether `<…>` at `k` lists protocols (bare names) rather than type arguments (`X *`).
    private static func looksLikeProtocolList(_ tokens: [HeaderToken], from k: Int) -> Bool {
        var j = k + 1
        while j < tokens.count, tokens[j].text != ">" {
            if tokens[j].text == "*" || tokens[j].text == "<" { return false }
            j += 1
        }
        return true
    }

    private mutating func skipToEnd() {
        while i < tokens.count, !(tokens[i].kind == .atKeyword && tokens[i].text == "@end") { i += 1 }
        i += 1
    }

    private mutating func parseMembers(into type: inout HeaderType, isProtocol: Bool) {
        var required = isProtocol
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .atKeyword {
                switch token.text {
                case "@end":
                    i += 1
                    return
                case "@optional": required = false; i += 1; continue
                case "@required": required = true; i += 1; continue
                case "@property":
                    if var member = parseProperty() {
                        member.isRequired = isProtocol && required
                        member.attributes.inherit(type.attributes)
                        if regionUnavailable { member.attributes.unavailable = true }
                        member.assumesNonnull = regionAssumesNonnull
                        type.members.append(member)
                    }
                    continue
                case "@interface", "@protocol", "@implementation":
                    return  // a missing @end: the next declaration starts here
                default:
                    i += 1
                    continue
                }
            }
            if token.kind == .punctuation, token.text == "-" || token.text == "+" {
                if var member = parseMethod(isClassMethod: token.text == "+") {
                    member.isRequired = isProtocol && required
                    member.attributes.inherit(type.attributes)
                    if regionUnavailable { member.attributes.unavailable = true }
                    member.assumesNonnull = regionAssumesNonnull
                    type.members.append(member)
                }
                continue
            }
            if token.kind == .identifier, let begins = Self.assumeNonnullMarker(token.text) {
                regionAssumesNonnull = begins
                i += 1
                continue
            }
            if token.kind == .identifier, let audit = headerAudit(at: i) {
                if let begins = audit.nullability { regionAssumesNonnull = begins }
                i = audit.end
                continue
            }
            if token.kind == .identifier, token.text == "API_UNAVAILABLE_BEGIN" || token.text == "API_UNAVAILABLE_END" {
                if token.text == "API_UNAVAILABLE_END" { regionUnavailable = false; i += 1; continue }
                let end = skipGroup(i + 1)
                if tokens[(i + 1)..<end].contains(where: { $0.text == "ios" }) { regionUnavailable = true }
                i = end
                continue
            }
            if token.text == "{" { i = skipGroup(i); continue }
            i += 1
        }
    }

    /// `@property (attributes) type name macros;`
    private mutating func parseProperty() -> HeaderMember? {
        let line = tokens[i].line
        i += 1
        var member = HeaderMember(kind: .property, isClassMember: false, name: "", type: [], line: line)
        if isPunctuation(i, "(") {
            let end = skipGroup(i)
            var k = i + 1
            while k < end - 1 {
                let word = tokens[k].text
                switch word {
                case "class": member.isClassMember = true
                case "readonly": member.readonly = true
                case "getter", "setter":
                    if isPunctuation(k + 1, "=") {
                        var name = ""
                        var j = k + 2
                        while j < end - 1, tokens[j].text != "," { name += tokens[j].text; j += 1 }
                        if word == "getter" { member.getter = name } else { member.setter = name }
                        k = j
                        continue
                    }
                default: break
                }
                k += 1
            }
            i = end
        }
        let start = i
        skipPast(";")
        let end = max(start, i - 1)
        var words = tokens[start..<end].map(\.text)
        let macros = Self.dropTrailingMacros(&words)
        member.attributes = Self.attributes(of: macros)
        // Leading macros: `UIKIT_EXTERN`, `API_AVAILABLE(…)` before the type.
        member.attributes.merge(Self.attributes(of: Self.dropLeadingMacros(&words)))
        if let caret = words.firstIndex(of: "^"), caret > 0, words[caret - 1] == "(" {
            // A block property: `void (^name)(args)`.
            guard
                let nameIndex = words[(caret + 1)...].firstIndex(where: {
                    Self.isIdentifier($0) && !Self.qualifiers.contains($0)
                })
            else { return nil }
            member.name = words[nameIndex]
            var type = words
            type.remove(at: nameIndex)
            member.type = type
        } else {
            guard let name = words.last, Self.isIdentifier(name), words.count >= 2 else { return nil }
            member.name = name
            member.type = Array(words.dropLast())
        }
        return member
    }

    /// `- (type)keyword:(type)name … macros;`
    private mutating func parseMethod(isClassMethod: Bool) -> HeaderMember? {
        let line = tokens[i].line
        i += 1
        var member = HeaderMember(kind: .method, isClassMember: isClassMethod, name: "", type: ["id"], line: line)
        if isPunctuation(i, "(") {
            let end = skipGroup(i)
            member.type = tokens[(i + 1)..<(end - 1)].map(\.text)
            i = end
        }
        var selector = ""
        var macroStart: Int?
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .punctuation, token.text == ";" { break }
            if token.kind == .atKeyword { return nil }
            if token.kind == .punctuation, token.text == "{" { i = skipGroup(i); break }
            if macroStart == nil {
                if token.kind == .identifier, isPunctuation(i + 1, ":") {
                    selector += token.text + ":"
                    i += 2
                    parseParameter(into: &member)
                    continue
                }
                if token.kind == .punctuation, token.text == ":", selector.hasSuffix(":") {
                    // An empty keyword: `foo::`.
                    selector += ":"
                    i += 1
                    parseParameter(into: &member)
                    continue
                }
                if token.kind == .identifier, selector.isEmpty {
                    selector = token.text
                    i += 1
                    continue
                }
                if token.kind == .punctuation, token.text == ",", isPunctuation(i + 1, ".") {
                    // `, ...`: variadic.
                    i += 1
                    while isPunctuation(i, ".") { i += 1 }
                    continue
                }
                macroStart = i
            }
            if token.kind == .punctuation, token.text == "(" { i = skipGroup(i); continue }
            i += 1
        }
        let macros = macroStart.map { tokens[$0..<min(i, tokens.count)].map(\.text) } ?? []
        i += 1
        guard !selector.isEmpty else { return nil }
        member.name = selector
        member.attributes = Self.attributes(of: macros)
        return member
    }

    /// `(type)name` after a keyword's colon.
    private mutating func parseParameter(into member: inout HeaderMember) {
        var type: [String] = ["id"]
        if isPunctuation(i, "(") {
            let end = skipGroup(i)
            type = tokens[(i + 1)..<(end - 1)].map(\.text)
            i = end
        }
        // Attributes between the type and the name (`NS_NOESCAPE` is inside the type).
        var name = ""
        while i < tokens.count, tokens[i].kind == .identifier, Self.isMacro(tokens[i].text), !isPunctuation(i + 1, ":")
        {
            i += 1
            if isPunctuation(i, "(") { i = skipGroup(i) }
        }
        if i < tokens.count, tokens[i].kind == .identifier, !isPunctuation(i + 1, ":") {
            name = tokens[i].text
            i += 1
        }
        member.parameterTypes.append(type)
        member.parameterNames.append(name)
    }

    // MARK: - Macros

    /// Type qualifiers and keywords that say nothing of a type's name.
    static let qualifiers: Set<String> = [
        "nullable", "nonnull", "_Nullable", "_Nonnull", "__nullable", "__nonnull", "_Null_unspecified",
        "null_unspecified",
        "__null_unspecified", "_Nullable_result", "null_resettable", "const", "volatile", "__strong", "__weak",
        "__unsafe_unretained", "__autoreleasing", "__kindof", "oneway", "in", "out", "inout", "bycopy", "byref",
        "__block",
        "restrict", "__restrict", "_Noescape", "__covariant", "__contravariant"
    ]

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return HeaderLexer.isIdentifierStart(first)
    }

    /// A macro's name: all upper case with an underscore (`API_AVAILABLE`, `UIKIT_EXTERN`), or
    /// starting with `__` (`__attribute__`, `__TVOS_PROHIBITED`).
    static func isMacro(_ text: String) -> Bool {
        if text.hasPrefix("__"), !qualifiers.contains(text) { return true }
        guard text.utf8.count > 2, text.contains("_") else { return false }
        return text.utf8.allSatisfy {
            CamelCaseBytes.isUpper($0) || CamelCaseBytes.isDigit($0) || $0 == UInt8(ascii: "_")
        }
    }

    /// The words without macros and their arguments, wherever they are.
    static func droppingMacros(_ words: [String]) -> [String] {
        var result: [String] = []
        var k = 0
        while k < words.count {
            if isMacro(words[k]) {
                k += 1
                if k < words.count, words[k] == "(" {
                    var depth = 0
                    repeat {
                        if words[k] == "(" { depth += 1 }
                        if words[k] == ")" { depth -= 1 }
                        k += 1
                    } while k < words.count && depth > 0
                }
                continue
            }
            result.append(words[k])
            k += 1
        }
        return result
    }

    /// Removes the macros (with their arguments) at the end of a declaration; returns them in order.
    @discardableResult
    static func dropTrailingMacros(_ words: inout [String]) -> [String] {
        var removed: [String] = []
        while let last = words.last {
            if last == ")" {
                var depth = 0
                var k = words.count - 1
                while k >= 0 {
                    if words[k] == ")" { depth += 1 }
                    if words[k] == "(" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    k -= 1
                }
                guard k > 0, isMacro(words[k - 1]) else { break }
                removed = Array(words[(k - 1)...]) + removed
                words.removeSubrange((k - 1)...)
                continue
            }
            if isMacro(last) {
                removed.insert(last, at: 0)
                words.removeLast()
                continue
            }
            break
        }
        return removed
    }

    /// Removes the macros at the start of a declaration (`UIKIT_EXTERN API_AVAILABLE(ios(13.0))`).
    static func dropLeadingMacros(_ words: inout [String]) -> [String] {
        var removed: [String] = []
        while let first = words.first, isMacro(first) {
            var end = 1
            if words.count > 1, words[1] == "(" {
                var depth = 0
                var k = 1
                while k < words.count {
                    if words[k] == "(" { depth += 1 }
                    if words[k] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    k += 1
                }
                end = k + 1
            }
            removed += words[..<min(end, words.count)]
            words.removeFirst(min(end, words.count))
        }
        return removed
    }

    private func attributes(in indexes: [Int]) -> HeaderAttributes {
        Self.attributes(of: indexes.map { tokens[$0].text })
    }

    /// The facts of a run of macros, as tokens.
    static func attributes(of words: [String]) -> HeaderAttributes {
        var result = HeaderAttributes()
        var k = 0
        while k < words.count {
            let word = words[k]
            var arguments: [String] = []
            var next = k + 1
            if next < words.count, words[next] == "(" {
                var depth = 0
                var j = next
                while j < words.count {
                    if words[j] == "(" { depth += 1 }
                    if words[j] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    j += 1
                }
                arguments = Array(words[(next + 1)..<min(j, words.count)])
                next = j + 1
            }
            // Frameworks wrap Foundation's macros in their own (`MPS_SWIFT_NAME`, `WK_SWIFT_ASYNC`):
            // they are read by what they end with.
            let kind = Self.swiftMacroKind(word)
            switch kind ?? word {
            case "SWIFT_NAME":
                result.swiftName = arguments.joined()
            case "SWIFT_ASYNC_NAME":
                result.asyncSwiftName = arguments.joined()
            case "SWIFT_ASYNC":
                result.asyncHandlerIndex = arguments.last.flatMap { Int($0) }
            case "SWIFT_DISABLE_ASYNC":
                result.asyncDisabled = true
            case "SWIFT_NOTHROW":
                result.swiftError = ImporterNaming.ErrorConvention.none
            case "REFINED_FOR_SWIFT":
                result.refinedForSwift = true
            case "SWIFT_UNAVAILABLE":
                result.unavailableInSwift = true
            case "NS_UNAVAILABLE", "UNAVAILABLE_ATTRIBUTE", "__unavailable", "__IOS_UNAVAILABLE", "__IOS_PROHIBITED",
                "API_UNAVAILABLE_IOS", "NS_UNAVAILABLE_IOS":
                result.unavailable = true
            case "API_UNAVAILABLE", "__API_UNAVAILABLE", "API_UNAVAILABLE_BEGIN":
                if arguments.contains("ios") { result.unavailable = true }
            case "__attribute__":
                let inside = arguments.joined()
                if let name = Self.quoted(after: "swift_name(", in: arguments) { result.swiftName = name }
                if let name = Self.quoted(after: "swift_async_name(", in: arguments) { result.asyncSwiftName = name }
                if let k = arguments.firstIndex(of: "swift_async"), let close = arguments[k...].firstIndex(of: ")"),
                    close > k + 2,
                    let index = Int(arguments[close - 1])
                {
                    result.asyncHandlerIndex = index
                }
                if inside.contains("availability(ios,unavailable") { result.unavailable = true }
                if let k = arguments.firstIndex(of: "swift_error"), k + 2 < arguments.count, arguments[k + 1] == "(" {
                    result.swiftError = ImporterNaming.ErrorConvention(attributeArgument: arguments[k + 2])
                }
                if inside.contains("swift_private") { result.refinedForSwift = true }
            default:
                if result.introduced == nil, let version = introduced(in: [word, "("] + arguments + [")"], macro: word)
                {
                    result.introduced = version
                }
            }
            k = next
        }
        return result
    }

    /// What a `…_SWIFT_…` macro does, by how its name ends: `SWIFT_NAME`, `SWIFT_ASYNC_NAME`,
    /// `SWIFT_ASYNC`, `SWIFT_DISABLE_ASYNC`, `REFINED_FOR_SWIFT`, `SWIFT_UNAVAILABLE`, `SWIFT_NOTHROW`.
    static func swiftMacroKind(_ word: String) -> String? {
        for kind in [
            "SWIFT_ASYNC_NAME", "SWIFT_NAME", "SWIFT_DISABLE_ASYNC", "SWIFT_ASYNC", "REFINED_FOR_SWIFT",
            "SWIFT_UNAVAILABLE", "SWIFT_NOTHROW"
        ]
        where word == "NS_" + kind || word == "CF_" + kind
            || (word.hasSuffix("_" + kind) && word.utf8.count <= kind.utf8.count + 8)
        {
            return kind
        }
        return nil
    }

    /// `true` for a `…ASSUME_NONNULL_BEGIN` marker (`NS_`, `CF_`, `NW_`, `OS_OBJECT_`…), `false`
    /// for its `…_END`, nil for any other word.
    static func assumeNonnullMarker(_ word: String) -> Bool? {
        if word.hasSuffix("ASSUME_NONNULL_BEGIN") { return true }
        if word.hasSuffix("ASSUME_NONNULL_END") { return false }
        return nil
    }

    /// `NS_HEADER_AUDIT_BEGIN(nullability, sendability)` / `…_END(…)` at `index`: with the
    /// `nullability` keyword it subsumes `NS_ASSUME_NONNULL_BEGIN/END` (Foundation's
    /// NSObjCRuntime.h says so where it defines the macro; 486 headers of the iOS 16.5 SDK use it).
    /// `nullability` is nil when the pair audits something else; `end` is past the parentheses.
    private func headerAudit(at index: Int) -> (nullability: Bool?, end: Int)? {
        let word = tokens[index].text
        let begins: Bool
        if word.hasSuffix("HEADER_AUDIT_BEGIN") {
            begins = true
        } else if word.hasSuffix("HEADER_AUDIT_END") {
            begins = false
        } else {
            return nil
        }
        guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { return (nil, index + 1) }
        let end = skipGroup(index + 1)
        let audited = tokens[(index + 1)..<end].contains { $0.text == "nullability" }
        return (audited ? begins : nil, end)
    }

    /// The string argument of `swift_name("…")` inside `__attribute__((…))`.
    private static func quoted(after prefix: String, in arguments: [String]) -> String? {
        let name = String(prefix.dropLast())
        guard let k = arguments.firstIndex(of: name), k + 2 < arguments.count, arguments[k + 1] == "(" else {
            return nil
        }
        return arguments[k + 2]
    }

    /// The iOS version a macro gives (`API_AVAILABLE(ios(13.0))`, `NS_AVAILABLE_IOS(8_0)`,
    /// `API_DEPRECATED("…", ios(2.0, 3.0))`, `NS_CLASS_AVAILABLE(10_5, 2_0)`).
    static func introduced(in words: [String], macro: String) -> String? {
        func normalized(_ text: String) -> String { text.replacingOccurrences(of: "_", with: ".") }
        switch macro {
        case "API_AVAILABLE", "__API_AVAILABLE", "API_DEPRECATED", "API_DEPRECATED_WITH_REPLACEMENT",
            "API_AVAILABLE_BEGIN",
            "__API_AVAILABLE_BEGIN", "__API_DEPRECATED_MSG", "API_DEPRECATED_BEGIN":
            guard let k = words.firstIndex(of: "ios"), k + 2 < words.count, words[k + 1] == "(" else { return nil }
            return normalized(words[k + 2])
        case "NS_AVAILABLE_IOS", "NS_CLASS_AVAILABLE_IOS", "NS_ENUM_AVAILABLE_IOS", "__IOS_AVAILABLE",
            "NS_DEPRECATED_IOS",
            "__OSX_AVAILABLE_STARTING":
            let numbers = words.filter { $0.first?.isNumber == true }
            return numbers.first.map(normalized)
        case "NS_AVAILABLE", "NS_CLASS_AVAILABLE", "NS_DEPRECATED":
            let numbers = words.filter { $0.first?.isNumber == true }
            return numbers.count >= 2 ? normalized(numbers[1]) : nil
        default:
            return nil
        }
    }
}

extension HeaderAttributes {
    /// `other`'s facts added to these (both came from macros of the same declaration).
    mutating func merge(_ other: HeaderAttributes) {
        swiftName = swiftName ?? other.swiftName
        asyncSwiftName = asyncSwiftName ?? other.asyncSwiftName
        asyncHandlerIndex = asyncHandlerIndex ?? other.asyncHandlerIndex
        asyncDisabled = asyncDisabled || other.asyncDisabled
        refinedForSwift = refinedForSwift || other.refinedForSwift
        unavailableInSwift = unavailableInSwift || other.unavailableInSwift
        unavailable = unavailable || other.unavailable
        introduced = introduced ?? other.introduced
    }
}

/// ASCII byte classes for the header reader.
enum CamelCaseBytes {
    @inline(__always) static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
