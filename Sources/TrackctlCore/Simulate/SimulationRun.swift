import TrackctlModel
import TrackctlSourceScan

/// How far a simulation is: users run of the shard's, events made (for a progress line); paced
/// (`--realtime`), the virtual time reached, the window, and how far behind the output ran.
public struct SimulationProgress: Sendable {
    public var users: Int
    public var of: Int
    public var events: Int
    /// The timestamp of the last line handed on, when paced.
    public var virtualTime: Int64?
    /// The users' start window, [start, start + span).
    public var window: Range<Int64>?
    /// With `--realtime`: the lag so far, in all (milliseconds).
    public var lagMilliseconds = 0
}

/// The `simulate` pipeline (SPEC §12): read and check everything as `replay` does, hold the
/// scripts in memory, then run them once per user of the shard — each user a fresh install
/// with its own ids, random stream, start time and device — into the sinks, in user order or
/// merged by time.
public enum SimulationRun {
    public enum Order: String, Sendable, CaseIterable {
        /// Users one after another: the same inputs give the same bytes, and shards concatenate.
        case user
        /// Every user's events merged by timestamp, ties by user index.
        case time
    }

    public struct Options: Sendable {
        public var scripts: [String]
        public var config: String
        public var catalogs: [String]
        public var sources: SourceScanner.Options?
        public var population: Population
        public var shard = Shard.whole
        public var order = Order.user
        /// `--realtime`: virtual seconds written per wall second (time order only); nil: as fast
        /// as the sinks take them.
        public var realtime: Double?
        /// What `--order time` holds in memory before it spills users' events to a temporary
        /// file (`TimeOrderMerge`); tests make it small.
        public var timeOrderMemoryBudget = 64 << 20
        public var trace = false
        public var strict = false
        /// `--app`; else the SPOC's `options.app`; else `AppProfile.standard`.
        public var app: AppProfile?
        /// `--plan`: the tracking plan every event is checked against; each distinct finding is
        /// said once, and counted.
        public var plan: String?

        public init(scripts: [String], config: String, catalogs: [String], population: Population) {
            self.scripts = scripts
            self.config = config
            self.catalogs = catalogs
            self.population = population
        }
    }

