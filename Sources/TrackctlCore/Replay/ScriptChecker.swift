import TrackctlModel

/// Checks every step of a script against the catalog before anything runs (SPEC §2.3): unknown
/// classes, classes that cannot be shown, malformed or unknown selectors, unknown argument
/// keywords. What depends on the state of the app (a pop on the root) is found while running.
struct ScriptChecker {
    let catalog: Catalog
    private var classSuggestions: ClassSuggestions

    init(catalog: Catalog) {
        self.catalog = catalog
        classSuggestions = ClassSuggestions(catalog: catalog)
    }

    /// Checks every step of `source` — every arm of every block — and the blocks' shape, before
    /// anything runs. Tells whether the script has steps at all, and `expect` steps. Every bad
    /// step is found in one pass, as `validate` lists every finding: each but the last goes to
    /// `report` in line order, the last is thrown (review 2026-11-27 newcomer #14).
    mutating func check(_ source: ScriptSource, report: (ScriptError) -> Void = { _ in }) throws(ReplayStop) -> (
        hasSteps: Bool, hasExpectations: Bool
    ) {
        var hasSteps = false
        var hasExpectations = false
        var blocks = ScriptBlockAssembler(file: source.file)
        var bad: [ScriptError] = []
        try source.forEachPreparedStep(
            { step, line, isRepeat throws(ReplayStop) in
                hasSteps = true
                if !blocks.isOutsideBlocks || step.action.isBlockMarker {
                    do throws(ScriptError) { _ = try blocks.add(step, line: line) } catch {
                        for earlier in bad { report(earlier) }
                        throw error.stop
                    }
                }
                // A line seen before passed the same (state-free) checks already.
                if isRepeat { return }
                do throws(ScriptError) {
                    try check(ScriptStep(line: line, action: step.action), file: source.file)
                } catch {
                    var located = error
                    located.column = step.column
                    bad.append(located)
                }
                if case .expect = step.action { hasExpectations = true }
            }, skipping: { bad.append($0) })
        if let last = bad.popLast() {
            for earlier in bad { report(earlier) }
            throw .script(last)
        }
        do throws(ScriptError) { try blocks.finish() } catch { throw error.stop }
        return (hasSteps, hasExpectations)
    }

    mutating func check(_ step: ScriptStep, file: String) throws(ScriptError) {
        func fail(_ message: String) -> ScriptError { ScriptError(file: file, line: step.line, message: message) }
        switch step.action {
        case .launch(.bare(let name)), .launch(.navigation(let name)):
            try requireController(name, fail)
        case .launch(.tabs(let names)):
            for name in names { try requireController(name, fail) }
        case .push(let name, _, let state):
            if let bad = state.first(where: { !KeyPathRule.isWellFormed($0.keyword) }) {
                throw fail("'\(bad.keyword)' is not a property name; write identifiers separated by dots")
            }
            try requireController(name, fail)
            if let refusal = UIKitRefusals.push(name, UIKitRoles(of: name, in: catalog)) {
                throw fail(refusal)
            }
        case .present(let name, let style, let inNavigation, _):
            try requireController(name, fail)
            if let refusal = UIKitRefusals.present(
                name, UIKitRoles(of: name, in: catalog), style: style, inNavigation: inNavigation)
            {
                throw fail(refusal)
            }
        case .pop(.toClass(let name), _), .tab(.className(let name)):
            try requireClass(name, fail)
        case .call(let target, let selector, let arguments):
            if let problem = SelectorSyntax.problem(in: selector) {
                throw fail("malformed selector '\(selector)': \(problem.reason)")
            }
            if let target {
                try requireClass(target, fail)
                if case .notFound = catalog.lookup(selector: selector, on: target) {
                    let suggestions = SelectorRule.suggestions(for: selector, on: target, in: catalog)
                    throw fail(
                        "'\(target)' does not implement '\(selector)'"
                            + didYouMean(suggestions, otherwise: "declare it in the catalog"))
                }
            } else if !catalog.declaresAnywhere(selector) {
                throw fail(
                    "no class in the catalog declares '\(selector)'"
                        + didYouMean(
                            catalog.closestDeclaredSelectors(to: selector),
                            otherwise: "declare it in the catalog or fix the name"))
            }
            let keywords = SelectorSyntax.argumentKeywords(of: selector).filter { !$0.isEmpty }
            for argument in arguments where !keywords.contains(argument.keyword) {
                let names =
                    keywords.isEmpty
                    ? "it takes no arguments"
                    : "its arguments are \(keywords.map { "'\($0)'" }.joined(separator: ", "))"
                throw fail("'\(argument.keyword)' is not an argument of '\(selector)': \(names)")
            }
        case .embed(let name), .page(let name, _, _):
            try requireController(name, fail)
            let step = if case .embed = step.action { "embed" } else { "page" }
            if let refusal = UIKitRefusals.child(name, of: step, UIKitRoles(of: name, in: catalog)) {
                throw fail(refusal)
            }
        case .unembed(let name):
            try requireClass(name, fail)
        case .set(let pair):
            guard KeyPathRule.isWellFormed(pair.keyword) else {
                throw fail("'\(pair.keyword)' is not a property name; write identifiers separated by dots")
            }
        case .identify(_, let traits):
            if let duplicate = traits.first(where: { trait in traits.filter { $0.keyword == trait.keyword }.count > 1 })
            {
                throw fail("the trait '\(duplicate.keyword)' is given twice; give it once")
            }
        case .selectRow(_, _, let state):
            if let bad = state.first(where: { !KeyPathRule.isWellFormed($0.keyword) }) {
                throw fail("'\(bad.keyword)' is not a property name; write identifiers separated by dots")
            }
        case .pop, .dismiss, .swipeBack, .swipeDown, .tab(.index), .wait, .waitBetween, .background, .foreground,
            .reset, .expect, .block:
            break
        }
    }

    private mutating func requireClass(_ name: String, _ fail: (String) -> ScriptError) throws(ScriptError) {
        guard !catalog.contains(name) else { return }
        if let finding = ClassRule.swiftRuntimeName(
            Located(name, at: SourceLocation(file: "", position: nil, path: .root)), in: catalog)
        {
            throw fail(finding.message)
        }
        let suggestions = classSuggestions.closest(to: name)
        throw fail(
            "unknown class '\(name)'" + didYouMean(suggestions, otherwise: "add it to a catalog file (--catalog)"))
    }

    /// A class that can be shown: known, and a view controller (or of an ancestry the catalog
    /// cannot follow).
    private mutating func requireController(_ name: String, _ fail: (String) -> ScriptError) throws(ScriptError) {
        try requireClass(name, fail)
        if catalog.inherits(name, from: "UIViewController") { return }
        if case .open = catalog.ancestry(of: name).end { return }
        throw fail("'\(name)' is not a view controller, so it cannot be shown")
    }
}
