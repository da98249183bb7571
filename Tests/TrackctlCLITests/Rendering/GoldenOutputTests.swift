import Foundation
import Testing
import TrackctlTestSupport

/// The three output formats of `validate`, compared byte for byte with files under
/// Fixtures/expected. Set TRACKCTL_RECORD=1 to rewrite them, then review the diff like code.
@Suite("Golden validate output")
struct GoldenOutputTests {
    static let arguments = [
        "validate", "Fixtures/config/golden.json", "--catalog", "Config/catalog.json", "--catalog",
        "Fixtures/catalog/extra.json"
    ]

    /// Format, golden file, and whether the format writes to stdout (JSON) or stderr.
    static let formats: [(format: String, golden: String, toStdout: Bool)] = [
        ("text", "validate.text", false),
        ("json", "validate.json", true),
        ("github", "validate.github", false)
    ]

    @Test(arguments: formats.indices)
    func outputMatchesGolden(index: Int) throws {
        let (format, golden, toStdout) = Self.formats[index]
        let result = CommandRunner.inProcess(Self.arguments + ["--format", format])
        #expect(result.code == 1)
        let produced = toStdout ? result.out : result.err
        let other = toStdout ? result.err : result.out
        #expect(other.isEmpty, "the \(format) format wrote to the wrong stream")
        if let problem = Golden.mismatch(produced, golden: "Fixtures/expected/" + golden) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func theJSONReportIsValidJSONWithTheDocumentedKeys() throws {
        let result = CommandRunner.inProcess(Self.arguments + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(object["errors"] as? Int == findings.filter { $0["severity"] as? String == "error" }.count)
        for finding in findings {
            #expect(Set(finding.keys).isSuperset(of: ["rule", "severity", "message", "file", "path", "suggestions"]))
        }
    }
}
