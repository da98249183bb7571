import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlPlan

/// `trackctl plan check PLAN [EVENTS.jsonl|-]... [--format text|json|github] [--strict]`: the
/// plan alone, or every recorded call of JSON-lines files against it (SPEC §14).
enum PlanCheckCommand: Command {
    struct Options: ParsableOptions {
        var plan: String?
        var events: [String] = []
        var format: OutputFormat = .text
        var strict = false
        var progress = ProgressFlags()

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional("PLAN", \.plan, required: true, help: "The tracking plan (trackctl-plan/1 JSON)"),
                .positionals(
                    "EVENTS", \.events, required: false,
                    help: "JSON-lines files of calls (trackctl's output, collect's record); '-' reads stdin"),
                .option(
                    "--format", \.format, valueName: "FORMAT",
                    help:
                        "text (default, stderr), json (stdout), github (Actions annotations) or xcode (stdout, issue "
                        + "lines for a build)"
                ),
                .flag(
                    "--strict", \.strict, help: "Treat warnings (unplanned events and properties by default) as errors")
            ] + ProgressFlags.declarations(\.progress)
        }

        mutating func validate() throws(UsageError) {
            try StandardInput.checkUsedOnce((plan.map { [$0] } ?? []) + events)
        }
    }

    static let name = "plan check"
    static let abstract = "Check a tracking plan, and recorded calls against it."
    static let discussion = """
        Without EVENTS, checks the plan itself: its shape, every schema, every $ref and pattern. With EVENTS, \
        checks each line (a Segment track, screen, page, identify or group call) against the plan; findings \
        name the file and line, the rule, the property's path, what the plan wants and what came.

        RULES: \(PlanRule.allCases.map(\.rawValue).joined(separator: ", ")) (docs/tracking-plan.md).

        EXIT CODES: 0 no errors, 1 findings, 2 usage error, an unreadable file, a line that is not JSON, or a \
        plan with invalid-plan or unsupported-keyword findings.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard let path = options.plan else { return .usage }
        let loaded: TrackingPlan.Loaded
        do { loaded = try TrackingPlan.load(path: path) } catch {
            report(error, options, terminal)
            return .usage
        }
        guard let plan = loaded.plan else {
            emit(loaded.findings, options, terminal)
            terminal.writeErr(
                "\(path): the tracking plan has \(plural(loaded.findings.count, "error")); nothing was checked\n")
            return .usage
        }
        var findings: [PlanFinding] = []
        var calls = 0
        let checker = PlanLineChecker(plan: plan)
        let progress = options.progress.line("plan check", terminal: terminal)
        defer { progress?.clear() }
        for file in options.events {
            let name = file == "-" ? "<stdin>" : file
            if file != "-", !Platform.isDirectory(file),
                let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
            {
                // A file: mapped, its lines checked on every core, in line order.
                let outcome =
                    progress.map { line in
                        RecordedCallsCheck.check(plan, data: data, file: name) { checked, total, checkedCalls in
                            line.update(
                                "\(name): \(ProgressLine.bytes(Int64(checked))) of \(ProgressLine.bytes(Int64(total)))",
                                fraction: Double(checked) / Double(max(total, 1)), items: calls + checkedCalls,
                                itemUnit: "calls", final: checked == total)
                        }
                    } ?? RecordedCallsCheck.check(plan, data: data, file: name)
                progress?.clear()
                findings += outcome.findings
                calls += outcome.calls
                if let failure = outcome.failure {
                    emit(findings, options, terminal)
                    report(failure, options, terminal)
                    return .usage
                }
                continue
            }
            do throws(DocumentError) {
                // Standard input, or what cannot be mapped: line by line, never whole.
                try LineSource.open(file).forEachLine(in: name) { line, number, _ throws(DocumentError) in
                    let bytes = line.bindMemory(to: UInt8.self)
                    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                    do throws(JSONValueReader.Failure) {
                        findings += try checker.check(bytes, file: name, line: number)
                    } catch {
                        throw DocumentError(
                            file: name, message: "the line is not JSON: \(error.message)",
                            position: SourcePosition(line: number, column: error.position.column)
                        )
                    }
                    calls += 1
                }
            } catch {
                emit(findings, options, terminal)
                report(error, options, terminal)
                return .usage
            }
        }
        if options.strict {
            findings = findings.map {
                var strict = $0; strict.severity = .error; return strict
            }
        }
        emit(findings, options, terminal)
        let errors = findings.count { $0.severity == .error }
        if options.format == .xcode {
            let subject =
                "\(XcodeRenderer().absolute(path))" + (options.events.isEmpty ? "" : ", \(plural(calls, "call"))")
            let summary = XcodeRenderer.summary(
                command: "plan check", errors: errors, warnings: findings.count - errors, subject: subject)
            if let summary { _ = terminal.writeOut(summary) }
        } else if options.format != .json {
            let what = options.events.isEmpty ? "the plan is valid" : "\(plural(calls, "call")) checked"
            terminal.writeErr(
                "\(path): \(what): \(plural(errors, "error")), \(plural(findings.count - errors, "warning"))\n")
        }
        return errors > 0 ? .findings : .success
    }

    private static func emit(_ findings: [PlanFinding], _ options: Options, _ terminal: Terminal) {
        let rendered = PlanFindingRenderer.render(findings, as: options.format)
        if options.format.writesToStdout { _ = terminal.writeOut(rendered) } else { terminal.writeErr(rendered) }
    }

    /// A file that cannot be read or a line that is not JSON: an issue line in the xcode format,
    /// the located error on stderr in the others.
    private static func report(_ error: DocumentError, _ options: Options, _ terminal: Terminal) {
        if options.format == .xcode {
            _ = terminal.writeOut(XcodeRenderer().render(unreadable: error))
        } else {
            terminal.writeErr(error.description + "\n")
        }
    }
}

/// `trackctl plan infer EVENTS.jsonl... [--output FILE]`: a first draft of a plan from recorded
/// calls (SPEC §14), marked `"inferred": true`.
enum PlanInferCommand: Command {
    struct Options: ParsableOptions {
        var events: [String] = []
        var output: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "EVENTS", \.events, required: true,
                    help: "JSON-lines files of calls (trackctl's output, collect's record); '-' reads stdin"),
                .option("--output", \.output, valueName: "FILE", help: "Write the plan to FILE instead of stdout")
            ]
        }

        mutating func validate() throws(UsageError) {
            try StandardInput.checkUsedOnce(events)
        }
    }

    static let name = "plan infer"
    static let abstract = "Draft a tracking plan from recorded calls."
    static let discussion = """
        Every event and screen seen gets an entry: its properties with the JSON types seen, 'required' for \
        those present in every call, an 'enum' for a string with at most 5 distinct values each seen twice on \
        average; identify and group calls give traits. trackctl's own properties (class, selector, keyPath) are \
        left out. The plan says "inferred": true: review it before it decides anything.

        EXIT CODES: 0 written, 2 usage error, an unreadable file or a line that is not JSON.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        var inference = PlanInference()
        for file in options.events {
            let name = file == "-" ? "<stdin>" : file
            do throws(DocumentError) {
                try LineSource.open(file).forEachLine(in: name) { line, number, _ throws(DocumentError) in
                    let bytes = Array(line.bindMemory(to: UInt8.self))
                    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                    var reader = JSONValueReader(bytes: bytes)
                    do throws(JSONValueReader.Failure) { inference.add(try reader.read()) } catch {
                        throw DocumentError(
                            file: name, message: "the line is not JSON: \(error.message)",
                            position: SourcePosition(line: number, column: error.position.column)
                        )
                    }
                }
            } catch {
                terminal.writeErr(error.description + "\n")
                return .usage
            }
        }
        let text = inference.planJSON
        if let output = options.output {
            do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                terminal.writeErr("trackctl plan infer: \(output): cannot be written: \(error.localizedDescription)\n")
                return .usage
            }
            terminal.writeErr(
                "\(output): a plan inferred from \(plural(inference.calls, "call")); review it before it decides "
                    + "anything\n"
            )
            return .success
        }
        return terminal.writeOut(text) ? .success : .usage
    }
}

