import TrackctlModel

/// Turns the words of one line into a `ScriptStep`, with a message that shows the right
/// spelling when they do not fit (SPEC §2.3 is the contract for every spelling).
package enum ScriptParser {
    /// The most times a `repeat` block may run: more is almost always a typo, and a bound keeps
    /// one user's run finite (SPEC §12).
    package static let mostRepeats = 10_000

    /// Parses one text line; nil for a blank or comment-only line.
    package static func parse(line text: Substring, number: Int, file: String) throws(ScriptError) -> ScriptStep? {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(ScriptError) in try parse(line: bytes, number: number, file: file) }
        }.get()
    }

    /// Parses one line given as UTF-8 bytes already validated.
    static func parse(line bytes: UnsafeBufferPointer<UInt8>, number: Int, file: String) throws(ScriptError)
        -> ScriptStep?
    {
        let words: [String]
        var quoted = Set<Int>()
        do { words = try ScriptTokenizer.tokens(of: bytes, quoted: &quoted) } catch {
            throw ScriptError(file: file, line: number, column: error.column, message: error.message, isMalformed: true)
        }
        guard !words.isEmpty else { return nil }
        return try parse(words: words, number: number, file: file, quoted: quoted)
    }

    /// Parses a step already split into words (the JSON form gives words directly). `quoted`
    /// holds the indexes of words written with quotes, whose values stay text; `typed` the
    /// indexes of words whose value was a JSON number or boolean (the JSON form).
    package static func parse(
        words: [String], number: Int, file: String, quoted: Set<Int> = [], typed: [Int: ScriptValueKind] = [:]
    ) throws(ScriptError)
        -> ScriptStep
    {
        var step = StepWords(words: words, number: number, file: file, quoted: quoted, typed: typed)
        guard let entry = byKeyword[step.keyword] else {
            throw step.fail("unknown step '\(step.keyword)'" + Suggester.didYouMean(step.keyword, among: keywords))
        }
        return ScriptStep(line: number, action: try entry.parse(&step))
    }

    // MARK: - The steps, one declaration each

    /// Every step: its keyword, the usage `--help` and the messages show, and how its words
    /// become an action. A new step is one entry here (and its action's cases, which the
    /// compiler asks for in the checker and the runtime).
    package static let steps: [StepKeyword] = [
        StepKeyword("launch", "launch CLASS [in navigation] | launch tabs CLASS...", parse: launch),
        StepKeyword("push", "push CLASS [instant] [KEY=VALUE...]", parse: push),
        StepKeyword("pop", "pop [to-root | to CLASS] [instant]", parse: pop),
        StepKeyword("present", "present CLASS [as STYLE] [in navigation] [instant]", parse: present),
        StepKeyword("dismiss", "dismiss [instant]", parse: dismiss),
        StepKeyword("swipe-back", "swipe-back cancel|complete", parse: swipe),
        StepKeyword("swipe-down", "swipe-down cancel|complete", parse: swipe),
        StepKeyword("tab", "tab N | tab CLASS", parse: tab),
        StepKeyword("call", "call [CLASS] SELECTOR [keyword=value...]", parse: call),
        StepKeyword("select-row", "select-row SECTION ROW [KEY=VALUE...]", parse: selectRow),
        StepKeyword("set", "set KEY=VALUE", parse: set),
        StepKeyword("wait", "wait 2.5s|300ms|1m|4h|1d", parse: wait),
        StepKeyword("background", "background", parse: appState),
        StepKeyword("foreground", "foreground", parse: appState),
        StepKeyword("embed", "embed CLASS", parse: containment),
        StepKeyword("unembed", "unembed CLASS", parse: containment),
        StepKeyword("page", "page CLASS [forward | reverse] [instant]", parse: page),
        StepKeyword("identify", "identify USERID [trait=value...]", parse: identify),
        StepKeyword("reset", "reset", parse: reset),
        StepKeyword(
            "expect", "expect [no] screen|track \"NAME\" [key=value...] | expect [no] identify USERID [trait=value...]",
            parse: expect),
        StepKeyword("choose", "choose WEIGHT", isBlock: true, parse: arm),
        StepKeyword("or", "or WEIGHT", isBlock: true, parse: arm),
        StepKeyword("maybe", "maybe P%", isBlock: true, parse: maybe),
        StepKeyword("repeat", "repeat N | repeat A..B", isBlock: true, parse: repeatBlock),
        StepKeyword("end", "end", isBlock: true, parse: end)
    ]

    /// Every step keyword, for suggestions.
    package static let keywords = steps.map(\.keyword)

    private static let byKeyword = Dictionary(uniqueKeysWithValues: steps.map { ($0.keyword, $0) })

    /// The usages of the steps that are not block lines, for `--help`: one `; `-separated list.
    package static var stepUsages: String {
        steps.filter { !$0.isBlock }.map(\.usage).joined(separator: "; ")
    }

    private static func launch(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        if step.rest.first == "tabs" {
            step.rest.removeFirst()
            guard !step.rest.isEmpty else {
                throw step.fail("'launch tabs' needs at least one class; write: \(step.usage)")
            }
            return .launch(.tabs(step.rest))
        }
        let name = try step.className()
        let inNavigation = try step.takeInNavigation()
        try step.expectEnd()
        return .launch(inNavigation ? .navigation(name) : .bare(name))
    }

    private static func push(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let animated = step.takeAnimated()
        let name = try step.className()
        // Review 2026-11-27 newcomer #3: a screen whose label reads its state gets it here.
        let state = try step.arguments(step.rest, from: step.words.count - step.rest.count)
        return .push(className: name, animated: animated, state: state)
    }

    private static func pop(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let animated = step.takeAnimated()
        if step.rest.isEmpty { return .pop(.top, animated: animated) }
        if step.rest == ["to-root"] { return .pop(.root, animated: animated) }
        if step.rest.count == 2, step.rest[0] == "to" { return .pop(.toClass(step.rest[1]), animated: animated) }
        throw step.cannotRead()
    }

    private static func present(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let animated = step.takeAnimated()
        let name = try step.className()
        var style = PresentationStyle.automatic
        var inNavigation = false
        while !step.rest.isEmpty {
            if step.rest.count >= 2, step.rest[0] == "as" {
                guard let parsed = PresentationStyle(spelling: step.rest[1]) else {
                    let names = PresentationStyle.allCases.map(\.rawValue)
                    throw step.fail(
                        "unknown presentation style '\(step.rest[1])'; use one of \(names.joined(separator: ", "))"
                            + Suggester.didYouMean(step.rest[1], among: names))
                }
                style = parsed
                step.rest.removeFirst(2)
            } else if try step.takeInNavigation() {
                inNavigation = true
            } else {
                throw step.fail("unexpected '\(step.rest[0])' in 'present'; write: \(step.usage)")
            }
        }
        return .present(className: name, style: style, inNavigation: inNavigation, animated: animated)
    }

    private static func containment(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let name = try step.className()
        try step.expectEnd()
        return step.keyword == "embed" ? .embed(className: name) : .unembed(className: name)
    }

    private static func page(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let animated = step.takeAnimated()
        let name = try step.className()
        var reverse = false
        if step.rest.first == "reverse" || step.rest.first == "forward" {
            reverse = step.rest.removeFirst() == "reverse"
        }
        try step.expectEnd()
        return .page(className: name, reverse: reverse, animated: animated)
    }

    private static func dismiss(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let animated = step.takeAnimated()
        try step.expectEnd()
        return .dismiss(animated: animated)
    }

    private static func swipe(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard step.rest.count == 1, step.rest[0] == "cancel" || step.rest[0] == "complete" else {
            throw step.fail("'\(step.keyword)' needs 'cancel' or 'complete'; write: \(step.keyword) cancel|complete")
        }
        let complete = step.rest[0] == "complete"
        return step.keyword == "swipe-back" ? .swipeBack(complete: complete) : .swipeDown(complete: complete)
    }

    private static func tab(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard step.rest.count == 1 else { throw step.fail("'tab' needs one index or class; write: tab N | tab CLASS") }
        let target = step.rest[0]
        if let first = target.unicodeScalars.first, ("0"..."9").contains(first) || first == "-" {
            guard let index = Int(target), index >= 0 else {
                throw step.fail("'\(target)' is not a tab index; tabs count from 0")
            }
            return .tab(.index(index))
        }
        return .tab(.className(target))
    }

    private static func call(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard !step.rest.isEmpty else { throw step.fail("'call' needs a selector; write: \(step.usage)") }
        var target: String?
        if step.rest.count >= 2, step.rest[1].utf8Offset(of: UInt8(ascii: "=")) == nil,
            step.rest[0].utf8Offset(of: UInt8(ascii: ":")) == nil
        {
            target = step.rest.removeFirst()
        }
        let selector = step.rest.removeFirst()
        return .call(
            className: target, selector: selector,
            arguments: try step.arguments(step.rest, from: step.words.count - step.rest.count))
    }

    private static func selectRow(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard step.rest.count >= 2, let section = Int(step.rest[0]), let row = Int(step.rest[1]), section >= 0, row >= 0
        else {
            throw step.fail(
                "'select-row' needs a section and a row, both whole numbers from 0; write: select-row SECTION "
                    + "ROW [KEY=VALUE...]"
            )
        }
        // The state of the controller the row's selection pushes, as `push CLASS KEY=VALUE`.
        let state = try step.arguments(Array(step.rest.dropFirst(2)), from: step.words.count - step.rest.count + 2)
        return .selectRow(section: section, row: row, state: state)
    }

    private static func set(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard step.rest.count == 1, let pair = try step.arguments(step.rest, from: 1).first else {
            throw step.fail("'set' needs one KEY=VALUE; write: set plan=premium")
        }
        return .set(pair)
    }

    private static func identify(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard let userID = step.rest.first, !userID.isEmpty else {
            throw step.fail("'identify' needs a user id; write: \(step.usage)")
        }
        if !step.quoted.contains(1), userID.utf8Offset(of: UInt8(ascii: "=")) != nil {
            throw step.fail("'identify' needs the user id first, then the traits; write: \(step.usage)")
        }
        return .identify(userID: userID, traits: try step.arguments(Array(step.rest.dropFirst()), from: 2))
    }

    private static func reset(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        try step.expectEnd()
        return .reset
    }

    private static func wait(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        guard step.rest.count == 1 else {
            throw step.fail("'wait' needs a duration; write: wait 2.5s (or ms, m, h, d), or wait 2s..40s")
        }
        let written = step.rest[0]
        guard let dots = written.range(of: "..") else {
            guard let span = TimeSpan(parsing: written) else {
                throw step.fail("'\(written)' is not a duration; write a number with ms, s, m, h or d, such as 2.5s")
            }
            try step.requireWaitable(span, written)
            return .wait(span)
        }
        let (low, high) = (String(written[..<dots.lowerBound]), String(written[dots.upperBound...]))
        guard let lower = TimeSpan(parsing: low), let upper = TimeSpan(parsing: high) else {
            throw step.malformed(
                "'\(written)' is not a range of durations; write two durations with ms, s, m, h or d, such "
                    + "as wait 2s..40s"
            )
        }
        guard lower <= upper else {
            throw step.malformed(
                "the range '\(written)' runs backwards; write the shorter duration first, such as wait "
                    + "\(high)..\(low)"
            )
        }
        try step.requireWaitable(upper, written)
        return lower == upper ? .wait(lower) : .waitBetween(lower, upper)
    }

    private static func arm(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let usage = "\(step.keyword) WEIGHT, a positive number such as 70 (or 70%)"
        guard step.rest.count == 1 else {
            throw step.malformed("'\(step.keyword)' needs its arm's weight; write: \(usage)")
        }
        guard let weight = Self.number(step.rest[0], allowingPercent: true), weight > 0, weight.isFinite else {
            throw step.malformed("'\(step.rest[0])' is not a weight; write: \(usage)")
        }
        let percent = step.rest[0].hasSuffix("%")
        return .block(
            step.keyword == "choose" ? .choose(weight: weight, percent: percent) : .or(weight: weight, percent: percent)
        )
    }

    private static func maybe(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let usage = "maybe P%, with 0 < P <= 100, such as maybe 25%"
        guard step.rest.count == 1 else { throw step.malformed("'maybe' needs a probability; write: \(usage)") }
        guard let percent = Self.number(step.rest[0], allowingPercent: true), percent > 0, percent <= 100 else {
            throw step.malformed("'\(step.rest[0])' is not a probability; write: \(usage)")
        }
        return .block(.maybe(percent: percent))
    }

    private static func repeatBlock(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        let usage = "repeat N or repeat A..B, whole numbers from 0 to \(mostRepeats), such as repeat 1..5"
        guard step.rest.count == 1 else {
            throw step.malformed("'repeat' needs a count or a range; write: \(usage)")
        }
        let written = step.rest[0]
        let bounds = written.components(separatedBy: "..")
        guard bounds.count <= 2, let lower = Self.count(bounds[0]), let upper = Self.count(bounds[bounds.count - 1])
        else {
            throw step.malformed("'\(written)' is not a count or a range; write: \(usage)")
        }
        guard lower <= upper else {
            throw step.malformed(
                "the range '\(written)' runs backwards; write the smaller count first, such as repeat "
                    + "\(upper)..\(lower)"
            )
        }
        guard upper <= mostRepeats else {
            throw step.malformed(
                "'repeat \(written)' is more than \(mostRepeats) times, the most a block repeats; check the number")
        }
        return .block(.repeat(lower...upper))
    }

    private static func end(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        try step.expectEnd()
        return .block(.end)
    }

    private static func appState(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        try step.expectEnd()
        return step.keyword == "background" ? .background : .foreground
    }

    private static func expect(_ step: inout StepWords) throws(ScriptError) -> ScriptStep.Action {
        var negated = false
        if step.rest.first == "no" {
            negated = true
            step.rest.removeFirst()
        }
        guard step.rest.count >= 2, let kind = Event.Kind(rawValue: step.rest[0]), kind != .trace else {
            throw step.cannotRead()
        }
        return .expect(
            Expectation(
                negated: negated, kind: kind, name: step.rest[1],
                properties: try step.arguments(
                    Array(step.rest.dropFirst(2)), from: step.words.count - step.rest.count + 2)))
    }

    /// A number written with ASCII digits and at most one '.', and a trailing '%' when allowed.
    private static func number(_ text: String, allowingPercent: Bool) -> Double? {
        let digits = allowingPercent && text.hasSuffix("%") ? text.dropLast() : text[...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
            digits.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1
        else { return nil }
        return Double(digits)
    }

    /// A whole number from 0, written with ASCII digits only; one too long for an `Int` reads as
    /// `Int.max`, so the caller's bound (not "not a count") is what a user reads about it.
    private static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text) ?? .max
    }

    /// `name=value` words, the first at index `first` of the line's words: a value is typed
    /// (a number, a boolean) when written unquoted as one, or given as one in JSON.
    fileprivate static func arguments(
        _ words: [String], from first: Int, quoted: Set<Int>, typed: [Int: ScriptValueKind],
        _ fail: (String) -> ScriptError
    ) throws(ScriptError) -> [Argument] {
        var result: [Argument] = []
        for (offset, word) in words.enumerated() {
            // Split on the first '=' (ASCII, so never inside a multi-byte character), on bytes.
            guard
                var pair = word.withUTF8Bytes({ bytes -> Argument? in
                    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return nil }
                    return Argument(
                        keyword: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self),
                        value: String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self))
                })
            else { throw fail("'\(word)' is not a name=value argument") }
            let index = first + offset
            if let kind = typed[index] {
                pair.kind = kind
            } else if !quoted.contains(index) {
                pair.kind = .of(unquoted: pair.value)
            }
            result.append(pair)
        }
        return result
    }
}

