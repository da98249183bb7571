import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Script language")
struct ScriptParserTests {
    /// One table declares every step (issue 38): each keyword once, each usage beginning with
    /// its keyword, and an unknown keyword named with the closest one.
    @Test func oneTableDeclaresEveryStep() throws {
        #expect(Set(ScriptParser.keywords).count == ScriptParser.steps.count)
        for step in ScriptParser.steps { #expect(step.usage.hasPrefix(step.keyword), "\(step.usage)") }
        #expect(ScriptParser.keywords.contains("select-row") && ScriptParser.keywords.contains("repeat"))
        #expect(throws: ScriptError.self) { try ScriptParser.parse(words: ["pussh", "A"], number: 1, file: "t") }
        do {
            _ = try ScriptParser.parse(words: ["pussh", "A"], number: 1, file: "t")
        } catch {
            #expect(error.message == "unknown step 'pussh'; did you mean 'push'?")
        }
    }

    func parse(_ line: String) throws(ScriptError) -> ScriptStep.Action? {
        try ScriptParser.parse(line: line[...], number: 1, file: "t")?.action
    }

    @Test(arguments: [
        ("launch ZOCMainViewController", ScriptStep.Action.launch(.bare("ZOCMainViewController"))),
        ("launch ZOCMainViewController in navigation", .launch(.navigation("ZOCMainViewController"))),
        ("launch tabs A B C", .launch(.tabs(["A", "B", "C"]))),
        ("push ZOCProfileViewController", .push(className: "ZOCProfileViewController", animated: true)),
        ("push ZOCProfileViewController instant", .push(className: "ZOCProfileViewController", animated: false)),
        (
            "push ZOCDetailViewController postId=42 title=\"A post\"",
            .push(
                className: "ZOCDetailViewController", animated: true,
                state: [
                    Argument(keyword: "postId", value: "42", kind: .number), Argument(keyword: "title", value: "A post")
                ])
        ),
        ("pop", .pop(.top, animated: true)),
        ("pop to-root", .pop(.root, animated: true)),
        ("pop to ZOCMainViewController instant", .pop(.toClass("ZOCMainViewController"), animated: false)),
        (
            "present ZOCShareViewController as pageSheet",
            .present(className: "ZOCShareViewController", style: .pageSheet, inNavigation: false, animated: true)
        ),
        (
            "present ZOCComposeViewController as fullScreen in navigation",
            .present(className: "ZOCComposeViewController", style: .fullScreen, inNavigation: true, animated: true)
        ),
        ("present X", .present(className: "X", style: .automatic, inNavigation: false, animated: true)),
        ("dismiss instant", .dismiss(animated: false)),
        ("swipe-back cancel", .swipeBack(complete: false)),
        ("swipe-down complete", .swipeDown(complete: true)),
        ("tab 2", .tab(.index(2))),
        ("tab ZOCProfileViewController", .tab(.className("ZOCProfileViewController"))),
        ("call shareButtonPressed:", .call(className: nil, selector: "shareButtonPressed:", arguments: [])),
        (
            "call loginView:handleError: handleError=timeout",
            .call(
                className: nil, selector: "loginView:handleError:",
                arguments: [Argument(keyword: "handleError", value: "timeout")])
        ),
        ("call ZOCFeedCell likeTapped:", .call(className: "ZOCFeedCell", selector: "likeTapped:", arguments: [])),
        ("select-row 0 3", .selectRow(section: 0, row: 3)),
        ("set plan=premium", .set(Argument(keyword: "plan", value: "premium"))),
        // SPEC §5's typed values: unquoted numbers and booleans are typed, quoted ones text.
        ("set quantity=2", .set(Argument(keyword: "quantity", value: "2", kind: .number))),
        ("set quantity=\"2\"", .set(Argument(keyword: "quantity", value: "2"))),
        ("set gift=true", .set(Argument(keyword: "gift", value: "true", kind: .bool))),
        ("set code=007", .set(Argument(keyword: "code", value: "007"))),
        (
            "call addToCart: addToCart=-2.5e1",
            .call(
                className: nil, selector: "addToCart:",
                arguments: [Argument(keyword: "addToCart", value: "-2.5e1", kind: .number)])
        ),
        (
            "identify user-42 plan=gold seats=3",
            .identify(
                userID: "user-42",
                traits: [
                    Argument(keyword: "plan", value: "gold"), Argument(keyword: "seats", value: "3", kind: .number)
                ])
        ),
        ("identify \"a=b\"", .identify(userID: "a=b", traits: [])),
        ("reset", .reset),
        (
            "expect identify user-42 plan=gold",
            .expect(
                Expectation(
                    negated: false, kind: .identify, name: "user-42",
                    properties: [Argument(keyword: "plan", value: "gold")]))
        ),
        ("wait 2.5s", .wait(TimeSpan(milliseconds: 2500))),
        ("wait 300ms", .wait(TimeSpan(milliseconds: 300))),
        ("wait 1m", .wait(TimeSpan(milliseconds: 60_000))),
        ("wait 4h", .wait(TimeSpan(milliseconds: 14_400_000))),
        ("wait 1.5d", .wait(TimeSpan(milliseconds: 129_600_000))),
        ("wait 365d", .wait(TimeSpan.longestWait)),
        ("wait 525600m", .wait(TimeSpan.longestWait)),
        ("background", .background),
        ("foreground  # back", .foreground),
        ("embed ZOCPanelViewController", .embed(className: "ZOCPanelViewController")),
        ("unembed ZOCPanelViewController", .unembed(className: "ZOCPanelViewController")),
        ("page ZOCStepTwo", .page(className: "ZOCStepTwo", reverse: false, animated: true)),
        ("page ZOCStepOne reverse instant", .page(className: "ZOCStepOne", reverse: true, animated: false)),
        ("page ZOCStepTwo forward", .page(className: "ZOCStepTwo", reverse: false, animated: true)),
        (
            "expect screen \"Main screen\"",
            .expect(Expectation(negated: false, kind: .screen, name: "Main screen", properties: []))
        ),
        (
            "expect track \"Share button\" reason=\"time out\"",
            .expect(
                Expectation(
                    negated: false, kind: .track, name: "Share button",
                    properties: [Argument(keyword: "reason", value: "time out")]))
        ),
        (
            "expect no track \"Share button\"",
            .expect(Expectation(negated: true, kind: .track, name: "Share button", properties: []))
        ),
        // SPEC §12's variation.
        ("wait 2s..40s", .waitBetween(TimeSpan(milliseconds: 2000), TimeSpan(milliseconds: 40_000))),
        ("wait 4h..30h", .waitBetween(TimeSpan(milliseconds: 14_400_000), TimeSpan(milliseconds: 108_000_000))),
        ("wait 3s..3s", .wait(TimeSpan(milliseconds: 3000))),
        ("choose 70", .block(.choose(weight: 70))),
        ("choose 70%", .block(.choose(weight: 70, percent: true))),
        ("or 2.5", .block(.or(weight: 2.5))),
        ("maybe 25%", .block(.maybe(percent: 25))),
        ("maybe 100", .block(.maybe(percent: 100))),
        ("repeat 1..5", .block(.repeat(1...5))),
        ("repeat 3", .block(.repeat(3...3))),
        ("repeat 0..10000", .block(.repeat(0...10_000))),
        ("end  # of the choice", .block(.end))
    ])
    func everySpellingOfTheSPECParses(line: String, action: ScriptStep.Action) throws {
        #expect(try parse(line) == action)
    }

    /// The tokenizer works on bytes: quotes, escapes and comments are ASCII, and everything
    /// else — accents, CJK, emoji — passes through whole, inside quotes or not.
    @Test(arguments: [
        ("expect track \"Café ☕️\" reason=\"naïve 😀\"", ["expect", "track", "Café ☕️", "reason=naïve 😀"]),
        ("set note=\"say \\\"hi\\\" # not a comment\"  # a comment", ["set", "note=say \"hi\" # not a comment"]),
        ("call\tlikeTapped:\r", ["call", "likeTapped:"]),
        ("push 中文ViewController", ["push", "中文ViewController"]),
        ("a\"\"b \"\"", ["ab", ""]),
        // Inside quotes \" and \\ are the only escapes; outside quotes a backslash is a character.
        ("set path=\"C:\\\\dir\" raw=a\\nb", ["set", "path=C:\\dir", "raw=a\\nb"])
    ])
    func wordsKeepEveryCharacter(line: String, words: [String]) throws {
        #expect(try ScriptTokenizer.tokens(of: line[...]) == words)
    }

    /// Malformed lines: located at the quote or the escape, and malformed (exit 2), not a step
    /// that cannot run.
    @Test(arguments: [
        ("say \"open", 5, "a quote is not closed"),
        ("say \"open\\", 10, "a '\\' ends the line inside quotes"),
        ("set note=\"a\\nb\"", 12, "unknown escape '\\n' in quotes; write \\\" for a quote and \\\\ for a backslash")
    ])
    func malformedQuotesAreLocatedErrors(line: String, column: Int, message: String) {
        #expect(throws: ScriptError(file: "t", line: 1, column: column, message: message, isMalformed: true)) {
            try parse(line)
        }
    }

