/// Converts one element of a JSON script into a step. Each element mirrors one text line: the
/// key is the step, the value is the rest of the line — a string (split like text), an array
/// of words, or a number (`{"tab": 1}`, `{"wait": 2.5}` in seconds) — and `args` (an object)
/// adds `name=value` words, a JSON number or boolean value being typed as such (SPEC §5):
///
/// ```json
/// [{"launch": "ZOCMainViewController in navigation"},
///  {"call": "loginView:handleError:", "args": {"handleError": "timeout"}},
///  {"expect": ["track", "Login error with Facebook"], "args": {"reason": "timeout"}},
///  {"background": true}]
/// ```
enum JSONScriptStep {
    /// The step, or nil for an object of `_` comment keys only.
    static func step(from value: SourceValue, file: String) throws(ReplayStop) -> ScriptStep? {
        let line = value.position?.line ?? 0
        let column = value.position?.column
        func fail(_ message: String) -> ReplayStop { .script(ScriptError(file: file, line: line, column: column, message: message)) }
        guard let members = value.dictionaryValue?.filter({ !$0.key.hasPrefix("_") }) else {
            throw fail("a step must be an object such as {\"push\": \"ZOCProfileViewController\"}, not \(value.typeDescription)")
        }
        if members.isEmpty { return nil }
        let stepMembers = members.filter { $0.key != "args" }
        guard stepMembers.count == 1, let step = stepMembers.first else {
            throw fail("a step object has one key naming the step (and optionally 'args'); found \(stepMembers.map { "'\($0.key)'" }.joined(separator: ", "))")
        }
        var words = [step.key]
        var quoted = Set<Int>()
        var typed: [Int: ScriptValueKind] = [:]
        switch step.value.content {
        case .string(let text):
            var quotedInText = Set<Int>()
            do {
                words += try ScriptTokenizer.tokens(of: text[...], quoted: &quotedInText)
            } catch {
                throw ScriptError(file: file, line: line, column: column, message: error.message, isMalformed: true).stop
            }
            quoted = Set(quotedInText.map { $0 + 1 })
        case .array(let elements):
            for element in elements {
                guard let word = Self.word(element) else { throw fail("the words of '\(step.key)' must be strings, numbers or booleans") }
                if element.stringValue != nil { quoted.insert(words.count) }
                words.append(word)
            }
        case .integer, .real:
            // `{"tab": 1}`, `{"wait": 2.5}` (seconds), `{"select-row": …}` takes an array.
            let number = Self.word(step.value)!
            words.append(step.key == "wait" ? number + "s" : number)
        case .bool(true):
            break
        default:
            throw fail("the value of '\(step.key)' must be a string, an array of words, a number or true")
        }
        if let args = members.first(where: { $0.key == "args" }) {
            guard let pairs = args.value.dictionaryValue else { throw fail("'args' must be an object of name: value") }
            for pair in pairs {
                guard let text = Self.word(pair.value) else { throw fail("the value of argument '\(pair.key)' must be a string, a number or a boolean") }
                switch pair.value.content {
                case .integer, .real: typed[words.count] = .number
                case .bool: typed[words.count] = .bool
                default: typed[words.count] = .string
                }
                words.append("\(pair.key)=\(text)")
            }
        }
        do { return try ScriptParser.parse(words: words, number: line, file: file, quoted: quoted, typed: typed) } catch {
            var located = error
            located.column = column
            throw located.stop
        }
    }

    /// A JSON scalar as a script word: a string as it is, a number as JSON writes it, a
    /// boolean as `true` or `false`; nil for anything else.
    private static func word(_ value: SourceValue) -> String? {
        switch value.content {
        case .string(let text): return text
        case .integer(let integer): return String(integer)
        case .real(let real): return JSONNumber.format(real)
        case .bool(let bool): return bool ? "true" : "false"
        default: return nil
        }
    }
}
