import TrackctlModel

/// Reads the declarations of one Objective-C file from its tokens: `@interface` (classes,
/// class extensions, categories), `@implementation`, `@protocol`, their methods and
/// properties. Everything else — functions, variables, method bodies, macros — is skipped by
/// balancing brackets, so it cannot derail the parse.
struct ObjCDeclarationParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let tokens: [ObjCToken]
    private let path: String
    private var i = 0
    private(set) var declarations = FileDeclarations()

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, conditions: BuildConditions = .unknown) {
        self.bytes = bytes
        self.tokens = ObjCLexer.tokenize(bytes, conditions: conditions)
        self.path = path
    }

    /// Parses the whole file; what a branch `conditions` rules out (`#if TARGET_OS_TV` in an iOS
    /// scan) is not read, as `#if 0` is not.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, conditions: BuildConditions = .unknown)
        -> FileDeclarations
    {
        var parser = ObjCDeclarationParser(bytes: bytes, path: path, conditions: conditions)
        parser.parseFile()
        return parser.declarations
    }

    // MARK: - Token access

    private var atEnd: Bool { i >= tokens.count }

    private func text(_ k: Int) -> String {
        guard k < tokens.count else { return "" }
        let t = tokens[k]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(t.start)..<Int(t.end)]), as: UTF8.self)
    }

    /// Whether token `k` is exactly `word` (an identifier, `@keyword` or punctuation).
    private func isWord(_ k: Int, _ word: StaticString) -> Bool {
        guard k < tokens.count else { return false }
        let t = tokens[k]
        let count = Int(t.end - t.start)
        guard count == word.utf8CodeUnitCount else { return false }
        let base = word.utf8Start
        for offset in 0..<count where bytes[Int(t.start) + offset] != base[offset] { return false }
        return true
    }

    private func isPunctuation(_ k: Int, _ c: UInt8) -> Bool {
        k < tokens.count && tokens[k].kind == .punctuation && bytes[Int(tokens[k].start)] == c
    }

    private func isIdentifier(_ k: Int) -> Bool { k < tokens.count && tokens[k].kind == .identifier }

    private func line(_ k: Int) -> Int { Int(tokens[min(k, tokens.count - 1)].line) }

    /// The index after the bracket group opening at `k` (`(`, `[`, `{` or `<`), nested groups
    /// included; the end of the file when it is not closed.
    private func skipGroup(_ k: Int) -> Int {
        var depth = 0
        var j = k
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                switch bytes[Int(t.start)] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                default: break
                }
            } else if t.kind == .atKeyword,
                isWord(j, "@end") || isWord(j, "@interface") || isWord(j, "@implementation")
                    || isWord(j, "@protocol") && isIdentifier(j + 1) && !isPunctuation(j - 1, UInt8(ascii: "("))
            {
                // These never occur inside brackets: a missing closing bracket must not
                // swallow the rest of the file.
                return j
            }
            j += 1
        }
        return j
    }

    /// `<…>` generic arguments or a protocol list: the index after the matching `>`.
    private func skipAngles(_ k: Int) -> Int {
        var depth = 0
        var j = k
        while j < tokens.count {
            if isPunctuation(j, UInt8(ascii: "<")) {
                depth += 1
            } else if isPunctuation(j, UInt8(ascii: ">")) {
                depth -= 1; if depth == 0 { return j + 1 }
            } else if isPunctuation(j, UInt8(ascii: ";")) || isPunctuation(j, UInt8(ascii: "{"))
                || tokens[j].kind == .atKeyword
            {
                return j
            }
            j += 1
        }
        return j
    }

    /// The identifiers of a `<P1, P2>` protocol list starting at `k`.
    private func protocolList(_ k: Int) -> (names: [String], next: Int) {
        let end = skipAngles(k)
        var names: [String] = []
        var j = k + 1
        var depth = 1
        while j < end - 1 {
            if isPunctuation(j, UInt8(ascii: "<")) {
                depth += 1
            } else if isPunctuation(j, UInt8(ascii: ">")) {
                depth -= 1
            } else if depth == 1, isIdentifier(j) {
                names.append(text(j))
            }
            j += 1
        }
        return (names, end)
    }

    // MARK: - File level

    private mutating func parseFile() {
        while !atEnd {
            let t = tokens[i]
            if t.kind == .atKeyword {
                if isWord(i, "@interface") { parseInterface(); continue }
                if isWord(i, "@implementation") { parseImplementation(); continue }
                if isWord(i, "@protocol") { parseProtocol(); continue }
            }
            if t.kind == .punctuation, isPunctuation(i, UInt8(ascii: "{")) {
                // A function body, an `extern "C" {` block or an initializer list: its contents
                // may hold nothing of ours except in `extern "C"`, whose braces we enter.
                if i >= 1, tokens[i - 1].kind == .literal, i >= 2, isWord(i - 2, "extern") { i += 1; continue }
                i = skipGroup(i)
                continue
            }
            i += 1
        }
    }

    private mutating func parseInterface() {
        let startLine = line(i)
        i += 1
        guard isIdentifier(i) else { return skipUnreadable(from: i - 1, what: "@interface") }
        let name = text(i)
        i += 1
        if isPunctuation(i, UInt8(ascii: "<")) { i = skipAngles(i) }  // lightweight generics: still an ObjC class
        var superclass: String?
        var category: String?
        if isPunctuation(i, UInt8(ascii: ":")) {
            i += 1
            if isIdentifier(i) { superclass = text(i); i += 1 }
            // `Super<NSString *>` type arguments (they hold a `*`), not the protocol list.
            if isPunctuation(i, UInt8(ascii: "<")) {
                let end = skipAngles(i)
                if (i..<end).contains(where: { isPunctuation($0, UInt8(ascii: "*")) }) { i = end }
            }
        } else if isPunctuation(i, UInt8(ascii: "(")) {
            category = parseCategoryName()
        }
        var protocols: [String] = []
        if isPunctuation(i, UInt8(ascii: "<")) {
            let list = protocolList(i)
            protocols = list.names
            i = list.next
        }
        if isPunctuation(i, UInt8(ascii: "{")) { i = skipGroup(i) }  // instance variables
        let members = parseBody()
        declarations.objcClasses.append(
            ObjCClassDeclaration(
                name: name, kind: .interface, superclass: superclass, category: category,
                protocols: protocols, selectors: members.instance, classMethods: members.classMethods, line: startLine))
    }

    /// `(Name)` after a class name, from its `(`: the category's name (empty for a class
    /// extension), leaving `i` after the `)`.
    private mutating func parseCategoryName() -> String {
        var j = i + 1
        var name = ""
        while j < tokens.count, !isPunctuation(j, UInt8(ascii: ")")) {
            if isIdentifier(j) { name = text(j) }
            j += 1
        }
        i = j + 1
        return name
    }

    private mutating func parseImplementation() {
        let startLine = line(i)
        i += 1
        guard isIdentifier(i) else { return skipUnreadable(from: i - 1, what: "@implementation") }
        let name = text(i)
        i += 1
        var superclass: String?
        var category: String?
        if isPunctuation(i, UInt8(ascii: "(")) {
            category = parseCategoryName()
        } else if isPunctuation(i, UInt8(ascii: ":")) {
            i += 1
            if isIdentifier(i) { superclass = text(i); i += 1 }
        }
        if isPunctuation(i, UInt8(ascii: "{")) { i = skipGroup(i) }  // instance variables
        let members = parseBody()
        declarations.objcClasses.append(
            ObjCClassDeclaration(
                name: name, kind: .implementation, superclass: superclass, category: category,
                protocols: [], selectors: members.instance, classMethods: members.classMethods, line: startLine))
    }

    private mutating func parseProtocol() {
        let startLine = line(i)
        i += 1
        guard isIdentifier(i) else { return }  // `@protocol(Name)` in an expression
        let name = text(i)
        i += 1
        // `@protocol A, B;` and `@protocol A;` are forward declarations.
        if isPunctuation(i, UInt8(ascii: ";")) || isPunctuation(i, UInt8(ascii: ",")) {
            while !atEnd, !isPunctuation(i, UInt8(ascii: ";")) { i += 1 }
            i += 1
            return
        }
        var inherited: [String] = []
        if isPunctuation(i, UInt8(ascii: "<")) {
            let list = protocolList(i)
            inherited = list.names
            i = list.next
        }
        let selectors = parseBody().instance
        declarations.objcProtocols.append(
            ObjCProtocolDeclaration(name: name, inherited: inherited, selectors: selectors, line: startLine))
    }

    /// The members up to `@end`: methods (declarations, or definitions with their bodies) and
    /// properties. Anything else is skipped a statement at a time.
    private mutating func parseBody() -> ObjCMembers {
        var selectors = ObjCMembers()
        var atStatementStart = true
        while !atEnd {
            let t = tokens[i]
            if t.kind == .atKeyword {
                if isWord(i, "@end") { i += 1; return selectors }
                if isWord(i, "@property") { parseProperty(into: &selectors); atStatementStart = true; continue }
                if isWord(i, "@interface") || isWord(i, "@implementation") {
                    // A missing @end: the next class starts here.
                    return selectors
                }
                if isWord(i, "@optional") || isWord(i, "@required") || isWord(i, "@public") || isWord(i, "@private")
                    || isWord(i, "@protected")
                    || isWord(i, "@package")
                {
                    i += 1
                    atStatementStart = true
                    continue
                }
                i += 1
                continue
            }
            if t.kind == .punctuation {
                let c = bytes[Int(t.start)]
                if atStatementStart, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                    parseMethod(into: &selectors)
                    atStatementStart = true
                    continue
                }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                    i = skipGroup(i)
                    // A function body ends a statement; a parenthesis does not.
                    atStatementStart = c == UInt8(ascii: "{")
                    continue
                }
                atStatementStart = c == UInt8(ascii: ";")
                i += 1
                continue
            }
            atStatementStart = false
            i += 1
        }
        return selectors
    }

    /// `- (type)piece:(type)name piece:(type)name … ;` or `{ body }`, attributes and macros
    /// anywhere between the parts.
    private mutating func parseMethod(into members: inout ObjCMembers) {
        let start = i
        let isClassMethod = isPunctuation(i, UInt8(ascii: "+"))
        i += 1
        if isPunctuation(i, UInt8(ascii: "(")) { i = skipGroup(i) }
        guard isIdentifier(i) else { return skipUnreadable(from: start, what: "method") }
        var selector = text(i)
        i += 1
        if isPunctuation(i, UInt8(ascii: ":")) {
            selector += ":"
            i += 1
            while !atEnd {
                if isPunctuation(i, UInt8(ascii: "(")) { i = skipGroup(i) }  // the argument's type
                // Its name: after the type, an identifier always is (`:(int)a :(int)b` is
                // `foo::`); without a type, one not followed by a colon.
                if isIdentifier(i),
                    tokens[i - 1].kind == .punctuation && bytes[Int(tokens[i - 1].start)] == UInt8(ascii: ")")
                        || !isPunctuation(i + 1, UInt8(ascii: ":"))
                {
                    i += 1
                }
                // Attributes and macros after an argument: `__unused`, `NS_SWIFT_NAME(…)`.
                while isIdentifier(i), !isPunctuation(i + 1, UInt8(ascii: ":")) {
                    i += 1
                    if isPunctuation(i, UInt8(ascii: "(")) { i = skipGroup(i) }
                }
                if isIdentifier(i), isPunctuation(i + 1, UInt8(ascii: ":")) {
                    selector += text(i) + ":"
                    i += 2
                    continue
                }
                if isPunctuation(i, UInt8(ascii: ":")) {  // an empty keyword: `foo::`
                    selector += ":"
                    i += 1
                    continue
                }
                break
            }
        }
        // The end: `;`, or a body; attributes, macros and a C-style variadic `, ...` before it.
        while !atEnd {
            if isPunctuation(i, UInt8(ascii: ";")) { i += 1; break }
            if isPunctuation(i, UInt8(ascii: "{")) {
                i = skipGroup(i)
                break
            }
            if isPunctuation(i, UInt8(ascii: "(")) { i = skipGroup(i); continue }
            if tokens[i].kind == .atKeyword
                || ((isPunctuation(i, UInt8(ascii: "-")) || isPunctuation(i, UInt8(ascii: "+"))) && i > start + 1
                    && tokens[i].line > tokens[i - 1].line)
            {
                // The declaration never ended: record what was read, resume at the next member.
                declarations.skipped.append(
                    SkippedConstruct(
                        location: SourceLine(path: path, line: line(start)), reason: .unreadableDeclaration,
                        name: selector, detail: "a method declaration without ';' or a body"))
                return
            }
            i += 1
        }
        if isClassMethod { members.classMethods.append(selector) } else { members.instance.append(selector) }
    }

    /// `@property (attributes) type name, name2;` → getters and setters, honouring `getter=`,
    /// `setter=` and `readonly`. Block and function-pointer declarators name the property
    /// inside their parentheses: `void (^handler)(BOOL)`.
    private mutating func parseProperty(into members: inout ObjCMembers) {
        let start = i
        i += 1
        var getter: String?
        var setter: String?
        var readonly = false
        var isClassProperty = false
        var selectors: [String] = []
        defer {
            if isClassProperty { members.classMethods += selectors } else { members.instance += selectors }
        }
        if isPunctuation(i, UInt8(ascii: "(")) {
            let end = skipGroup(i)
            var j = i + 1
            while j < end - 1 {
                if isWord(j, "getter"), isPunctuation(j + 1, UInt8(ascii: "=")), isIdentifier(j + 2) {
                    getter = text(j + 2)
                    j += 3
                    continue
                }
                if isWord(j, "setter"), isPunctuation(j + 1, UInt8(ascii: "=")), isIdentifier(j + 2) {
                    var name = text(j + 2)
                    j += 3
                    if isPunctuation(j, UInt8(ascii: ":")) { name += ":"; j += 1 }
                    setter = name
                    continue
                }
                if isWord(j, "readonly") { readonly = true }
                if isWord(j, "class") { isClassProperty = true }
                if isWord(j, "readwrite") { readonly = false }
                j += 1
            }
            i = end
        }
        // The declarators, split at top-level commas, up to the `;`.
        var declarators: [[Int]] = [[]]
        while !atEnd, !isPunctuation(i, UInt8(ascii: ";")) {
            if tokens[i].kind == .atKeyword {
                declarations.skipped.append(
                    SkippedConstruct(
                        location: SourceLine(path: path, line: line(start)), reason: .unreadableDeclaration,
                        name: "@property", detail: "a property declaration without ';'"))
                return
            }
            if isPunctuation(i, UInt8(ascii: "(")) || isPunctuation(i, UInt8(ascii: "["))
                || isPunctuation(i, UInt8(ascii: "<"))
            {
                let end = isPunctuation(i, UInt8(ascii: "<")) ? skipAngles(i) : skipGroup(i)
                // Keep `( ^ name )` and `( * name )` visible: they carry the name.
                if isPunctuation(i, UInt8(ascii: "(")),
                    isPunctuation(i + 1, UInt8(ascii: "^")) || isPunctuation(i + 1, UInt8(ascii: "*"))
                {
                    var j = i + 2
                    while j < end, !isIdentifier(j) || isNullability(j) { j += 1 }
                    // Negative: a name inside parentheses.
                    if j < end { declarators[declarators.count - 1].append(-(j + 1)) }
                } else if isPunctuation(i, UInt8(ascii: "(")), i > 0, isIdentifier(i - 1) {
                    // A macro call (`API_AVAILABLE(ios(13))`): its name is not the property's.
                    if let last = declarators[declarators.count - 1].last, last == i - 1 {
                        declarators[declarators.count - 1].removeLast()
                    }
                }
                i = end
                continue
            }
            if isPunctuation(i, UInt8(ascii: ",")) { declarators.append([]); i += 1; continue }
            if isIdentifier(i) { declarators[declarators.count - 1].append(i) }
            i += 1
        }
        i += 1
        for (index, declarator) in declarators.enumerated() {
            guard let name = propertyName(declarator) else { continue }
            if index == 0 || getter == nil {
                selectors.append(getter ?? name)
            } else {
                selectors.append(name)
            }
            if !readonly {
                selectors.append(index == 0 ? (setter ?? Self.setterName(name)) : Self.setterName(name))
            }
        }
    }

    /// The declarator's name: the one inside `(^name)` if any, else its last identifier that is
    /// not a qualifier or a trailing macro (`NS_REFINED_FOR_SWIFT`, `UI_APPEARANCE_SELECTOR`).
    private func propertyName(_ indices: [Int]) -> String? {
        if let inner = indices.first(where: { $0 < 0 }) { return text(-inner - 1) }
        var candidates = indices.filter { !isNullability($0) && !Self.qualifiers.contains(text($0)) }
        while candidates.count > 1, let last = candidates.last, Self.looksLikeMacro(text(last)) {
            candidates.removeLast()
        }
        return candidates.last.map(text)
    }

    private func isNullability(_ k: Int) -> Bool {
        guard isIdentifier(k) else { return false }
        return Self.qualifiers.contains(text(k))
    }

    private static let qualifiers: Set<String> = [
        "nullable", "nonnull", "_Nullable", "_Nonnull", "_Null_unspecified", "null_unspecified", "__nullable",
        "__nonnull",
        "__kindof", "const", "volatile", "__weak", "__strong", "__unsafe_unretained", "__autoreleasing", "__block",
        "IBOutlet", "IBInspectable", "IBOutletCollection", "struct", "enum", "union", "unsigned", "signed",
        "_Nullable_result", "__covariant", "__contravariant", "static", "extern"
    ]

    /// `NS_REFINED_FOR_SWIFT`, `UI_APPEARANCE_SELECTOR`, `DEPRECATED_ATTRIBUTE`, `__deprecated`:
    /// all capitals with an underscore, or a leading double underscore. (`URL` is a name.)
    static func looksLikeMacro(_ word: String) -> Bool {
        if word.hasPrefix("__") { return true }
        return word.contains("_")
            && word.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// `name` → `setName:`: the first letter upper-cased, as the compiler forms setters.
    static func setterName(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "set:" }
        return "set" + String(first).uppercased() + name.unicodeScalars.dropFirst().map(String.init).joined() + ":"
    }

    /// Records a construct that could not be read and moves past it.
    private mutating func skipUnreadable(from start: Int, what: String) {
        declarations.skipped.append(
            SkippedConstruct(
                location: SourceLine(path: path, line: line(start)), reason: .unreadableDeclaration,
                name: text(start), detail: "a \(what) it could not read"))
        i = max(i, start + 1)
    }
}

/// The members of one `@interface`, `@implementation` or `@protocol` body: instance methods and
/// property accessors apart from class methods (`+`, `@property (class)`), which the class
/// object answers and an instance never does.
struct ObjCMembers {
    var instance: [String] = []
    var classMethods: [String] = []
}