    @Test(arguments: ["", "   ", "# a comment", "\t# indented comment"])
    func blankAndCommentLinesAreNotSteps(line: String) throws {
        #expect(try parse(line) == nil)
    }

    @Test(arguments: [
        ("psuh X", "unknown step 'psuh'; did you mean 'push'?"),
        ("launch", "'launch' needs a class; write: launch CLASS [in navigation] | launch tabs CLASS..."),
        ("pop to", "cannot read 'pop to'; write: pop [to-root | to CLASS] [instant]"),
        ("swipe-back maybe", "'swipe-back' needs 'cancel' or 'complete'; write: swipe-back cancel|complete"),
        ("set plan", "'plan' is not a name=value argument"),
        (
            "expect screen",
            "cannot read 'expect screen'; write: expect [no] screen|track \"NAME\" [key=value...] | expect [no] "
                + "identify USERID [trait=value...]"
        ),
        ("identify", "'identify' needs a user id; write: identify USERID [trait=value...]"),
        (
            "identify plan=gold",
            "'identify' needs the user id first, then the traits; write: identify USERID [trait=value...]"
        ),
        ("reset now", "unexpected 'now' in 'reset'; write: reset"),
        // A year is the longest wait; a number too large for the clock reads as too long too.
        (
            "wait 525601m",
            "'wait 525601m' is longer than a year, the longest wait; check the unit (ms, s, m, h, d) or split the wait"
        ),
        (
            "wait 99999999999999999999999m",
            "'wait 99999999999999999999999m' is longer than a year, the longest wait; check the unit (ms, s, m, h, "
                + "d) or split the wait"
        )
    ])
    func malformedStepsSayTheRightSpelling(line: String, message: String) {
        #expect(throws: ScriptError(file: "t", line: 1, message: message)) { try parse(line) }
    }

