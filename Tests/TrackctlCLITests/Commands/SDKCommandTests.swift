import Foundation
import Testing
import TrackctlTestSupport

/// `validate --source` on a Swift app whose correct entries are witnesses and overrides of the
/// SDK, and `trackctl sdk show` / `sdk find`, run in process as the command line runs them.
@Suite("SDK model in use")
struct SDKCommandTests {
    /// Correct entries pass (an override of a protocol method a UITableViewController implements
    /// too); a plain method with nothing unknown is still an error, and so is a private method
    /// whatever the class adopts (a witness must be as accessible as the protocol); methods that
    /// may witness a package's protocol are warnings naming it (SPEC §10.1).
    @Test func witnessesAndOverridesTakeTheSDKSelectors() throws {
        let result = CommandRunner.inProcess([
            "validate", "Fixtures/sdk/swift-app.json", "--source", "Fixtures/sdk/swift-app", "--format", "json"
        ])
        #expect(result.code == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let summary = findings.map { "\($0["rule"] ?? "") \($0["path"] ?? "")" }.sorted()
        #expect(
            summary == [
                "not-objc-exposed trackedEvents[11].selector",
                "not-objc-exposed trackedEvents[8].selector",
                "unknown-selector trackedEvents[9].selector",
                "unverifiable-selector trackedEvents[6].selector",
                "unverifiable-selector trackedEvents[7].selector"
            ])
        let warnings = findings.filter { ($0["rule"] as? String) == "unverifiable-selector" }.compactMap {
            $0["message"] as? String
        }
        #expect(warnings.contains { $0.contains("'PackageScreenDelegate'") })
        #expect(warnings.contains { $0.contains("'LastCompiledRulesStore'") })
        // The naive Swift-formed selector is answered with the requirement's, not "mark it @objc".
        let naive = findings.first { ($0["path"] as? String) == "trackedEvents[9].selector" }
        #expect(
            (naive?["suggestions"] as? [String])?.first == "webView:decidePolicyForNavigationAction:decisionHandler:")
    }

    private func rulesByPath(_ arguments: [String]) throws -> (
        code: Int32, rules: [String: String], findings: [[String: Any]]
    ) {
        let result = CommandRunner.inProcess(
            [
                "validate", "Fixtures/sdk/open-app/open-app.json", "--source", "Fixtures/sdk/open-app/Sources",
                "--format", "json"
            ] + arguments)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        var rules: [String: String] = [:]
        for finding in findings { rules[finding["path"] as? String ?? ""] = finding["rule"] as? String }
        return (result.code, rules, findings)
    }

    /// No invented selectors (SPEC §10.1): an override of a package class's method and a method
    /// that may witness a package's protocol have selectors nobody can know — a SPOC naming the
    /// one the importer could have named the method from is a warning, never an error and
    /// never a pass; an override the SDK model names has the SDK's selector only.
    @Test func selectorsNobodyCanKnowAreWarnings() throws {
        let (code, rules, findings) = try rulesByPath([])
        #expect(code == 1)
        #expect(
            rules == [
                "trackedScreens[0].class": "unverifiable-screen",
                // pageboyViewController:didScrollTo:, an override of Tabman's
                "trackedEvents[0].selector": "unverifiable-selector",
                "trackedEvents[1].selector": "unverifiable-selector",  // barItemForTabViewController:atIndex:
                // didReceiveNotification: for didReceive(_ notification: UNNotification)
                "trackedEvents[2].selector": "unverifiable-selector",
                // didReceiveMessage: is nothing the importer gives didReceive(_:)
                "trackedEvents[3].selector": "unknown-selector",
                "trackedEvents[5].selector": "unknown-selector"  // becomeKey: UIWindow's is becomeKeyWindow
            ])
        let override =
            findings.first { ($0["path"] as? String) == "trackedEvents[0].selector" }?["message"] as? String ?? ""
        #expect(override.contains("overrides a method of 'TabmanViewController'"))
        let witness =
            findings.first { ($0["path"] as? String) == "trackedEvents[2].selector" }?["message"] as? String ?? ""
        #expect(witness.contains("may implement a requirement of 'PackageNotificationHandling'"))
    }

    /// Catalog files complete a scan (SPEC §10.1): a file listing the package's class closes the
    /// chain — the screen is a view controller, the override takes the listed selector — and
    /// what it does not list stays a warning.
    @Test func aCatalogFileClosesAScannedChain() throws {
        let (_, rules, _) = try rulesByPath(["--catalog", "Fixtures/sdk/open-app/tabman.json"])
        #expect(
            rules == [
                "trackedEvents[0].selector": "unverifiable-selector",
                "trackedEvents[2].selector": "unverifiable-selector",
                "trackedEvents[3].selector": "unknown-selector",
                "trackedEvents[5].selector": "unknown-selector"
            ])
        // The scanned catalog records what may be, apart from what is.
        let scan = CommandRunner.inProcess(["catalog", "scan", "Fixtures/sdk/open-app/Sources"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(scan.out.utf8)) as? [String: Any])
        let screens = try #require(catalog["screens"] as? [[String: Any]])
        let inbox = try #require(screens.first { ($0["class"] as? String) == "OpenApp.InboxViewController" })
        #expect((inbox["possible"] as? [String: String])?["didReceiveNotification:"] == "didReceive(_:)")
        #expect((inbox["unexposed"] as? [String: String])?["didReceive:"] == "didReceive(_:)")
    }

    /// A class whose first inherited type nobody knows gets no superclass from it.
    @Test func anUnknownFirstTypeIsNoSuperclass() throws {
        let result = CommandRunner.inProcess(["catalog", "scan", "Fixtures/sdk/swift-app"])
        #expect(result.code == 0)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let screens = try #require(catalog["screens"] as? [[String: Any]])
        let store = try #require(screens.first { ($0["class"] as? String) == "SDKApp.AppRulesStore" })
        #expect(store["superclass"] == nil)
        #expect(store["unknownAncestor"] as? String == "LastCompiledRulesStore")
        let browser = try #require(screens.first { ($0["class"] as? String) == "SDKApp.BrowserViewController" })
        let selectors = try #require(browser["selectors"] as? [String])
        #expect(selectors.contains("webView:didFinishNavigation:"))
        let delegate = try #require(screens.first { ($0["class"] as? String) == "SDKApp.AppDelegate" })
        #expect(
            (delegate["selectors"] as? [String]) == ["application:didReceiveRemoteNotification:fetchCompletionHandler:"]
        )
    }

    /// A near-miss selector gets a did-you-mean from `sdk find`; a method's name given to
    /// `sdk show` is pointed to `sdk find` (review 2026-11-27 newcomer #22).
    @Test func lookUpsSayWhatWasMeant() throws {
        let find = CommandRunner.inProcess(["sdk", "find", "tableView:didSelectRowAtIndexPth:"])
        #expect(find.code == 1)
        #expect(find.err.hasSuffix("did you mean 'tableView:didSelectRowAtIndexPath:'?\n"))
        let show = CommandRunner.inProcess(["sdk", "show", "tableView(_:didSelectRowAt:)"])
        #expect(show.code == 1)
        #expect(show.err.hasSuffix("to look up a method, use: trackctl sdk find 'tableView(_:didSelectRowAt:)'\n"))
    }

    @Test func sdkShowPrintsTheSpecShape() throws {
        let result = CommandRunner.inProcess(["sdk", "show", "UITableViewController", "--format", "json"])
        #expect(result.code == 0)
        let type = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(type["kind"] as? String == "class")
        #expect(type["superclass"] as? String == "UIViewController")
        #expect(type["ancestors"] as? [String] == ["UIViewController", "UIResponder", "NSObject"])
        #expect(Set(type["protocols"] as? [String] ?? []) == ["UITableViewDelegate", "UITableViewDataSource"])
        let selectors = (type["selectors"] as? [[String: Any]] ?? []).compactMap { $0["selector"] as? String }
        #expect(selectors.contains("initWithStyle:"))
    }

    @Test func sdkShowSuggestsForUnknownNames() throws {
        let result = CommandRunner.inProcess(["sdk", "show", "UITableViewControler"])
        #expect(result.code == 1)
        #expect(result.err.contains("did you mean 'UITableViewController'?"))
    }

    @Test func sdkFindAnswersBySwiftName() throws {
        let result = CommandRunner.inProcess(["sdk", "find", "tableView(_:didSelectRowAt:)"])
        #expect(result.code == 0)
        #expect(
            result.out
                == "UITableViewDelegate  tableView:didSelectRowAtIndexPath:  tableView(_:didSelectRowAt:)  optional\n")
        let missing = CommandRunner.inProcess(["sdk", "find", "noSuchSelectorAnywhere:"])
        #expect(missing.code == 1)
        let usage = CommandRunner.inProcess(["sdk", "show", "UIView", "--format", "xml"])
        #expect(usage.code == 2)
    }

    /// The importer gives a completion-handler method a second, async name (SE-0297); both answer
    /// `sdk find`, and both are printed.
    @Test func asyncNamesAreShownBesideTheCompletionHandlerForm() throws {
        let found = CommandRunner.inProcess(["sdk", "find", "setAlternateIconName(_:)"])
        #expect(found.code == 0)
        #expect(
            found.out
                == "UIApplication  setAlternateIconName:completionHandler:  "
                + "setAlternateIconName(_:completionHandler:), async setAlternateIconName(_:)\n"
        )
        let json = CommandRunner.inProcess(["sdk", "show", "UIApplication", "--format", "json"])
        #expect(
            json.out.contains(
                #"{"selector":"setAlternateIconName:completionHandler:","#
                    + #""swiftName":"setAlternateIconName(_:completionHandler:)","#
                    + #""asyncName":"setAlternateIconName(_:)""#
            ))
    }

    @Test func anEmptyNameIsAUsageError() throws {
        let result = CommandRunner.inProcess(["sdk", "show", ""])
        #expect(result.code == 2)
        #expect(
            result.err.hasPrefix("error: trackctl sdk show needs a NAME\nusage: trackctl sdk show NAME [OPTIONS]\n"))
    }
}