/// The plan formats `plan import` reads and `plan export` writes.
enum PlanFormat: String, CaseIterable, SpelledArgument {
    static var noun: String { "plan format" }

    case segment
    case typewriter
    case avo
    case jsonschema
    case iglu

    /// Whether the format is a folder of schema files rather than one file.
    var isFolder: Bool { self == .jsonschema || self == .iglu }
}

/// Schema files of a folder, read and written for `plan import` and `plan export`.
enum SchemaFolder {
    /// Every regular file below `folder` (for Iglu, files below `VENDOR/NAME/jsonschema/`), parsed.
    static func read(_ folder: String, iglu: Bool) throws(DocumentError) -> [PlanConversion.SchemaFile] {
        guard Platform.isDirectory(folder) else {
            throw DocumentError(file: folder, message: "is not a folder of schemas")
        }
        let paths = (FileManager.default.subpaths(atPath: folder) ?? []).sorted().filter { path in
            let full = folder + "/" + path
            guard !Platform.isDirectory(full), !path.hasPrefix("."), !path.contains("/.") else { return false }
            if iglu { return path.split(separator: "/").count == 4 && path.split(separator: "/")[2] == "jsonschema" }
            return path.hasSuffix(".json")
        }
        var files: [PlanConversion.SchemaFile] = []
        for path in paths {
            let full = folder + "/" + path
            let bytes = try FileInput.readAll(path: full, reportedAs: full)
            var reader = JSONValueReader(bytes: bytes)
            do throws(JSONValueReader.Failure) {
                files.append(PlanConversion.SchemaFile(path: full, schema: try reader.read()))
            } catch {
                throw DocumentError(file: full, message: "not JSON: \(error.message)", position: error.position)
            }
        }
        return files
    }

