import TrackctlModel

/// A Tuist manifest (`Project.swift`) in its literal form, read with the Swift lexer without
/// running Swift: `let project = Project(name:, settings:, targets: [...])` whose targets are
/// `.target(name:destinations:product:productName:sources:buildableFolders:dependencies:settings:)`
/// or the older `Target(name:platform:product:…)`, top-level `let` constants, string, array and
/// dictionary literals, `.glob(_:excluding:)`, `.settings(base:)` (docs.tuist.dev, "Projects").
///
/// What only running Swift can answer — a helper from `ProjectDescriptionHelpers`, a loop, an
/// operator, a closure, a variable of another file — is a located error naming the construct and
/// saying `tuist generate`: a manifest is never half read.
struct TuistManifest {
    /// A value of the manifest as written.
    indirect enum Value {
        case string(String)
        case member(String)
        case call(String, [(label: String?, value: Value)])
        case array([Value])
        case dictionary([(key: Value, value: Value)])
        case reference(String)
        /// Something only running Swift can evaluate: what it is, and its line.
        case unsupported(String, Int)
    }

    private let tokens: [SwiftToken]
    private let text: SourceText
    private let file: String
    private var i = 0
    private var depth = 0
    private var bindings: [String: Value] = [:]
    /// The line of a `let … = Project…` that is not `Project(…)` (`Project.app(…)`).
    private var helperLine: Int?

