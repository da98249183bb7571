import Foundation
import TrackctlCore

/// `trackctl replay SCRIPT... [--config FILE] [--catalog FILE]... [--source PATH...] [--sink SPEC]... [--seed N]
/// [--clock ISO8601|now] [--trace] [--expect FILE.jsonl]`
enum ReplayCommand: Command {
    struct Options: ParsableOptions {
        var scripts: [String] = []
        var config: String?
        var inputs = CatalogInputs()
        var sinks: [SinkSpec] = []
        var seed: UInt64 = 1
        var user: BoundedInteger?
        var clock: ClockStart = .fixed(Timestamp.defaultStart)
        var trace = false
        var expect: String?
        var strict = false
        var coverage: CoverageOutput?
        var minCoverage: Percent?
        var device: DeviceName?
        var app: AppProfile?
        var locale: LocaleTag?
        var timezone: TimeZoneName?
        var expectIgnore: [String] = []
        var http = HTTPFlags()

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "SCRIPT", \.scripts, required: true,
                    help: "Replay script, text (.trackscript) or JSON; several run as one install of the app; '-' reads stdin"),
                .option("--config", \.config, valueName: "FILE", help: "SPOC file (default: \(Defaults.config))")
            ]
                + CatalogInputs.declarations(\.inputs)
                + [
                    .repeatable(
                        "--sink", \.sinks, valueName: "SPEC",
                        help:
                            "Where events go: stdout (default), stderr, file:PATH, http://HOST:PORT/PATH (a collector, in Segment batches), null; repeat to fan out"
                    ),
                    .option("--seed", \.seed, valueName: "N", help: "Seed of messageId and anonymousId (default 1); same seed, same bytes"),
                    .option("--user", \.user, valueName: "N", help: "Replay as user N of 'simulate --seed' (default 0): its ids and draws, and N for {user}"),
                    .option(
                        "--clock", \.clock, valueName: "TIME", help: "Start of the virtual clock, ISO 8601 such as 2026-01-01T00:00:00Z (default), or 'now'"),
                    .flag("--trace", \.trace, help: "Also emit every lifecycle callback and call as \"type\":\"trace\" lines."),
                    .option("--expect", \.expect, valueName: "FILE", help: "Compare the events with a golden JSON-lines file; show the first difference."),
                    .flag(
                        "--strict", \.strict,
                        help: "Treat replay warnings (an event dropped for an empty name, an empty script) as errors that stop the replay."),
                    .optionalValue(
                        "--coverage", \.coverage, valueName: "FORMAT", implied: "text",
                        help:
                            "After the replay, how often each SPOC entry fired over all the scripts: text (default, on stderr), json (on stdout, when no sink uses it), or text:FILE / json:FILE",
                        accepts: CoverageOutput.accepts),
                    .option(
                        "--min-coverage", \.minCoverage, valueName: "PERCENT", help: "Exit 1 when fewer than PERCENT of the SPOC's entries fired (e.g. 80)"),
                    .option(
                        "--device", \.device, valueName: "NAME",
                        help:
                            "The device in every event's context, by slug or Simulator name ('iPhone 15'; default \(DeviceProfile.standard.name); trackctl devices lists them)"
                    ),
                    .option(
                        "--app", \.app, valueName: "NAME@VERSION(BUILD)",
                        help: "The app in every event's context, such as 'Shop@2.3(45)' (default: the SPOC's options.app, else Demo@1.0(1))"),
                    .option("--locale", \.locale, valueName: "TAG", help: "context.locale, a BCP 47 tag (default en-US)"),
                    .option("--timezone", \.timezone, valueName: "NAME", help: "context.timezone, an IANA time zone (default UTC)"),
                    .repeatable(
                        "--expect-ignore", \.expectIgnore, valueName: "KEY_PATH",
                        help: "With --expect, skip this key path and its subtree (messageId, context.app.version, properties.*.id); repeatable")
                ]
                + HTTPFlags.declarations(\.http)
        }

        mutating func validate() throws(UsageError) {
            try inputs.validate()
            try Defaults.checkConfig(config, howToName: "trackctl replay SCRIPT --config PATH/TO/SPOC")
            if sinks.isEmpty { sinks = [.stdout] }
            if let coverage, coverage.format == .json, coverage.file == nil, sinks.contains(.stdout) {
                throw UsageError(
                    message:
                        "'--coverage json' writes to stdout, where the events go; write the report to a file with '--coverage json:FILE', or the events with '--sink file:PATH' (or '--sink null')"
                )
            }
            try SinkSpec.check(sinks, http: http, inputs: scripts + [config ?? Defaults.config] + inputs.catalogs + (expect.map { [$0] } ?? []))
        }
    }

    static let name = "replay"
    static let abstract = "Replay scripted navigation through UIKit's lifecycle and emit tracking events as JSON lines."
    static let discussion = """
        EXIT CODES: 0 replayed (also when the reader of stdout closes it early, and with warnings unless \
        --strict), 1 a step that cannot run, a failed expect or golden mismatch, a sink that failed, SPOC \
        validation errors, a warning under --strict, coverage below --min-coverage, or an event an HTTP sink dead-lettered, \
        2 usage error or unreadable or malformed input, 130/143 stopped by SIGINT/SIGTERM (lines whole, files synced, \
        the HTTP queue given 5 s, the rest dead-lettered).

        STEPS: launch CLASS [in navigation] | launch tabs CLASS...; push CLASS [instant]; pop [to-root | to CLASS] [instant];
        present CLASS [as STYLE] [in navigation] [instant]; dismiss [instant]; swipe-back cancel|complete;
        swipe-down cancel|complete; tab N|CLASS; call [CLASS] SELECTOR [keyword=value...]; select-row S R;
        set KEY=VALUE; wait 2.5s|300ms|1m|4h|1d; background; foreground; embed CLASS; unembed CLASS;
        page CLASS [forward|reverse] [instant]; identify USERID [trait=value...]; reset;
        expect [no] screen|track "NAME" [key=value...]; expect [no] identify USERID [trait=value...]

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
        terminal.writeErr(SinkSpec.appendNotes(options.sinks))
        var replay = ReplayRun.Options(
            scripts: options.scripts, config: options.config ?? Defaults.config,
            catalogs: options.inputs.catalogFiles)
        replay.sources = options.inputs.sourceScan
        replay.trace = options.trace
        replay.expectFile = options.expect
        replay.seed = options.seed
        replay.user = options.user?.value ?? 0
        replay.clock = options.clock.milliseconds
        replay.strict = options.strict
        if let device = options.device { replay.device = device.profile }
        replay.app = options.app
        if let locale = options.locale { replay.locale = locale.text }
        if let timezone = options.timezone { replay.timezone = timezone.text }
        replay.expectIgnore = options.expectIgnore
        var coverage: CoverageReport?
        var collectors: [HTTPSink] = []
        var http = options.http.options(seed: options.seed, writeKey: Platform.environment("TRACKCTL_WRITE_KEY"))
        let errors = LockedErrorOutput(terminal)
        http.notices = { errors.write("note: \($0)\n") }
        // SIGINT and SIGTERM stop the replay between two steps, so that file sinks are synced
        // and the HTTP queue is given its 5 s (SPEC §6.1).
        Platform.catchStopSignals()
        // The sinks are opened (a `file:` sink creates its file) only once every input is checked.
        let outcome = ReplayRun.run(replay, warn: { terminal.writeErr($0.description + "\n") }, covered: { coverage = $0 }) {
            () throws(SinkError) -> EventSink in
            try SinkSpec.makeSinks(options.sinks, http: http, opened: { collectors.append($0) })
        }
        let exit = exitCode(outcome, command: name, terminal).reportingDelivery(of: collectors, terminal)
        guard let coverage else { return exit }
        let coverageExit = report(coverage, options, terminal)
        return coverageExit.rawValue > exit.rawValue && exit.rawValue < 128 ? coverageExit : exit
    }

    /// Writes the coverage report where `--coverage` asks, and checks `--min-coverage`.
    private static func report(_ coverage: CoverageReport, _ options: Options, _ terminal: Terminal) -> ExitCode {
        if let output = options.coverage {
            let text = output.format == .json ? coverage.json : coverage.text
            if let file = output.file {
                do { try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
                    terminal.writeErr("\(file): error: the coverage report cannot be written (\(error.localizedDescription))\n")
                    return .usage
                }
            } else if output.format == .json {
                if !terminal.writeOut(text) { terminal.writeErr("error: the coverage report could not be written to stdout\n"); return .usage }
            } else {
                terminal.writeErr(text)
            }
        }
        if let minimum = options.minCoverage, !coverage.meets(minimum: minimum.value) {
            terminal.writeErr(
                "error: coverage \(coverage.percentText)% (\(coverage.fired) of \(coverage.total) SPOC entries fired) is below --min-coverage \(minimum.text)%"
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
                "replay refused: \(refusal(report)); fix \(report.findings.filter { $0.severity == .error }.count == 1 ? "it" : "them") first (trackctl validate)\n"
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
        case .sinkFailed(let message, _):
            terminal.writeErr("error: \(message)\n")
            return .findings
        case .outputUnavailable(let message):
            terminal.writeErr("error: \(message)\n")
            return .usage
        case .interrupted(let signal, let events):
            let name = signal == Platform.terminateSignal ? "SIGTERM" : "SIGINT"
            terminal.writeErr("\(command) stopped by \(name) after \(plural(events, "event")); every line written is whole\n")
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
    return counts.dropLast().joined(separator: ", ") + " and " + counts.last!
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

extension SinkSpec {
    /// What the sinks of a run must satisfy: HTTP flags only with an HTTP sink, standard
    /// input read once, and no file sink onto an input (it would read its own output back: a
    /// script growing as it runs).
    static func check(_ sinks: [SinkSpec], http: HTTPFlags, inputs inputFiles: [String]) throws(UsageError) {
        if http.isSet, !sinks.contains(where: { if case .http = $0 { return true } else { return false } }) {
            throw UsageError(message: "the HTTP flags (--batch-events, --retries, --header, …) need an HTTP sink: add --sink http://HOST:PORT/PATH")
        }
        try StandardInput.checkUsedOnce(inputFiles)
        // Stdout closed when trackctl started (`>&-`) and no other sink keeps the events: every
        // one would be lost without a word (another sink still gets them all).
        let keeping = sinks.filter { spec in
            switch spec {
            case .stdout: return !Platform.standardDescriptorsClosedAtStart.contains(1)
            case .stderr: return !Platform.standardDescriptorsClosedAtStart.contains(2)
            case .null: return false
            default: return true
            }
        }
        if keeping.isEmpty, sinks.contains(where: { if case .stdout = $0 { return true } else { return false } }) {
            throw UsageError(message: "stdout is closed, and the events go there: every one would be lost; write them with --sink file:PATH")
        }
        for case .file(let path) in sinks {
            guard let identity = Platform.identity(ofPath: path) else { continue }
            if let input = inputFiles.first(where: { $0 != "-" && Platform.identity(ofPath: $0) == identity }) {
                throw UsageError(message: "'--sink file:\(path)' would write into the input '\(input)'; write the events to another file")
            }
        }
    }
}

extension SinkSpec {
    /// What `file:` sinks append to: a note for each file that already has lines (running a
    /// replay twice into one file doubles its calls, and `diff` would then find them extra).
    static func appendNotes(_ sinks: [SinkSpec]) -> String {
        var notes = ""
        for case .file(let path) in sinks {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue, size > 0 else { continue }
            notes += "note: --sink file:\(path) appends to what the file holds (\(size) bytes); remove it first to start afresh\n"
        }
        return notes
    }
}

extension SinkSpec: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        do { self = try SinkSpec(parsing: text) } catch {
            if case .failed(let message) = error { throw UsageError(message: message) }
            throw UsageError(message: "unknown sink '\(Spelling.quote(text))'")
        }
    }
}

/// `--clock`: a fixed start, or the wall clock's `now`.
enum ClockStart: ArgumentValue {
    case fixed(Int64)
    case now

    init(argument text: String, for name: String) throws(UsageError) {
        if text == "now" { self = .now; return }
        guard let value = Timestamp.parse(text) else {
            throw UsageError(message: "'\(name)' needs an ISO 8601 UTC time such as 2026-01-01T00:00:00Z, or 'now'; not '\(Spelling.quote(text))'")
        }
        self = .fixed(value)
    }

    /// Milliseconds since the Unix epoch; `now` reads the wall clock, only when asked to.
    var milliseconds: Int64 {
        switch self {
        case .fixed(let value): return value
        case .now: return Int64(Date().timeIntervalSince1970 * 1000)
        }
    }
}

/// `--coverage`: text or JSON, on the standard stream or into a file (`json:FILE`).
struct CoverageOutput: ArgumentValue {
    enum Format: String { case text, json }
    var format: Format
    var file: String?

    /// What `--coverage` takes as its value rather than as a script: a format, or a format
    /// and a file.
    static func accepts(_ text: String) -> Bool {
        Format(rawValue: text) != nil || text.hasPrefix("text:") || text.hasPrefix("json:")
    }

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0])) else {
            throw UsageError(message: "'\(name)' takes text, json, text:FILE or json:FILE; not '\(Spelling.quote(text))'")
        }
        self.format = format
        if parts.count == 2 {
            guard !parts[1].isEmpty else { throw UsageError(message: "'\(name) \(format.rawValue):' needs a file name after the colon") }
            file = String(parts[1])
        }
    }
}

/// `--min-coverage`: a percentage from 0 to 100, `%` allowed.
struct Percent: ArgumentValue {
    var value: Double
    /// As given, without a `%`.
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number), (0...100).contains(value) else {
            throw UsageError(message: "'\(name)' needs a percentage from 0 to 100, such as 80; not '\(Spelling.quote(text))'")
        }
        self.value = value
        self.text = number
    }
}

/// `--device`: a built-in profile, by slug or by the name the Simulator shows.
struct DeviceName: ArgumentValue {
    var profile: DeviceProfile

    init(argument text: String, for name: String) throws(UsageError) {
        guard let profile = DeviceProfile.named(text) else {
            let names = DeviceProfile.all.map(\.name)
            let suggestion = Spelling.didYouMean(text, among: names + DeviceProfile.all.map(\.marketingName))
            throw UsageError(
                message: "unknown device '\(Spelling.quote(text))'" + suggestion
                    + " ('trackctl devices' lists \(names.joined(separator: ", ")), or their Simulator names)")
        }
        self.profile = profile
    }
}

extension AppProfile: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        guard let app = AppProfile(parsing: text) else {
            throw UsageError(message: "'\(name)' needs NAME@VERSION(BUILD), such as 'Shop@2.3(45)'; not '\(Spelling.quote(text))'")
        }
        self = app
    }
}

/// `--locale`: a BCP 47 language tag such as `en-US` or `zh-Hant-TW`.
struct LocaleTag: ArgumentValue {
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed =
            (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard wellFormed else {
            throw UsageError(message: "'\(name)' needs a language tag such as en-US or fr-CA; not '\(Spelling.quote(text))'")
        }
        self.text = text
    }
}

/// `--timezone`: an IANA time zone name the system knows (`Europe/Paris`, `UTC`).
struct TimeZoneName: ArgumentValue {
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        guard TimeZone(identifier: text) != nil, !text.isEmpty else {
            throw UsageError(message: "'\(name)' needs an IANA time zone such as UTC or Europe/Paris; not '\(Spelling.quote(text))'")
        }
        self.text = text
    }
}
