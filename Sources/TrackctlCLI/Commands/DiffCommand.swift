import TrackctlCore
import TrackctlModel

/// `trackctl diff EXPECTED ACTUAL`: a replay's events beside what the app sent (SPEC §13).
enum DiffCommand: Command {
    struct Options: ParsableOptions {
        var expected: String?
        var actual: String?
        var ignore: [String] = []
        var unordered = false
        var allKeys = false
        var format: DiffFormat = .text

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional(
                    "EXPECTED", \.expected, required: true,
                    help: "JSON-lines calls that should be sent: a replay's output; '-' reads stdin"),
                .positional(
                    "ACTUAL", \.actual, required: true,
                    help: "JSON-lines calls that were sent: what collect received; '-' reads stdin"),
                .repeatable(
                    "--ignore", \.ignore, valueName: "PATH",
                    help: "Also ignore this dot path (properties.cartId, context.*.id; '*' is any key); repeatable"),
                .flag("--unordered", \.unordered, help: "Compare as multisets: order does not matter"),
                .flag(
                    "--all-keys", \.allKeys,
                    help: "Also compare keys only one side ever has (a replay's context.step, an SDK's context.network)"
                ),
                .option(
                    "--format", \.format, valueName: "FORMAT",
                    help: "text (default), json or github (Actions annotations)")
            ]
        }

        mutating func validate() throws(UsageError) {
            guard expected != nil, actual != nil else {
                throw UsageError(message: "diff needs two files, EXPECTED and ACTUAL")
            }
            try StandardInput.checkUsedOnce(files)
            for pattern in ignore {
                if let problem = IgnoredPaths.problem(with: pattern) {
                    throw UsageError(message: "'--ignore': \(problem)")
                }
            }
        }

        /// EXPECTED and ACTUAL, once `validate` has checked both are given.
        var files: [String] { [expected ?? "", actual ?? ""] }
    }

    static let name = "diff"
    static let abstract = "Compare two event streams call by call: a replay's output and what the app sent."
    static var discussion: String {
        """
        Calls are aligned on equal calls, then on their type and name (a track's event, a screen's name), \
        at any length; a call found on both sides at different places is moved; a call of the same type where \
        another was expected is changed (a renamed event). Values compare as JSON: key order, white space and \
        10 against 10.0 do not matter.
        Always ignored, as they differ by nature: \(IgnoredPaths.volatileDefaults.joined(separator: ", ")). \
        Keys only one side ever has (a replay's context.step and properties.class, an SDK's context.network) \
        are left out and counted in the summary, unless --all-keys.

        EXIT CODES: 0 the same; 1 different; 2 usage error or a file that is not JSON lines.

        EXAMPLE: trackctl replay demo.trackscript > expected.jsonl; trackctl diff expected.jsonl collected.jsonl
        """
    }

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        let streams: EventStreamReader.Pair
        do {
            streams = try EventStreamReader.read(
                expected: options.files[0], actual: options.files[1],
                ignoring: IgnoredPaths.volatileDefaults + options.ignore, allKeys: options.allKeys)
        } catch {
            terminal.writeErr(
                options.format == .github ? GitHubRenderer().render(unreadable: error) : error.description + "\n")
            return .usage
        }
        let diff = StreamDiff(streams, unordered: options.unordered)
        let rendering = DiffRendering(diff: diff, expectedFile: options.files[0], actualFile: options.files[1])
        let written: Bool
        switch options.format {
        case .text:
            written = terminal.writeOut(rendering.text())
        case .json:
            written = terminal.writeOut(rendering.json())
        case .github:
            written = terminal.writeOut(rendering.github())
            terminal.writeErr(rendering.summary + "\n")
        }
        guard written else { return .usage }
        return diff.isEmpty ? .success : .findings
    }
}

/// `diff --format`: differences are not findings on a line of a source file, so Xcode's issue
/// lines (`validate --format xcode`) are not among them.
enum DiffFormat: String, CaseIterable, SpelledArgument {
    static var noun: String { "format" }

    case text
    case json
    case github
}

/// The text, JSON and GitHub forms of a `StreamDiff`.
struct DiffRendering {
    let diff: StreamDiff
    let expectedFile: String
    let actualFile: String

    var summary: String {
        let counts = [
            (StreamDifference.Kind.changed, "changed"), (.missing, "missing"), (.extra, "extra"), (.moved, "moved")
        ]
        .map { "\(diff.count($0.0)) \($0.1)" }.joined(separator: ", ")
        var text =
            "\(plural(diff.expectedCount, "call")) expected, \(diff.actualCount) received: \(diff.same) the same, "
            + "\(counts)"
        if !diff.leftOut.isEmpty {
            let shown = diff.leftOut.prefix(8).joined(separator: ", ") + (diff.leftOut.count > 8 ? ", …" : "")
            text +=
                "; left out \(diff.leftOut.count) key\(diff.leftOut.count == 1 ? "" : "s") only one side has "
                + "(\(shown); --all-keys compares them)"
        }
        return text
    }