/// One step keyword: its spelling, its usage (what `--help` lists and messages show) and the
/// function that reads the rest of its line.
package struct StepKeyword: Sendable {
    package let keyword: String
    package let usage: String
    /// A line of the variation blocks (`choose`, `maybe`, `repeat`, `end`): help lists them apart.
    package let isBlock: Bool
    let parse: @Sendable (inout StepWords) throws(ScriptError) -> ScriptStep.Action

    init(
        _ keyword: String, _ usage: String, isBlock: Bool = false,
        parse: @escaping @Sendable (inout StepWords) throws(ScriptError) -> ScriptStep.Action
    ) {
        self.keyword = keyword
        self.usage = usage
        self.isBlock = isBlock
        self.parse = parse
    }
}

/// The words of one step as its keyword's parser reads them: what is left to read (`rest`),
/// and the helpers every step shares for its flags, its class and its messages.
struct StepWords {
    let words: [String]
    let number: Int
    let file: String
    /// Indexes of words written with quotes (their values stay text) and of words the JSON form
    /// gave as numbers or booleans.
    let quoted: Set<Int>
    let typed: [Int: ScriptValueKind]
    /// The words after the keyword not read yet.
    var rest: [String]

    init(words: [String], number: Int, file: String, quoted: Set<Int>, typed: [Int: ScriptValueKind]) {
        self.words = words
        self.number = number
        self.file = file
        self.quoted = quoted
        self.typed = typed
        rest = Array(words.dropFirst())
    }

