/// Reads YAML — what XcodeGen's project specifications use — into a located `SourceValue`:
/// block mappings and sequences (compact `- key: value` items too), flow `[…]` and `{…}`,
/// plain, single- and double-quoted scalars (over several lines too), literal `|` and folded
/// `>` block scalars with chomping and indentation indicators, comments, anchors `&a`, aliases
/// `*a`, merge keys `<<`, tags (ignored), one document with `---`/`...` and directives.
///
/// Plain scalars resolve as YAML 1.2's core schema does: `null`/`~`/empty, `true`/`false`,
/// integers and floats; everything else — `YES` included — is a string. A key written twice
/// keeps its last value.
///
/// Bad input is a `DocumentError` at the line and column where reading stopped, never a crash:
/// a tab that indents, a key or item out of line, an unterminated quote or bracket, an alias
/// before its anchor, nesting deeper than `maximumDepth`, and aliases that would expand past
/// `maximumNodes` values (a "billion laughs" file).
package struct YAMLReader {
    package static let maximumDepth = 200
    package static let maximumNodes = 1_000_000

    let text: [Unicode.Scalar]
    let file: String
    var i = 0
    var line = 1
    var column = 1
    var depth = 0
    /// Values made so far, aliases counted at their full size.
    var nodes = 0
    var anchors: [String: (value: SourceValue, size: Int)] = [:]

    private init(bytes: [UInt8], file: String) {
        text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        self.file = file
    }

    /// The document's root (null for an empty document).
    package static func read(_ bytes: [UInt8], file: String) throws(DocumentError) -> SourceValue {
        var reader = YAMLReader(bytes: bytes, file: file)
        return try reader.document()
    }

    // MARK: - Document

    mutating func document() throws(DocumentError) -> SourceValue {
        if peek() == "\u{FEFF}" { advance() }
        try skipBlank()
        while column == 1, peek() == "%" { skipToEndOfLine(); try skipBlank() }
        if isMarker("---") {
            advance(3)
            try skipInlineSpace()
        }
        try skipBlank()
        let root: SourceValue
        if atEnd || isMarker("...") {
            root = SourceValue(.null, at: position)
        } else {
            root = try blockNode(parentIndent: -1)
        }
        try skipBlank()
        if isMarker("...") { advance(3); try skipBlank() }
        if isMarker("---") { throw fail("a second document: a specification is one YAML document") }
        guard atEnd else {
            throw fail("unexpected text after the document's root (is it indented as the lines above?)")
        }
        return root
    }

    // MARK: - Block structure

    /// The node starting at the current content character, whose lines are indented more than
    /// `parentIndent`.
    mutating func blockNode(parentIndent: Int) throws(DocumentError) -> SourceValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        var anchor: String?
        // Properties on a line of their own apply to the block below them; before a value on
        // their line, they are that value's (read again by `inlineNode`).
        let mark = (i, line, column)
        while let c = peek(), c == "&" || c == "!" {
            if c == "&" { anchor = try anchorName() } else { skipTag() }
            try skipInlineSpace()
            if !atLineEnd, peek() != "&", peek() != "!" {
                (i, line, column) = mark
                anchor = nil
                break
            }
            if atLineEnd {
                try skipBlank()
                guard !atEnd, column - 1 > parentIndent || (peek() == "-" && column - 1 >= parentIndent) else {
                    return try remember(anchor, SourceValue(.null, at: position))
                }
                return try remember(anchor, try blockNode(parentIndent: parentIndent))
            }
        }
        let value: SourceValue
        if isSequenceDash {
            value = try blockSequence(indent: column - 1)
        } else if startsMappingKey() {
            value = try blockMapping(indent: column - 1)
        } else {
            value = try inlineNode(indent: parentIndent, inFlow: false)
        }
        return try remember(anchor, value)
    }

    mutating func blockSequence(indent: Int) throws(DocumentError) -> SourceValue {
        let start = position
        var items: [SourceValue] = []
        while true {
            advance()  // the dash
            try skipInlineSpace()
            if atLineEnd {
                try skipBlank()
                if !atEnd, column - 1 > indent {
                    items.append(try blockNode(parentIndent: indent))
                } else {
                    items.append(try counted(SourceValue(.null, at: position)))
                }
            } else {
                items.append(try blockNode(parentIndent: indent))
            }
            try skipBlank()
            // A list may stand at its key's indentation: the next key there ends it.
            if atEnd || atDocumentMarker || column - 1 < indent || (column - 1 == indent && !isSequenceDash) { break }
            guard column - 1 == indent else { throw fail("this line is indented as no item of the list above it") }
        }
        return try counted(SourceValue(.array(items), at: start))
    }

    mutating func blockMapping(indent: Int) throws(DocumentError) -> SourceValue {
        let start = position
        var members: [SourceMember] = []
        var merges: [SourceValue] = []
        while true {
            let keyPosition = position
            let key = try mappingKey()
            try skipInlineSpace()
            let value: SourceValue
            if atLineEnd {
                try skipBlank()
                if !atEnd, column - 1 > indent || (column - 1 == indent && isSequenceDash) {
                    value = try blockNode(parentIndent: column - 1 == indent ? indent - 1 : indent)
                } else {
                    value = try counted(SourceValue(.null, at: keyPosition))
                }
            } else {
                value = try blockNode(parentIndent: indent)
            }
            if key == "<<" { merges.append(value) } else { set(key, keyPosition, value, in: &members) }
            try skipBlank()
            if atEnd || atDocumentMarker || column - 1 < indent { break }
            guard column - 1 == indent, startsMappingKey() else {
                throw fail(
                    column - 1 > indent
                        ? "this line is indented more than the key above it, which has a value already"
                        : "expected a key ('name: value') at this indentation")
            }
        }
        return try counted(SourceValue(.dictionary(try merged(members, merges)), at: start))
    }

    /// `<<: *base` or `<<: [*a, *b]`: the mappings' members the mapping does not set itself,
    /// earlier mappings first.
    func merged(_ members: [SourceMember], _ merges: [SourceValue]) throws(DocumentError) -> [SourceMember] {
        guard !merges.isEmpty else { return members }
        var result = members
        for merge in merges {
            let sources = merge.arrayValue ?? [merge]
            for source in sources {
                guard let inherited = source.dictionaryValue else {
                    throw DocumentError(
                        file: file, message: "a merge key ('<<') takes a mapping or a list of mappings",
                        position: source.position)
                }
                for member in inherited where !result.contains(where: { $0.key == member.key }) {
                    result.append(member)
                }
            }
        }
        return result
    }

    func set(_ key: String, _ position: SourcePosition, _ value: SourceValue, in members: inout [SourceMember]) {
        let member = SourceMember(key: key, keyPosition: position, value: value)
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index] = member
        } else {
            members.append(member)
        }
    }

    /// A key: plain up to `: `, or quoted. Leaves the cursor after the colon.
    mutating func mappingKey() throws(DocumentError) -> String {
        if peek() == "?" { throw fail("complex keys ('? key') are not supported; write 'key: value'") }
        let key: String
        if peek() == "\"" || peek() == "'" {
            key = try quoted()
            try skipInlineSpace()
        } else {
            var scalars = String.UnicodeScalarView()
            while let c = peek(), !(c == ":" && isBreakOrSpace(at: i + 1)) {
                if c == "\n" || c == "\r" { throw fail("a key without ':'") }
                scalars.append(c)
                advance()
            }
            key = Self.trimmed(String(scalars))
        }
        guard peek() == ":" else { throw fail("expected ':' after the key") }
        advance()
        return key
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Whether the current line holds `key:` (followed by a space or the line's end).
    func startsMappingKey() -> Bool {
        var k = i
        if k < text.count, text[k] == "\"" || text[k] == "'" {
            let quote = text[k]
            k += 1
            while k < text.count, text[k] != "\n" {
                if text[k] == quote {
                    if quote == "'", k + 1 < text.count, text[k + 1] == "'" { k += 2; continue }
                    break
                }
                if quote == "\"", text[k] == "\\" { k += 1 }
                k += 1
            }
            k += 1
            while k < text.count, text[k] == " " { k += 1 }
            return k < text.count && text[k] == ":" && isBreakOrSpace(at: k + 1)
        }
        if k < text.count, "[{&*!|>#".unicodeScalars.contains(text[k]) { return false }
        if k < text.count, text[k] == "?", isBreakOrSpace(at: k + 1) { return true }
        while k < text.count, text[k] != "\n" {
            if text[k] == ":", isBreakOrSpace(at: k + 1) { return true }
            if text[k] == "#", k > 0, text[k - 1] == " " { return false }
            k += 1
        }
        return false
    }

    // MARK: - Inline nodes

    /// A node that starts on the current line: an alias, a flow collection, a quoted, block or
    /// plain scalar. `indent` is the indentation its continuation lines must exceed.
    mutating func inlineNode(indent: Int, inFlow: Bool) throws(DocumentError) -> SourceValue {
        let start = position
        var anchor: String?
        var isString = false
        while let c = peek(), c == "&" || c == "!" {
            if c == "&" { anchor = try anchorName() } else { isString = skipTag() == "!!str" || isString }
            try skipInlineSpace()
        }
        guard let c = peek() else { return try remember(anchor, try counted(SourceValue(.null, at: start))) }
        let value: SourceValue
        switch c {
        case "*":
            advance()
            let name = word()
            guard let found = anchors[name] else { throw fail("the alias '*\(name)' comes before any '&\(name)'") }
            nodes += found.size
            guard nodes <= Self.maximumNodes else {
                throw fail("aliases expand to more than \(Self.maximumNodes) values")
            }
            value = found.value
        case "[", "{":
            value = try flowCollection()
        case "\"", "'":
            value = try counted(SourceValue(.string(try quoted()), at: start))
        case "|" where !inFlow, ">" where !inFlow:
            value = try counted(SourceValue(.string(try blockScalar(parentIndent: indent)), at: start))
        default:
            let plain = try plainScalar(indent: indent, inFlow: inFlow)
            // `!!str 12` is the text "12"; other tags change nothing here.
            value = try counted(
                SourceValue(isString ? .string(plain) : plain.isEmpty ? .null : Self.resolve(plain), at: start))
        }
        return try remember(anchor, value)
    }

    mutating func flowCollection() throws(DocumentError) -> SourceValue {
        let start = position
        let isMapping = peek() == "{"
        let close: Unicode.Scalar = isMapping ? "}" : "]"
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        advance()
        var items: [SourceValue] = []
        var members: [SourceMember] = []
        while true {
            try skipBlank(inFlow: true)
            guard let c = peek() else {
                throw DocumentError(file: file, message: "'\(isMapping ? "{" : "[")' is never closed", position: start)
            }
            if c == close { advance(); break }
            let keyPosition = position
            let first = try inlineNode(indent: -1, inFlow: true)
            try skipBlank(inFlow: true)
            if peek() == ":" {
                advance()
                try skipBlank(inFlow: true)
                let value =
                    peek() == "," || peek() == close
                    ? SourceValue(.null, at: position) : try inlineNode(indent: -1, inFlow: true)
                let key = Self.keyText(first)
                if isMapping {
                    set(key, keyPosition, value, in: &members)
                } else {
                    items.append(
                        SourceValue(
                            .dictionary([SourceMember(key: key, keyPosition: keyPosition, value: value)]),
                            at: keyPosition))
                }
            } else if isMapping {
                set(Self.keyText(first), keyPosition, SourceValue(.null, at: keyPosition), in: &members)
            } else {
                items.append(first)
            }
            try skipBlank(inFlow: true)
            if peek() == "," { advance(); continue }
            guard !atEnd else {
                throw DocumentError(file: file, message: "'\(isMapping ? "{" : "[")' is never closed", position: start)
            }
            guard peek() == close else {
                throw fail("expected ',' or '\(close)' in this \(isMapping ? "mapping" : "list")")
            }
        }
        return try counted(SourceValue(isMapping ? .dictionary(members) : .array(items), at: start))
    }

    static func keyText(_ value: SourceValue) -> String {
        switch value.content {
        case .string(let text), .decimal(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return ""
        }
    }

    /// A plain scalar: to a comment, `: `, the line's end, or in flow a `,`, `]` or `}`;
    /// continuation lines (indented more than `indent`) join it with single spaces.
    mutating func plainScalar(indent: Int, inFlow: Bool) throws(DocumentError) -> String {
        var result = ""
        while true {
            var piece = String.UnicodeScalarView()
            while let c = peek(), c != "\n", c != "\r" {
                if c == ":",
                    isBreakOrSpace(at: i + 1)
                        || (inFlow && i + 1 < text.count && ",[]{}".unicodeScalars.contains(text[i + 1]))
                {
                    break
                }
                if c == "#", i > 0, text[i - 1] == " " || text[i - 1] == "\t" { break }
                if inFlow, c == "," || c == "]" || c == "}" || c == "[" || c == "{" { break }
                piece.append(c)
                advance()
            }
            let trimmed = Self.trimmed(String(piece))
            result += result.isEmpty ? trimmed : (trimmed.isEmpty ? "" : " " + trimmed)
            // Continue on the next line only when it is indented enough and holds no key.
            guard atLineEnd, peek() != "#" else { return result }
            let mark = (i, line, column)
            try skipBlank(inFlow: inFlow)
            let continues =
                !atEnd && (inFlow || column - 1 > indent) && !isMarker("---") && !isMarker("...")
                && !(inFlow && ",]}".unicodeScalars.contains(peek() ?? " ")) && peek() != "#"
            if !continues || (!inFlow && (startsMappingKey() || isSequenceDash)) {
                (i, line, column) = mark
                return result
            }
        }
    }

    // MARK: - Anchors and tags

    mutating func anchorName() throws(DocumentError) -> String {
        advance()
        let name = word()
        guard !name.isEmpty else { throw fail("an anchor ('&') without a name") }
        return name
    }

    /// Skips a tag (`!!str`, `!local`, `!<uri>`), returning it.
    @discardableResult
    mutating func skipTag() -> String {
        var scalars = String.UnicodeScalarView()
        while let c = peek(), c != " ", c != "\n", c != "\r" { scalars.append(c); advance() }
        return String(scalars)
    }

    mutating func word() -> String {
        var scalars = String.UnicodeScalarView()
        while let c = peek(), !(c == " " || c == "\n" || c == "\r" || c == "\t" || ",[]{}".unicodeScalars.contains(c)) {
            scalars.append(c)
            advance()
        }
        return String(scalars)
    }

    mutating func remember(_ anchor: String?, _ value: SourceValue) throws(DocumentError) -> SourceValue {
        if let anchor { anchors[anchor] = (value, Self.size(of: value)) }
        return value
    }

    static func size(of value: SourceValue) -> Int {
        switch value.content {
        case .array(let items): return 1 + items.reduce(0) { $0 + size(of: $1) }
        case .dictionary(let members): return 1 + members.reduce(0) { $0 + size(of: $1.value) }
        default: return 1
        }
    }

    mutating func counted(_ value: SourceValue) throws(DocumentError) -> SourceValue {
        nodes += 1
        guard nodes <= Self.maximumNodes else { throw fail("more than \(Self.maximumNodes) values") }
        return value
    }

    // MARK: - Cursor

    var atEnd: Bool { i >= text.count }
    var position: SourcePosition { SourcePosition(line: line, column: column) }
    func peek() -> Unicode.Scalar? { i < text.count ? text[i] : nil }

    var atLineEnd: Bool {
        guard let c = peek() else { return true }
        return c == "\n" || c == "\r" || c == "#"
    }

    var atDocumentMarker: Bool { isMarker("---") || isMarker("...") }

    var isSequenceDash: Bool { peek() == "-" && isBreakOrSpace(at: i + 1) }

    func isBreakOrSpace(at k: Int) -> Bool {
        k >= text.count || text[k] == " " || text[k] == "\n" || text[k] == "\r" || text[k] == "\t"
    }

    func isMarker(_ marker: String) -> Bool {
        guard column == 1 else { return false }
        let scalars = Array(marker.unicodeScalars)
        guard i + scalars.count <= text.count, Array(text[i..<i + scalars.count]) == scalars else { return false }
        return isBreakOrSpace(at: i + scalars.count)
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where i < text.count {
            if text[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
    }

    mutating func skipToEndOfLine() {
        while let c = peek(), c != "\n" { advance() }
    }

    mutating func skipInlineSpace() throws(DocumentError) {
        while let c = peek(), c == " " || c == "\t" { advance() }
        if peek() == "#" { skipToEndOfLine() }
    }

    /// Skips spaces, comments and empty lines up to the next content character. Outside flow
    /// collections a tab before it on its line is an error: YAML indents with spaces only.
    mutating func skipBlank(inFlow: Bool = false) throws(DocumentError) {
        var tabIndents = false
        while let c = peek() {
            switch c {
            case " ", "\r":
                advance()
            case "\t":
                if isIndentation { tabIndents = true }
                advance()
            case "\n":
                tabIndents = false
                advance()
            case "#":
                skipToEndOfLine()
            default:
                if tabIndents, !inFlow { throw fail("a tab indents this line; YAML indents with spaces") }
                return
            }
        }
    }

    /// Whether everything before the cursor on its line is white space.
    var isIndentation: Bool {
        var k = i - 1
        while k >= 0, text[k] != "\n" {
            if text[k] != " ", text[k] != "\t" { return false }
            k -= 1
        }
        return true
    }

    func fail(_ message: String) -> DocumentError {
        DocumentError(file: file, message: message, position: position)
    }
}
