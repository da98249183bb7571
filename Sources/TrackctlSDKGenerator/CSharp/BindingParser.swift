/// One attribute of a binding declaration: `[Export ("viewDidLoad")]`, `[iOS (13, 0)]`.
struct BindingAttribute: Sendable {
    var name: String
    /// Arguments split at top-level commas, each as its tokens.
    var arguments: [[CSharpToken]]

    /// The first string argument (`Export`'s selector, `Bind`'s getter).
    var firstString: String? { arguments.first?.first { $0.kind == .string }?.text }

    /// A named argument's string: `Name = "NSURLSession"`.
    func named(_ key: String) -> String? {
        for argument in arguments where argument.count >= 3 && argument[0].text == key && argument[1].text == "=" {
            return argument.first { $0.kind == .string }?.text
        }
        return nil
    }

    /// `typeof (X)` in the first argument: `X`.
    var typeofArgument: String? {
        guard let argument = arguments.first, argument.count >= 4, argument[0].text == "typeof" else { return nil }
        return BindingParser.compact(Array(argument[2..<(argument.count - 1)]))
    }

    /// The numbers among the arguments (`iOS (13, 0)` → [13, 0]).
    var numbers: [String] { arguments.compactMap { $0.count == 1 && $0[0].kind == .number ? $0[0].text : nil } }
}

/// A parameter of a bound method.
struct BindingParameter: Sendable {
    /// The C# type as written, without spaces (`NSIndexPath`, `string[]`, `Action<bool>`).
    var type: String
    var name: String
    /// `out` or `ref`: a pointer the method writes through (`out NSError error` is `NSError **`).
    var isOut = false
}

/// A method or property of a binding interface.
struct BindingMember: Sendable {
    enum Kind: Sendable {
        case method(parameters: [BindingParameter], returnType: String)
        /// Accessors present, each with its own attributes.
        case property(type: String, getter: [BindingAttribute]?, setter: [BindingAttribute]?)
    }

    var name: String
    var attributes: [BindingAttribute]
    var kind: Kind
    var line: Int
}

/// An `interface` of a binding file: a class, protocol, category or helper, by its attributes.
struct BindingInterface: Sendable {
    var name: String
    var attributes: [BindingAttribute]
    /// The C# interfaces after the colon (protocols for a class or a protocol).
    var inherits: [String]
    var members: [BindingMember]
    /// The C# namespace it is declared in: the framework (`UIKit`, `CoreAnimation` for QuartzCore).
    var namespace: String
    var file: String
    var line: Int

    func attribute(_ name: String) -> BindingAttribute? { attributes.first { $0.name == name } }
    func has(_ name: String) -> Bool { attribute(name) != nil }
}

/// What one binding file declares: interfaces, `using X = Y;` aliases and block (delegate) types.
struct BindingFile: Sendable {
    var interfaces: [BindingInterface] = []
    var aliases: [String: String] = [:]
    var delegateTypes: Set<String> = []
}

