import Testing
import TrackctlPlan

/// One focused case per finding rule of SPEC §14 ("Findings, precisely"): which keyword gives
/// which rule, at which path, with which words. The JSON Schema Test Suite decides valid or
/// not; these decide how trackctl says it.
@Suite("Schema findings")
struct SchemaRuleTests {
    private func schema(_ text: String) throws -> CompiledSchema {
        var reader = JSONValueReader(bytes: Array(text.utf8))
        var compiler = SchemaCompiler(document: try reader.read())
        let compiled = compiler.compile(at: "")
        compiler.checkCycles(from: [compiled])
        #expect(compiler.problems.isEmpty, "\(compiler.problems)")
        return compiled
    }

    private func value(_ text: String) throws -> JSONValue {
        var reader = JSONValueReader(bytes: Array(text.utf8))
        return try reader.read()
    }

    /// `rule path: reason` of each violation.
    private func check(_ schemaText: String, _ valueText: String) throws -> [String] {
        let compiled = try schema(schemaText)
        let instance = try value(valueText)
        let found = compiled.violations(of: instance)
        #expect(compiled.accepts(instance) == found.isEmpty)
        return found.map { "\($0.rule.rawValue) \(DotPath.render($0.path)): \($0.reason)" }
    }

    @Test func typesEnumsAndConstants() throws {
        #expect(
            try check(#"{"properties":{"total":{"type":"number"}}}"#, #"{"total":"12"}"#) == [
                #"type-mismatch total: is string "12", the plan wants number"#
            ])
        #expect(
            try check(#"{"type":["integer","null"]}"#, "1.5") == [
                "type-mismatch : is number 1.5, the plan wants null or integer"
            ])
        #expect(
            try check(#"{"enum":["free","premium","team"]}"#, #""gold""#) == [
                #"value-not-allowed : is "gold", not one of "free", "premium", "team""#
            ])
        #expect(try check(#"{"const":2}"#, "2.0").isEmpty)
        #expect(try check(#"{"const":"v2"}"#, #""v1""#) == [#"value-not-allowed : is "v1", the plan wants "v2""#])
    }

    @Test func stringsPatternsAndFormats() throws {
        #expect(
            try check(#"{"pattern":"^[0-9]+$"}"#, #""12a""#) == [
                #"pattern-mismatch : is "12a", which does not match /^[0-9]+$/"#
            ])
        #expect(
            try check(#"{"format":"date-time"}"#, #""yesterday""#) == [
                #"format-mismatch : is "yesterday", not a date-time"#
            ])
        // maxLength counts code points: one emoji (two UTF-16 units) is one.
        #expect(try check(#"{"maxLength":1}"#, #""💩""#).isEmpty)
        #expect(try check(#"{"minLength":3}"#, #""ab""#) == [#"out-of-range : is "ab" (2 characters), shorter than 3"#])
    }

    @Test func numbersAndCounts() throws {
        #expect(try check(#"{"minimum":1}"#, "0") == ["out-of-range : is 0, below the minimum 1"])
        #expect(try check(#"{"exclusiveMaximum":100}"#, "100") == ["out-of-range : is 100, not below 100"])
        #expect(try check(#"{"multipleOf":0.01}"#, "19.999") == ["out-of-range : is 19.999, not a multiple of 0.01"])
        #expect(try check(#"{"maxItems":1}"#, "[1,2]") == ["out-of-range : has 2 items, more than 1"])
        #expect(try check(#"{"minProperties":1}"#, "{}") == ["out-of-range : has 0 properties, fewer than 1"])
        #expect(
            try check(#"{"contains":{"const":1},"minContains":2}"#, "[1,2]") == [
                "out-of-range : has 1 items the plan's 'contains' accepts, fewer than 2"
            ])
    }

    @Test func requiredAndUnplannedProperties() throws {
        #expect(
            try check(#"{"required":["total"]}"#, "{}") == ["required-missing total: is missing, the plan requires it"])
        #expect(
            try check(#"{"dependentRequired":{"coupon":["discount"]}}"#, #"{"coupon":"X"}"#) == [
                "required-missing discount: is missing, the plan requires it with 'coupon'"
            ])
        #expect(
            try check(#"{"properties":{"a":{}},"additionalProperties":false}"#, #"{"a":1,"b":2}"#) == [
                "unplanned-property b: is not in the plan"
            ])
    }

    /// Paths go through arrays with `[i]` (`items[0].sku`).
    @Test func pathsReachIntoArrays() throws {
        let plan = #"{"properties":{"items":{"items":{"properties":{"sku":{"type":"string"}},"required":["sku"]}}}}"#
        #expect(
            try check(plan, #"{"items":[{"sku":7},{}]}"#) == [
                "type-mismatch items[0].sku: is integer 7, the plan wants string",
                "required-missing items[1].sku: is missing, the plan requires it"
            ])
    }

    @Test func combinatorsGiveTheInnerReason() throws {
        #expect(
            try check(#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#, "3") == [
                "schema-mismatch : matches none of the plan's anyOf (the first: is integer 3, the plan wants string)"
            ])
        #expect(
            try check(#"{"oneOf":[{"minimum":0},{"maximum":10}]}"#, "5") == [
                "schema-mismatch : matches 2 of the plan's oneOf (branches 1 and 2), it must match exactly one"
            ])
        #expect(
            try check(#"{"allOf":[{"required":["a"]}]}"#, "{}") == [
                "schema-mismatch : fails the plan's allOf (branch 1): 'a' is missing, the plan requires it"
            ]
        )
        #expect(try check(#"{"not":{"const":0}}"#, "0") == ["schema-mismatch : is 0, which the plan's 'not' rules out"])
        #expect(
            try check(
                #"{"if":{"properties":{"method":{"const":"card"}}},"then":{"required":["last4"]}}"#,
                #"{"method":"card"}"#) == [
                    "schema-mismatch : fails the plan's 'then' (its 'if' holds): 'last4' is missing, the plan "
                        + "requires it"
                ])
        #expect(try check("false", "1") == ["schema-mismatch : is not allowed by the plan"])
        #expect(
            try check(#"{"uniqueItems":true}"#, "[1,2,1.0]") == [
                "schema-mismatch : has items [0] and [2] equal, the plan wants them unique"
            ])
        #expect(
            try check(#"{"contains":{"type":"string"}}"#, "[1]") == [
                "schema-mismatch : has no item the plan's 'contains' accepts"
            ])
    }

    /// `$ref` by JSON Pointer (with `~1` and `%25` escapes) and by `$anchor`; recursion through
    /// `items` is allowed.
    @Test func referencesResolveWithinTheDocument() throws {
        let tree =
            ##"{"$defs":{"node":{"$anchor":"node","properties":{"children":{"items":{"$ref":"#node"}},"##
            + ##""id":{"type":"integer"}}}},"$ref":"#/$defs/node"}"##
        #expect(
            try check(tree, #"{"id":1,"children":[{"id":2,"children":[{"id":"x"}]}]}"#) == [
                "type-mismatch children[0].children[0].id: is string \"x\", the plan wants integer"
            ])
        #expect(
            try check(##"{"$defs":{"a/b":{"type":"null"}},"$ref":"#/$defs/a~1b"}"##, "1") == [
                "type-mismatch : is integer 1, the plan wants null"
            ])
    }
}

