import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// Every command the README and `docs/` show is run, and prints what they show: each
/// ` ```console ` block, marked `<!-- test -->` on the line before it, is run as one bash script
/// in a scratch folder that sees the repository's `Config/` and `Fixtures/`, with the built
/// `trackctl` first on `PATH`. A line `$ COMMAND` is a command; the lines after it, its output
/// (stdout and stderr as a terminal shows them). In expected output `⋯` stands for any text on
/// its line, and a line that is only `⋯` for any number of lines. `<!-- test needs: jq -->` runs
/// the block only where `jq` is installed. A console block without a marker fails the suite:
/// nothing shown goes untested.
@Suite("Documentation", .serialized, .ownThread)
struct DocumentationTests {
    struct Block: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var needs: [String]
        var steps: [(command: String, expected: [String])]
        var testDescription: String { "\(file):\(line)" }
    }

    static let files: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("docs"))) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The console blocks of every file, and the unmarked ones (a failure each): a console block
    /// without its marker, or any other fenced block with a `$ ` prompt in it (a command shown
    /// outside a console block would go untested).
    static let parsed: (blocks: [Block], unmarked: [String]) = {
        var blocks: [Block] = []
        var unmarked: [String] = []
        for file in files {
            let lines = ((try? String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8)) ?? "").components(
                separatedBy: "\n")
            var index = 0
            while index < lines.count {
                let fence = lines[index].trimmingCharacters(in: .whitespaces)
                guard fence.hasPrefix("```") else { index += 1; continue }
                if fence != "```console" {
                    var end = index + 1
                    while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
                    if lines[(index + 1)..<min(end, lines.count)].contains(where: {
                        $0.trimmingCharacters(in: .whitespaces).hasPrefix("$ ")
                    }) {
                        unmarked.append("\(file):\(index + 1)")
                    }
                    index = end + 1
                    continue
                }
                let marker = index > 0 ? lines[index - 1] : ""
                var steps: [(command: String, expected: [String])] = []
                var end = index + 1
                while end < lines.count, lines[end] != "```" {
                    if lines[end].hasPrefix("$ ") {
                        steps.append((String(lines[end].dropFirst(2)), []))
                    } else if !steps.isEmpty {
                        steps[steps.count - 1].expected.append(lines[end])
                    }
                    end += 1
                }
                if marker.hasPrefix("<!-- test") {
                    let needs =
                        marker.components(separatedBy: "needs:").dropFirst().first?
                        .replacingOccurrences(of: "-->", with: "").split(separator: ",").map {
                            $0.trimmingCharacters(in: .whitespaces)
                        } ?? []
                    blocks.append(Block(file: file, line: index + 1, needs: needs, steps: steps))
                } else {
                    unmarked.append("\(file):\(index + 1)")
                }
                index = end + 1
            }
        }
        return (blocks, unmarked)
    }()

    @Test func everyConsoleBlockIsTested() {
        #expect(Self.parsed.unmarked.isEmpty, "console blocks without <!-- test -->: \(Self.parsed.unmarked)")
        #expect(Self.parsed.blocks.count >= 5)
    }

    /// Every link of the README and `docs/` leads to a file of the repository: none leaves it
    /// (the pages must read whole from a clone, offline).
    @Test func everyLinkLeadsSomewhere() throws {
        let link = try Regex(#"\]\(([^)#\s]+)[^)]*\)"#)
        var broken: [String] = []
        for file in Self.files {
            let text = try String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for match in text.matches(of: link) {
                guard let target = match.output[1].substring.map(String.init) else { continue }
                let path = folder.isEmpty ? target : folder + "/" + target
                if !FileManager.default.fileExists(atPath: RepositoryPaths.path(path)) {
                    broken.append("\(file): \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "links to nothing: \(broken)")
    }

    /// Each command's synopsis in the docs (a plain code block line starting `trackctl `, its
    /// indented lines after it) is generated from the command's `--help` usage: the usage's
    /// groups laid out in lines of at most 110 characters, each further line under the first
    /// argument. A flag added to a command fails here until its page says so (review 2026-11-27:
    /// collect's and replay's had drifted); `TRACKCTL_RECORD=1` rewrites the blocks (then review
    /// the diff and run again).
    @Test func everySynopsisIsGeneratedFromTheHelpsUsage() throws {
        let commands = ["catalog scan", "collect", "diff", "replay", "devices", "simulate", "merge", "validate"]
        var seen = Set<String>()
        for page in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("docs")).filter({
            $0.hasSuffix(".md")
        }).sorted() {
            let path = RepositoryPaths.path("docs/" + page)
            var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            var changed = false
            var inPlainBlock = false
            var index = 0
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("```") {
                    inPlainBlock = !inPlainBlock && line == "```"
                } else if inPlainBlock, line.hasPrefix("trackctl ") {
                    let first = index
                    while index + 1 < lines.count, lines[index + 1].hasPrefix(" ") { index += 1 }
                    let words = lines[first...index].joined(separator: " ").split(separator: " ").joined(separator: " ")
                    // A line of prose that begins with the tool's name is not a synopsis.
                    guard
                        let command = commands.first(where: {
                            words.hasPrefix("trackctl \($0) ") || words == "trackctl \($0)"
                        })
                    else {
                        index += 1
                        continue
                    }
                    let help = CommandRunner.inProcess(command.split(separator: " ").map(String.init) + ["--help"]).out
                    let usage = try #require(help.components(separatedBy: "\n").first { $0.hasPrefix("USAGE: ") })
                    let generated = Self.synopsis(String(usage.dropFirst(7)), command: command)
                    if Array(lines[first...index]) != generated {
                        if Golden.isRecording {
                            lines.replaceSubrange(first...index, with: generated)
                            index = first + generated.count - 1
                            changed = true
                        } else {
                            let message = "docs/\(page): the synopsis of '\(command)' is not its help's usage; "
                            Issue.record(Comment(rawValue: message + "TRACKCTL_RECORD=1 writes it"))
                        }
                    }
                    seen.insert(command)
                }
                index += 1
            }
            if changed {
                try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("recorded the synopses of docs/\(page): review its diff, then run the tests again")
            }
        }
        #expect(seen == Set(commands))
    }

    /// A usage laid out as the docs show it: its groups (a bracketed or parenthesized group stays
    /// whole) in lines of at most 110 characters, further lines under the first argument.
    static func synopsis(_ usage: String, command: String) -> [String] {
        let lead = "trackctl \(command) "
        var groups: [String] = []
        var depth = 0
        var current = ""
        for character in usage.dropFirst(lead.count) {
            if character == " ", depth == 0 {
                if !current.isEmpty { groups.append(current) }
                current = ""
                continue
            }
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { groups.append(current) }
        let indent = String(repeating: " ", count: lead.count)
        var lines: [String] = []
        var line = lead.trimmingCharacters(in: .whitespaces)
        for group in groups {
            if line.count + 1 + group.count > 110, line.count > lead.count {
                lines.append(line)
                line = indent + group
            } else {
                line += " " + group
            }
        }
        lines.append(line)
        return lines
    }

    /// The example SPOC and catalog of `docs/formats.md` validate together with no finding
    /// (review 2026-11-27: they gave four errors, each naming what the other left out).
    @Test func theFormatsPageExamplesValidateTogether() throws {
        let page = try String(contentsOfFile: RepositoryPaths.path("docs/formats.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in page.components(separatedBy: "\n") {
            if line == "```json" {
                current = []
            } else if line == "```", let block = current {
                blocks.append(block.joined(separator: "\n")); current = nil
            } else {
                current?.append(line)
            }
        }
        try #require(blocks.count >= 2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spoc = folder.appendingPathComponent("analytics.json"),
            catalog = folder.appendingPathComponent("catalog.json")
        try Data(blocks[0].utf8).write(to: spoc)
        try Data(blocks[1].utf8).write(to: catalog)
        let result = CommandRunner.inProcess(["validate", spoc.path, "--catalog", catalog.path])
        #expect(result.code == 0)
        #expect(result.err.hasSuffix(": 0 errors, 0 warnings\n"), "\(result.err)")
    }

    /// The rules table of `docs/rules.md` is `RuleID`'s, row for row, and the longer list below it
    /// names every rule in the same order: a rule added, renamed or re-graded fails here until the
    /// page says so.
    @Test func theRulesPageIsRuleID() throws {
        let page = try String(contentsOfFile: RepositoryPaths.path("docs/rules.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "<!-- rules: generated from RuleID -->"))
        let end = try #require(lines.firstIndex(of: "<!-- end of rules -->"))
        let expected =
            ["| rule | severity | when |", "|---|---|---|"]
            + RuleID.allCases.map { "| `\($0.rawValue)` | \($0.defaultSeverity.rawValue) | \($0.summary) |" }
        #expect(
            Array(lines[(start + 1)..<end]) == expected,
            "docs/rules.md: replace the table with\n\(expected.joined(separator: "\n"))")
        let detailed = lines[end...].compactMap { line -> String? in
            guard line.hasPrefix("- `"), let close = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<close])
        }
        #expect(detailed == RuleID.allCases.map(\.rawValue))
    }

    @Test(arguments: parsed.blocks)
    func theBlockPrintsWhatItShows(block: Block) throws {
        // A block whose tool is missing here is reported — a known issue on its test case, shown
        // in the run's output — and not run (review 2026-11-27: a `needs: jq` block passed
        // silently without jq).
        for tool in block.needs where !Self.installed(tool) {
            withKnownIssue("skipped: \(block) needs '\(tool)', which is not installed here") {
                Issue.record("'\(tool)' is not on the PATH")
            }
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Config", "Fixtures"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name),
                withDestinationURL: RepositoryPaths.root.appendingPathComponent(name))
        }
        let marker = "@@trackctl-docs-step@@"
        var script = "exec 2>&1\nexport PATH='\(RepositoryPaths.binary.deletingLastPathComponent().path)':\"$PATH\"\n"
        // The marker keeps `$?` as the previous command left it (`$ echo $?` is a command too).
        for step in block.steps { script += "status=$?; echo '\(marker)'; (exit $status)\n\(step.command)\n" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        let output = folder.appendingPathComponent(".output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: output, encoding: .utf8)
        let outputs = text.components(separatedBy: marker + "\n").dropFirst().map { chunk -> [String] in
            var lines = chunk.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        #expect(outputs.count == block.steps.count, "\(block.testDescription): \(text)")
        for (step, actual) in zip(block.steps, outputs) {
            #expect(
                Self.matches(step.expected, actual),
                """
                \(block.testDescription): $ \(step.command)
                --- shown:
                \(step.expected.joined(separator: "\n"))
                --- printed:
                \(actual.joined(separator: "\n"))
                """
            )
        }
    }

    /// The wildcard of expected output.
    static let wildcard = "⋯"

    /// Whether `actual` is `expected`, with the wildcards.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == wildcard {
            return (0...actual.count).contains { matches(Array(expected.dropFirst()), Array(actual.dropFirst($0))) }
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
    }

    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        guard pattern.contains(wildcard) else { return pattern == line }
        let parts = pattern.components(separatedBy: wildcard)
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts.last ?? "") else { return false }
        var rest = Substring(line.dropFirst(parts[0].count))
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= (parts.last ?? "").count
    }

    private static func installed(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// The wildcards themselves, so a test that cannot fail is not mistaken for one that passed.
    @Test func wildcardsMatchWhatTheySay() {
        #expect(Self.matches(["a", "⋯", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "⋯"], ["a"]))
        #expect(!Self.matches(["a", "d"], ["a", "b", "d"]))
        #expect(Self.lineMatches("took ⋯ ms", "took 12 ms"))
        #expect(!Self.lineMatches("took ⋯ ms", "took 12 s"))
    }
}