    /// The project the manifest at `path` (absolute) describes, with its targets' files among `files`.
    static func load(path: String, platform: PlatformChoice, files: [String]) throws(DocumentError)
        -> XcodeProject
    {
        let bytes = try FileInput.readAll(path: path, reportedAs: path)
        return try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) -> XcodeProject in
            let tokens = SwiftLexer.tokenize(buffer)
            var manifest = TuistManifest(tokens: tokens, text: SourceText(bytes: buffer), file: path)
            let project = try manifest.project()
            return try TuistProjectBuilder(file: path, manifest: manifest, chosen: platform, files: files)
                .build(project)
        }
    }

    private init(tokens: [SwiftToken], text: SourceText, file: String) {
        self.tokens = tokens
        self.text = text
        self.file = file
    }

    // MARK: - Statements

    /// The top level: `import` lines, `let NAME = VALUE` (kept by name); the `Project(…)` one.
    private mutating func project() throws(DocumentError) -> Value {
        var project: Value?
        while i < tokens.count {
            let word = string(i)
            if word == "import" {
                i += 1
                while i < tokens.count, !tokens[i].newlineBefore { i += 1 }
                continue
            }
            guard word == "let" || word == "var", i + 2 < tokens.count, tokens[i + 1].kind == .identifier,
                string(i + 2) == "="
            else {
                throw fail(
                    "'\(word)' (line \(tokens[i].line)) is a statement trackctl does not run; a manifest is read as "
                        + "literals only", line: Int(tokens[i].line))
            }
            let name = string(i + 1)
            i += 3
            if tokens[i].kind == .identifier, string(i).hasPrefix("Project"), helperLine == nil {
                helperLine = Int(tokens[i].line)
            }
            let value = value()
            if case .call(let callee, _) = value, callee == "Project" { project = value }
            bindings[name] = value
        }
        guard let project else {
            // `Project.app(…)`: a helper of ProjectDescriptionHelpers builds the project.
            throw fail(
                "no 'let project = Project(…)' written as a literal: the project is made by code only running the "
                    + "manifest can evaluate (a helper of ProjectDescriptionHelpers); run 'tuist generate' before "
                    + "the check", line: helperLine ?? 1)
        }
        return project
    }

    // MARK: - Expressions

    private mutating func value() -> Value {
        depth += 1
        defer { depth -= 1 }
        let line = i < tokens.count ? Int(tokens[i].line) : 0
        guard depth < 64, i < tokens.count else { return .unsupported("an expression nested too deep", line) }
        var result: Value
        let token = tokens[i]
        switch token.kind {
        case .literal:
            let raw = string(i)
            i += 1
            guard raw.hasPrefix("\""), !raw.hasPrefix("\"\"\""), !raw.contains("\\(") else {
                return .unsupported("the string \(raw)", line)
            }
            result = .string(String(raw.dropFirst().dropLast()))
        case .number:
            result = .string(string(i))
            i += 1
        case .identifier:
            var name = string(i)
            i += 1
            while isPunctuation(".", i), i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                name += "." + string(i + 1)
                i += 2
            }
            result = isPunctuation("(", i) ? call(name) : .reference(name)
        case .punctuation where isPunctuation(".", i) && i + 1 < tokens.count:
            let name = "." + string(i + 1)
            i += 2
            result = isPunctuation("(", i) ? call(name) : .member(name)
        case .punctuation where isPunctuation("[", i):
            result = collection()
        default:
            return .unsupported("'\(string(i))'", line)
        }
        // A method called on the value (`.map { … }`), an operator, a closure: not a literal.
        if i < tokens.count, !tokens[i].newlineBefore || isPunctuation(".", i),
            !(isPunctuation(",", i) || isPunctuation(")", i) || isPunctuation("]", i) || isPunctuation(":", i))
        {
            let what = isPunctuation(".", i) ? "a call of '." + string(i + 1) + "'" : "the operator '\(string(i))'"
            skipExpressionRest()
            return .unsupported(what, line)
        }
        return result
    }

    private mutating func call(_ callee: String) -> Value {
        i += 1  // (
        var arguments: [(label: String?, value: Value)] = []
        while i < tokens.count, !isPunctuation(")", i) {
            var label: String?
            if tokens[i].kind == .identifier, isPunctuation(":", i + 1) {
                label = string(i)
                i += 2
            }
            arguments.append((label, value()))
            if isPunctuation(",", i) { i += 1 } else if !isPunctuation(")", i) { skipExpressionRest() }
        }
        i += 1  // )
        if isPunctuation("{", i) { skipGroup() }  // a trailing closure: left as written
        return .call(callee, arguments)
    }

    private mutating func collection() -> Value {
        i += 1  // [
        if isPunctuation(":", i), isPunctuation("]", i + 1) {
            i += 2
            return .dictionary([])
        }
        var items: [Value] = []
        var pairs: [(key: Value, value: Value)] = []
        while i < tokens.count, !isPunctuation("]", i) {
            let item = value()
            if isPunctuation(":", i) {
                i += 1
                pairs.append((item, value()))
            } else {
                items.append(item)
            }
            if isPunctuation(",", i) { i += 1 } else if !isPunctuation("]", i) { skipExpressionRest() }
        }
        i += 1  // ]
        return pairs.isEmpty ? .array(items) : .dictionary(pairs)
    }

    /// Skips to the end of the expression: the next `,` or closing bracket at this level, or the
    /// next statement.
    private mutating func skipExpressionRest() {
        let statements: Set<String> = ["let", "var", "import", "func"]
        while i < tokens.count, !isPunctuation(",", i), !isPunctuation(")", i), !isPunctuation("]", i),
            !(tokens[i].newlineBefore && statements.contains(string(i)))
        {
            if isPunctuation("(", i) || isPunctuation("[", i) || isPunctuation("{", i) { skipGroup() } else { i += 1 }
        }
    }

    private mutating func skipGroup() {
        var nesting = 0
        repeat {
            if isPunctuation("(", i) || isPunctuation("[", i) || isPunctuation("{", i) { nesting += 1 }
            if isPunctuation(")", i) || isPunctuation("]", i) || isPunctuation("}", i) { nesting -= 1 }
            i += 1
        } while i < tokens.count && nesting > 0
    }

    // MARK: - Reading values

    /// `value` with top-level constants replaced by theirs.
    func resolved(_ value: Value) -> Value {
        if case .reference(let name) = value, let bound = bindings[name] { return bound }
        return value
    }

    func fail(_ message: String, line: Int) -> DocumentError {
        DocumentError(file: file, message: message, position: SourcePosition(line: max(line, 1), column: 1))
    }

    private func string(_ k: Int) -> String { k < tokens.count ? text.string(tokens[k].start, tokens[k].end) : "" }

    private func isPunctuation(_ c: Character, _ k: Int) -> Bool {
        k < tokens.count && tokens[k].kind == .punctuation && tokens[k].end - tokens[k].start == 1
            && text.byte(tokens[k].start) == c.asciiValue
    }
}
