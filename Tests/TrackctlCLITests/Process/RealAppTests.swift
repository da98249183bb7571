import Foundation
import Testing
import TrackctlTestSupport

/// A real app's SPOCs against what the scanner made of its sources (DuckDuckGo iOS at commit
/// 7b3f6010d, see `Fixtures/apps/duckduckgo-ios/README.md`): correct entries give nothing,
/// each deliberate mistake its own rule (SPEC §10, §10.1).
@Suite("A real app's SPOCs")
struct RealAppTests {
    private let folder = "Fixtures/apps/duckduckgo-ios/"

    private func findings(of config: String) throws -> (code: Int32, findings: [[String: Any]]) {
        let result = CommandRunner.inProcess([
            "validate", folder + config, "--catalog", folder + "catalog.json", "--format", "json"
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (result.code, try #require(report["findings"] as? [[String: Any]]))
    }

    @Test func correctEntriesGiveNoFinding() throws {
        let (code, findings) = try findings(of: "correct.json")
        #expect(findings.map { "\($0["rule"] ?? "") \($0["path"] ?? "")" } == [])
        #expect(code == 0)
    }

    @Test func everyMistakeIsCaughtByItsRule() throws {
        let (code, findings) = try findings(of: "broken.json")
        #expect(code == 1)
        let summary = findings.map { "\($0["path"] ?? "") \($0["rule"] ?? "")" }.sorted()
        #expect(
            summary == [
                "trackedEvents[0].selector unknown-selector",  // webView:decidePolicyFor:decisionHandler:
                "trackedEvents[1].selector malformed-selector",  // webView(_:didFinish:)
                "trackedEvents[2].selector unknown-selector",  // onForwardPressed: (takes no argument)
                "trackedEvents[3].selector not-objc-exposed",  // a private method, whatever the class adopts
                "trackedEvents[4].selector unknown-selector",  // tableView:didSelectRowAt:
                "trackedEvents[5].selector unknown-selector",  // prepareCredentialListFor:
                "trackedEvents[6].selector forbidden-selector",  // dealloc
                "trackedEvents[8] duplicate",
                "trackedScreens[0].class unknown-class",  // a typo
                "trackedScreens[1].class swift-runtime-name",  // no module
                "trackedScreens[2].class not-a-screen",  // a UIView
                "trackedScreens[3].class unknown-class"  // a Swift root class
            ])
        func suggestions(_ path: String) -> [String] {
            findings.first { ($0["path"] as? String) == path }?["suggestions"] as? [String] ?? []
        }
        #expect(
            suggestions("trackedEvents[0].selector").first == "webView:decidePolicyForNavigationAction:decisionHandler:"
        )
        #expect(suggestions("trackedEvents[4].selector").first == "tableView:didSelectRowAtIndexPath:")
        #expect(suggestions("trackedEvents[5].selector").first == "prepareCredentialListForServiceIdentifiers:")
        #expect(suggestions("trackedScreens[0].class").first == "DuckDuckGo.TabViewController")
    }
}
