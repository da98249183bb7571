import Foundation
import TrackctlModel
import TrackctlPlan
import TrackctlSourceScan

/// The `replay` pipeline as one function: load catalog and config, validate, install the
/// hooks, check every script step, then run the steps through the runtime into the sink.
public enum ReplayRun {
    public struct Options: Sendable {
        public var scripts: [String]
        public var config: String
        public var catalogs: [String]
        /// `--source`: the app's sources, scanned into the catalog.
        public var sources: SourceScanner.Options?
        /// Gives `anonymousId` and every `messageId`.
        public var seed: UInt64 = 1
        /// `--user`: replay as user N of `simulate --seed` (SPEC §12): that user's ids and draws,
        /// and N for `{user}`. User 0's seed is `seed` itself.
        public var user = 0
        /// Start of the virtual clock, in milliseconds since the epoch.
        public var clock: Int64 = Timestamp.defaultStart
        public var trace = false
        /// A golden JSON-lines file to compare the output with.
        public var expectFile: String?
        /// `--strict`: a replay warning (an event dropped for an empty name, an empty script)
        /// stops the replay at its line, as an error does. The SPOC's own warnings never refuse
        /// a replay (`validate --strict` is where they fail CI): the replay then shows the
        /// step where a warned-of entry really misbehaves.
        public var strict = false
        /// The device every event's context describes (`--device`).
        public var device = DeviceProfile.standard
        /// `--app`; else the SPOC's `options.app`; else `AppProfile.standard`.
        public var app: AppProfile?
        public var locale = "en-US"
        public var timezone = "UTC"
        /// `--expect-ignore`: key paths the golden comparison skips (`messageId`, `context.app`).
        public var expectIgnore: [String] = []
        /// `--plan`: the tracking plan every emitted event is checked against (SPEC §14).
        public var plan: String?

        public init(scripts: [String], config: String, catalogs: [String]) {
            self.scripts = scripts
            self.config = config
            self.catalogs = catalogs
        }
    }

    /// How a replay ended.
    public enum Outcome: Sendable {
        /// Every step ran; `events` lines were emitted.
        case completed(events: Int)
        /// The reader closed the output (`| head`); a quiet, successful end.
        case outputClosed(events: Int)
        /// The SPOC or catalog has validation errors: nothing was replayed.
        case invalidConfig(ValidationReport)
        /// A step could not be parsed, checked or run, or an expectation failed (exit 1).
        case failed(ScriptError, events: Int)
        /// The output differs from the `--expect` file (exit 1).
        case goldenMismatch(String, events: Int)
        /// An input could not be read (exit 2).
        case unreadable(DocumentError)
        /// The tracking plan has `invalid-plan` or `unsupported-keyword` findings (exit 2):
        /// nothing was replayed.
        case invalidPlan([PlanFinding])
        /// A sink failed (exit 1): a write error; the other sinks got every event.
        case sinkFailed(String, events: Int)
        /// An output could not be opened (exit 2); nothing was replayed.
        case outputUnavailable(String)
        /// SIGINT or SIGTERM stopped the replay between two steps (exit 128 + the signal); the
        /// sinks were flushed and closed.
        case interrupted(signal: Int32, events: Int)
    }

    public static func run(
        _ options: Options, sink: EventSink, warn: @escaping (ScriptError) -> Void = { _ in },
        prepare: (AppRuntime) -> Void = { _ in }, covered: (CoverageReport) -> Void = { _ in }
    ) -> Outcome {
        run(options, warn: warn, prepare: prepare, covered: covered) { () throws(SinkError) -> EventSink in sink }
    }

    /// The same, with the sink made by `makeSink` only once every input has been read and
    /// checked: a refused replay creates no output file. `warn` receives each replay warning
    /// as it happens (never under `strict`, where it is the error that stops the replay).
    /// `prepare` receives the runtime before the first step (to register lifecycle actions);
    /// `covered` the plan's coverage once the steps ran, also when one stopped the replay.
    public static func run(
        _ options: Options, warn: @escaping (ScriptError) -> Void = { _ in },
        prepare: (AppRuntime) -> Void = { _ in }, covered: (CoverageReport) -> Void = { _ in },
        stepped: ((_ file: String, _ line: Int, _ events: Int) -> Void)? = nil,
        makeSink: () throws(SinkError) -> EventSink
    ) -> Outcome {
        let prepared: Prepared
        switch Self.prepare(
            config: options.config, catalogs: options.catalogs, sources: options.sources, scripts: options.scripts,
            strict: options.strict, plan: options.plan, warn: warn)
        {
        case .ready(let ready): prepared = ready
        case .refused(let outcome): return outcome
        }
        let (validation, sources, hasExpectations) = (prepared.validation, prepared.sources, prepared.hasExpectations)

        // 3. Run, into outputs opened only now.
        let golden: GoldenComparator?
        do {
            golden = try options.expectFile.map { path throws(DocumentError) in
                try GoldenComparator(path: path, ignoring: options.expectIgnore)
            }
        } catch {
            return .unreadable(error)
        }
        let sink: EventSink
        do { sink = try makeSink() } catch {
            if case .failed(let message) = error { return .outputUnavailable(message) }
            return .outputClosed(events: 0)
        }
        let expectations = hasExpectations ? ExpectationChecker() : nil
        let environment = EventEnvironment(
            app: options.app ?? validation.spoc.options.app ?? .standard, device: options.device,
            locale: options.locale, timezone: options.timezone)
        let seed = UserSeeds.seed(of: options.user, base: options.seed)
        let planCheck = prepared.trackingPlan.map { plan in
            PlanEventCheck(plan: plan, spoc: validation.spoc, scripts: options.scripts) { error, _ in warn(error) }
        }
        let emitter = EventEmitter(
            sink: sink, seed: seed, environment: environment,
            eventObserver: expectations.map { checker in { checker.record($0) } },
            lineObserver: golden.map { comparator in { comparator.compare($0) } })
        if let planCheck { emitter.callObserver = { planCheck.check($0) } }
        let runtime = AppRuntime(plan: prepared.plan, emitter: emitter, clock: options.clock, trace: options.trace)
        runtime.strict = options.strict
        runtime.warn = warn
        runtime.random = UserRandom(seed: seed)
        runtime.user = options.user
        prepare(runtime)
        var runner = ScriptNodeRunner(runtime: runtime, expectations: expectations)
        var stop: ReplayStop?
        do throws(ReplayStop) {
            for source in sources {
                runner.startScript(source.file, several: sources.count > 1)
                try source.forEachNode(
                    step: { step, line throws(ReplayStop) in
                        try runner.run(step, line: line)
                        stepped?(source.file, line, emitter.count)
                    },
                    block: { block throws(ReplayStop) in try runner.run(block) })
            }
        } catch {
            stop = error
        }
        covered(CoverageReport(spoc: validation.spoc, coverage: runtime.coverage, scripts: sources.map(\.file)))
        stop = close(sink, after: stop)
        if let stop { return outcome(of: stop, events: emitter.count) }
        if let golden {
            golden.finish()
            if let malformed = golden.malformed { return .unreadable(malformed) }
            if let difference = golden.firstDifference { return .goldenMismatch(difference, events: emitter.count) }
        }
        return .completed(events: emitter.count)
    }