    /// Runs the simulation. `warn` receives each distinct replay warning once; `summarize`, when
    /// given, the summary once every user ran. The sink is made only once every input is checked.
    public static func run(
        _ options: Options, warn: @escaping (ScriptError) -> Void = { _ in },
        summarize: ((SimulationSummary) -> Void)? = nil,
        progress: ((SimulationProgress) -> Void)? = nil,
        lagged: ((_ milliseconds: Int) -> Void)? = nil,
        makeSink: () throws(SinkError) -> EventSink
    ) -> ReplayRun.Outcome {
        // A warning met by every user is said once.
        var warned = Set<String>()
        let warnOnce: (ScriptError) -> Void = { warning in
            if warned.insert(warning.description).inserted { warn(warning) }
        }
        let prepared: ReplayRun.Prepared
        switch ReplayRun.prepare(
            config: options.config, catalogs: options.catalogs, sources: options.sources, scripts: options.scripts,
            strict: options.strict, plan: options.plan, warn: warnOnce)
        {
        case .ready(let ready): prepared = ready
        case .refused(let outcome): return outcome
        }
        var programs: [[ScriptNode]] = []
        do {
            for source in prepared.sources { programs.append(try source.program()) }
        } catch {
            return ReplayRun.outcome(of: error, events: 0)
        }
        for warning in scriptWarnings(prepared.sources, programs, users: options.population.count) { warnOnce(warning) }

        let madeSink: EventSink
        do { madeSink = try makeSink() } catch {
            if case .failed(let message) = error { return .outputUnavailable(message) }
            return .outputClosed(events: 0)
        }
        let order = options.realtime != nil ? Order.time : options.order
        let pacing = options.realtime.map { RealtimePacing(madeSink, speed: $0) }
        let sink: EventSink = pacing ?? madeSink
        if order == .time, sink.capabilities.contains(.events) {
            _ = ReplayRun.close(sink, after: nil)
            return .outputUnavailable("--order time writes lines only; this sink reads events as values")
        }
        let forwarding = order == .time ? ForwardingSink(to: NullSink()) : nil
        // In time order lines wait in the merge: what reached the sinks is counted apart, so a
        // stop says how many were made but never written (review 2026-11-27, simulate #4).
        let written = order == .time ? LineCounter(sink) : nil
        let users = UserRunner(
            options: options, prepared: prepared, programs: programs, sink: forwarding ?? sink, warn: warnOnce,
            counting: summarize != nil)
        let range = options.shard.users(of: options.population.total)
        var stop: ReplayStop?
        /// Users whose scripts started: what a summary after a stop counts — the user a stop cut
        /// off included, as its sessions and events are (review 2026-11-27 newcomer #16).
        var started = 0
        if let pacing, let progress {
            let window = options.population.start..<(options.population.start + options.population.span)
            pacing.onProgress = { virtual, lines, yielded in
                progress(
                    SimulationProgress(
                        users: started, of: range.count, events: lines, virtualTime: virtual, window: window,
                        lagMilliseconds: Int(yielded / 1_000_000)))
            }
        }
        do throws(ReplayStop) {
            if let forwarding, let written {
                // Time order (both are made exactly then).
                try TimeOrderMerge.run(
                    range, of: options.population, into: written, memoryBudget: options.timeOrderMemoryBudget
                ) {
                    user, buffer throws(ReplayStop) in
                    forwarding.target = buffer
                    started += 1
                    try users.run(user)
                    if pacing == nil {
                        progress?(SimulationProgress(users: started, of: range.count, events: users.events))
                    }
                }
            } else {
                for position in range {
                    started += 1
                    try users.run(options.population.user(at: position))
                    progress?(SimulationProgress(users: started, of: range.count, events: users.events))
                }
            }
        } catch {
            stop = error
        }
        stop = ReplayRun.close(sink, after: stop)
        // The summary is given after a stop too (a signal, a reader that went away): of what ran
        // (review D10).
        if let summarize, let tally = users.tally, let scriptTally = users.scriptTally {
            let (screens, tracks) = (tally.screens, tally.tracks)
            let byKind = tally.byKind.filter { $0.key != .trace }
            // Warm-up users are spread among the window's in user order, and start before it: the
            // first to run in time order.
            let population = options.population
            let warmupInRange =
                population.warmups(before: range.upperBound) - population.warmups(before: range.lowerBound)
            let ran = stop == nil ? range.count : started
            let warmupRan =
                options.order == .time
                ? min(ran, warmupInRange)
                : population.warmups(before: range.lowerBound + ran) - population.warmups(before: range.lowerBound)
            var summary = SimulationSummary(
                users: stop == nil ? range.count : started, sessions: users.sessions,
                events: byKind.values.reduce(0, +),
                byType: Dictionary(uniqueKeysWithValues: byKind.map { ($0.key.rawValue, $0.value) }),
                byName: tracks.merging(screens, uniquingKeysWith: +), screens: screens, tracks: tracks,
                choices: SimulationSummary.choices(of: programs, scriptTally),
                repeats: SimulationSummary.repeats(of: programs, scriptTally),
                waits: SimulationSummary.waits(of: scriptTally), planFindings: users.planCheck?.tally)
            summary.warmupUsers = warmupRan
            if stop != nil, let written { summary.unwrittenAtStop = max(0, users.events - written.count) }
            summary.realtimeLagMilliseconds = Int((pacing?.yielded ?? 0) / 1_000_000)
            summarize(summary)
        }
        if let pacing, let lagged { lagged(Int(pacing.yielded / 1_000_000)) }
        if let stop { return ReplayRun.outcome(of: stop, events: written?.count ?? users.events) }
        return .completed(events: users.events)
    }

