import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// One broken fixture per rule id. Each fixture carries its expected findings in an `_expect`
/// key (ignored by the loader like every `_` key) or in a `NAME.expect.json` beside it; the
/// test requires exactly those findings: right rule, severity, key path, line, column, and the
/// best suggestion.
@Suite("Rule fixtures")
struct RuleFixtureTests {
    struct Expected: Decodable, Equatable, CustomStringConvertible {
        var rule: String
        var severity: String
        var path: String
        var line: Int?
        var column: Int?
        var suggestion: String?

        var description: String { "\(rule) \(severity) \(path) \(line ?? 0):\(column ?? 0) \(suggestion ?? "-")" }

        init(_ diagnostic: Diagnostic) {
            rule = diagnostic.rule.rawValue
            severity = diagnostic.severity.rawValue
            path = diagnostic.location.path.rendered
            line = diagnostic.location.position?.line
            column = diagnostic.location.position?.column
            suggestion = diagnostic.suggestions.first
        }
    }

    static let configFixtures = RepositoryPaths.files(in: "Fixtures/config/invalid", extensions: ["json"]).filter {
        !$0.hasSuffix(".expect.json")
    }
    static let catalogFixtures = RepositoryPaths.files(in: "Fixtures/catalog/invalid", extensions: ["json"])

    static func expectations(of path: String) throws -> [Expected] {
        let sidecar = path.replacingOccurrences(of: ".json", with: ".expect.json")
        if FileManager.default.fileExists(atPath: sidecar) {
            return try JSONDecoder().decode([Expected].self, from: Data(contentsOf: URL(fileURLWithPath: sidecar)))
        }
        struct Wrapper: Decodable { var _expect: [Expected] }
        return try JSONDecoder().decode(Wrapper.self, from: Data(contentsOf: URL(fileURLWithPath: path)))._expect
    }

    static let catalogs = [
        RepositoryPaths.path("Config/catalog.json"), RepositoryPaths.path("Fixtures/catalog/extra.json")
    ]

    /// A fixture's `_source` key names source trees to scan into the catalog (`--source`),
    /// instead of the demo catalogs.
    static func sources(of path: String) throws -> SourceScanner.Options? {
        struct Wrapper: Decodable {
            var _source: [String]?
            /// `--platform` of the scan (`all` to keep a Mac and an iOS app together).
            var _platform: String?
        }
        // A fixture whose root is not an object (wrong-type-root) has no `_source`.
        guard let wrapper = try? JSONDecoder().decode(Wrapper.self, from: Data(contentsOf: URL(fileURLWithPath: path))),
            let paths = wrapper._source
        else { return nil }
        return SourceScanner.Options(
            paths: paths.map(RepositoryPaths.path),
            platform: wrapper._platform.flatMap(PlatformChoice.init(argument:)) ?? .only(.iOS))
    }

    @Test(arguments: configFixtures)
    func configFixtureReportsExactlyItsFindings(name: String) throws {
        let path = RepositoryPaths.path("Fixtures/config/invalid/" + name)
        // A fixture that scans sources is checked against the scan alone, as `--source` is.
        let sources = try Self.sources(of: path)
        let result = try ValidationRun.run(
            config: path, catalogs: sources == nil ? Self.catalogs : [], sources: sources, policy: DiagnosticPolicy())
        #expect(result.report.findings.map(Expected.init) == (try Self.expectations(of: path)), "\(name)")
        #expect(result.report.findings.allSatisfy { $0.location.file == path })
    }

    @Test(arguments: catalogFixtures)
    func catalogFixtureReportsExactlyItsFindings(name: String) throws {
        let path = RepositoryPaths.path("Fixtures/catalog/invalid/" + name)
        let result = try ValidationRun.run(
            config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json"), path], policy: DiagnosticPolicy())
        #expect(result.report.findings.map(Expected.init) == (try Self.expectations(of: path)), "\(name)")
    }

    @Test func everyRuleHasAFixtureNamedAfterIt() {
        let names = Set((Self.configFixtures + Self.catalogFixtures).map { String($0.prefix { $0 != "." }) })
        for rule in RuleID.allCases {
            #expect(names.contains(rule.rawValue), "no fixture for \(rule.rawValue)")
        }
    }

    @Test func findingsOfOneFixtureComeInReportOrder() throws {
        let path = RepositoryPaths.path("Fixtures/config/invalid/unknown-key.json")
        let findings = try ValidationRun.run(config: path, catalogs: Self.catalogs, policy: DiagnosticPolicy()).report
            .findings
        #expect(findings == findings.sorted(by: Diagnostic.reportOrder))
    }
}