    /// What a replay and a simulation read and check before the first event: the catalog and
    /// the SPOC, validated as `validate` would; the hooks; every step of every script.
    struct Prepared {
        let validation: ValidationRun.Result
        let plan: SPOCHooks
        let sources: [ScriptSource]
        let hasExpectations: Bool
        /// `--plan`, read and compiled.
        let trackingPlan: TrackingPlan?
    }

    enum Preparation {
        case ready(Prepared)
        /// Nothing can run: why, as the run's outcome.
        case refused(Outcome)
    }

    static func prepare(
        config: String, catalogs: [String], sources scan: SourceScanner.Options?, scripts: [String], strict: Bool,
        plan planPath: String?,
        warn: (ScriptError) -> Void
    ) -> Preparation {
        // 1. Catalog and config, validated as `validate` would.
        let validation: ValidationRun.Result
        do {
            validation = try ValidationRun.run(
                config: config, catalogs: catalogs, sources: scan, policy: DiagnosticPolicy())
        } catch {
            return .refused(.unreadable(error))
        }
        if validation.report.hasErrors { return .refused(.invalidConfig(validation.report)) }
        let catalog = validation.catalog
        var trackingPlan: TrackingPlan?
        if let planPath {
            do {
                let loaded = try TrackingPlan.load(path: planPath)
                guard let plan = loaded.plan else { return .refused(.invalidPlan(loaded.findings)) }
                trackingPlan = plan
            } catch {
                return .refused(.unreadable(error))
            }
        }

        // 2. The hooks, then every step checked before the first event.
        let plan = SPOCHooks(validation.spoc, catalog: catalog)
        let sources: [ScriptSource]
        do {
            sources = try scripts.map { path throws(DocumentError) in try ScriptSource(path: path) }
        } catch {
            return .refused(.unreadable(error))
        }
        var checker = ScriptChecker(catalog: catalog)
        var hasExpectations = false
        for source in sources {
            let hasSteps: Bool
            do throws(ReplayStop) {
                let found = try checker.check(source, report: warn)
                hasSteps = found.hasSteps
                hasExpectations = hasExpectations || found.hasExpectations
            } catch {
                return .refused(outcome(of: error, events: 0))
            }
            if !hasSteps {
                // Almost always a wrong file or a script still to write: say so rather than
                // succeed silently.
                let empty = ScriptError(
                    file: source.file, line: 1,
                    message: "the script has no steps (only blank lines and comments): nothing is replayed",
                    severity: strict ? .error : .warning)
                if strict { return .refused(.failed(empty, events: 0)) }
                warn(empty)
            }
        }
        return .ready(
            Prepared(
                validation: validation, plan: plan, sources: sources, hasExpectations: hasExpectations,
                trackingPlan: trackingPlan))
    }

    /// Flushes and closes the sink whatever stopped the run, so lines already written stay
    /// complete — close even when the flush failed, so a file is synced and closed. Returns what
    /// stopped the run, or the sink's own failure.
    static func close(_ sink: EventSink, after stop: ReplayStop?) -> ReplayStop? {
        var stop = stop
        if stop.map({ if case .outputClosed = $0 { return false } else { return true } }) ?? true {
            var endError: SinkError?
            if sink.capabilities.contains(.flush) || sink.capabilities.contains(.batching) {
                do { try sink.flush() } catch { endError = error }
            }
            if sink.capabilities.contains(.close) {
                do { try sink.close() } catch { endError = endError ?? error }
            }
            if let endError {
                if case .closed = endError {
                    stop = stop ?? .outputClosed
                } else if stop == nil, case .failed(let message) = endError {
                    stop = .sink(message)
                }
            }
        }
        return stop
    }

    static func outcome(of stop: ReplayStop, events: Int) -> Outcome {
        switch stop {
        case .document(let error): return .unreadable(error)
        case .script(let error): return .failed(error, events: events)
        case .outputClosed: return .outputClosed(events: events)
        case .sink(let message): return .sinkFailed(message, events: events)
        case .interrupted(let signal): return .interrupted(signal: signal, events: events)
        }
    }
}
