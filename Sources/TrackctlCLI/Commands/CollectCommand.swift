import TrackctlCore

/// `trackctl collect`: a local Segment-compatible collector for a debug build or a UI test
/// (SPEC §13).
enum CollectCommand: Command {
    struct Options: ParsableOptions {
        var port: BoundedInteger?
        var host = "127.0.0.1"
        var output: String?
        var writeKey: String?
        var config: String?
        var inputs = CatalogInputs()
        var maxEvents: BoundedInteger?
        var idleTimeout: BoundedInteger?
        var failEvery: BoundedInteger?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .option("--port", \.port, valueName: "N", help: "Port to listen on (default 8088; 0 takes a free one and prints it first on stderr)"),
                .option("--host", \.host, valueName: "ADDR", help: "Address to listen on (default 127.0.0.1; any other is reachable from the network: a warning says so)"),
                .option("--output", \.output, valueName: "FILE", help: "Write each call received as a JSON line to FILE instead of stdout"),
                .option("--write-key", \.writeKey, valueName: "KEY", help: "Answer 401 to requests without this write key (HTTP Basic user name or the body's writeKey)"),
                .option("--config", \.config, valueName: "SPOC", help: "The tracking plan: a call it cannot produce is bad, with the reason"),
            ]
            + CatalogInputs.declarations(\.inputs)
            + [
                .option("--max-events", \.maxEvents, valueName: "N", help: "Calls kept for the query API, the newest (default 1000000; the output keeps all)"),
                .option("--idle-timeout", \.idleTimeout, valueName: "SECONDS", help: "Drop a client that sends nothing for this long (default 30)"),
                .option("--fail-every", \.failEvery, valueName: "N", help: "Answer 503 to every N-th tracking request and record nothing of it: to test a client's retries"),
            ]
        }

        mutating func validate() throws(UsageError) {
            try inputs.validate()
            if config == nil, !inputs.catalogs.isEmpty || !inputs.sources.isEmpty {
                throw UsageError(message: "'--catalog' and '--source' check the tracking plan's classes; add --config SPOC")
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
        32 KB) or, with --config, when the tracking plan cannot produce it.
        Query API for UI tests: GET /collect/all, GET /collect/good and /collect/bad (filters: type, event, name, \
        userId, anonymousId, messageId, limit), POST /collect/reset.
        Answers: 200 {"success":true}; 400 for malformed JSON, a body over 500 KB or more than 2500 calls \
        (nothing of it recorded); 401 without the write key; 415 for a compressed body.
        SIGINT or SIGTERM: the requests in progress are answered, the output flushed, a summary printed.

        EXIT CODES: 0 stopped by a signal; 2 usage error, a plan with errors, or a port that cannot be listened on.

        EXAMPLE: trackctl collect --port 8088 --output collected.jsonl --config Config/analytics.plist
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        var collectorOptions = SegmentCollector.Options(writeKey: options.writeKey, failEvery: options.failEvery?.value ?? 0)
        if let config = options.config {
            let result: ValidationRun.Result
            do {
                result = try ValidationRun.run(config: config, catalogs: options.inputs.catalogFiles, sources: options.inputs.sourceScan,
                                               policy: DiagnosticPolicy(strict: false))
            } catch {
                terminal.writeErr(error.description + "\n")
                return .usage
            }
            ProcessLifetime.keepUntilExit(result)
            guard !result.report.hasErrors else {
                terminal.writeErr(TextRenderer().render(result.report))
                terminal.writeErr("trackctl collect: the tracking plan \(config) has errors (above); fix them first, 'trackctl validate' says the same\n")
                return .usage
            }
            collectorOptions.checkAgainst(result.spoc)
        }
        let output: Int32
        if let path = options.output {
            output = Platform.open(path, Platform.truncateCreateWriteOnly)
            guard output >= 0 else {
                terminal.writeErr("trackctl collect: \(path): cannot be written: \(Platform.lastErrorMessage)\n")
                return .usage
            }
        } else {
            output = 1
        }
        Platform.ignoreBrokenPipeSignal()
        Platform.catchStopSignals()
        let store = CollectorStore(output: output, maximumKept: options.maxEvents?.value ?? 1_000_000)
        let server: CollectorServer
        do {
            server = try CollectorServer(host: options.host, port: UInt16(options.port?.value ?? 8088),
                                         collector: SegmentCollector(options: collectorOptions, store: store),
                                         idleSeconds: options.idleTimeout?.value ?? 30, shouldStop: { Platform.stopRequest != 0 })
        } catch {
            terminal.writeErr("trackctl collect: cannot listen on \(options.host):\(options.port?.value ?? 8088): \(error.message)\n")
            return .usage
        }
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        terminal.writeErr("trackctl collect: listening on http://\(host):\(server.port)\n")
        if !Platform.isLoopback(options.host) {
            terminal.writeErr("trackctl collect: warning: \(options.host) is not a loopback address: anyone on that network can post calls here\n")
        }
        server.run()
        if options.output != nil { _ = Platform.close(output) }
        let summary = store.summary
        terminal.writeErr("trackctl collect: stopped; \(summary.calls.total) calls received (\(summary.calls.good) good, \(summary.calls.bad) bad) "
                          + "in \(summary.requests) requests, \(summary.refused) refused"
                          + (summary.outputFailed ? "; the output could not be written, those requests were answered 503" : "") + "\n")
        return .success
    }
}
