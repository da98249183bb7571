import TrackctlModel

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
///
/// Blocks (SPEC §12) hold their steps in `steps`: `{"choose":[{"weight":70,"steps":[…]},…]}`,
/// `{"maybe":25,"steps":[…]}`, `{"repeat":[1,5],"steps":[…]}`; `{"wait":["2s","40s"]}` is a
/// range. A block is handed on as the lines a text script would have (`choose 70`, its steps,
/// `or 30`, …, `end`), so both forms are assembled and checked by the same code.
enum JSONScriptStep {
    /// Hands on the steps of one element of the array — one step, nothing for an object of `_`
    /// comment keys only, or a block's lines — each with the column of its object.
    static func forEachStep(
        in value: SourceValue, file: String, _ body: (ScriptStep, _ column: Int?) throws(ReplayStop) -> Void
    ) throws(ReplayStop) {
        let line = value.position?.line ?? 0
        let column = value.position?.column
        func malformed(_ message: String) -> ReplayStop {
            ScriptError(file: file, line: line, column: column, message: message, isMalformed: true).stop
        }
        func marker(_ marker: BlockMarker, at place: SourceValue) throws(ReplayStop) {
            try body(
                ScriptStep(line: place.position?.line ?? line, action: .block(marker)), place.position?.column ?? column
            )
        }
        /// A block's `steps`, each handed on in turn.
        func steps(of object: [SourceMember], in block: String) throws(ReplayStop) {
            guard let steps = object.first(where: { $0.key == "steps" })?.value.arrayValue else {
                throw malformed("'\(block)' needs \"steps\", an array of steps")
            }
            for step in steps { try forEachStep(in: step, file: file, body) }
        }
        /// The word a text script would write for a JSON number or string (`70`, `"70%"`).
        func word(_ value: SourceValue?, _ what: String) throws(ReplayStop) -> String {
            guard let value, let word = Self.word(value) else {
                throw malformed("\(what) must be a number or a string")
            }
            return word
        }
        func parsed(_ words: [String]) throws(ReplayStop) -> BlockMarker {
            do {
                guard case .block(let marker) = try ScriptParser.parse(words: words, number: line, file: file).action
                else { preconditionFailure() }
                return marker
            } catch {
                var located = error
                located.column = column
                throw located.stop
            }
        }
        if let object = value.dictionaryValue {
            let keys = Set(object.map(\.key).filter { !$0.hasPrefix("_") })
            if keys.contains("choose") {
                guard keys == ["choose"] else {
                    throw malformed(
                        "a 'choose' object has only \"choose\", an array of arms {\"weight\": W, \"steps\": [...]}")
                }
                guard let arms = object.first(where: { $0.key == "choose" })?.value.arrayValue, !arms.isEmpty else {
                    throw malformed("\"choose\" must be an array of arms such as {\"weight\": 70, \"steps\": [...]}")
                }
                for (index, arm) in arms.enumerated() {
                    guard let members = arm.dictionaryValue else {
                        throw malformed("an arm of 'choose' must be an object {\"weight\": W, \"steps\": [...]}")
                    }
                    let weight = try word(members.first(where: { $0.key == "weight" })?.value, "an arm's \"weight\"")
                    try marker(try parsed([index == 0 ? "choose" : "or", weight]), at: arm)
                    try steps(of: members, in: "choose")
                }
                return try marker(.end, at: value)
            }
            for block in ["maybe", "repeat"] where keys.contains(block) {
                guard keys == [block, "steps"] else {
                    throw malformed("a '\(block)' object has \"\(block)\" and \"steps\" only")
                }
                guard let given = object.first(where: { $0.key == block })?.value else { continue }
                let text: String
                if block == "repeat", let range = given.arrayValue {
                    guard range.count == 2 else { throw malformed("\"repeat\" is a count or [lowest, highest]") }
                    text = try word(range[0], "a bound of \"repeat\"") + ".." + word(range[1], "a bound of \"repeat\"")
                } else {
                    text = try word(given, "\"\(block)\"")
                }
                try marker(try parsed([block, text]), at: value)
                try steps(of: object, in: block)
                return try marker(.end, at: value)
            }
        }
        if let step = try step(from: value, file: file) { try body(step, column) }
    }

    /// The step, or nil for an object of `_` comment keys only.
    static func step(from value: SourceValue, file: String) throws(ReplayStop) -> ScriptStep? {
        let line = value.position?.line ?? 0
        let column = value.position?.column
        func fail(_ message: String) -> ReplayStop {
            .script(ScriptError(file: file, line: line, column: column, message: message))
        }
        guard let members = value.dictionaryValue?.filter({ !$0.key.hasPrefix("_") }) else {
            throw fail(
                "a step must be an object such as {\"push\": \"ZOCProfileViewController\"}, not "
                    + "\(value.typeDescription)"
            )
        }
        if members.isEmpty { return nil }
        let stepMembers = members.filter { $0.key != "args" }
        guard stepMembers.count == 1, let step = stepMembers.first else {
            throw fail(
                "a step object has one key naming the step (and optionally 'args'); found "
                    + "\(stepMembers.map { "'\($0.key)'" }.joined(separator: ", "))"
            )
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
                throw ScriptError(file: file, line: line, column: column, message: error.message, isMalformed: true)
                    .stop
            }
            quoted = Set(quotedInText.map { $0 + 1 })
        case .array(let elements) where step.key == "wait" && elements.count == 2:
            // `{"wait": ["2s", "40s"]}`, the range `wait 2s..40s`.
            guard let low = Self.word(elements[0]), let high = Self.word(elements[1]) else {
                throw fail("the bounds of 'wait' must be durations such as \"2s\"")
            }
            words.append(low + ".." + high)
        case .array(let elements):
            for element in elements {
                guard let word = Self.word(element) else {
                    throw fail("the words of '\(step.key)' must be strings, numbers or booleans")
                }
                if element.stringValue != nil { quoted.insert(words.count) }
                words.append(word)
            }
        case .integer, .real, .decimal:
            // `{"tab": 1}`, `{"wait": 2.5}` (seconds), `{"select-row": …}` takes an array.
            let number = Self.word(step.value) ?? ""
            words.append(step.key == "wait" ? number + "s" : number)
        case .bool(true):
            break
        default:
            throw fail("the value of '\(step.key)' must be a string, an array of words, a number or true")
        }
        if let args = members.first(where: { $0.key == "args" }) {
            guard let pairs = args.value.dictionaryValue else { throw fail("'args' must be an object of name: value") }
            for pair in pairs {
                guard let text = Self.word(pair.value) else {
                    throw fail("the value of argument '\(pair.key)' must be a string, a number or a boolean")
                }
                switch pair.value.content {
                case .integer, .real, .decimal: typed[words.count] = .number
                case .bool: typed[words.count] = .bool
                default: typed[words.count] = .string
                }
                words.append("\(pair.key)=\(text)")
            }
        }
        do { return try ScriptParser.parse(words: words, number: line, file: file, quoted: quoted, typed: typed) } catch
        {
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
        case .decimal(let written): return written
        case .bool(let bool): return bool ? "true" : "false"
        default: return nil
        }
    }
}
