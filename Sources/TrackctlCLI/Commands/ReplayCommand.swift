import Foundation
import TrackctlCore
import TrackctlModel

/// `trackctl replay SCRIPT... [--config FILE] [--catalog FILE]... [--source PATH...] [--sink SPEC]... [--seed N]
/// [--clock ISO8601|now] [--trace] [--expect FILE.jsonl]`
enum ReplayCommand: Command {
    struct Options: ParsableOptions {
        var scripts: [String] = []
        var run = RunFlags()
        var seed: UInt64 = 1
        var user: Int?
        var clock: ClockStart = .fixed(Timestamp.defaultStart)
        var expect: String?
        var coverage: CoverageOutput?
        var minCoverage: Percent?
        var device: DeviceName?
        var locale: LocaleTag?
        var timezone: TimeZoneName?
        var expectIgnore: [String] = []
        var progress = ProgressFlags()

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "SCRIPT", \.scripts, required: true,
                    help:
                        "Replay script, text (.trackscript) or JSON; several run as one install of the app; '-' "
                        + "reads stdin"
                )
            ]
                + RunFlags.inputDeclarations(\.run)
                + ProgressFlags.declarations(\.progress)
                + [
                    .option(
                        "--seed", \.seed, valueName: "N",
                        help: "Seed of messageId and anonymousId (default 1); same seed, same bytes"),
                    .option(
                        "--user", \.user, in: 0...(Population.mostUsers - 1), valueName: "N",
                        help: "Replay as user N of 'simulate --seed' (default 0): its ids and draws, and N for {user}"),
                    .option(
                        "--clock", \.clock, valueName: "TIME",
                        help: "Start of the virtual clock, ISO 8601 such as 2026-01-01T00:00:00Z (default), or 'now'"),
                    .option(
                        "--expect", \.expect, valueName: "FILE",
                        help: "Compare the events with a golden JSON-lines file; show the first difference"),
                    .repeatable(
                        "--expect-ignore", \.expectIgnore, valueName: "KEY_PATH",
                        help:
                            "With --expect, skip this key path and its subtree (messageId, context.app.version, "
                            + "properties.*.id); repeatable"
                    ),
                    .optionalValue(
                        "--coverage", \.coverage, valueName: "FORMAT", implied: "text",
                        help:
                            "After the replay, how often each SPOC entry fired over all the scripts: text (default, "
                            + "on stderr), json (on stdout, when no sink uses it), or text:FILE / json:FILE",
                        accepts: CoverageOutput.accepts),
                    .option(
                        "--min-coverage", \.minCoverage, valueName: "PERCENT",
                        help: "Exit 1 when fewer than PERCENT of the SPOC's entries fired (e.g. 80)"),
                    .option(
                        "--device", \.device, valueName: "NAME",
                        help:
                            "The device in every event's context, by slug or Simulator name ('iPhone 15'; default "
                            + "\(DeviceProfile.standard.name); trackctl devices lists them)"
                    ),
                    .option(
                        "--locale", \.locale, valueName: "TAG", help: "context.locale, a BCP 47 tag (default en-US)"),
                    .option(
                        "--timezone", \.timezone, valueName: "NAME",
                        help: "context.timezone, an IANA time zone (default UTC)")
                ]
                + RunFlags.behaviourDeclarations(\.run)
        }

        mutating func validate() throws(UsageError) {
            try run.validate(
                howToName: "trackctl replay SCRIPT --config PATH/TO/SPOC",
                otherInputs: scripts + (expect.map { [$0] } ?? []))
            if let coverage, coverage.format == .json, coverage.file == nil, run.sinks.contains(.stdout) {
                throw UsageError(
                    message:
                        "'--coverage json' writes to stdout, where the events go; write the report to a file with "
                        + "'--coverage json:FILE', or the events with '--sink file:PATH' (or '--sink null')"
                )
            }
        }
    }

    static let name = "replay"
    static let abstract = "Replay scripted navigation through UIKit's lifecycle and emit tracking events as JSON lines."
    static let discussion = """
        EXIT CODES: 0 replayed (also when the reader of stdout closes it early, and with warnings unless \
        --strict), 1 a step that cannot run, a failed expect or golden mismatch, a sink that failed, SPOC \
        validation errors, an event the tracking plan refuses (--plan), a warning under --strict, coverage below \
        --min-coverage, or an event an HTTP sink dead-lettered, \
        2 usage error or unreadable or malformed input (a tracking plan with invalid-plan findings too), 130/143 \
        stopped by SIGINT/SIGTERM (lines whole, files synced, \
        the HTTP queue given 5 s, the rest dead-lettered).

        STEPS: \(ScriptParser.stepUsages)

        VARIATION (each on its own line; blocks nest): choose W ... or W ... end (weighted arms); \
        maybe P% ... end; repeat N ... end or repeat A..B ... end; wait A..B (a uniform duration). \
        Draws come from --seed, in script order; --trace shows each one.

        TYPED VALUES: a value written unquoted as a number or true/false (quantity=2) is a JSON number or boolean \
        in a property whose whole value is that one template ({arg.quantity}); quoted ("2") it stays text.

        SEVERAL SCRIPTS run as one install of the app: one clock, one anonymousId. A script that starts with \
        'launch' relaunches the app (killed first: pending timers dropped, running screen-time stopwatches \
        silent, 'once' starting over); one that does not continues where the previous one stopped. \
        --coverage counts over all of them.
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        terminal.writeErr(SinkSpec.appendNotes(options.run.sinks))
        var replay = ReplayRun.Options(
            scripts: options.scripts, config: options.run.configFile, catalogs: options.run.inputs.catalogFiles)
        do { try options.run.apply(to: &replay) } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        replay.expectFile = options.expect
        replay.seed = options.seed
        replay.user = options.user ?? 0
        replay.clock = options.clock.milliseconds
        if let device = options.device { replay.device = device.profile }
        if let locale = options.locale { replay.locale = locale.text }
        if let timezone = options.timezone { replay.timezone = timezone.text }
        replay.expectIgnore = options.expectIgnore
        var coverage: CoverageReport?
        var collectors: [HTTPSink] = []
        let http = options.run.httpOptions(seed: options.seed, terminal: terminal)
        // SIGINT and SIGTERM stop the replay between two steps, so that file sinks are synced
        // and the HTTP queue is given its 5 s (SPEC §6.1).
        Platform.catchStopSignals()
        // The sinks are opened (a `file:` sink creates its file) only once every input is checked.
        var planErrors = 0
        let progress = options.progress.line("replay", terminal: terminal)
        var scriptLines: [String: Int] = [:]
        let outcome = ReplayRun.run(
            replay,
            warn: { warning in
                // A plan's finding comes as a warning of the run with its own severity.
                if warning.severity == .error { planErrors += 1 }
                progress?.clear()
                terminal.writeErr(warning.description + "\n")
            }, covered: { coverage = $0 },
            stepped: progress.map { line in
                { file, number, events in
                    // A script's length is counted once, when its first step is shown.
                    let total =
                        scriptLines[file]
                        ?? {
                            let count = Self.lineCount(of: file); scriptLines[file] = count; return count
                        }()
                    line.update(
                        "\(file) line \(ProgressLine.grouped(number))"
                            + (total > 0 ? " of \(ProgressLine.grouped(total))" : ""),
                        fraction: total > 0 ? Double(number) / Double(total) : nil, items: events, itemUnit: "events")
                }
            }
        ) {
            () throws(SinkError) -> EventSink in
            try SinkSpec.makeSinks(
                options.run.sinks, http: http, standardOutput: terminal.outputDescriptor,
                opened: { collectors.append($0) })
        }
        progress?.clear()
        var exit = exitCode(outcome, command: name, terminal).reportingDelivery(of: collectors, terminal)
        if planErrors > 0, exit == .success {
            terminal.writeErr(
                "\(replay.plan ?? "the tracking plan"): \(plural(planErrors, "event error")) (above); the events "
                    + "were emitted as they were\n"
            )
            exit = .findings
        }
        guard let coverage else { return exit }
        let coverageExit = report(coverage, options, terminal)
        return coverageExit.rawValue > exit.rawValue && exit.rawValue < 128 ? coverageExit : exit
    }

    /// How many lines a script file has (0 for stdin or one that cannot be read): a `repeat`
    /// runs its lines again, so the share done is the line reached of these.
    private static func lineCount(of file: String) -> Int {
        guard file != "-", let data = FileManager.default.contents(atPath: file) else { return 0 }
        return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Writes the coverage report where `--coverage` asks, and checks `--min-coverage`.
    private static func report(_ coverage: CoverageReport, _ options: Options, _ terminal: Terminal) -> ExitCode {
        if let output = options.coverage {
            let text = output.format == .json ? coverage.json : coverage.text
            if let file = output.file {
                do { try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
                    terminal.writeErr(
                        "\(file): error: the coverage report cannot be written (\(error.localizedDescription))\n")
                    return .usage
                }
            } else if output.format == .json {
                if !terminal.writeOut(text) {
                    terminal.writeErr("error: the coverage report could not be written to stdout\n"); return .usage
                }
            } else {
                terminal.writeErr(text)
            }
        }
        if let minimum = options.minCoverage, !coverage.meets(minimum: minimum.value) {
            terminal.writeErr(
                "error: coverage \(coverage.percentText)% (\(coverage.fired) of \(coverage.total) SPOC entries "
                    + "fired) is below --min-coverage \(minimum.text)%"
                    + (options.coverage == nil ? "; add --coverage to see which never fired" : "") + "\n")
            return .findings
        }
        return .success
    }

    /// The exit code of a run's outcome, its message written on stderr (replay and simulate).
    static func exitCode(_ outcome: ReplayRun.Outcome, command: String, _ terminal: Terminal) -> ExitCode {
        switch outcome {
        case .completed, .outputClosed:
            return .success
        case .invalidConfig(let report):
            terminal.writeErr(TextRenderer().render(report))
            terminal.writeErr(
                "replay refused: \(refusal(report)); fix "
                    + "\(report.findings.filter { $0.severity == .error }.count == 1 ? "it" : "them") first (trackctl "
                    + "validate)\n"
            )
            return .findings
        case .failed(let error, _):
            terminal.writeErr(error.description + "\n")
            return .findings
        case .goldenMismatch(let difference, _):
            terminal.writeErr(difference + "\n")
            return .findings
        case .unreadable(let error):
            terminal.writeErr(error.description + "\n")
            return .usage
        case .invalidPlan(let findings):
            terminal.writeErr(PlanFindingRenderer.render(findings, as: .text))
            terminal.writeErr(
                "\(command) refused: the tracking plan has \(plural(findings.count, "error")); fix them first "
                    + "(trackctl plan check)\n"
            )
            return .usage
        case .sinkFailed(let message, _):
            terminal.writeErr("error: \(message)\n")
            return .findings
        case .outputUnavailable(let message):
            terminal.writeErr("error: \(message)\n")
            return .usage
        case .interrupted(let signal, let events):
            let name = signal == Platform.terminateSignal ? "SIGTERM" : "SIGINT"
            terminal.writeErr(
                "\(command) stopped by \(name) after \(plural(events, "event")); every line written is whole\n")
            return signal == Platform.terminateSignal ? .terminated : .interrupted
        }
    }
}

/// "spoc.json has 2 errors", or "catalog.json has 12 errors and spoc.json 1": each file with
/// its own count, in report order, so a user opens the file the errors are in.
func refusal(_ report: ValidationReport) -> String {
    var files: [(file: String, errors: Int)] = []
    for finding in report.findings where finding.severity == .error {
        if let index = files.firstIndex(where: { $0.file == finding.location.file }) {
            files[index].errors += 1
        } else {
            files.append((finding.location.file, 1))
        }
    }
    let counts = files.enumerated().map { index, entry in
        index == 0 ? "\(entry.file) has \(plural(entry.errors, "error"))" : "\(entry.file) \(entry.errors)"
    }
    if counts.count <= 1 { return counts.first ?? "the SPOC has errors" }
    return counts.dropLast().joined(separator: ", ") + " and " + (counts.last ?? "")
}

extension ExitCode {
    /// Each HTTP collector's delivery summary on stderr, and exit 1 when anything was
    /// dead-lettered or lost (a stop's own code wins).
    func reportingDelivery(of collectors: [HTTPSink], _ terminal: Terminal) -> ExitCode {
        var exit = self
        for collector in collectors {
            let report = collector.report
            terminal.writeErr(report.summary + "\n")
            if report.deadLettered + report.lost > 0, exit == .success { exit = .findings }
        }
        return exit
    }
}