    /// What in the scripts runs but is probably not what was meant:
    /// - `identify` with a fixed user id would give every simulated user the same `userId`: the
    ///   warning says how to give each its own (`{user}`, the user's index);
    /// - a `choose` whose weights are written in `%` but do not total 100: arms are drawn in
    ///   proportion, so `60%` and `60%` are each taken half the time, not 60%.
    private static func scriptWarnings(_ sources: [ScriptSource], _ programs: [[ScriptNode]], users: Int)
        -> [ScriptError]
    {
        var warnings: [ScriptError] = []
        func visit(_ nodes: [ScriptNode], _ file: String) {
            for node in nodes {
                switch node {
                case .step(let step, let line):
                    if users > 1, case .identify(let userID, _) = step.action,
                        !userID.contains(AppRuntime.userPlaceholder)
                    {
                        warnings.append(
                            ScriptError(
                                file: file, line: line, column: step.column,
                                message:
                                    "every simulated user is identified as '\(userID)'; write 'identify "
                                    + "\(userID)-{user}' to give each user its own userId",
                                severity: .warning))
                    }
                case .block(let block):
                    if let warning = percentWeightsWarning(block) { warnings.append(warning) }
                    for arm in block.arms { visit(arm, file) }
                }
            }
        }
        for (source, program) in zip(sources, programs) { visit(program, source.file) }
        return warnings
    }

    private static func percentWeightsWarning(_ block: ScriptBlock) -> ScriptError? {
        guard block.weightsInPercent, case .choose(let weights) = block.kind else { return nil }
        let total = weights.reduce(0, +)
        guard abs(total - 100) > 1e-9 else { return nil }
        let first = weights[0]
        func number(_ value: Double) -> String { JSONNumber.format((value * 10).rounded() / 10) }
        return ScriptError(
            file: block.file, line: block.line, column: block.column,
            message:
                "the weights of this 'choose' are written in % but total \(number(total))%: each arm is taken in "
                + "proportion to its weight "
                + "(a \(number(first))% arm here is taken \(number(first / total * 100))% of the time); make them "
                + "total 100",
            severity: .warning)
    }

    /// Runs the scripts as each user in turn on one runtime, made another install for every
    /// user (`AppRuntime.startInstall`): what the runtime resolved once per class and label stays
    /// warm, and nothing is allocated per user but the user's own state. One simulation, one
    /// thread.
    private final class UserRunner {
        let options: Options
        let prepared: ReplayRun.Prepared
        let programs: [[ScriptNode]]
        let app: AppProfile
        /// The environment of each (device, time zone, locale) met so far, with the first bytes
        /// of its context: a handful, made once each.
        private var environments: [Int: (environment: EventEnvironment, contextStart: [UInt8])] = [:]
        let tally: EventTally?
        let scriptTally: ScriptTally?
        let emitter: EventEmitter
        let runtime: AppRuntime
        let expectations: ExpectationChecker?
        /// `--plan`'s check of every emitted line.
        let planCheck: PlanEventCheck?
        private(set) var sessions = 0
        var events: Int { emitter.count }

        init(
            options: Options, prepared: ReplayRun.Prepared, programs: [[ScriptNode]], sink: EventSink,
            warn: @escaping (ScriptError) -> Void, counting: Bool
        ) {
            self.options = options
            self.prepared = prepared
            self.programs = programs
            app = options.app ?? prepared.validation.spoc.options.app ?? .standard
            tally = counting ? EventTally(symbols: prepared.plan.symbols) : nil
            scriptTally = counting ? ScriptTally(programs: programs) : nil
            let expectations = prepared.hasExpectations ? ExpectationChecker() : nil
            self.expectations = expectations
            let planCheck = prepared.trackingPlan.map { plan in
                PlanEventCheck(plan: plan, spoc: prepared.validation.spoc, scripts: options.scripts) { error, _ in
                    warn(error)
                }
            }
            self.planCheck = planCheck
            emitter = EventEmitter(
                sink: sink, seed: options.population.seed,
                eventObserver: expectations.map { checker in { checker.record($0) } })
            if let planCheck { emitter.callObserver = { planCheck.check($0) } }
            emitter.counter = tally
            if options.population.warmupCount > 0 { emitter.notBefore = options.population.start }
            runtime = AppRuntime(
                plan: prepared.plan, emitter: emitter, clock: options.population.start, trace: options.trace)
            runtime.strict = options.strict
            runtime.warn = warn
        }

