import TrackctlModel

/// Turns the words of one line into a `ScriptStep`, with a message that shows the right
/// spelling when they do not fit (SPEC §2.3 is the contract for every spelling).
package enum ScriptParser {
    /// Every step keyword, for suggestions.
    package static let keywords = [
        "launch", "push", "pop", "present", "dismiss", "swipe-back", "swipe-down", "tab", "call",
        "select-row", "set", "wait", "background", "foreground", "embed", "unembed", "page", "identify", "reset",
        "expect",
        "choose", "or", "maybe", "repeat", "end"
    ]

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
        func fail(_ message: String) -> ScriptError { ScriptError(file: file, line: number, message: message) }
        /// The shape of a block or a range is wrong: malformed input (exit 2), as SPEC §12 asks.
        func malformed(_ message: String) -> ScriptError {
            ScriptError(file: file, line: number, message: message, isMalformed: true)
        }
        var rest = Array(words.dropFirst())
        let keyword = words[0]

        /// Removes a trailing `instant` flag; animated is the default.
        func takeAnimated() -> Bool {
            if let index = rest.firstIndex(of: "instant") { rest.remove(at: index); return false }
            return true
        }
        func expectEnd(_ usage: String) throws(ScriptError) {
            if !rest.isEmpty { throw fail("unexpected '\(rest[0])' in '\(keyword)'; write: \(usage)") }
        }
        /// `in navigation` at the front of `rest`, taken; a misspelt container after `in` is named
        /// with the fix rather than blamed on `in`.
        func takeInNavigation(_ usage: String) throws(ScriptError) -> Bool {
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
        func className(_ usage: String) throws(ScriptError) -> String {
            guard !rest.isEmpty else { throw fail("'\(keyword)' needs a class; write: \(usage)") }
            return rest.removeFirst()
        }

        let action: ScriptStep.Action
        switch keyword {
        case "launch":
            let usage = "launch CLASS [in navigation] | launch tabs CLASS..."
            if rest.first == "tabs" {
                rest.removeFirst()
                guard !rest.isEmpty else { throw fail("'launch tabs' needs at least one class; write: \(usage)") }
                action = .launch(.tabs(rest))
                rest = []
            } else {
                let name = try className(usage)
                let inNavigation = try takeInNavigation(usage)
                try expectEnd(usage)
                action = .launch(inNavigation ? .navigation(name) : .bare(name))
            }
        case "push":
            let usage = "push CLASS [instant] [KEY=VALUE...]"
            let animated = takeAnimated()
            let name = try className(usage)
            // Review 2026-11-27 newcomer #3: a screen whose label reads its state gets it here.
            let state = try arguments(rest, from: words.count - rest.count, quoted: quoted, typed: typed, fail)
            rest = []
            action = .push(className: name, animated: animated, state: state)
        case "pop":
            let usage = "pop [to-root | to CLASS] [instant]"
            let animated = takeAnimated()
            if rest.isEmpty {
                action = .pop(.top, animated: animated)
            } else if rest == ["to-root"] {
                action = .pop(.root, animated: animated)
            } else if rest.count == 2, rest[0] == "to" {
                action = .pop(.toClass(rest[1]), animated: animated)
            } else {
                throw fail("cannot read '\(words.joined(separator: " "))'; write: \(usage)")
            }
        case "present":
            let usage = "present CLASS [as STYLE] [in navigation] [instant]"
            let animated = takeAnimated()
            let name = try className(usage)
            var style = PresentationStyle.automatic
            var inNavigation = false
            while !rest.isEmpty {
                if rest.count >= 2, rest[0] == "as" {
                    guard let parsed = PresentationStyle(spelling: rest[1]) else {
                        let names = PresentationStyle.allCases.map(\.rawValue)
                        throw fail(
                            "unknown presentation style '\(rest[1])'; use one of \(names.joined(separator: ", "))"
                                + Suggester.didYouMean(rest[1], among: names))
                    }
                    style = parsed
                    rest.removeFirst(2)
                } else if try takeInNavigation(usage) {
                    inNavigation = true
                } else {
                    throw fail("unexpected '\(rest[0])' in 'present'; write: \(usage)")
                }
            }
            action = .present(className: name, style: style, inNavigation: inNavigation, animated: animated)
        case "embed", "unembed":
            let usage = "\(keyword) CLASS"
            let name = try className(usage)
            try expectEnd(usage)
            action = keyword == "embed" ? .embed(className: name) : .unembed(className: name)
        case "page":
            let usage = "page CLASS [forward | reverse] [instant]"
            let animated = takeAnimated()
            let name = try className(usage)
            var reverse = false
            if rest.first == "reverse" || rest.first == "forward" { reverse = rest.removeFirst() == "reverse" }
            try expectEnd(usage)
            action = .page(className: name, reverse: reverse, animated: animated)
        case "dismiss":
            let animated = takeAnimated()
            try expectEnd("dismiss [instant]")
            action = .dismiss(animated: animated)
        case "swipe-back", "swipe-down":
            guard rest.count == 1, rest[0] == "cancel" || rest[0] == "complete" else {
                throw fail("'\(keyword)' needs 'cancel' or 'complete'; write: \(keyword) cancel|complete")
            }
            action =
                keyword == "swipe-back"
                ? .swipeBack(complete: rest[0] == "complete") : .swipeDown(complete: rest[0] == "complete")
        case "tab":
            guard rest.count == 1 else { throw fail("'tab' needs one index or class; write: tab N | tab CLASS") }
            if let first = rest[0].unicodeScalars.first, ("0"..."9").contains(first) || first == "-" {
                guard let index = Int(rest[0]), index >= 0 else {
                    throw fail("'\(rest[0])' is not a tab index; tabs count from 0")
                }
                action = .tab(.index(index))
            } else {
                action = .tab(.className(rest[0]))
            }
        case "call":
            let usage = "call [CLASS] SELECTOR [keyword=value...]"
            guard !rest.isEmpty else { throw fail("'call' needs a selector; write: \(usage)") }
            var target: String?
            if rest.count >= 2, rest[1].utf8Offset(of: UInt8(ascii: "=")) == nil,
                rest[0].utf8Offset(of: UInt8(ascii: ":")) == nil
            {
                target = rest.removeFirst()
            }
            let selector = rest.removeFirst()
            action = .call(
                className: target, selector: selector,
                arguments: try arguments(rest, from: words.count - rest.count, quoted: quoted, typed: typed, fail))
        case "select-row":
            guard rest.count >= 2, let section = Int(rest[0]), let row = Int(rest[1]), section >= 0, row >= 0 else {
                throw fail(
                    "'select-row' needs a section and a row, both whole numbers from 0; write: select-row SECTION "
                        + "ROW [KEY=VALUE...]"
                )
            }
            // The state of the controller the row's selection pushes, as `push CLASS KEY=VALUE`.
            let state = try arguments(
                Array(rest.dropFirst(2)), from: words.count - rest.count + 2, quoted: quoted, typed: typed, fail)
            action = .selectRow(section: section, row: row, state: state)
        case "set":
            guard rest.count == 1, let pair = try arguments(rest, from: 1, quoted: quoted, typed: typed, fail).first
            else {
                throw fail("'set' needs one KEY=VALUE; write: set plan=premium")
            }
            action = .set(pair)
        case "identify":
            let usage = "identify USERID [trait=value...]"
            guard let userID = rest.first, !userID.isEmpty else {
                throw fail("'identify' needs a user id; write: \(usage)")
            }
            if !quoted.contains(1), userID.utf8Offset(of: UInt8(ascii: "=")) != nil {
                throw fail("'identify' needs the user id first, then the traits; write: \(usage)")
            }
            action = .identify(
                userID: userID,
                traits: try arguments(Array(rest.dropFirst()), from: 2, quoted: quoted, typed: typed, fail))
        case "reset":
            try expectEnd("reset")
            action = .reset
        case "wait":
            guard rest.count == 1 else {
                throw fail("'wait' needs a duration; write: wait 2.5s (or ms, m, h, d), or wait 2s..40s")
            }
            if let dots = rest[0].range(of: "..") {
                let (low, high) = (String(rest[0][..<dots.lowerBound]), String(rest[0][dots.upperBound...]))
                guard let lower = TimeSpan(parsing: low), let upper = TimeSpan(parsing: high) else {
                    throw malformed(
                        "'\(rest[0])' is not a range of durations; write two durations with ms, s, m, h or d, such "
                            + "as wait 2s..40s"
                    )
                }
                guard lower <= upper else {
                    throw malformed(
                        "the range '\(rest[0])' runs backwards; write the shorter duration first, such as wait "
                            + "\(high)..\(low)"
                    )
                }
                try requireWaitable(upper, rest[0])
                action = lower == upper ? .wait(lower) : .waitBetween(lower, upper)
            } else {
                guard let span = TimeSpan(parsing: rest[0]) else {
                    throw fail("'\(rest[0])' is not a duration; write a number with ms, s, m, h or d, such as 2.5s")
                }
                try requireWaitable(span, rest[0])
                action = .wait(span)
            }
        case "choose", "or":
            let usage = "\(keyword) WEIGHT, a positive number such as 70 (or 70%)"
            guard rest.count == 1 else { throw malformed("'\(keyword)' needs its arm's weight; write: \(usage)") }
            guard let weight = Self.number(rest[0], allowingPercent: true), weight > 0, weight.isFinite else {
                throw malformed("'\(rest[0])' is not a weight; write: \(usage)")
            }
            let percent = rest[0].hasSuffix("%")
            action = .block(
                keyword == "choose" ? .choose(weight: weight, percent: percent) : .or(weight: weight, percent: percent))
        case "maybe":
            let usage = "maybe P%, with 0 < P <= 100, such as maybe 25%"
            guard rest.count == 1 else { throw malformed("'maybe' needs a probability; write: \(usage)") }
            guard let percent = Self.number(rest[0], allowingPercent: true), percent > 0, percent <= 100 else {
                throw malformed("'\(rest[0])' is not a probability; write: \(usage)")
            }
            action = .block(.maybe(percent: percent))
        case "repeat":
            let usage = "repeat N or repeat A..B, whole numbers from 0 to \(mostRepeats), such as repeat 1..5"
            guard rest.count == 1 else { throw malformed("'repeat' needs a count or a range; write: \(usage)") }
            let bounds = rest[0].components(separatedBy: "..")
            guard bounds.count <= 2, let lower = Self.count(bounds[0]), let upper = Self.count(bounds[bounds.count - 1])
            else {
                throw malformed("'\(rest[0])' is not a count or a range; write: \(usage)")
            }
            guard lower <= upper else {
                throw malformed(
                    "the range '\(rest[0])' runs backwards; write the smaller count first, such as repeat "
                        + "\(upper)..\(lower)"
                )
            }
            guard upper <= mostRepeats else {
                throw malformed(
                    "'repeat \(rest[0])' is more than \(mostRepeats) times, the most a block repeats; check the number")
            }
            action = .block(.repeat(lower...upper))
        case "end":
            try expectEnd("end")
            action = .block(.end)
        case "background", "foreground":
            try expectEnd(keyword)
            action = keyword == "background" ? .background : .foreground
        case "expect":
            let usage =
                "expect [no] screen|track \"NAME\" [key=value...] | expect [no] identify USERID [trait=value...]"
            var negated = false
            if rest.first == "no" { negated = true; rest.removeFirst() }
            guard rest.count >= 2, let kind = Event.Kind(rawValue: rest[0]), kind != .trace else {
                throw fail("cannot read '\(words.joined(separator: " "))'; write: \(usage)")
            }
            action = .expect(
                Expectation(
                    negated: negated, kind: kind, name: rest[1],
                    properties: try arguments(
                        Array(rest.dropFirst(2)), from: words.count - rest.count + 2, quoted: quoted, typed: typed, fail
                    )))
        default:
            throw fail("unknown step '\(keyword)'" + Suggester.didYouMean(keyword, among: keywords))
        }
        return ScriptStep(line: number, action: action)
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
    private static func arguments(
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
