/// Converts one element of a JSON script into a step. Each element mirrors one text line: the
/// key is the step, the value is the rest of the line — a string (split like text) or an array
/// of words — and `args` (an object) adds `name=value` words:
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
        switch step.value.content {
        case .string(let text):
            do { words += try ScriptTokenizer.tokens(of: text[...]) } catch {
                throw ScriptError(file: file, line: line, column: column, message: error.message, isMalformed: true).stop
            }
        case .array(let elements):
            for element in elements {
                guard let word = element.stringValue else { throw fail("the words of '\(step.key)' must be strings") }
                words.append(word)
            }
        case .bool(true):
            break
        default:
            throw fail("the value of '\(step.key)' must be a string, an array of strings or true")
        }
        if let args = members.first(where: { $0.key == "args" }) {
            guard let pairs = args.value.dictionaryValue else { throw fail("'args' must be an object of name: value") }
            for pair in pairs {
                guard let text = pair.value.stringValue else { throw fail("the value of argument '\(pair.key)' must be a string") }
                words.append("\(pair.key)=\(text)")
            }
        }
        do { return try ScriptParser.parse(words: words, number: line, file: file) } catch {
            var located = error
            located.column = column
            throw located.stop
        }
    }
}