    var keyword: String { words[0] }
    /// The keyword's usage, as the table declares it.
    var usage: String { ScriptParser.steps.first { $0.keyword == keyword }?.usage ?? keyword }

    func fail(_ message: String) -> ScriptError { ScriptError(file: file, line: number, message: message) }

    /// The shape of a block or a range is wrong: malformed input (exit 2), as SPEC §12 asks.
    func malformed(_ message: String) -> ScriptError {
        ScriptError(file: file, line: number, message: message, isMalformed: true)
    }

    func cannotRead() -> ScriptError { fail("cannot read '\(words.joined(separator: " "))'; write: \(usage)") }

    /// Removes a trailing `instant` flag; animated is the default.
    mutating func takeAnimated() -> Bool {
        if let index = rest.firstIndex(of: "instant") {
            rest.remove(at: index)
            return false
        }
        return true
    }

    func expectEnd() throws(ScriptError) {
        if !rest.isEmpty { throw fail("unexpected '\(rest[0])' in '\(keyword)'; write: \(usage)") }
    }

    /// `in navigation` at the front of `rest`, taken; a misspelt container after `in` is named
    /// with the fix rather than blamed on `in`.
    mutating func takeInNavigation() throws(ScriptError) -> Bool {
        guard rest.first == "in" else { return false }
        guard rest.count >= 2 else { throw fail("'in' needs a container; write 'in navigation' (\(usage))") }
        guard rest[1] == "navigation" else {
            throw fail("unknown container 'in \(rest[1])'; did you mean 'in navigation'? write: \(usage)")
        }
        rest.removeFirst(2)
        return true
    }

    func requireWaitable(_ span: TimeSpan, _ written: String) throws(ScriptError) {
        guard span <= TimeSpan.longestWait else {
            throw fail(
                "'wait \(written)' is longer than a year, the longest wait; check the unit (ms, s, m, h, d) or "
                    + "split the wait"
            )
        }
    }

    mutating func className() throws(ScriptError) -> String {
        guard !rest.isEmpty else { throw fail("'\(keyword)' needs a class; write: \(usage)") }
        return rest.removeFirst()
    }

    /// `name=value` words, the first at index `first` of the line's words.
    func arguments(_ words: [String], from first: Int) throws(ScriptError) -> [Argument] {
        try ScriptParser.arguments(words, from: first, quoted: quoted, typed: typed, fail)
    }
}
