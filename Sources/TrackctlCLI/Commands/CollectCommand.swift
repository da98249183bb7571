import Foundation
import TrackctlCollector
import TrackctlCore
import TrackctlModel
import TrackctlPlan

/// `trackctl collect`: a local Segment-compatible collector for a debug build or a UI test
/// (SPEC §13).
enum CollectCommand: Command {
    struct Options: ParsableOptions {
        var port = 8088
        var host = "127.0.0.1"
        var output: String?
        var writeKey: String?
        var config: String?
        var plan: String?
        var inputs = CatalogInputs()
        var maxEvents = 1_000_000
        var idleTimeout = WholeSeconds(30)
        var requestTimeout = WholeSeconds(60)
        var maxConnections = 256
        var settingsAPIHost: String?
        var failEvery: Int?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .option(
                    "--port", \.port, in: 0...65535, valueName: "N",
                    help: "Port to listen on (default \(Self().port); 0 takes a free one and prints it first on stderr)"
                ),
                .option(
                    "--host", \.host, valueName: "ADDR",
                    help:
                        "Address to listen on (default \(Self().host); any other is reachable from the network: a "
                        + "warning says so)"
                ),
                .option(
                    "--output", \.output, valueName: "FILE",
                    help: "Append each call received as a JSON line to FILE instead of stdout"),
                .option(
                    "--write-key", \.writeKey, valueName: "KEY",
                    help:
                        "Answer 401 to requests without this write key (HTTP Basic user name or the body's "
                        + "writeKey)"),
                .option(
                    "--config", \.config, valueName: "SPOC",
                    help: "The SPOC: a call its labels cannot produce is bad, with the reason"),
                .option(
                    "--plan", \.plan, valueName: "FILE",
                    help:
                        "Tracking plan: a call it refuses is bad, each reason an object (default with --config: "
                        + "tracking-plan.json beside the SPOC)"
                )
            ]
                + CatalogInputs.declarations(\.inputs)
                + [
                    .option(
                        "--max-events", \.maxEvents, in: 1...10_000_000, valueName: "N",
                        help:
                            "Calls kept for the query API, the newest (default \(Self().maxEvents); the output "
                            + "keeps all)"
                    ),
                    .option(
                        "--idle-timeout", \.idleTimeout, valueName: "DURATION",
                        help:
                            "Drop a client that sends nothing, or reads none of its answer, for this long, 1s to 1h "
                            + "(default \(Self().idleTimeout.seconds)s)"
                    ),
                    .option(
                        "--request-timeout", \.requestTimeout, valueName: "DURATION",
                        help:
                            "Answer 408 to a request that has not arrived whole this long after its first byte, 1s "
                            + "to 1h (default \(Self().requestTimeout.seconds)s)"
                    ),
                    .option(
                        "--max-connections", \.maxConnections, in: 1...100_000, valueName: "N",
                        help:
                            "Clients served at once; the next are answered 503 and closed (default "
                            + "\(Self().maxConnections))"
                    ),
                    .option(
                        "--settings-api-host", \.settingsAPIHost, valueName: "HOST",
                        help:
                            "The apiHost the settings document names (default: the address the client used, as "
                            + "127.0.0.1:8088/v1)"
                    ),
                    .option(
                        "--fail-every", \.failEvery, in: 1...1_000_000, valueName: "N",
                        help:
                            "Answer 503 to every N-th tracking request and record nothing of it: to test a client's "
                            + "retries"
                    )
                ]
        }

        /// `--plan`, else with `--config` the `tracking-plan.json` beside the SPOC when it exists.
        var planFile: String? {
            plan ?? config.flatMap(TrackingPlan.conventionalFile(besideSPOC:))
        }

        mutating func validate() throws(UsageError) {
            try inputs.validate()
            if config == nil, !inputs.catalogs.isEmpty || !inputs.sources.isEmpty {
                throw UsageError(message: "'--catalog' and '--source' check the SPOC's classes; add --config SPOC")
            }
        }
    }

    static let name = "collect"
    static let abstract = "Receive what an app sends to Segment, locally: each call as a JSON line, good or bad."
    static let discussion = """
        Speaks Segment's tracking API: POST /v1/b (analytics-swift's uploads) and /v1/batch (batch context and \
        integrations merged into each call), POST /v1/track, /v1/screen, /v1/identify, /v1/page, /v1/group, /v1/alias, \
        and GET /v1/projects/KEY/settings, answered with the Segment destination pointing back here. Each call is \
        written as one JSON line (receivedAt added) before its request is answered.
        A call is bad when it is not a valid Segment call (type, event, userId or anonymousId, ISO-8601 times, \
        32 KB), with --config when the SPOC cannot produce it, with --plan when the tracking plan refuses it; \
        every reason is an object {rule, path, expected, actual, message}, and /collect/all counts them by rule.
        Query API for UI tests: GET /collect/all, GET /collect/good and /collect/bad (filters below, limit=N), \
        POST /collect/reset.
        Answers: 200 {"success":true}; errors as {"success":false,"code":"…","message":"…"}: 400 for malformed \
        JSON, a body over 500 KB or more than 2500 calls (nothing of it recorded); 401 without the write key \
        (the query API needs it too); 403 for a request from a web page (an Origin or Host that is not this \
        machine); 415 for a compressed body; 503 past --max-connections. The first refusal of each status is \
        said on stderr, the summary counts them all.
        Query filters are any dot path (properties.service=twitter); wait=S (at most 30) answers as soon as a \
        call matches.
        SIGINT or SIGTERM: the requests in progress get 5 s, the output is flushed, a summary printed; a second \
        signal exits at once.

        EXIT CODES: 0 stopped by a signal; 2 usage error, a plan with errors, or a port that cannot be listened on.

        EXAMPLE: trackctl collect --port 8088 --output collected.jsonl --config Config/analytics.plist
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        serve(options, terminal: terminal, signals: true, shouldStop: { Platform.stopRequest != 0 })
    }

    /// `collect` with its options, until `shouldStop`: with `signals`, as the process it is
    /// (SIGINT and SIGTERM stop it, a second one exits at once); without, embedded in a process
    /// that owns its signals (`EmbeddedCollector`).
    static func serve(
        _ options: Options, terminal: Terminal, signals: Bool, shouldStop: @escaping @Sendable () -> Bool
    ) -> ExitCode {
        var collectorOptions = SegmentCollector.Options(writeKey: options.writeKey, failEvery: options.failEvery ?? 0)
        if let config = options.config {
            let result: ValidationRun.Result
            do {
                result = try ValidationRun.run(
                    config: config, catalogs: options.inputs.catalogFiles, sources: try options.inputs.sourceScan(),
                    policy: DiagnosticPolicy(strict: false))
            } catch {
                terminal.writeErr(error.description + "\n")
                return .usage
            }
            ProcessLifetime.keepUntilExit(result)
            guard !result.report.hasErrors else {
                terminal.writeErr(TextRenderer().render(result.report))
                terminal.writeErr(
                    "trackctl collect: the SPOC \(config) has errors (above); fix them first, 'trackctl validate' "
                        + "says the same\n"
                )
                return .usage
            }
            collectorOptions.checkAgainst(result.spoc)
        }
        if let planFile = options.planFile {
            do {
                let loaded = try TrackingPlan.load(path: planFile)
                guard let plan = loaded.plan else {
                    terminal.writeErr(PlanFindingRenderer.render(loaded.findings, as: .text))
                    terminal.writeErr(
                        "trackctl collect: the tracking plan \(planFile) has errors (above); fix them first, "
                            + "'trackctl plan check' says the same\n"
                    )
                    return .usage
                }
                collectorOptions.trackingPlan = plan
            } catch {
                terminal.writeErr(error.description + "\n")
                return .usage
            }
        }
        let output: Int32
        if let path = options.output {
            // Appended to, as replay's `--sink file:` is: a second session never wipes the first.
            output = Platform.open(path, Platform.appendCreateWriteOnly)
            guard output >= 0 else {
                terminal.writeErr("trackctl collect: \(path): cannot be written: \(Platform.lastErrorMessage)\n")
                return .usage
            }
            if let size = Platform.fileSize(output), size > 0 {
                terminal.writeErr(
                    "note: --output \(path) appends to what the file holds (\(size) bytes); remove it first to "
                        + "start afresh\n"
                )
            }
        } else {
            output = 1
        }
        if signals {
            Platform.ignoreBrokenPipeSignal()
            Platform.catchStopSignals()
        }
        collectorOptions.host = options.host
        collectorOptions.settingsAPIHost = options.settingsAPIHost
        let errors = LockedErrorOutput(terminal)
        collectorOptions.notices = { text in errors.write("trackctl collect: \(text)\n") }
        let store = CollectorStore(output: output, maximumKept: options.maxEvents)
        store.isStopping = shouldStop
        let limits = CollectorServer.Limits(
            idleSeconds: options.idleTimeout.seconds, requestSeconds: options.requestTimeout.seconds,
            maximumConnections: options.maxConnections)
        let server: CollectorServer
        do throws(SocketError) {
            server = try CollectorServer(
                host: options.host, port: UInt16(options.port),
                collector: SegmentCollector(options: collectorOptions, store: store),
                limits: limits, shouldStop: shouldStop)
        } catch {
            let hint =
                error.message.lowercased().contains("in use")
                ? "; another program listens there: choose another --port, or --port 0 for any free one" : ""
            terminal.writeErr(
                "trackctl collect: cannot listen on \(options.host):\(options.port): \(error.message)\(hint)\n")
            return .usage
        }
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        terminal.writeErr("trackctl collect: listening on http://\(host):\(server.port)\n")
        if !Platform.isLoopback(options.host) {
            terminal.writeErr(
                "trackctl collect: warning: \(options.host) is not a loopback address: anyone on that network can "
                    + "post calls here "
                    + "and read them back through the query "
                    + "API\(options.writeKey == nil ? " (set --write-key to require a key)" : "")\n"
            )
        }
        // A second stop signal exits at once, whatever is in progress (the output has every
        // whole request written so far).
        if signals {
            let watchdog = Thread {
                while Platform.stopRequestCount < 2 {
                    _ = Platform.wait(-1, forWriting: false, timeoutMilliseconds: 100)
                }
                errors.write("trackctl collect: a second stop signal: exiting at once\n")
                Platform.exitProcess(130)
            }
            watchdog.start()
        }
        server.run()
        store.finish()
        if options.output != nil { _ = Platform.close(output) }
        let summary = store.summary
        let refused = summary.refused.reduce(0) { $0 + $1.count }
        let byStatus = summary.refused.map { "\($0.count) × \($0.status)" }.joined(separator: ", ")
        terminal.writeErr(
            "trackctl collect: stopped; \(summary.calls.total) calls received (\(summary.calls.good) good, "
                + "\(summary.calls.bad) bad) "
                + "in \(summary.requests) requests, \(refused) refused" + (byStatus.isEmpty ? "" : " (\(byStatus))")
                + (summary.outputFailed ? "; the output could not be written, those requests were answered 503" : "")
                + "\n")
        return .success
    }
}

/// `trackctl collect` inside another process — a test's, an embedder's: the command's own
/// options, setup, server and summary, stopped by `shouldStop` rather than by a signal, whose
/// flag belongs to the whole process (it would stop every other run in it).
package enum EmbeddedCollector {
    /// Runs until `shouldStop` answers true; the exit code `collect` would give.
    package static func run(
        _ arguments: [String], terminal: Terminal, shouldStop: @escaping @Sendable () -> Bool
    ) -> Int32 {
        do throws(UsageError) {
            guard
                let options = try ArgumentParser.parse(
                    arguments, commandName: "collect", as: CollectCommand.Options.self)
            else { return ExitCode.success.rawValue }
            return CollectCommand.serve(options, terminal: terminal, signals: false, shouldStop: shouldStop).rawValue
        } catch {
            terminal.writeErr("error: \(error.message)\n")
            return ExitCode.usage.rawValue
        }
    }
}