/// Reads the declarations of a C# binding file (dotnet/macios `src/*.cs`): interfaces with
/// their attributes and members; enums, structs, classes and delegates' bodies are skipped.
struct BindingParser {
    struct Failure: Error, Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var reason: String
        var description: String { "\(file):\(line): \(reason)" }
    }

    private let tokens: [CSharpToken]
    private let file: String
    private var position = 0

    static func parse(_ source: String, file: String, symbols: Set<String> = CSharpLexer.iOSSymbols) throws(Failure)
        -> BindingFile
    {
        let tokens: [CSharpToken]
        do { tokens = try CSharpLexer(symbols: symbols).tokens(of: source) } catch {
            throw Failure(file: file, line: error.line, reason: error.reason)
        }
        var parser = BindingParser(tokens: tokens, file: file)
        return try parser.parseFile()
    }

    private init(tokens: [CSharpToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    private var current: CSharpToken? { position < tokens.count ? tokens[position] : nil }
    private func peek(_ offset: Int) -> CSharpToken? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }
    private func failure(_ reason: String) -> Failure {
        Failure(file: file, line: current?.line ?? tokens.last?.line ?? 1, reason: reason)
    }

    private static let modifiers: Set<String> = [
        "public", "internal", "private", "protected", "partial", "unsafe", "static", "sealed",
        "abstract", "new", "readonly", "virtual", "override", "extern"
    ]

    private mutating func parseFile() throws(Failure) -> BindingFile {
        var result = BindingFile()
        var attributes: [BindingAttribute] = []
        // The namespaces open around the current token: a block (`namespace UIKit {`) closes at
        // its brace; a file-scoped one (`namespace UIKit;`) lasts to the end.
        var namespaces: [(name: String, depth: Int)] = []
        var depth = 0
        while let token = current {
            switch token.text {
            case "[":
                attributes += try parseAttributeSection()
            case "using":
                // `using X = Y;` names a type by another name in this file.
                if peek(2)?.text == "=", let alias = peek(1)?.text {
                    position += 3
                    let start = position
                    skipPast(";")
                    result.aliases[alias] = Self.compact(Array(tokens[start..<(position - 1)]))
                } else {
                    skipPast(";")
                }
                attributes = []
            case "namespace":
                position += 1
                let start = position
                while let t = current, t.text != "{", t.text != ";" { position += 1 }
                let name = Self.compact(Array(tokens[start..<min(position, tokens.count)]))
                if current?.text == "{" { depth += 1 }
                namespaces.append((name, current?.text == "{" ? depth : 0))
                position += 1
            case "interface":
                position += 1
                result.interfaces.append(
                    try parseInterface(attributes: attributes, namespace: namespaces.last?.name ?? "", line: token.line)
                )
                attributes = []
            case "{":
                depth += 1
                position += 1
            case "}":
                if let last = namespaces.last, last.depth == depth { namespaces.removeLast() }
                depth -= 1
                position += 1
            case "delegate":
                // `delegate void UIOperationHandler (bool finished);`: a block type.
                let start = position
                skipPast(";")
                if let open = tokens[start..<position].firstIndex(where: { $0.text == "(" }) {
                    var nameIndex = open - 1
                    if tokens[nameIndex].text == ">" {
                        while nameIndex > start, tokens[nameIndex].text != "<" { nameIndex -= 1 }; nameIndex -= 1
                    }
                    result.delegateTypes.insert(tokens[nameIndex].text)
                }
                attributes = []
            case "enum", "struct", "class":
                skipDeclarationBody()
                attributes = []
            case ";":
                position += 1
            default:
                position += 1
            }
        }
        return result
    }

    /// `[A (x), B]`; a targeted section (`[return: NullAllowed]`, `[assembly: …]`) is skipped.
    private mutating func parseAttributeSection() throws(Failure) -> [BindingAttribute] {
        position += 1
        if peek(1)?.text == ":", current?.kind == .identifier {
            try skipBalanced(open: "[", close: "]", alreadyOpen: true)
            return []
        }
        var result: [BindingAttribute] = []
        while let token = current, token.text != "]" {
            if token.text == "," { position += 1; continue }
            // A section left unclosed (`[Obsolete ("…")` before the next `[` in uikit.cs's
            // XAMCORE_5_0 branch) ends where the next one starts.
            if token.text == "[" { return result }
            guard token.kind == .identifier else { throw failure("unreadable attribute near '\(token.text)'") }
            var name = token.text
            position += 1
            while current?.text == ".", let next = peek(1) { name += "." + next.text; position += 2 }
            if name.hasSuffix("Attribute") { name.removeLast("Attribute".count) }
            var arguments: [[CSharpToken]] = []
            if current?.text == "(" {
                let openLine = current?.line ?? token.line
                position += 1
                var argument: [CSharpToken] = []
                var depth = 0
                var brackets = 0
                var braces = 0
                while let t = current {
                    // An argument list never spans an attribute section's end nor a declaration
                    // (`new string [] { … }` is fine): a missing `)` must not swallow the
                    // declarations after it.
                    if (t.text == "]" && brackets == 0)
                        || (t.text == "interface" && t.kind == .identifier && braces == 0)
                    {
                        throw Failure(
                            file: file, line: openLine, reason: "attribute '\(name)' has a '(' that is not closed")
                    }
                    if t.text == "[" { brackets += 1 } else if t.text == "]" { brackets -= 1 }
                    if t.text == "{" { braces += 1 } else if t.text == "}" { braces -= 1 }
                    position += 1
                    if t.text == "(" { depth += 1 }
                    if t.text == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if t.text == ",", depth == 0 { arguments.append(argument); argument = []; continue }
                    argument.append(t)
                }
                if !argument.isEmpty { arguments.append(argument) }
            }
            result.append(BindingAttribute(name: name, arguments: arguments))
        }
        position += 1
        return result
    }

    private mutating func parseInterface(attributes: [BindingAttribute], namespace: String, line: Int) throws(Failure)
        -> BindingInterface
    {
        guard let nameToken = current, nameToken.kind == .identifier else {
            throw failure("an interface without a name")
        }
        position += 1
        if current?.text == "<" { try skipBalanced(open: "<", close: ">") }
        var inherits: [String] = []
        if current?.text == ":" {
            position += 1
            var start = position
            while let t = current, t.text != "{", t.text != "where" {
                if t.text == "," {
                    inherits.append(Self.compact(Array(tokens[start..<position]))); start = position + 1
                }
                position += 1
            }
            if position > start { inherits.append(Self.compact(Array(tokens[start..<position]))) }
        }
        // Generic constraints: `where T : NSObject`.
        while let t = current, t.text != "{", t.text != "}" { position += 1 }
        guard current?.text == "{" else { throw failure("expected '{' after interface '\(nameToken.text)'") }
        position += 1
        var members: [BindingMember] = []
        var memberAttributes: [BindingAttribute] = []
        while let token = current, token.text != "}" {
            if token.text == "[" { memberAttributes += try parseAttributeSection(); continue }
            if token.text == ";" { position += 1; continue }
            if Self.modifiers.contains(token.text) { position += 1; continue }
            if token.text == "event" { skipPast(";"); memberAttributes = []; continue }
            if let member = try parseMember(attributes: memberAttributes) { members.append(member) }
            memberAttributes = []
        }
        guard current != nil else {
            throw Failure(file: file, line: line, reason: "interface '\(nameToken.text)' is not closed")
        }
        position += 1
        return BindingInterface(
            name: nameToken.text, attributes: attributes, inherits: inherits, members: members, namespace: namespace,
            file: file, line: line)
    }

    /// A method (`Type Name (params);`) or property (`Type Name { get; set; }`).
    private mutating func parseMember(attributes: [BindingAttribute]) throws(Failure) -> BindingMember? {
        let start = position
        var depth = 0
        while let t = current {
            if t.text == "<" { depth += 1 } else if t.text == ">" { depth -= 1 }
            if depth == 0, t.text == "(" || t.text == "{" || t.text == ";" || t.text == "=" { break }
            position += 1
        }
        guard let end = current, position - start >= 2 else {
            skipPast(";")
            return nil
        }
        var nameIndex = position - 1
        if tokens[nameIndex].text == ">" {
            // A generic method: `T Get<T> (…)`.
            while nameIndex > start, tokens[nameIndex].text != "<" { nameIndex -= 1 }
            nameIndex -= 1
        }
        let name = tokens[nameIndex].text
        let type = Self.compact(Array(tokens[start..<nameIndex]))
        let line = tokens[nameIndex].line
        switch end.text {
        case "(":
            let parameters = try parseParameters()
            // `where T : …` constraints, an expression body: up to the end of the declaration.
            while let t = current, t.text != ";", t.text != "}" { position += 1 }
            if current?.text == ";" { position += 1 }
            return BindingMember(
                name: name, attributes: attributes, kind: .method(parameters: parameters, returnType: type), line: line)
        case "{":
            position += 1
            var getter: [BindingAttribute]?
            var setter: [BindingAttribute]?
            var accessorAttributes: [BindingAttribute] = []
            while let t = current, t.text != "}" {
                if t.text == "[" { accessorAttributes += try parseAttributeSection(); continue }
                if t.text == "get" { getter = accessorAttributes; accessorAttributes = [] }
                if t.text == "set" { setter = accessorAttributes; accessorAttributes = [] }
                if t.text == "{" { try skipBalanced(open: "{", close: "}"); continue }
                position += 1
            }
            position += 1
            return BindingMember(
                name: name, attributes: attributes, kind: .property(type: type, getter: getter, setter: setter),
                line: line)
        default:
            skipPast(";")
            return nil
        }
    }

    private mutating func parseParameters() throws(Failure) -> [BindingParameter] {
        position += 1
        var result: [BindingParameter] = []
        var current: [CSharpToken] = []
        var depth = 0
        while let t = self.current {
            position += 1
            if t.text == "(" || t.text == "<" || t.text == "[" { depth += 1 }
            if t.text == ")" || t.text == ">" || t.text == "]" {
                if t.text == ")", depth == 0 { break }
                depth -= 1
            }
            if t.text == ",", depth == 0 { result.append(contentsOf: Self.parameter(current)); current = []; continue }
            current.append(t)
        }
        result.append(contentsOf: Self.parameter(current))
        return result
    }

    /// One parameter's tokens: attribute sections and modifiers dropped, the last identifier
    /// before any default value is the name.
    private static func parameter(_ tokens: [CSharpToken]) -> [BindingParameter] {
        var rest: [CSharpToken] = []
        var depth = 0
        for token in tokens {
            if token.text == "[", depth == 0, rest.last.map({ $0.kind != .identifier && $0.text != ">" }) ?? true {
                depth = 1; continue
            }
            if depth > 0 {
                if token.text == "[" { depth += 1 }
                if token.text == "]" { depth -= 1 }
                continue
            }
            rest.append(token)
        }
        if let equals = rest.firstIndex(where: { $0.text == "=" }) { rest = Array(rest[..<equals]) }
        var isOut = false
        while let first = rest.first, ["out", "ref", "params", "this", "in"].contains(first.text) {
            if first.text == "out" || first.text == "ref" { isOut = true }
            rest.removeFirst()
        }
        guard rest.count >= 2, let name = rest.last, name.kind == .identifier else { return [] }
        return [BindingParameter(type: compact(Array(rest.dropLast())), name: name.text, isOut: isOut)]
    }

    /// Tokens joined without spaces: `NSDictionary<NSString,NSObject>`, `string[]`.
    static func compact(_ tokens: [CSharpToken]) -> String {
        tokens.map(\.text).joined()
    }

    private mutating func skipPast(_ text: String) {
        while let t = current, t.text != text { position += 1 }
        position += 1
    }

    private mutating func skipBalanced(open: String, close: String, alreadyOpen: Bool = false) throws(Failure) {
        var depth = alreadyOpen ? 1 : 0
        if !alreadyOpen {
            guard current?.text == open else { return }
        }
        while let t = current {
            position += 1
            if t.text == open { depth += 1 }
            if t.text == close {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw failure("'\(open)' is not closed")
    }

    /// An enum, struct or class: up to its closing brace (or `;` for a declaration without body).
    private mutating func skipDeclarationBody() {
        while let t = current, t.text != "{", t.text != ";" { position += 1 }
        guard current?.text == "{" else { position += 1; return }
        var depth = 0
        while let t = current {
            position += 1
            if t.text == "{" { depth += 1 }
            if t.text == "}" {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }
}