        /// The environment of `user`: its device, time zone and locale.
        private func environment(of user: Population.User) -> (environment: EventEnvironment, contextStart: [UInt8]) {
            let population = options.population
            let key =
                (user.device * population.timezones.count + user.timezone) * population.locales.count + user.locale
            if let known = environments[key] { return known }
            let environment = EventEnvironment(
                app: app, device: population.devices[user.device].device, locale: options.locale(of: user),
                timezone: options.timezone(of: user))
            let made = (environment, EventEncoder.contextStart(of: environment))
            environments[key] = made
            return made
        }

        func run(_ user: Population.User) throws(ReplayStop) {
            var runner = ScriptNodeRunner(runtime: runtime, expectations: expectations)
            runner.tally = scriptTally
            defer { sessions += runner.sessions.count }
            do throws(ReplayStop) {
                let (environment, contextStart) = environment(of: user)
                try runtime.startInstall(
                    user: user.index, seed: user.seed, clock: user.start, environment: environment,
                    contextStart: contextStart)
                for (source, program) in zip(prepared.sources, programs) {
                    runner.startScript(source.file, several: programs.count > 1)
                    try runner.run(program)
                }
            } catch {
                guard case .script(var failure) = error else { throw error }
                // Which user, and how to see that user's events alone.
                let device = options.population.devices[user.device].device.name
                failure.message +=
                    " (simulated user \(user.index); its events alone: "
                    + "\(options.replayCommand(user: user, device: device)))"
                throw .script(failure)
            }
        }
    }

    /// Hands each event to the sink of the user running now: `--order time` runs each user
    /// into its own buffer, through one emitter.
    /// Counts the lines handed on to `target` (the merge's output in time order).
    private final class LineCounter: EventSink {
        let capabilities: SinkCapabilities
        let target: EventSink
        private(set) var count = 0

        init(_ target: EventSink) {
            self.target = target
            capabilities = target.capabilities
        }

        func receive(_ line: EventLine, event: Event?) throws(SinkError) {
            try target.receive(line, event: event)
            count += 1
        }

        func flush() throws(SinkError) { try target.flush() }
        func close() throws(SinkError) { try target.close() }
    }

    private final class ForwardingSink: EventSink {
        let capabilities: SinkCapabilities = []
        var target: EventSink

        init(to target: EventSink) {
            self.target = target
        }

        func receive(_ line: EventLine, event: Event?) throws(SinkError) {
            try target.receive(line, event: event)
        }
    }
}

extension SimulationRun.Options {
    /// `user`'s time zone, drawn from the population's.
    func timezone(of user: Population.User) -> String { population.timezones[user.timezone].name }

    /// `user`'s locale, drawn from the population's.
    func locale(of user: Population.User) -> String { population.locales[user.locale].name }

    /// The `trackctl replay` command that gives one user's events alone, ready to paste
    /// (review D9): the scripts, the plan and its catalogs, the user's seed, index, start and device.
    func replayCommand(user: Population.User, device: String) -> String {
        var words = ["trackctl", "replay"] + scripts + ["--config", config]
        for catalog in catalogs { words += ["--catalog", catalog] }
        if let scan = sources { words += ["--source"] + scan.paths }
        words += [
            "--seed", String(population.seed), "--user", String(user.index), "--clock", Timestamp.string(user.start),
            "--device", device
        ]
        if timezone(of: user) != "UTC" { words += ["--timezone", timezone(of: user)] }
        if locale(of: user) != "en-US" { words += ["--locale", locale(of: user)] }
        return words.map(SimulationRun.Options.shellWord).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "_./:=@%+-,".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