    func text() -> String {
        var lines: [String] = []
        let differences = diff.differences
        var index = 0
        while index < differences.count {
            let difference = differences[index]
            // Consecutive calls moved together are one block, said once (review 2026-11-27:
            // a moved block of 20,000 calls was 20,000 lines); `--format json` lists each.
            let block = Self.movedBlock(in: differences, from: index)
            if block >= Self.shortestBlock, case .both(let first, let firstActual) = difference.calls,
                case .both(let last, let lastActual) = differences[index + block - 1].calls
            {
                lines.append(
                    "\(expectedFile):\(first.line)–\(last.line) → "
                        + "\(actualFile):\(firstActual.line)–\(lastActual.line): "
                        + "moved \(block) calls together, from \(first.title) to \(last.title)"
                )
                index += block
                continue
            }
            lines.append(headline(difference))
            for change in difference.changes { lines.append("    " + describe(change)) }
            index += 1
        }
        lines.append(diff.isEmpty ? "same: \(summary)" : summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Moved calls from this many in a row are one block in the text form.
    static let shortestBlock = 3

    /// How many moved calls start at `start`, each the line after the one before on both sides.
    static func movedBlock(in differences: [StreamDifference], from start: Int) -> Int {
        var count = 0
        while start + count < differences.count {
            let difference = differences[start + count]
            guard difference.kind == .moved, difference.changes.isEmpty, let expected = difference.expected,
                let actual = difference.actual
            else { break }
            if count > 0 {
                guard case .both(let previousExpected, let previousActual) = differences[start + count - 1].calls,
                    expected.line == previousExpected.line + 1, actual.line == previousActual.line + 1
                else { break }
            }
            count += 1
        }
        return count
    }

    func github() -> String {
        diff.differences.map { difference in
            let anchoredOnActual = difference.actual != nil
            let file = anchoredOnActual ? actualFile : expectedFile
            let line = (difference.actual ?? difference.expected)?.line
            let message = ([headline(difference)] + difference.changes.map(describe)).joined(separator: "\n")
            return GitHubAnnotation.line(
                severity: "error", file: file, line: line, column: nil,
                title: "trackctl diff: \(difference.kind.rawValue)", message: message) + "\n"
        }.joined()
    }

    func json() -> String {
        let differences = diff.differences.map { difference -> String in
            var fields = [
                "\"kind\":\(JSONText.quoted(difference.kind.rawValue))",
                "\"call\":\(JSONText.quoted((difference.expected ?? difference.actual)?.title ?? ""))"
            ]
            if let expected = difference.expected { fields.append("\"expectedLine\":\(expected.line)") }
            if let actual = difference.actual { fields.append("\"actualLine\":\(actual.line)") }
            if difference.kind == .changed || difference.kind == .moved {
                fields.append(
                    "\"changes\":["
                        + difference.changes.map { change in
                            var parts = [
                                "\"path\":\(JSONText.quoted(change.path))",
                                "\"kind\":\(JSONText.quoted(change.kind.rawValue))"
                            ]
                            if let value = change.expected {
                                parts.append("\"expected\":" + ValueComparison.render(value))
                            }
                            if let value = change.actual { parts.append("\"actual\":" + ValueComparison.render(value)) }
                            return "{" + parts.joined(separator: ",") + "}"
                        }.joined(separator: ",") + "]")
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let counts = [StreamDifference.Kind.changed, .missing, .extra, .moved].map {
            "\"\($0.rawValue)\":\(diff.count($0))"
        }.joined(separator: ",")
        return "{\"expected\":{\"file\":\(JSONText.quoted(expectedFile)),\"calls\":\(diff.expectedCount)},"
            + "\"actual\":{\"file\":\(JSONText.quoted(actualFile)),\"calls\":\(diff.actualCount)},"
            + "\"same\":\(diff.same),\"counts\":{\(counts)},"
            + "\"leftOut\":[\(diff.leftOut.map(JSONText.quoted).joined(separator: ","))],\"differences\":[\n"
            + differences.map { "  " + $0 }.joined(separator: ",\n") + (differences.isEmpty ? "" : "\n") + "]}\n"
    }

    private func headline(_ difference: StreamDifference) -> String {
        switch difference.calls {
        case .expectedOnly(let expected):
            return "\(expectedFile):\(expected.line): missing \(expected.title): not in \(actualFile)"
        case .actualOnly(let actual):
            return "\(actualFile):\(actual.line): extra \(actual.title): not in \(expectedFile)"
        case .both(let expected, let actual) where difference.kind == .moved:
            return "\(expectedFile):\(expected.line) → \(actualFile):\(actual.line): moved \(expected.title)"
                + (difference.changes.isEmpty ? "" : ", and changed")
        case .both(let expected, let actual):
            let title = expected.title == actual.title ? expected.title : "\(expected.title) → \(actual.title)"
            return "\(expectedFile):\(expected.line) ↔ \(actualFile):\(actual.line): changed \(title)"
        }
    }

    private func describe(_ change: ValueChange) -> String {
        let render = { (value: SourceValue?) in value.map { ValueComparison.render($0, limit: 200) } ?? "" }
        let path = change.path.isEmpty ? "the call" : change.path
        switch change.kind {
        case .missing: return "\(path): \(render(change.expected)) expected, missing"
        case .unexpected: return "\(path): not expected, received \(render(change.actual))"
        case .changed, .elementCount:
            // Texts that print alike but differ in code points (NFC against NFD) say so.
            let lookAlike =
                change.expected?.stringValue.flatMap { a in change.actual?.stringValue.map { b in a == b } } == true
                ? " (the same text in another Unicode form: the code points differ)" : ""
            return "\(path): \(render(change.expected)) expected, received \(render(change.actual))\(lookAlike)"
        }
    }
}
