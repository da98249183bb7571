import TrackctlModel

/// How `SwiftDeclarationParser` reads a type's members: functions, initializers, properties and
/// subscripts with their labels, parameter types, modifiers and accessors.
extension SwiftDeclarationParser {
    // MARK: - Members

    mutating func parseFunction(attributes: SwiftAttributes, modifiers: Modifiers) -> SwiftMember? {
        let startLine = line(i)
        i += 1
        var name = ""
        var isOperator = false
        if isIdentifier(i) {
            name = string(i)
            i += 1
        } else {
            // An operator: its characters up to the parameters.
            isOperator = true
            while !atEnd, !isPunctuation(i, UInt8(ascii: "(")), !tokens[i].newlineBefore || name.isEmpty {
                if isPunctuation(i, UInt8(ascii: "<")), !name.isEmpty, isIdentifier(i + 1) { break }
                name += string(i)
                i += 1
            }
        }
        var member = SwiftMember(
            kind: .function, name: name, labels: [], parameterTypes: [], attributes: attributes, line: startLine)
        apply(modifiers, to: &member)
        member.isOperator = isOperator
        if isPunctuation(i, UInt8(ascii: "<")) {
            member.hasGenericParameters = true
            i = skipAngles(i)
        }
        guard isPunctuation(i, UInt8(ascii: "(")) else {
            declarations.skipped.append(
                SkippedConstruct(
                    location: SourceLine(path: path, line: startLine), reason: .unreadableDeclaration,
                    name: "func \(name)", detail: "a function without a parameter list"))
            skipStatement()
            return nil
        }
        guard groupEnd(i) != nil else {
            // `func f( {` and the file ends: the parameters never close, so no selector is sure.
            declarations.skipped.append(
                SkippedConstruct(
                    location: SourceLine(path: path, line: startLine), reason: .unreadableDeclaration,
                    name: "func \(name)", detail: "its parameter list is never closed"))
            i = tokens.count
            return nil
        }
        parseParameters(into: &member)
        parseEffects(into: &member)
        if isArrow(i) {
            i += 1
            member.resultType = parseTypeText()
        }
        skipWhereClause()
        if isPunctuation(i, UInt8(ascii: "{")) { i = skipGroup(i) }
        return member
    }

    mutating func parseInitializer(attributes: SwiftAttributes, modifiers: Modifiers) -> SwiftMember {
        let startLine = line(i)
        i += 1
        var member = SwiftMember(
            kind: .initializer, name: "init", labels: [], parameterTypes: [], attributes: attributes, line: startLine)
        apply(modifiers, to: &member)
        if isPunctuation(i, UInt8(ascii: "?")) || isPunctuation(i, UInt8(ascii: "!")) { i += 1 }
        if isPunctuation(i, UInt8(ascii: "<")) {
            member.hasGenericParameters = true
            i = skipAngles(i)
        }
        if isPunctuation(i, UInt8(ascii: "(")) { parseParameters(into: &member) }
        parseEffects(into: &member)
        skipWhereClause()
        if isPunctuation(i, UInt8(ascii: "{")) { i = skipGroup(i) }
        return member
    }

    mutating func parseSubscript(attributes: SwiftAttributes, modifiers: Modifiers) -> SwiftMember {
        let startLine = line(i)
        i += 1
        var member = SwiftMember(
            kind: .subscriptDecl, name: "subscript", labels: [], parameterTypes: [], attributes: attributes,
            line: startLine)
        apply(modifiers, to: &member)
        if isPunctuation(i, UInt8(ascii: "<")) {
            member.hasGenericParameters = true
            i = skipAngles(i)
        }
        if isPunctuation(i, UInt8(ascii: "(")) { parseParameters(into: &member) }
        if isArrow(i) {
            i += 1
            member.resultType = parseTypeText()
        }
        skipWhereClause()
        if isPunctuation(i, UInt8(ascii: "{")) { parseAccessors(into: &member) }
        return member
    }

