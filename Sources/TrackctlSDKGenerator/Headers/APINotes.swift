/// What a framework's API notes (`Framework.apinotes`, YAML) say of its classes and protocols
/// for today's Swift: type renames, member renames (`SwiftName`), `SwiftPrivate` and
/// `Availability: nonswift`. The `SwiftVersions` blocks hold the names of older Swift versions
/// (Swift 3 and 4) and are left out (clang's API notes format; swiftlang/swift
/// `ImportName.cpp`, `findSwiftNameAttr`, picks the unversioned notes for Swift 5).
struct APINotes: Sendable {
    struct Member: Sendable, Equatable {
        var swiftName: String?
        var swiftPrivate = false
        var unavailableInSwift = false
    }

    struct TypeNotes: Sendable {
        var swiftName: String?
        var swiftPrivate = false
        var unavailableInSwift = false
        /// By `-selector` (instance) or `+selector` (class); `*selector` when the kind is not given.
        var methods: [String: Member] = [:]
        /// By `-name`, `+name` or `*name`.
        var properties: [String: Member] = [:]
        var line: Int
    }

    var classes: [String: TypeNotes] = [:]
    var protocols: [String: TypeNotes] = [:]

    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    init(classes: [String: TypeNotes] = [:], protocols: [String: TypeNotes] = [:]) {
        self.classes = classes
        self.protocols = protocols
    }

    /// The notes of an `.apinotes` file's text.
    init(parsing text: String) throws(Failure) {
        let root = try YAMLSubset.parse(text)
        guard case .mapping(let top) = root else { return }
        for (key, value) in top {
            switch key.name {
            case "Classes": classes = Self.types(value)
            case "Protocols": protocols = Self.types(value)
            default: break  // Functions, Tags, Typedefs, Globals, Enumerators; SwiftVersions (older Swift)
            }
        }
    }

    private static func types(_ node: YAMLSubset.Node) -> [String: TypeNotes] {
        guard case .sequence(let items) = node else { return [:] }
        var result: [String: TypeNotes] = [:]
        for item in items {
            guard case .mapping(let fields) = item.node, let name = fields.scalar("Name") else { continue }
            var notes = result[name] ?? TypeNotes(line: item.line)
            notes.swiftName = fields.scalar("SwiftName") ?? notes.swiftName
            notes.swiftPrivate = notes.swiftPrivate || fields.scalar("SwiftPrivate") == "true"
            notes.unavailableInSwift = notes.unavailableInSwift || fields.scalar("Availability") == "nonswift"
            if case .sequence(let methods)? = fields.value("Methods") {
                for method in methods {
                    guard case .mapping(let m) = method.node, let selector = m.scalar("Selector") else { continue }
                    let prefix =
                        m.scalar("MethodKind") == "Class" ? "+" : m.scalar("MethodKind") == "Instance" ? "-" : "*"
                    notes.methods[prefix + selector] = member(m)
                }
            }
            if case .sequence(let properties)? = fields.value("Properties") {
                for property in properties {
                    guard case .mapping(let p) = property.node, let name = p.scalar("Name") else { continue }
                    let prefix =
                        p.scalar("PropertyKind") == "Class" ? "+" : p.scalar("PropertyKind") == "Instance" ? "-" : "*"
                    notes.properties[prefix + name] = member(p)
                }
            }
            result[name] = notes
        }
        return result
    }

    private static func member(_ fields: [(key: YAMLSubset.Key, value: YAMLSubset.Node)]) -> Member {
        Member(
            swiftName: fields.scalar("SwiftName"), swiftPrivate: fields.scalar("SwiftPrivate") == "true",
            unavailableInSwift: fields.scalar("Availability") == "nonswift")
    }

    /// The notes of a method: by its kind, or kind-less.
    static func method(_ selector: String, isClass: Bool, of type: TypeNotes) -> Member? {
        type.methods[(isClass ? "+" : "-") + selector] ?? type.methods["*" + selector]
    }

    static func property(_ name: String, isClass: Bool, of type: TypeNotes) -> Member? {
        type.properties[(isClass ? "+" : "-") + name] ?? type.properties["*" + name]
    }
}

/// The block-style YAML that API notes are written in: mappings, sequences of mappings or
/// scalars, plain and quoted scalars, comments, `---` and `...`. Flow collections (`[a, b]`)
/// are kept as scalars; API notes use them only for keys trackctl does not read.
enum YAMLSubset {
    struct Key: Sendable { var name: String; var line: Int }
    struct Item: Sendable { var node: Node; var line: Int }

