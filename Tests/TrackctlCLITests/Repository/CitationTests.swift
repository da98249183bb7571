import Foundation
import Testing
import TrackctlTestSupport

/// The contract lives in the repository: the code, the tests, the fixtures and the docs cite
/// `docs/spec.md` as "SPEC §N" and `docs/lifecycle.md` as "lifecycle §N" and "R1"–"R8", and
/// every cited section or rule exists there (issue 38: a contributor who clones the repository
/// can follow every citation). Nothing cites the maintainers' files outside it.
@Suite("Citations")
struct CitationTests {
    /// The numbered sections of a page (`## 5. Events` → "5", `### 2.1 The SPOC` → "2.1") and
    /// its rules (`**R3 — …**` → "R3").
    static func anchors(of page: String) throws -> Set<String> {
        let text = try String(contentsOfFile: RepositoryPaths.path(page), encoding: .utf8)
        let section = try Regex(#"^#{2,3} (\d+(?:\.\d+)?)\.? "#)
        let rule = try Regex(#"^\*\*(R\d+) —"#)
        var anchors = Set<String>()
        for line in text.split(separator: "\n") {
            if let match = line.firstMatch(of: section), let number = match.output[1].substring {
                anchors.insert(String(number))
            }
            if let match = line.firstMatch(of: rule), let name = match.output[1].substring {
                anchors.insert(String(name))
            }
        }
        return anchors
    }

    /// What `text` (the file `file`) cites that `spec` and `lifecycle` do not have, as
    /// "file:line: citation"; rule names are read on comment lines only, where they cite.
    static func unresolved(in text: String, file: String, spec: Set<String>, lifecycle: Set<String>) throws -> [String]
    {
        let specCitation = try Regex(#"SPEC §(\d+(?:\.\d+)?)"#)
        let lifecycleCitation = try Regex(#"lifecycle §(\d+(?:\.\d+)?)"#)
        let ruleCitation = try Regex(#"(?:^|[^A-Za-z0-9_])(R\d+)(?![A-Za-z0-9_])"#)
        let outside = ["uikit-lifecycle.md", "shared/SPEC.md", "SPEC.md §"]
        var missing: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "\(file):\(index + 1)"
            for match in line.matches(of: specCitation) {
                if let number = match.output[1].substring, !spec.contains(String(number)) {
                    missing.append("\(place): SPEC §\(number)")
                }
            }
            for match in line.matches(of: lifecycleCitation) {
                if let number = match.output[1].substring, !lifecycle.contains(String(number)) {
                    missing.append("\(place): lifecycle §\(number)")
                }
            }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("#") && !file.hasSuffix(".md") {
                for match in line.matches(of: ruleCitation) {
                    if let name = match.output[1].substring, !lifecycle.contains(String(name)) {
                        missing.append("\(place): \(name)")
                    }
                }
            }
            for name in outside where line.contains(name) {
                missing.append("\(place): \(name), outside the repository")
            }
        }
        return missing
    }

    /// The repository's text files that may cite: sources, tests, fixture scripts, docs, scripts.
    static var citingFiles: [String] {
        var files = ["README.md"]
        for folder in ["Sources", "Tests", "Fixtures", "docs", "Scripts"] {
            let root = RepositoryPaths.path(folder)
            guard let walk = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walk.nextObject() as? String {
                let ext = (relative as NSString).pathExtension
                guard ["swift", "md", "trackscript", ""].contains(ext), !relative.contains("/Generated/") else {
                    continue
                }
                var isFolder: ObjCBool = false
                let path = root + "/" + relative
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                files.append(folder + "/" + relative)
            }
        }
        return files.sorted()
    }

    @Test func everyCitedSectionAndRuleExists() throws {
        let spec = try Self.anchors(of: "docs/spec.md")
        let lifecycle = try Self.anchors(of: "docs/lifecycle.md")
        #expect(spec.isSuperset(of: ["1", "2.1", "2.3", "6.1", "10.1", "14", "15"]), "\(spec.sorted())")
        #expect(lifecycle.isSuperset(of: ["1", "2.6", "3.4", "9.2", "R1", "R8"]), "\(lifecycle.sorted())")
        var missing: [String] = []
        var citations = 0
        // This file plants citations of nothing on purpose.
        for file in Self.citingFiles where file != "Tests/TrackctlCLITests/Repository/CitationTests.swift" {
            guard let text = try? String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8) else { continue }
            citations += text.components(separatedBy: "SPEC §").count - 1
            missing += try Self.unresolved(in: text, file: file, spec: spec, lifecycle: lifecycle)
        }
        #expect(citations > 100, "the sources cite the contract")
        #expect(missing.isEmpty, "citations of sections that do not exist: \(missing)")
    }

    /// The check finds what it is for: a section, a lifecycle section and a rule that do not
    /// exist, and a citation of a file outside the repository.
    @Test func aCitationOfNothingIsFound() throws {
        let text = """
            /// As SPEC §5 says, and SPEC §99.
            // lifecycle §2.6 and lifecycle §42; R2 and R12.
            /// See ../shared/uikit-lifecycle.md.
            """
        let missing = try Self.unresolved(
            in: text, file: "Planted.swift", spec: ["5"], lifecycle: ["2.6", "R2"])
        #expect(
            missing == [
                "Planted.swift:1: SPEC §99", "Planted.swift:2: lifecycle §42", "Planted.swift:2: R12",
                "Planted.swift:3: uikit-lifecycle.md, outside the repository"
            ])
    }

    /// A path of this repository's code that the docs or the code name (`Sources/Trackctl…`,
    /// `Tests/Trackctl…`) exists, and a test named as `SomeTests.someTest` is declared: moving a
    /// file or renaming a test does not leave a pointer to nothing.
    @Test func everyNamedSourceFileAndTestExists() throws {
        let path = try Regex(#"(?:Sources|Tests)/Trackctl[A-Za-z0-9_./+-]*[A-Za-z0-9_]"#)
        let test = try Regex(#"([A-Z][A-Za-z]+Tests)\.([a-z][A-Za-z0-9]+)\b"#)
        var testSources: [String: String] = [:]
        for file in Self.citingFiles where file.hasPrefix("Tests/") && file.hasSuffix(".swift") {
            testSources[file] = try String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8)
        }
        var missing: [String] = []
        for file in Self.citingFiles where file != "Tests/TrackctlCLITests/Repository/CitationTests.swift" {
            guard !file.hasPrefix("Tests/"),
                let text = try? String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8)
            else { continue }
            for match in text.matches(of: path) {
                let named = String(text[match.range])
                if !FileManager.default.fileExists(atPath: RepositoryPaths.path(named)) {
                    missing.append("\(file): \(named)")
                }
            }
            for match in text.matches(of: test) {
                guard let suite = match.output[1].substring, let name = match.output[2].substring,
                    name != "swift"
                else { continue }
                let declared = testSources.values.contains {
                    $0.contains("struct \(suite)") && $0.contains("func \(name)(")
                }
                if !declared { missing.append("\(file): \(suite).\(name)") }
            }
        }
        #expect(missing.isEmpty, "named but not there: \(missing)")
    }
}
