import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Valid configs")
struct ValidConfigTests {
    static let configs =
        ["Config/analytics.plist"]
        + RepositoryPaths.files(in: "Fixtures/config/valid", extensions: ["json", "plist"]).map {
            "Fixtures/config/valid/" + $0
        }

    @Test(arguments: configs)
    func validConfigHasNoFinding(config: String) throws {
        let result = try ValidationRun.run(
            config: RepositoryPaths.path(config), catalogs: [RepositoryPaths.path("Config/catalog.json")],
            policy: DiagnosticPolicy(strict: true))
        #expect(result.report.findings.isEmpty, "\(result.report.findings.map(\.message))")
        #expect(!result.spoc.screens.isEmpty)
    }

    @Test func everyOptionalKeyIsDecoded() throws {
        let document = try DocumentLoader.load(path: RepositoryPaths.path("Fixtures/config/valid/every-key.json"))
        let (spoc, findings) = SPOCDecoder.decode(document)
        #expect(findings.isEmpty)
        #expect(spoc.screens[0].label.value == "Main screen")  // from screenName
        #expect(spoc.screens[1].dwell?.value == TimeSpan(milliseconds: 10_000))
        #expect(spoc.screens[1].once)
        #expect(
            spoc.screens[2].properties.map(\.value) == [.string("{self.postId}"), .integer(3), .real(0.5), .bool(false)]
        )
        #expect(spoc.events[1].conditions.first?.expected == "twitter")
        #expect(spoc.events[3].position == .before)
        #expect(spoc.properties.first?.keyPath.value == "user.plan")
        #expect(spoc.options == TrackingOptions(screenTime: true, lifecycle: true, app: spoc.options.app))
        #expect(spoc.options.app == AppProfile(name: "Demo", version: "1.0", build: "1", namespace: "com.example.demo"))
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let path = RepositoryPaths.path("Fixtures/config/invalid/unverifiable-selector.json")
        let catalogs = [
            RepositoryPaths.path("Config/catalog.json"), RepositoryPaths.path("Fixtures/catalog/extra.json")
        ]
        let lenient = try ValidationRun.run(config: path, catalogs: catalogs, policy: DiagnosticPolicy())
        let strict = try ValidationRun.run(config: path, catalogs: catalogs, policy: DiagnosticPolicy(strict: true))
        #expect(lenient.report.warningCount == 1 && !lenient.report.hasErrors)
        #expect(strict.report.errorCount == 1 && strict.report.warningCount == 0)
    }

    @Test func findingsInAnXMLPlistHaveLinesAndInABinaryPlistOnlyPaths() throws {
        let xml = try ValidationRun.run(
            config: RepositoryPaths.path("Fixtures/config/invalid-plist/unknown-selector.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], policy: DiagnosticPolicy())
        let finding = try #require(xml.report.findings.first)
        #expect(finding.rule == .unknownSelector)
        #expect(finding.location.path.rendered == "trackedEvents[1].selector")
        #expect(finding.location.position == SourcePosition(line: 28, column: 4))
        #expect(finding.suggestions.first == "shareButtonPressed:")

        let binary = try ValidationRun.run(
            config: RepositoryPaths.path("Fixtures/config/invalid-plist/unknown-selector-binary.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], policy: DiagnosticPolicy())
        let binaryFinding = try #require(binary.report.findings.first)
        #expect(binaryFinding.rule == .unknownSelector)
        #expect(binaryFinding.location.path.rendered == "trackedEvents[1].selector")
        #expect(binaryFinding.location.position == nil)
    }

    /// A binary plist has only key paths to order its findings by: `[2]` comes before `[10]`,
    /// as in the document, not after it as text order would have it.
    @Test func binaryPlistFindingsSortByIndexAsNumbers() throws {
        let run = try ValidationRun.run(
            config: RepositoryPaths.path("Fixtures/config/invalid-plist/index-order-binary.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], policy: DiagnosticPolicy())
        #expect(
            run.report.findings.map(\.location.path.rendered) == ["trackedEvents[2].class", "trackedEvents[10].class"])
        #expect(run.report.findings.allSatisfy { $0.location.position == nil })
        #expect(ValuePath.root.appending(index: 2) < ValuePath.root.appending(index: 10))
        #expect(ValuePath.root.appending(key: "a") < ValuePath.root.appending(key: "a").appending(index: 0))
    }

    /// NaN and infinity (a plist can hold them, JSON cannot) are refused where they would go
    /// out in events.
    @Test func nonFiniteRealsAreInvalidValues() throws {
        let run = try ValidationRun.run(
            config: RepositoryPaths.path("Fixtures/config/invalid-plist/non-finite-real.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")], policy: DiagnosticPolicy())
        #expect(run.report.findings.map(\.rule) == [.invalidValue, .invalidValue])
        #expect(
            run.report.findings.map(\.location.path.rendered) == [
                "trackedScreens[0].properties.ratio", "trackedScreens[0].properties.ceiling"
            ])
        #expect(run.report.findings.first?.location.position == SourcePosition(line: 15, column: 5))
    }
}