    /// SPEC §12: bad weights, probabilities, counts and ranges are malformed scripts (exit 2).
    @Test(arguments: [
        ("choose", "'choose' needs its arm's weight; write: choose WEIGHT, a positive number such as 70 (or 70%)"),
        ("choose 0", "'0' is not a weight; write: choose WEIGHT, a positive number such as 70 (or 70%)"),
        ("or -1", "'-1' is not a weight; write: or WEIGHT, a positive number such as 70 (or 70%)"),
        ("choose 1e3", "'1e3' is not a weight; write: choose WEIGHT, a positive number such as 70 (or 70%)"),
        (
            "choose 70 30",
            "'choose' needs its arm's weight; write: choose WEIGHT, a positive number such as 70 (or 70%)"
        ),
        ("maybe 0%", "'0%' is not a probability; write: maybe P%, with 0 < P <= 100, such as maybe 25%"),
        ("maybe 100.5", "'100.5' is not a probability; write: maybe P%, with 0 < P <= 100, such as maybe 25%"),
        (
            "repeat many",
            "'many' is not a count or a range; write: repeat N or repeat A..B, whole numbers from 0 to 10000, such "
                + "as repeat 1..5"
        ),
        (
            "repeat 1..2..3",
            "'1..2..3' is not a count or a range; write: repeat N or repeat A..B, whole numbers from 0 to 10000, "
                + "such as repeat 1..5"
        ),
        (
            "repeat -1",
            "'-1' is not a count or a range; write: repeat N or repeat A..B, whole numbers from 0 to 10000, such as "
                + "repeat 1..5"
        ),
        ("repeat 5..1", "the range '5..1' runs backwards; write the smaller count first, such as repeat 1..5"),
        ("repeat 10001", "'repeat 10001' is more than 10000 times, the most a block repeats; check the number"),
        (
            "repeat 99999999999999",
            "'repeat 99999999999999' is more than 10000 times, the most a block repeats; check the number"
        ),
        (
            "wait 2s..soon",
            "'2s..soon' is not a range of durations; write two durations with ms, s, m, h or d, such as wait 2s..40s"
        ),
        ("wait 40s..2s", "the range '40s..2s' runs backwards; write the shorter duration first, such as wait 2s..40s")
    ])
    func malformedVariationIsAMalformedScript(line: String, message: String) {
        #expect(throws: ScriptError(file: "t", line: 1, message: message, isMalformed: true)) { try parse(line) }
    }

