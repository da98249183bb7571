import TrackctlModel

/// Reads the type declarations of one Swift file from its tokens: classes, structs, enums,
/// actors, protocols and extensions (nested ones too), with their methods, initializers,
/// properties and subscripts, the attributes and modifiers that decide Objective-C exposure,
/// and each member's argument labels and parameter types. Function bodies, initial values and
/// accessor bodies are skipped by balancing brackets: `#selector(…)` in code, closures and
/// string interpolations cannot be read as declarations.
///
/// Its state is module-internal only so that `+Members` can share it; `parse` is the entry point.
struct SwiftDeclarationParser {
    let text: SourceText
    let tokens: [SwiftToken]
    let path: String
    var i = 0
    var declarations = FileDeclarations()
    /// The type bodies being read, outermost first.
    var enclosing: [SwiftEnclosingType] = []

    let compiledOut: [SwiftLexer.CompiledOut]

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, conditions: BuildConditions) {
        text = SourceText(bytes: bytes)
        (tokens, compiledOut) = SwiftLexer.tokenize(bytes, conditions: conditions)
        self.path = path
    }

    /// The file's declarations; those in a branch `conditions` rules out (`#if os(tvOS)` in an
    /// iOS scan) are read and marked with it (`compiledOut`).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, conditions: BuildConditions = .unknown)
        -> FileDeclarations
    {
        var parser = SwiftDeclarationParser(bytes: bytes, path: path, conditions: conditions)
        var topLevel: [SwiftMember] = []
        parser.parseDeclarations(nested: false, inBody: false, into: &topLevel)
        for type in parser.declarations.swiftTypes.indices {
            let typeBranch = parser.branch(at: parser.declarations.swiftTypes[type].line)
            parser.declarations.swiftTypes[type].compiledOut = typeBranch
            for member in parser.declarations.swiftTypes[type].members.indices {
                parser.declarations.swiftTypes[type].members[member].completeNames()
                let line = parser.declarations.swiftTypes[type].members[member].line
                parser.declarations.swiftTypes[type].members[member].compiledOut = typeBranch ?? parser.branch(at: line)
            }
        }
        return parser.declarations
    }

    /// The branch ruled out around `line`, as written (`#if os(tvOS)`), if any.
    func branch(at line: Int) -> String? {
        compiledOut.first { $0.lines.contains(line) }?.branch
    }

    // MARK: - Tokens

    var atEnd: Bool { i >= tokens.count }

    @inline(__always)
    func isWord(_ k: Int, _ word: StaticString) -> Bool {
        k < tokens.count && tokens[k].kind == .identifier && text.equals(tokens[k].start, tokens[k].end, word)
    }

    @inline(__always)
    func isPunctuation(_ k: Int, _ c: UInt8) -> Bool {
        k < tokens.count && tokens[k].kind == .punctuation && text.byte(tokens[k].start) == c
            && tokens[k].end - tokens[k].start == 1
    }

    func isArrow(_ k: Int) -> Bool {
        k < tokens.count && tokens[k].kind == .punctuation && tokens[k].end - tokens[k].start == 2
    }

    func isIdentifier(_ k: Int) -> Bool { k < tokens.count && tokens[k].kind == .identifier }

    func string(_ k: Int) -> String { text.string(tokens[k].start, tokens[k].end) }

    func line(_ k: Int) -> Int { Int(tokens[min(k, tokens.count - 1)].line) }

    static let declarationKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "actor", "func", "init", "deinit", "var", "let",
        "subscript", "typealias", "associatedtype", "case", "import", "operator", "precedencegroup", "macro"
    ]

    static let modifierKeywords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "override", "dynamic",
        "convenience", "required", "lazy", "weak", "unowned", "optional", "mutating", "nonmutating", "nonisolated",
        "indirect", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing", "__consuming",
        "sending", "fileprivate"
    ]

    /// Whether token `k` can start a declaration: an attribute, a declaration keyword, or a
    /// modifier followed by more of the declaration (so `open(url)` in code is not one).
    func startsDeclaration(_ k: Int) -> Bool {
        guard k < tokens.count else { return false }
        let t = tokens[k]
        if t.kind == .attribute { return true }
        guard t.kind == .identifier else { return false }
        let word = string(k)
        if Self.declarationKeywords.contains(word) {
            // `case` inside a switch has no place in a type body; an enum's does. Both end a
            // declaration, which is all this is asked for.
            return true
        }
        if Self.modifierKeywords.contains(word) {
            return k + 1 < tokens.count
                && (tokens[k + 1].kind == .identifier || tokens[k + 1].kind == .attribute
                    || isPunctuation(k + 1, UInt8(ascii: "(")))
        }
        return false
    }

    /// The index after the bracket group opening at `k` (`(`, `[`, `{`), nested groups included.
    func skipGroup(_ k: Int) -> Int { groupEnd(k) ?? tokens.count }

    /// The index after the bracket that closes the one at `k`, or nil when the file ends first.
    func groupEnd(_ k: Int) -> Int? {
        var depth = 0
        var j = k
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation, t.end - t.start == 1 {
                switch text.byte(t.start) {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                default: break
                }
            }
            j += 1
        }
        return nil
    }

    /// `<…>` generic parameters or arguments at `k`: the index after the matching `>`.
    func skipAngles(_ k: Int) -> Int {
        var depth = 0
        var j = k
        while j < tokens.count {
            if isPunctuation(j, UInt8(ascii: "<")) {
                depth += 1
            } else if isPunctuation(j, UInt8(ascii: ">")) {
                depth -= 1; if depth == 0 { return j + 1 }
            } else if isPunctuation(j, UInt8(ascii: "(")) || isPunctuation(j, UInt8(ascii: "[")) {
                j = skipGroup(j); continue
            } else if isPunctuation(j, UInt8(ascii: "{")) || isPunctuation(j, UInt8(ascii: "}"))
                || isPunctuation(j, UInt8(ascii: ";"))
            {
                return j
            }
            j += 1
        }
        return j
    }

    // MARK: - Declarations

    /// Declarations until the `}` that closes the current body (consumed) or the end of file.
    /// Members are collected into `members`; types go to `declarations`.
    mutating func parseDeclarations(nested: Bool, inBody: Bool, into members: inout [SwiftMember]) {
        while !atEnd {
            if isPunctuation(i, UInt8(ascii: "}")) {
                i += 1
                if inBody { return }
                continue
            }
            if isPunctuation(i, UInt8(ascii: ";")) { i += 1; continue }
            let start = i
            var attributes = SwiftAttributes()
            parseAttributes(into: &attributes)
            var modifiers = Modifiers()
            parseModifiers(into: &modifiers)
            guard !atEnd else { return }
            guard isIdentifier(i) else {
                if i == start { skipStatement() }
                continue
            }
            let keyword = string(i)
            switch keyword {
            case "class" where isIdentifier(i + 1):
                parseType(.class, attributes: attributes, modifiers: modifiers, nested: nested)
            case "struct":
                parseType(.struct, attributes: attributes, modifiers: modifiers, nested: nested)
            case "enum":
                parseType(.enum, attributes: attributes, modifiers: modifiers, nested: nested)
            case "protocol":
                parseType(.protocol, attributes: attributes, modifiers: modifiers, nested: nested)
            case "actor" where isIdentifier(i + 1):
                parseType(.actor, attributes: attributes, modifiers: modifiers, nested: nested)
            case "extension":
                parseType(.extension, attributes: attributes, modifiers: modifiers, nested: nested)
            case "func":
                if let member = parseFunction(attributes: attributes, modifiers: modifiers) { members.append(member) }
            case "init":
                members.append(parseInitializer(attributes: attributes, modifiers: modifiers))
            case "deinit":
                i += 1
                if isPunctuation(i, UInt8(ascii: "{")) { i = skipGroup(i) }
            case "var", "let":
                members += parseVariables(attributes: attributes, modifiers: modifiers)
            case "subscript":
                members.append(parseSubscript(attributes: attributes, modifiers: modifiers))
            case "typealias":
                parseTypeAlias()
            default:
                if i == start || !attributes.isEmpty || modifiers.any { skipStatement() }
            }
        }
    }

    /// What the modifiers before a declaration say.
    struct Modifiers {
        var access: SwiftAccess?
        var setterAccess: SwiftAccess?
        var isStatic = false
        /// `class` or `static`, for messages that quote the declaration.
        var staticKeyword = "static"
        var isOverride = false
        var isDynamic = false
        var isOptional = false
        var any = false
    }

    mutating func parseAttributes(into attributes: inout SwiftAttributes) {
        while i < tokens.count, tokens[i].kind == .attribute {
            let t = tokens[i]
            let name = text.string(t.start + 1, t.end)
            i += 1
            var argument: String?
            if isPunctuation(i, UInt8(ascii: "(")), !tokens[i].newlineBefore {
                let end = skipGroup(i)
                argument = (i + 1..<end - 1).map { string($0) }.joined()
                i = end
            }
            switch name {
            case "objc":
                attributes.objc = true
                if let argument, !argument.isEmpty { attributes.objcName = argument }
            case "nonobjc": attributes.nonobjc = true
            case "objcMembers": attributes.objcMembers = true
            case "IBAction", "IBOutlet", "IBSegueAction", "IBInspectable", "GKInspectable", "NSManaged":
                attributes.impliesObjC = true
            default: break
            }
        }
    }

    mutating func parseModifiers(into modifiers: inout Modifiers) {
        while isIdentifier(i) {
            let word = string(i)
            if word == "class" {
                // `class func`, `class var`, `class override func`: a modifier, not a class.
                let next = i + 1
                guard isIdentifier(next),
                    [
                        "func", "var", "let", "subscript", "override", "final", "public", "private", "fileprivate",
                        "internal", "open", "package", "dynamic", "required", "convenience", "nonisolated"
                    ].contains(string(next))
                else { return }
                modifiers.isStatic = true
                modifiers.staticKeyword = "class"
                modifiers.any = true
                i += 1
                continue
            }
            guard Self.modifierKeywords.contains(word) else { return }
            // A modifier is followed by the rest of the declaration, or `(set)` and the like.
            let followedByParenthesis = isPunctuation(i + 1, UInt8(ascii: "("))
            guard
                followedByParenthesis || isIdentifier(i + 1)
                    || (i + 1 < tokens.count && tokens[i + 1].kind == .attribute)
            else { return }
            modifiers.any = true
            if followedByParenthesis {
                let end = skipGroup(i + 1)
                if isWord(i + 2, "set"), let access = SwiftAccess(keyword: word) {
                    modifiers.setterAccess = access
                } else if let access = SwiftAccess(keyword: word) {
                    modifiers.access = access
                }
                i = end
                continue
            }
            if let access = SwiftAccess(keyword: word) { modifiers.access = access }
            switch word {
            case "static": modifiers.isStatic = true
            case "override": modifiers.isOverride = true
            case "dynamic": modifiers.isDynamic = true
            case "optional": modifiers.isOptional = true
            default: break
            }
            i += 1
        }
    }

    /// Skips one statement or unknown declaration: balanced tokens up to a `;`, the `}` of the
    /// enclosing body (not consumed), or the start of a declaration on a new line.
    /// `typealias Name = A & B.C & D`: kept when it names types joined by `&` (a protocol
    /// composition); anything else (`= [String: Any]`, generics, closures) is skipped.
    mutating func parseTypeAlias() {
        let start = i
        i += 1
        guard isIdentifier(i) else { i = start; skipStatement(); return }
        let name = string(i)
        var k = i + 1
        guard isPunctuation(k, UInt8(ascii: "=")) else { i = start; skipStatement(); return }
        k += 1
        var parts: [String] = []
        while isIdentifier(k) {
            var part = string(k)
            k += 1
            while isPunctuation(k, UInt8(ascii: ".")), isIdentifier(k + 1) {
                part += "." + string(k + 1)
                k += 2
            }
            parts.append(part)
            guard isPunctuation(k, UInt8(ascii: "&")) else { break }
            k += 1
        }
        let endsHere =
            atEnd(k) || tokens[k].newlineBefore || isPunctuation(k, UInt8(ascii: ";"))
            || isPunctuation(k, UInt8(ascii: "}"))
        if parts.count >= 2, endsHere { declarations.typeAliases.append((name, parts)) }
        i = start
        skipStatement()
    }

    func atEnd(_ k: Int) -> Bool { k >= tokens.count }

    mutating func skipStatement() {
        let first = i
        while !atEnd {
            if i > first, tokens[i].newlineBefore, startsDeclaration(i) { return }
            if isPunctuation(i, UInt8(ascii: ";")) { i += 1; return }
            if isPunctuation(i, UInt8(ascii: "}")) {
                if i == first { i += 1 }
                return
            }
            if isPunctuation(i, UInt8(ascii: "(")) || isPunctuation(i, UInt8(ascii: "["))
                || isPunctuation(i, UInt8(ascii: "{"))
            {
                i = skipGroup(i)
                continue
            }
            i += 1
        }
    }

    // MARK: - Types

    mutating func parseType(
        _ kind: SwiftTypeDeclaration.Kind, attributes: SwiftAttributes, modifiers: Modifiers, nested: Bool
    ) {
        let startLine = line(i)
        i += 1
        // The name; an extension's may be qualified (`Outer.Inner`, `UIKit.UIView`).
        var name = ""
        while isIdentifier(i) {
            name += string(i)
            i += 1
            if kind == .extension, isPunctuation(i, UInt8(ascii: ".")), isIdentifier(i + 1) {
                name += "."
                i += 1
                continue
            }
            break
        }
        var hasGenericParameters = false
        if isPunctuation(i, UInt8(ascii: "<")) {
            hasGenericParameters = kind != .extension
            i = skipAngles(i)
        }
        var inherited: [String] = []
        if isPunctuation(i, UInt8(ascii: ":")) {
            i += 1
            var current = ""
            var expectsName = true
            while !atEnd, !isPunctuation(i, UInt8(ascii: "{")), !isWord(i, "where") {
                if isPunctuation(i, UInt8(ascii: ",")) {
                    if !current.isEmpty { inherited.append(current) }
                    current = ""
                    expectsName = true
                    i += 1
                    continue
                }
                if isPunctuation(i, UInt8(ascii: "<")) { i = skipAngles(i); continue }
                if isPunctuation(i, UInt8(ascii: "(")) { i = skipGroup(i); continue }
                if isPunctuation(i, UInt8(ascii: "}")) || isPunctuation(i, UInt8(ascii: ";")) { break }
                if isIdentifier(i) {
                    if expectsName {
                        current += string(i)
                        expectsName = false
                    }
                } else if isPunctuation(i, UInt8(ascii: ".")), !current.isEmpty {
                    current += "."
                    expectsName = true
                } else if isPunctuation(i, UInt8(ascii: "&")) || isPunctuation(i, UInt8(ascii: "~")) {
                    // `A & B`, `~Copyable`: the first type of the item names it.
                }
                i += 1
            }
            if !current.isEmpty { inherited.append(current) }
        }
        if isWord(i, "where") {
            while !atEnd, !isPunctuation(i, UInt8(ascii: "{")), !isPunctuation(i, UInt8(ascii: "}")) { i += 1 }
        }
        var members: [SwiftMember] = []
        let context = enclosing
        if isPunctuation(i, UInt8(ascii: "{")) {
            i += 1
            enclosing.append(
                SwiftEnclosingType(
                    kind: kind, name: name, hasGenericParameters: hasGenericParameters, access: modifiers.access))
            parseDeclarations(nested: true, inBody: true, into: &members)
            enclosing.removeLast()
        }
        declarations.swiftTypes.append(
            SwiftTypeDeclaration(
                kind: kind, name: name, isNested: nested && kind != .extension, enclosing: context,
                hasGenericParameters: hasGenericParameters,
                inherited: inherited, attributes: attributes, access: modifiers.access, members: members,
                line: startLine))
    }

}