    /// `var a: T = x, b: U { get set }`: one member per named pattern.
    mutating func parseVariables(attributes: SwiftAttributes, modifiers: Modifiers) -> [SwiftMember] {
        let isLet = isWord(i, "let")
        i += 1
        var members: [SwiftMember] = []
        while !atEnd {
            let startLine = line(i)
            var name: String?
            if isIdentifier(i) {
                let word = string(i)
                if word != "_" { name = word }
                i += 1
            } else if isPunctuation(i, UInt8(ascii: "(")) {
                i = skipGroup(i)  // a tuple pattern: no property name of ours
            } else {
                break
            }
            var member = SwiftMember(
                kind: .property, name: name ?? "", labels: [], parameterTypes: [], attributes: attributes,
                line: startLine)
            apply(modifiers, to: &member)
            member.isSettable = !isLet
            if isPunctuation(i, UInt8(ascii: ":")) {
                i += 1
                member.resultType = parseTypeText()
            }
            if isPunctuation(i, UInt8(ascii: "=")) {
                i += 1
                skipInitialValue()
            }
            if isPunctuation(i, UInt8(ascii: "{")) {
                parseAccessors(into: &member)
                if isLet { member.isSettable = false }
            }
            if name != nil { members.append(member) }
            if isPunctuation(i, UInt8(ascii: ",")) { i += 1; continue }
            break
        }
        return members
    }

    func apply(_ modifiers: Modifiers, to member: inout SwiftMember) {
        member.access = modifiers.access
        member.setterAccess = modifiers.setterAccess
        member.isStatic = modifiers.isStatic
        member.staticKeyword = modifiers.staticKeyword
        member.isOverride = modifiers.isOverride
        member.isDynamic = modifiers.isDynamic
        member.isOptionalRequirement = modifiers.isOptional
    }

