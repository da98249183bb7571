import Foundation
import TrackctlCore
import TrackctlModel

/// `trackctl simulate SCRIPT... --users N`: the scripts run as many users would (SPEC §12).
enum SimulateCommand: Command {
    struct Options: ParsableOptions {
        var scripts: [String] = []
        var users: Int?
        var rate: ArrivalRate?
        var arrivals = ArrivalsSpec(kind: .uniform)
        var warmup: Span?
        var realtime: RealtimeSpeed?
        var seed: UInt64 = 1
        var shard: ShardSpec?
        var shards: Int?
        var start: ClockStart = .fixed(Timestamp.defaultStart)
        var span: Span = Span(milliseconds: 86_400_000)
        var order: OrderName?
        var summary: SummaryFormat?
        var progress = ProgressFlags()
        var run = RunFlags()
        var devices: [WeightedDeviceName] = []
        var timezones: [WeightedTimeZone] = []
        var locales: [WeightedLocale] = []

        private static var rate: ArgumentDeclaration<Self> {
            .option(
                "--rate", \.rate, valueName: "N/s|N/min|N/h",
                help: "Users arriving per unit of time instead of a count: --users becomes the rate times --span")
        }

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "SCRIPT", \.scripts, required: true,
                    help:
                        "Replay scripts, text or JSON, run in order by every user; choose, maybe, repeat and wait "
                        + "A..B vary them"
                ),
                .option(
                    "--users", \.users, in: 1...Population.mostUsers, valueName: "N",
                    help:
                        "How many users start within --span: each one install with its own ids, random stream, "
                        + "start time and device (or --rate)"
                ).required(or: Self.rate),
                Self.rate.alternative(),
                .option(
                    "--arrivals", \.arrivals, valueName: "SHAPE",
                    help:
                        "uniform (default): each start drawn on its own over the span; diurnal: by the hour of each "
                        + "user's local day, with morning and evening peaks; diurnal:FILE: 24 weights of your own"
                ),
                .option(
                    "--warmup", \.warmup, valueName: "DURATION",
                    help:
                        "Also run users who start that long before --start, at the same density, writing only their "
                        + "events from --start on: a steady state from the first minute"
                ),
                .option(
                    "--seed", \.seed, valueName: "N",
                    help: "Seed of every user's ids and draws (default 1); user 0's are those of 'replay --seed N'"),
                .option(
                    "--shard", \.shard, valueName: "I/N",
                    help:
                        "Run only shard I of N (1-based): users [(I-1)*U/N, I*U/N); the N outputs concatenated are "
                        + "the whole run's"
                ),
                .option(
                    "--shards", \.shards, in: 1...Shard.mostShards, valueName: "N",
                    help:
                        "Run shard $JOB_COMPLETION_INDEX+1 of N: the index a Kubernetes Indexed Job gives each pod "
                        + "(0-based), read without a shell"
                ),
                .option(
                    "--start", \.start, valueName: "TIME",
                    help: "Earliest start, ISO 8601 (default 2026-01-01T00:00:00Z) or 'now'"),
                .option(
                    "--span", \.span, valueName: "DURATION",
                    help:
                        "Users start within this span after --start, in real hours (default 1d; ms, s, m, h, d); "
                        + "their events may run on after it"
                ),
                .option(
                    "--order", \.order, valueName: "ORDER",
                    help:
                        "user (default): each user's events in turn, byte-deterministic; time: all merged by "
                        + "timestamp, in bounded memory"
                ),
                .optionalValue(
                    "--realtime", \.realtime, valueName: "SPEED", implied: "1",
                    help:
                        "Pace the events to their timestamps (implies --order time): 1 the wall clock, 60 a virtual "
                        + "minute each second; a sink that holds back slows the clock, nothing is dropped",
                    accepts: RealtimeSpeed.accepts),
                .optionalValue(
                    "--summary", \.summary, valueName: "FORMAT", implied: "text",
                    help:
                        "After the events, on stderr: users, sessions, events by type and name, screens, each "
                        + "choice's share beside its weight; text (default) or json (one line, the last)",
                    accepts: { SummaryFormat.Format(rawValue: $0) != nil })
            ] + ProgressFlags.declarations(\.progress)
                + RunFlags.inputDeclarations(\.run)
                + [
                    .repeatable(
                        "--device", \.devices, valueName: "NAME[:WEIGHT]",
                        help:
                            "A device users are drawn on, with its relative weight (default 1); repeat for a mix "
                            + "(default \(DeviceProfile.standard.name))"
                    ),
                    .repeatable(
                        "--timezone", \.timezones, valueName: "NAME[:WEIGHT]",
                        help:
                            "An IANA time zone users live in (context.timezone, and their local day for diurnal "
                            + "arrivals); repeat for a mix (default UTC)"
                    ),
                    .repeatable(
                        "--locale", \.locales, valueName: "TAG[:WEIGHT]",
                        help: "A BCP 47 locale users are drawn with (context.locale); repeat for a mix (default en-US)")
                ]
                + RunFlags.behaviourDeclarations(\.run)
        }

        mutating func validate() throws(UsageError) {
            // `--summary json` (a space, not '='): the format reads as a script (review 2026-11-27).
            if summary != nil,
                let word = scripts.first(where: {
                    !$0.contains(".") && !$0.contains("/") && !FileManager.default.fileExists(atPath: $0)
                })
            {
                throw UsageError(
                    message:
                        "'\(word)' is not a script; --summary takes its format after '=': --summary=text or "
                        + "--summary=json"
                )
            }
            try run.validate(
                howToName: "trackctl simulate SCRIPT --users N --config PATH/TO/SPOC", otherInputs: scripts)
            if users != nil, rate != nil {
                throw UsageError(
                    message:
                        "give either '--users N' or '--rate N/s' (which makes the count: rate times --span), not both")
            }
            if let rate, rate.users(over: span.milliseconds) < 1 {
                throw UsageError(
                    message:
                        "'--rate' gives no user over a --span of \(TimeSpan(milliseconds: span.milliseconds)); "
                        + "raise the rate or the span"
                )
            }
            // Review 2026-11-27 (simulate #5): a start near year 9999 left no room, and every
            // event came out at the last writable millisecond. A year's room is kept after the span.
            if start.milliseconds + span.milliseconds > Timestamp.writable.upperBound - 365 * 86_400_000 {
                throw UsageError(
                    message:
                        "'--start' plus '--span' reach past 9998-12-31: timestamps end at 9999-12-31T23:59:59.999Z, "
                        + "and the users' events need room after their starts; choose an earlier --start")
            }
            guard users != nil || rate != nil else {
                throw UsageError(
                    message:
                        "'--users N' is required: how many users to simulate, from 1 to \(Population.mostUsers) (or "
                        + "'--rate N/s')"
                )
            }
            if realtime != nil, let order, order.order == .user {
                throw UsageError(
                    message: "'--realtime' paces events in time order; it cannot be given with '--order user'")
            }
            if shard != nil, shards != nil {
                throw UsageError(
                    message:
                        "give either '--shard I/N' or '--shards N' (the index from $JOB_COMPLETION_INDEX), not both")
            }
        }

        /// The users, as the options describe them.
        func population(arrivals: Population.Arrivals) -> Population {
            Population(
                count: users ?? rate?.users(over: span.milliseconds) ?? 0, seed: seed, start: start.milliseconds,
                span: span.milliseconds,
                devices: devices.isEmpty ? [Population.WeightedDevice(.standard)] : devices.map(\.weighted),
                arrivals: arrivals, warmup: warmup?.milliseconds ?? 0,
                timezones: timezones.isEmpty ? [Population.WeightedName("UTC")] : timezones.map(\.weighted),
                locales: locales.isEmpty ? [Population.WeightedName("en-US")] : locales.map(\.weighted))
        }

        /// The shard to run: `--shard`, or `--shards` with the index from the environment.
        func resolvedShard() throws(UsageError) -> Shard {
            if let shard { return shard.shard }
            guard let shards else { return .whole }
            let variable = "JOB_COMPLETION_INDEX"
            guard let text = Platform.environment(variable) else {
                throw UsageError(
                    message:
                        "'--shards \(shards)' takes the shard from $\(variable), which is not set; outside a "
                        + "Kubernetes Indexed Job write '--shard I/\(shards)'"
                )
            }
            guard let index = Int(text), let shard = Shard(index: index + 1, count: shards) else {
                throw UsageError(
                    message:
                        "$\(variable) is '\(Spelling.quote(text))'; with '--shards \(shards)' it must be a whole "
                        + "number from 0 to \(shards - 1)"
                )
            }
            return shard
        }
    }

    static let name = "simulate"
    static let abstract =
        "Run the scripts as many users would: own ids, random draws, start times and devices; sharded."
    static let discussion = """
        Every user runs the scripts in order, as 'replay' would for that user: its seed, start time and device \
        derive from --seed and its index alone, so a user's events are the same in any shard and adding users \
        changes no one else's. An 'identify' user id may hold {user}, the user's index.

        SHARDS: --shard I/N runs users [floor((I-1)*U/N), floor(I*U/N)). With --order user the N outputs, \
        concatenated in shard order, are byte for byte the unsharded output; with --order time, 'trackctl merge' \
        of the N outputs is the unsharded stream. In a Kubernetes Indexed Job, --shards N reads the pod's index \
        from $JOB_COMPLETION_INDEX.

        SESSIONS: one per launch, and one per foreground after at least 30 minutes in the background.

        EXIT CODES: 0 simulated (also when the reader of stdout closes it early), 1 a step that cannot run for \
        some user (the message names the user and how to replay it), a failed expect, a sink that failed, SPOC \
        validation errors, an event the tracking plan refuses (--plan), a warning under --strict, or an event an HTTP \
        sink dead-lettered, 2 usage error or \
        unreadable or malformed input, 130/143 stopped by SIGINT/SIGTERM.

        EXAMPLE: trackctl simulate Fixtures/scripts/journey.trackscript --users 100000 --seed 7 --sink null --summary
        """

    /// The status line: users run of the shard's; paced, the virtual time against the window
    /// (the wall clock is the line's elapsed time) and the lag so far.
    private static func show(_ progress: SimulationProgress, on line: ProgressLine) {
        guard let virtual = progress.virtualTime, let window = progress.window else {
            return line.update(done: progress.users, of: progress.of, unit: "users", events: progress.events)
        }
        let span = Double(window.upperBound - window.lowerBound)
        line.update(
            "virtual \(Timestamp.string(virtual)) · \(ProgressLine.grouped(progress.users)) of "
                + "\(ProgressLine.grouped(progress.of)) users started"
                + " · lag \(String(format: "%.1f", Double(progress.lagMilliseconds) / 1000))s",
            fraction: span > 0 ? Double(virtual - window.lowerBound) / span : nil, items: progress.events,
            itemUnit: "events")
    }

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        terminal.writeErr(SinkSpec.appendNotes(options.run.sinks))
        let shard: Shard
        do { shard = try options.resolvedShard() } catch {
            TrackctlCommandLine.report(error, usage: shortUsage, help: "trackctl help simulate", terminal: terminal)
            return .usage
        }
        let arrivals: Population.Arrivals
        do { arrivals = try options.arrivals.arrivals() } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        let population = options.population(arrivals: arrivals)
        var simulation = SimulationRun.Options(
            scripts: options.scripts, config: options.run.configFile, catalogs: options.run.inputs.catalogFiles,
            population: population)
        do { try options.run.apply(to: &simulation) } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        simulation.shard = shard
        simulation.order = options.realtime != nil ? .time : (options.order?.order ?? .user)
        simulation.realtime = options.realtime?.speed
        var collectors: [HTTPSink] = []
        let http = options.run.httpOptions(seed: options.seed, terminal: terminal)
        Platform.catchStopSignals()
        var summary: SimulationSummary?
        var planErrors = 0
        var lagMilliseconds = 0
        let progressLine = options.progress.line("simulate", terminal: terminal)
        let outcome = SimulationRun.run(
            simulation,
            warn: { warning in
                // A plan's finding (each distinct one said once) comes with its own severity.
                if warning.severity == .error { planErrors += 1 }
                progressLine?.clear()
                terminal.writeErr(warning.description + "\n")
            },
            summarize: options.summary.map { _ in { summary = $0 } },
            progress: progressLine.map { line in { Self.show($0, on: line) } },
            lagged: { lagMilliseconds = $0 }
        ) { () throws(SinkError) -> EventSink in
            let sink = try SinkSpec.makeSinks(
                options.run.sinks, http: http, standardOutput: terminal.outputDescriptor,
                opened: { collectors.append($0) })
            // Paced into a pipe, a reader slower than the pace is seen once the pipe is full: the
            // 1 MiB stdout asks for to go fast hides about 3,000 lines of lag (review 2026-11-27,
            // simulate #3); 16 KiB hides a few dozen.
            if options.realtime != nil { Platform.limitPipeBuffer(1, to: 16 << 10) }
            return sink
        }
        progressLine?.clear()
        var exit = ReplayCommand.exitCode(outcome, command: name, terminal).reportingDelivery(of: collectors, terminal)
        if planErrors > 0, exit == .success {
            terminal.writeErr(
                "\(simulation.plan ?? "the tracking plan"): \(plural(planErrors, "distinct event error")) (above); "
                    + "the events were emitted as they were\n"
            )
            exit = .findings
        }
        if lagMilliseconds >= 1000 {
            terminal.writeErr("trackctl simulate: warning: " + SimulationSummary.lagText(lagMilliseconds) + "\n")
        }
        // The summary comes last: its JSON form is the last line of stderr (SPEC §12).
        if let summary, let format = options.summary?.format {
            terminal.writeErr(format == .json ? summary.json : summary.text)
        }
        return exit
    }
}
