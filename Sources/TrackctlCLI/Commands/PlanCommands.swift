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

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positional("PLAN", \.plan, required: true, help: "The tracking plan (trackctl-plan/1 JSON)"),
                .positionals("EVENTS", \.events, required: false, help: "JSON-lines files of calls (trackctl's output, collect's record); '-' reads stdin"),
                .option("--format", \.format, valueName: "FORMAT", help: "text (default, stderr), json (stdout) or github (Actions annotations)"),
                .flag("--strict", \.strict, help: "Treat warnings (unplanned events and properties by default) as errors.")
            ]
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
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        guard let plan = loaded.plan else {
            emit(loaded.findings, options, terminal)
            terminal.writeErr("\(path): the tracking plan has \(plural(loaded.findings.count, "error")); nothing was checked\n")
            return .usage
        }
        var findings: [PlanFinding] = []
        var calls = 0
        let checker = PlanLineChecker(plan: plan)
        for file in options.events {
            let name = file == "-" ? "<stdin>" : file
            if file != "-", !Platform.isDirectory(file), let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) {
                // A file: mapped, its lines checked on every core, in line order.
                let outcome = RecordedCallsCheck.check(plan, data: data, file: name)
                findings += outcome.findings
                calls += outcome.calls
                if let failure = outcome.failure {
                    emit(findings, options, terminal)
                    terminal.writeErr(failure.description + "\n")
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
                            file: name, message: "the line is not JSON: \(error.message)", position: SourcePosition(line: number, column: error.position.column)
                        )
                    }
                    calls += 1
                }
            } catch {
                emit(findings, options, terminal)
                terminal.writeErr(error.description + "\n")
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
        if options.format != .json {
            let what = options.events.isEmpty ? "the plan is valid" : "\(plural(calls, "call")) checked"
            terminal.writeErr("\(path): \(what): \(plural(errors, "error")), \(plural(findings.count - errors, "warning"))\n")
        }
        return errors > 0 ? .findings : .success
    }

    private static func emit(_ findings: [PlanFinding], _ options: Options, _ terminal: Terminal) {
        let rendered = PlanFindingRenderer.render(findings, as: options.format)
        if options.format == .json { _ = terminal.writeOut(rendered) } else { terminal.writeErr(rendered) }
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
                .positionals("EVENTS", \.events, required: true, help: "JSON-lines files of calls (trackctl's output, collect's record); '-' reads stdin"),
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
                            file: name, message: "the line is not JSON: \(error.message)", position: SourcePosition(line: number, column: error.position.column)
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
            terminal.writeErr("\(output): a plan inferred from \(plural(inference.calls, "call")); review it before it decides anything\n")
            return .success
        }
        return terminal.writeOut(text) ? .success : .usage
    }
}
