import Testing

@testable import TrackctlModel

@Suite("Selector syntax")
struct SelectorSyntaxTests {
    @Test(arguments: ["viewDidLoad", "shareButtonPressed:", "loginView:handleError:", "foo::", "_private:", "a1:b2:"])
    func wellFormedSelectorsPass(selector: String) {
        #expect(SelectorSyntax.problem(in: selector) == nil)
    }

    @Test(arguments: [
        ("loginView:handleError", "loginView:handleError:"),
        ("loginView(_:handleError:)", "loginView:handleError:"),
        ("viewDidLoad()", "viewDidLoad"),
        ("init(frame:)", "initWithFrame:"),
        ("share Button:", "shareButton:")
    ])
    func malformedSelectorsGetTheirCorrection(selector: String, correction: String) {
        #expect(SelectorSyntax.problem(in: selector)?.correction == correction)
    }

    @Test(arguments: ["", ":foo", "1foo", "foo-bar:", "foo.bar"])
    func malformedSelectorsWithoutCorrection(selector: String) {
        let problem = SelectorSyntax.problem(in: selector)
        #expect(problem != nil)
        #expect(problem?.correction == nil)
    }

    @Test func keywordsNameTheArguments() {
        #expect(SelectorSyntax.argumentKeywords(of: "loginView:handleError:") == ["loginView", "handleError"])
        #expect(SelectorSyntax.argumentKeywords(of: "viewDidLoad").isEmpty)
        #expect(SelectorSyntax.argumentKeywords(of: "foo::") == ["foo", ""])
    }
}
