import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Templates")
struct TemplateTests {
    @Test func partsAlternateLiteralAndPlaceholder() throws {
        let template = try TemplateString.parse("Share {screen} via {arg.service}!").get()
        #expect(
            template.parts == [
                .literal("Share "), .placeholder("screen"), .literal(" via "), .placeholder("arg.service"),
                .literal("!")
            ])
    }

    @Test(arguments: ["Share {screen", "Share screen}", "{a{b}"])
    func unbalancedBracesAreErrors(text: String) {
        #expect(throws: TemplateSyntaxError.self) { try TemplateString.parse(text).get() }
    }

    @Test func argumentNamesComeFromTheHookedSelector() {
        let scope = TemplateScope.hook(selector: "loginView:handleError:")
        #expect(scope.problem(with: "arg.handleError") == nil)
        #expect(scope.problem(with: "arg.loginView") == nil)
        #expect(scope.problem(with: "self.plan") == nil)
        #expect(scope.problem(with: "arg.error")?.reason.contains("'loginView', 'handleError'") == true)
        #expect(scope.problem(with: "value") != nil)
        #expect(TemplateScope.property.problem(with: "value") == nil)
        #expect(TemplateScope.property.problem(with: "selector") != nil)
    }
}