    @Test func aRangeLongerThanAYearIsRefusedLikeAWait() {
        #expect(
            throws: ScriptError(
                file: "t", line: 1,
                message:
                    "'wait 1d..400d' is longer than a year, the longest wait; check the unit (ms, s, m, h, d) or "
                    + "split the wait"
            )
        ) {
            try parse("wait 1d..400d")
        }
    }
}

@Suite("Script source")
struct ScriptSourceTests {
    /// The public streaming form: every step with its file line, comments skipped, and whether
    /// the same text came before (the replay then skips its checks and reuses its memo).
    @Test func stepsStreamWithTheirLinesAndRepeats() throws {
        let path = try temporaryScript(
            "# a comment\nlaunch ZOCBaseViewController in navigation\n\ncall closeTapped:\ncall closeTapped:  "
                + "\ncall closeTapped:\nselect-row 0 1\n"
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        var steps: [(line: Int, action: ScriptStep.Action, isRepeat: Bool)] = []
        try ScriptSource(path: path).forEachStep { step, isRepeat throws(ReplayStop) in
            steps.append((step.line, step.action, isRepeat))
        }
        let close = ScriptStep.Action.call(className: nil, selector: "closeTapped:", arguments: [])
        #expect(steps.map(\.line) == [2, 4, 5, 6, 7])
        #expect(
            steps.map(\.action) == [
                .launch(.navigation("ZOCBaseViewController")), close, close, close, .selectRow(section: 0, row: 1)
            ])
        // Line 5 has trailing spaces: other text, so not a repeat, though the same step; line 6
        // repeats line 4.
        #expect(steps.map(\.isRepeat) == [false, false, false, true, false])
    }

    func temporaryScript(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-source-\(UUID().uuidString).trackscript"
        ).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// ASCII lines skip the UTF-8 check's string; other valid lines still pass through it.
    @Test func nonASCIILinesReadWhole() throws {
        let path = try temporaryScript(
            "launch ZOCMainViewController in navigation\nset note=\"café ☕️ 中文\"  # ünïcode comment\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var actions: [ScriptStep.Action] = []
        try ScriptSource(path: path).forEachStep { step, _ throws(ReplayStop) in actions.append(step.action) }
        #expect(
            actions == [
                .launch(.navigation("ZOCMainViewController")), .set(Argument(keyword: "note", value: "café ☕️ 中文"))
            ])
    }
}