    static func write(_ files: [PlanConversion.SchemaFile], to folder: String, _ terminal: Terminal) -> ExitCode {
        for file in files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (file.schema.prettyText + "\n").write(to: url, atomically: true, encoding: .utf8)
            } catch {
                terminal.writeErr("\(url.path): cannot be written: \(error.localizedDescription)\n")
                return .usage
            }
        }
        terminal.writeErr("\(folder): \(plural(files.count, "schema")) written\n")
        return .success
    }
}

/// `trackctl plan import --from segment FILE [--output FILE]`: another tool's plan as a
/// trackctl plan, checked before it is written.
enum PlanImportCommand: Command {
    struct Options: ParsableOptions {
        var from: PlanFormat?
        var file: String?
        var output: String?
        var vendor: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional(
                    "FILE|DIR", \.file, required: true,
                    help: "The other tool's plan: Segment's rules (a file), JSON Schemas or an Iglu registry (a folder)"
                ),
                .option("--from", \.from, valueName: "FORMAT", help: "segment, typewriter, avo, jsonschema or iglu"),
                .option(
                    "--vendor", \.vendor, valueName: "VENDOR",
                    help: "With --from iglu, only this vendor's schemas (com.acme)"),
                .option("--output", \.output, valueName: "FILE", help: "Write the plan to FILE instead of stdout")
            ]
        }

        mutating func validate() throws(UsageError) {
            if from == nil {
                throw UsageError(
                    message: "'plan import' needs --from FORMAT (segment, typewriter, avo, jsonschema, iglu)")
            }
            if vendor != nil, from != .iglu {
                throw UsageError(message: "'--vendor' chooses Iglu schemas; add --from iglu")
            }
        }
    }

    static let name = "plan import"
    static let abstract = "Read another tool's tracking plan as a trackctl plan."
    static let discussion = """
        segment: the rules of a Segment Protocols tracking plan as its Public API returns them \
        ({"data":{"rules":[…]}} or {"rules":[…]}): TRACK rules become events, SCREEN and PAGE rules screens, \
        IDENTIFY and GROUP rules traits, the COMMON rule the common schema; every version is kept. \
        jsonschema: a folder 'plan export --to jsonschema' wrote. iglu: an Iglu registry's folder \
        (VENDOR/NAME/jsonschema/M-R-A), each schema's name an event, each M-R-A a version; --vendor keeps one \
        vendor's. typewriter: Typewriter's plan.json, V1 (the Config API's) or V2 (the Public API's). Older drafts' \
        spellings are normalised to 2020-12. avo: Avo's JSON Schema export (system properties to the common \
        schema, user properties to identify traits, null added to an enum whose type allows it). The result is \
        checked as 'plan check' would before it is written.

        EXIT CODES: 0 written, 2 usage error, an unreadable or malformed file, or a plan with findings.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard let file = options.file, let format = options.from else { return .usage }
        if format.isFolder {
            let plan: JSONValue
            do {
                let files = try SchemaFolder.read(file, iglu: format == .iglu)
                plan =
                    format == .iglu
                    ? try PlanConversion.importIglu(files, vendor: options.vendor)
                    : try PlanConversion.importJSONSchema(files)
            } catch let error as DocumentError {
                terminal.writeErr(error.description + "\n")
                return .usage
            } catch let error as PlanConversion.Failure {
                terminal.writeErr("error: \(error.message)\n")
                return .usage
            } catch {
                return .usage
            }
            return checkedWrite(plan, from: file, options.output, terminal)
        }
        let document: JSONValue
        do {
            let bytes = try FileInput.readAll(path: file, reportedAs: file == "-" ? "<stdin>" : file)
            var reader = JSONValueReader(bytes: bytes)
            do throws(JSONValueReader.Failure) { document = try reader.read() } catch {
                terminal.writeErr(
                    "\(file):\(error.position.line):\(error.position.column): error: not JSON: \(error.message)\n")
                return .usage
            }
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        let plan: JSONValue
        do {
            switch format {
            case .typewriter: plan = try PlanConversion.importTypewriter(document)
            case .avo: plan = try PlanConversion.importAvo(document)
            default: plan = try PlanConversion.importSegment(document)
            }
        } catch {
            terminal.writeErr("\(file): error: \(error.message)\n")
            return .usage
        }
        return checkedWrite(plan, from: file, options.output, terminal)
    }

    /// The plan written when it loads as a plan; its findings, and nothing written, when not.
    private static func checkedWrite(_ plan: JSONValue, from file: String, _ output: String?, _ terminal: Terminal)
        -> ExitCode
    {
        let text = plan.prettyText + "\n"
        let loaded = TrackingPlan.load(bytes: Array(text.utf8), file: output ?? "<imported plan>")
        guard loaded.plan != nil else {
            terminal.writeErr(PlanFindingRenderer.render(loaded.findings, as: .text))
            terminal.writeErr(
                "\(file): the imported plan has \(plural(loaded.findings.count, "error")); nothing was written\n")
            return .usage
        }
        return PlanOutput.write(text, to: output, terminal)
    }
}

/// `trackctl plan export --to segment PLAN [--output FILE]`.
enum PlanExportCommand: Command {
    struct Options: ParsableOptions {
        var to: PlanFormat?
        var plan: String?
        var output: String?
        var vendor: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional("PLAN", \.plan, required: true, help: "The tracking plan (trackctl-plan/1 JSON)"),
                .option("--to", \.to, valueName: "FORMAT", help: "segment (a file), jsonschema or iglu (a folder)"),
                .option(
                    "--vendor", \.vendor, valueName: "VENDOR", help: "With --to iglu, the schemas' vendor (com.acme)"),
                .option(
                    "--output", \.output, valueName: "FILE|DIR",
                    help: "Write to FILE (segment; default stdout) or into DIR (jsonschema, iglu)")
            ]
        }

        mutating func validate() throws(UsageError) {
            guard let to else {
                throw UsageError(message: "'plan export' needs --to FORMAT (segment, jsonschema, iglu)")
            }
            if to == .typewriter {
                throw UsageError(
                    message:
                        "'plan export' writes segment, jsonschema or iglu; Typewriter reads Segment's rules (--to "
                        + "segment)"
                )
            }
            if to.isFolder, output == nil {
                throw UsageError(message: "'--to \(to.rawValue)' writes a folder of schemas; add --output DIR")
            }
            if to == .iglu, vendor == nil {
                throw UsageError(
                    message: "'--to iglu' needs --vendor VENDOR (com.acme): Iglu names every schema's vendor")
            }
            if to != .iglu, vendor != nil {
                throw UsageError(message: "'--vendor' names Iglu schemas' vendor; add --to iglu")
            }
        }
    }

    static let name = "plan export"
    static let abstract = "Write a trackctl plan in another tool's shape."
    static let discussion = """
        segment: the rules of a Segment Protocols tracking plan ({"rules":[…]}), one per event version, screen, \
        trait schema and the common schema, each a draft-07 schema of the whole call with the definitions it uses. \
        jsonschema: one 2020-12 schema per event and screen version, of the whole call (properties nested), into \
        DIR/events and DIR/screens. iglu: one self-describing schema per event version, \
        DIR/VENDOR/NAME/jsonschema/M-R-A. \
        'plan import' reads each back.

        EXIT CODES: 0 written, 2 usage error, an unreadable file or a plan with findings.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        guard let path = options.plan else { return .usage }
        let loaded: TrackingPlan.Loaded
        let bytes: [UInt8]
        do {
            bytes = try FileInput.readAll(path: path, reportedAs: path)
            loaded = TrackingPlan.load(bytes: bytes, file: path)
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        guard loaded.plan != nil else {
            terminal.writeErr(PlanFindingRenderer.render(loaded.findings, as: .text))
            terminal.writeErr(
                "\(path): the tracking plan has \(plural(loaded.findings.count, "error")); nothing was exported\n")
            return .usage
        }
        var reader = JSONValueReader(bytes: bytes)
        guard let document = try? reader.read(), let format = options.to else { return .usage }
        switch format {
        case .segment, .typewriter, .avo:
            return PlanOutput.write(
                PlanConversion.exportSegment(document).prettyText + "\n", to: options.output, terminal)
        case .jsonschema:
            return SchemaFolder.write(PlanConversion.exportJSONSchema(document), to: options.output ?? ".", terminal)
        case .iglu:
            return SchemaFolder.write(
                PlanConversion.exportIglu(document, vendor: options.vendor ?? ""), to: options.output ?? ".", terminal)
        }
    }
}

enum PlanOutput {
    static func write(_ text: String, to output: String?, _ terminal: Terminal) -> ExitCode {
        guard let output else { return terminal.writeOut(text) ? .success : .usage }
        do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch {
            terminal.writeErr("\(output): cannot be written: \(error.localizedDescription)\n")
            return .usage
        }
        return .success
    }
}