    indirect enum Node: Sendable {
        case scalar(String)
        case mapping([(key: Key, value: Node)])
        case sequence([Item])
    }

    private struct Line {
        var indent: Int
        var dash: Bool
        var key: String?
        var value: String
        var number: Int
    }

    static func parse(_ text: String) throws(APINotes.Failure) -> Node {
        var lines: [Line] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var content = Substring(stripComment(String(raw)))
            while content.last == " " || content.last == "\r" || content.last == "\t" { content.removeLast() }
            let indent = content.prefix { $0 == " " }.count
            content = content.dropFirst(indent)
            if content.isEmpty || content == "---" || content == "..." { continue }
            if content.hasPrefix("\t") { throw APINotes.Failure(line: offset + 1, reason: "a tab in the indentation") }
            var dash = false
            var column = indent
            if content == "-" || content.hasPrefix("- ") {
                dash = true
                content = content.dropFirst(1).drop { $0 == " " }
                column = indent + 2
            }
            if let colon = keyColon(content) {
                let key = unquote(content[..<colon].trimmingCharacters(in: .whitespaces))
                let value = unquote(content[content.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                lines.append(
                    Line(indent: dash ? indent : column, dash: dash, key: key, value: value, number: offset + 1))
            } else {
                lines.append(
                    Line(
                        indent: dash ? indent : column, dash: dash, key: nil, value: unquote(String(content)),
                        number: offset + 1))
            }
        }
        var position = 0
        return try block(lines, &position, indent: lines.first?.indent ?? 0)
    }

    /// The colon that ends a key: outside quotes, followed by a space or the end.
    private static func keyColon(_ text: Substring) -> Substring.Index? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                if index == text.startIndex { quote = c }
            } else if c == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || offset == 0 {
                return String(line.prefix(offset))
            }
            previous = c
        }
        return line
    }

    private static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The node of the lines starting at `position` with this indentation.
    private static func block(_ lines: [Line], _ position: inout Int, indent: Int) throws(APINotes.Failure) -> Node {
        guard position < lines.count else { return .scalar("") }
        if lines[position].dash {
            var items: [Item] = []
            while position < lines.count, lines[position].indent == indent, lines[position].dash {
                let line = lines[position]
                if let key = line.key {
                    // `- Key: value` opens a mapping whose further keys are indented by two.
                    var fields: [(key: Key, value: Node)] = []
                    position += 1
                    fields.append(
                        (Key(name: key, line: line.number), try value(line, lines, &position, indent: indent + 2)))
                    while position < lines.count, !lines[position].dash, lines[position].indent == indent + 2,
                        let k = lines[position].key
                    {
                        let current = lines[position]
                        position += 1
                        fields.append(
                            (
                                Key(name: k, line: current.number),
                                try value(current, lines, &position, indent: indent + 2)
                            ))
                    }
                    items.append(Item(node: .mapping(fields), line: line.number))
                } else {
                    items.append(Item(node: .scalar(line.value), line: line.number))
                    position += 1
                }
            }
            return .sequence(items)
        }
        var fields: [(key: Key, value: Node)] = []
        while position < lines.count, lines[position].indent == indent, !lines[position].dash {
            let line = lines[position]
            guard let key = line.key else { throw APINotes.Failure(line: line.number, reason: "expected 'key: value'") }
            position += 1
            fields.append((Key(name: key, line: line.number), try value(line, lines, &position, indent: indent)))
        }
        if position < lines.count, lines[position].indent > indent {
            throw APINotes.Failure(line: lines[position].number, reason: "unexpected indentation")
        }
        return .mapping(fields)
    }

    /// A key's value: its scalar, or the nested block below it.
    private static func value(_ line: Line, _ lines: [Line], _ position: inout Int, indent: Int) throws(APINotes
        .Failure) -> Node
    {
        guard line.value.isEmpty else { return .scalar(line.value) }
        guard position < lines.count else { return .scalar("") }
        let next = lines[position]
        // A sequence may sit at the key's own indentation (`Methods:` then `- Selector:`).
        if next.indent > indent || (next.dash && next.indent == indent) {
            return try block(lines, &position, indent: next.indent)
        }
        return .scalar("")
    }
}

extension Array where Element == (key: YAMLSubset.Key, value: YAMLSubset.Node) {
    func value(_ key: String) -> YAMLSubset.Node? { first { $0.key.name == key }?.value }

    func scalar(_ key: String) -> String? {
        if case .scalar(let text)? = value(key) { return text }
        return nil
    }
}