/// ECMA-262 patterns on ICU (SPEC §14: translated, or refused as `invalid-plan`).
@Suite("Patterns")
struct PatternTests {
    @Test func digitsWordsAndEndsMeanWhatECMAScriptSays() throws {
        // U+0664 ARABIC-INDIC DIGIT FOUR is a digit to ICU's \d, not to ECMA-262's.
        #expect(try !ECMARegex("^\\d$").matches("\u{664}"))
        #expect(try ECMARegex("^\\d$").matches("4"))
        #expect(try !ECMARegex("^\\w$").matches("é"))
        // `$` ends the text; ICU's `$` would also match before a final newline.
        #expect(try !ECMARegex("^abc$").matches("abc\n"))
        // A `[` inside a class is a literal.
        #expect(try ECMARegex("^[[a]+$").matches("[a["))
        #expect(try ECMARegex("^\\p{Letter}+$").matches("héllo"))
        // ECMA-262 has no POSIX classes: `[[:alpha:]]` is the class `[[:alph]` and a `]`.
        #expect(try ECMARegex("^[[:alpha:]]$").matches("a]"))
        #expect(try !ECMARegex("^[[:alpha:]]$").matches("a"))
        // Unanchored, as JSON Schema says.
        #expect(try ECMARegex("es").matches("test"))
    }

    @Test func whatECMAScriptLacksIsRefused() {
        for pattern in ["a++", "(?i)abc", "\\Aabc", "(?>a)", "abc\\z", "\\Qa.b\\E"] {
            #expect(throws: ECMARegex.Refusal.self, "\(pattern)") { try ECMARegex(pattern) }
        }
    }
}

/// The formats a plan asserts, on the RFCs' edges.
@Suite("Formats")
struct FormatTests {
    @Test(arguments: [
        (FormatCheck.dateTime, "2026-02-28T23:58:60Z", false), (.dateTime, "1998-12-31T23:59:60Z", true),
        (.dateTime, "1998-12-31T15:59:60-08:00", true),
        (.dateTime, "2026-11-27T17:40:52.120+01:00", true), (.dateTime, "2026-11-27 17:40:52Z", false),
        (.date, "2024-02-29", true), (.date, "2026-02-29", false), (.time, "08:30:00Z", true),
        (.time, "08:30:00", false),
        (.email, "joe.bloggs@example.com", true), (.email, "joe..bloggs@example.com", false),
        (.uri, "https://example.com/a?b#c", true), (.uri, "//example.com", false),
        (.uri, "http://example.com:abc/", false),
        (.uuid, "2eb8aa08-aa98-11ea-b4aa-73b441d16380", true), (.uuid, "2eb8aa08aa9811eab4aa73b441d16380", false),
        (.ipv4, "192.168.0.1", true), (.ipv4, "192.168.00.1", false), (.ipv6, "::1", true), (.ipv6, "1::2::3", false),
        (.ipv6, "::ffff:192.168.0.1", true), (.ipv6, ":::", false)
    ])
    func accepts(format: FormatCheck, text: String, valid: Bool) {
        #expect(format.accepts(text) == valid)
    }
}
