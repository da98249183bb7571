import Foundation
import Testing
import TrackctlTestSupport

/// Issue 23's scan items, on Fixtures/source/conventions-app and Fixtures/source/no-sources:
/// dead `#if` branches, protocols adopted through a typealias composition, the message for a
/// Swift-spelled selector, and a scan that finds no source file.
@Suite("Scan conventions")
struct ScanConventionsTests {
    private func screens(_ tree: String) throws -> [String: [String]] {
        let result = CommandRunner.inProcess(["catalog", "scan", tree])
        #expect(result.code == 0)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        var selectors: [String: [String]] = [:]
        for screen in catalog["screens"] as? [[String: Any]] ?? [] {
            selectors[screen["class"] as? String ?? ""] = screen["selectors"] as? [String] ?? []
        }
        return selectors
    }

    /// `#if 0` (Objective-C) and `#if false` (Swift) are never compiled, nor the `#else` of `#if 1`;
    /// any other condition keeps both branches (`#ifdef DEBUG`, `#elif DEBUG`).
    @Test func deadBranchesAreNotInTheCatalog() throws {
        let selectors = try screens("Fixtures/source/conventions-app")
        #expect(selectors["LegacyViewController"] == ["alwaysAction", "debugAction", "elseAction:", "liveAction:"])
        #expect(selectors["ConvApp.RelayViewController"]?.contains("neverCompiled") == false)
        #expect(selectors["ConvApp.RelayViewController"]?.contains("compiledInstead") == true)
    }

    /// `typealias Navigateable = NavigateableCore & NavigateableRelay`: a plain func witnessing the
    /// @objc part's requirement is exposed.
    @Test func aTypealiasCompositionIsExpandedToItsProtocols() throws {
        let selectors = try screens("Fixtures/source/conventions-app")
        #expect(selectors["ConvApp.RelayViewController"]?.contains("relayDidFinish:") == true)
        #expect(selectors["ConvApp.RelayViewController"]?.contains("reset") == false)  // the Swift-only part's
    }

    @Test func validateCallsDeadSelectorsUnknownAndNamesTheRealSelectorOfASwiftSpelling() throws {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/config/source/conventions.json", "--source", "Fixtures/source/conventions-app",
            "--format", "json"
        ])
        #expect(result.code == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(
            findings.map { "\($0["rule"] ?? "") \($0["path"] ?? "")" } == [
                "unknown-selector trackedEvents[2].selector",
                "unknown-selector trackedEvents[5].selector",
                "unknown-selector trackedEvents[6].selector",
                "malformed-selector trackedEvents[7].selector"
            ])
        let swift = findings[3]
        // Only a selector the class has, once; not `gestureRecognizer:shouldReceive:`, which exists nowhere.
        #expect(swift["suggestions"] as? [String] == ["gestureRecognizer:shouldReceiveTouch:"])
        let message = swift["message"] as? String ?? ""
        #expect(message.hasSuffix("the Objective-C selector of that method is 'gestureRecognizer:shouldReceiveTouch:'"))
        #expect(!message.contains("'gestureRecognizer:shouldReceive:'"))
    }

    /// A wrong path in a CI script cannot pass quietly: the scan warns, validate exits 2.
    @Test func aScanThatFindsNoSourceFileSaysSo() throws {
        let scan = CommandRunner.inProcess(["catalog", "scan", "Fixtures/source/no-sources"])
        #expect(scan.code == 0)
        #expect(scan.err.contains("Fixtures/source/no-sources: warning: no source file to scan here"))
        let validate = CommandRunner.inProcess([
            "validate", "Config/analytics.plist", "--source", "Fixtures/source/no-sources"
        ])
        #expect(validate.code == 2)
        #expect(validate.err.contains("Fixtures/source/no-sources: error: --source: no source file to scan here"))
    }
}