    /// `( label name: Type = default, … )`: labels and types, at `(`.
    mutating func parseParameters(into member: inout SwiftMember) {
        let end = skipGroup(i)
        var j = i + 1
        var names: [String] = []
        var type = ""
        var inType = false
        var inDefault = false
        var depth = 0
        var angles = 0
        func finish(_ member: inout SwiftMember) {
            if !names.isEmpty || !type.isEmpty {
                let label = names.first.flatMap { $0 == "_" ? nil : $0 }
                member.labels.append(label)
                member.parameterTypes.append(type)
            }
            names = []
            type = ""
            inType = false
            inDefault = false
        }
        while j < end - 1 {
            let t = tokens[j]
            if t.kind == .punctuation, t.end - t.start == 1 {
                let c = text.byte(t.start)
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "<") where inType && !inDefault: angles += 1
                case UInt8(ascii: ">") where inType && !inDefault: angles -= 1
                case UInt8(ascii: ",") where depth == 0 && angles <= 0:
                    finish(&member)
                    angles = 0
                    j += 1
                    continue
                case UInt8(ascii: ":") where depth == 0 && !inType:
                    inType = true
                    j += 1
                    continue
                case UInt8(ascii: "=") where depth == 0 && angles <= 0 && inType:
                    inDefault = true
                default: break
                }
            }
            if inDefault {
                j += 1
                continue
            }
            if inType {
                // The type's text without layout, words kept apart: `@escaping (Bool) -> Void`.
                if !type.isEmpty, let last = type.utf8.last, SwiftLexer.isIdentifierContinue(last),
                    t.kind == .identifier || t.kind == .attribute
                {
                    type += " "
                }
                type += text.string(t.start, t.end)
            } else if t.kind == .identifier {
                names.append(text.string(t.start, t.end))
            }
            j += 1
        }
        finish(&member)
        i = end
    }

    /// `async`, `throws`, `rethrows`, `throws(E)` after the parameters.
    mutating func parseEffects(into member: inout SwiftMember) {
        while isIdentifier(i) {
            if isWord(i, "async") || isWord(i, "reasync") {
                member.isAsync = true
            } else if isWord(i, "throws") || isWord(i, "rethrows") {
                member.throwsErrors = true
                if isPunctuation(i + 1, UInt8(ascii: "(")) { i = skipGroup(i + 1); continue }
            } else {
                return
            }
            i += 1
        }
    }

    mutating func skipWhereClause() {
        guard isWord(i, "where") else { return }
        while !atEnd, !isPunctuation(i, UInt8(ascii: "{")), !isPunctuation(i, UInt8(ascii: "}")) {
            if i > 0, tokens[i].newlineBefore, startsDeclaration(i) { return }
            i += 1
        }
    }

    /// A type after `:` or `->`, as text without layout; stops at `=`, `{`, `,`, `where`, or a
    /// declaration on the next line.
    mutating func parseTypeText() -> String {
        var type = ""
        var angles = 0
        let first = i
        while !atEnd {
            let t = tokens[i]
            if i > first, t.newlineBefore, startsDeclaration(i) { break }
            if t.kind == .punctuation, t.end - t.start == 1 {
                let c = text.byte(t.start)
                if c == UInt8(ascii: "<") {
                    angles += 1
                } else if c == UInt8(ascii: ">") {
                    angles -= 1
                } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                    let end = skipGroup(i)
                    type += (i..<end).map { string($0) }.joined()
                    i = end
                    continue
                } else if angles <= 0,
                    c == UInt8(ascii: "=") || c == UInt8(ascii: "{") || c == UInt8(ascii: ",") || c == UInt8(ascii: "}")
                        || c == UInt8(ascii: ";")
                        || c == UInt8(ascii: ")")
                {
                    break
                }
            }
            if angles <= 0, isWord(i, "where") { break }
            if !type.isEmpty, let last = type.utf8.last, SwiftLexer.isIdentifierContinue(last),
                t.kind == .identifier || t.kind == .attribute
            {
                type += " "
            }
            type += string(i)
            i += 1
        }
        return type
    }

    /// An initial value: balanced tokens up to the next pattern (`,`), the end of the
    /// declaration, or observers (`{ willSet … }`/`{ didSet … }`).
    mutating func skipInitialValue() {
        let first = i
        while !atEnd {
            let t = tokens[i]
            if i > first, t.newlineBefore, startsDeclaration(i) { return }
            if t.kind == .punctuation, t.end - t.start == 1 {
                let c = text.byte(t.start)
                if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: "}") { return }
                if c == UInt8(ascii: "{") {
                    var k = i + 1
                    while k < tokens.count, tokens[k].kind == .attribute { k += 1 }
                    if isWord(k, "willSet") || isWord(k, "didSet") { return }
                    i = skipGroup(i)  // a closure or trailing closure in the value
                    continue
                }
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                    i = skipGroup(i)
                    continue
                }
            }
            i += 1
        }
    }

    /// An accessor block at `{`: `{ get set }`, `{ get { … } set { … } }`, observers, or a
    /// getter's body. Settable when it has `set`, `_modify` or observers.
    mutating func parseAccessors(into member: inout SwiftMember) {
        let end = skipGroup(i)
        var j = i + 1
        var sawAccessor = false
        var settable = false
        var pendingName: String?
        while j < end - 1 {
            let t = tokens[j]
            if t.kind == .attribute {
                let name = text.string(t.start + 1, t.end)
                j += 1
                if name == "objc", isPunctuation(j, UInt8(ascii: "(")) {
                    let close = skipGroup(j)
                    pendingName = (j + 1..<close - 1).map { string($0) }.joined()
                    j = close
                }
                continue
            }
            if t.kind == .identifier {
                let word = string(j)
                switch word {
                case "get", "_read", "unsafeAddress":
                    sawAccessor = true
                    if let pendingName { member.getterObjCName = pendingName }
                case "set", "_modify", "unsafeMutableAddress", "willSet", "didSet", "init":
                    sawAccessor = true
                    settable = true
                    if word == "set", let pendingName { member.setterObjCName = pendingName }
                case "mutating", "nonmutating", "private", "fileprivate", "internal", "public", "__consuming":
                    j += 1
                    continue
                default:
                    if !sawAccessor {
                        // A getter's body: a computed, read-only property.
                        member.isSettable = false
                        i = end
                        return
                    }
                }
                pendingName = nil
                j += 1
                if isPunctuation(j, UInt8(ascii: "(")) { j = skipGroup(j) }  // `set(newValue)`
                if isPunctuation(j, UInt8(ascii: "{")) { j = skipGroup(j) }
                continue
            }
            if !sawAccessor {
                member.isSettable = false
                i = end
                return
            }
            j = isPunctuation(j, UInt8(ascii: "{")) || isPunctuation(j, UInt8(ascii: "(")) ? skipGroup(j) : j + 1
        }
        member.isSettable = sawAccessor ? settable : false
        if !sawAccessor, end - i <= 2 { member.isSettable = false }
        i = end
    }
}
