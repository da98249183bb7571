import Foundation
import TrackctlCore

/// `trackctl replay SCRIPT... [--config FILE] [--catalog FILE]... [--sink SPEC]... [--seed N]
/// [--clock ISO8601|now] [--trace] [--expect FILE.jsonl]`
enum ReplayCommand: Command {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Replay scripted navigation through UIKit's lifecycle and emit tracking events as JSON lines.",
        positionals: [
            PositionalSpec(name: "SCRIPT", help: "Replay script, text (.trackscript) or JSON; several run as one session; '-' reads stdin", optional: false, variadic: true),
        ],
        options: [
            OptionSpec(name: "--config", valueName: "FILE", help: "SPOC file (default: \(Defaults.config))"),
            OptionSpec(name: "--catalog", valueName: "FILE", help: "Catalog of the app's classes; repeat to merge (default: \(Defaults.catalog) when it exists)", repeatable: true),
            OptionSpec(name: "--sink", valueName: "SPEC", help: "Where events go: stdout (default), stderr, file:PATH, null; repeat to fan out", repeatable: true),
            OptionSpec(name: "--seed", valueName: "N", help: "Seed of messageId and anonymousId (default 1); same seed, same bytes"),
            OptionSpec(name: "--clock", valueName: "TIME", help: "Start of the virtual clock, ISO 8601 such as 2026-01-01T00:00:00Z (default), or 'now'"),
            OptionSpec(name: "--trace", valueName: nil, help: "Also emit every lifecycle callback and call as \"type\":\"trace\" lines."),
            OptionSpec(name: "--expect", valueName: "FILE", help: "Compare the events with a golden JSON-lines file; show the first difference."),
        ],
        discussion: """
            EXIT CODES: 0 replayed (also when the reader of stdout closes it early), 1 a step that cannot \
            run, a failed expect or golden mismatch, or SPOC validation errors, 2 usage error or unreadable input.

            STEPS: launch CLASS [in navigation] | launch tabs CLASS...; push CLASS [instant]; pop [to-root | to CLASS] [instant];
            present CLASS [as STYLE] [in navigation] [instant]; dismiss [instant]; swipe-back cancel|complete;
            swipe-down cancel|complete; tab N|CLASS; call [CLASS] SELECTOR [keyword=value...]; select-row S R;
            set KEY=VALUE; wait 2.5s|300ms|1m; background; foreground; expect [no] screen|track "NAME" [key=value...]
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode {
        var options = ReplayRun.Options(scripts: arguments.positionals, config: arguments.value("--config") ?? Defaults.config,
                                        catalogs: Defaults.catalogs(arguments.all("--catalog")))
        options.trace = arguments.flag("--trace")
        options.expectFile = arguments.value("--expect")
        if let seed = arguments.value("--seed") {
            guard let value = UInt64(seed) else { throw UsageError(message: "'--seed' needs a whole number from 0, not '\(seed)'") }
            options.seed = value
        }
        if let clock = arguments.value("--clock") {
            if clock == "now" {
                options.clock = Int64(Date().timeIntervalSince1970 * 1000)
            } else {
                guard let value = Timestamp.parse(clock) else {
                    throw UsageError(message: "'--clock' needs an ISO 8601 UTC time such as 2026-01-01T00:00:00Z, or 'now'; not '\(clock)'")
                }
                options.clock = value
            }
        }
        let sink: EventSink
        do {
            let specs = try (arguments.all("--sink").isEmpty ? ["stdout"] : arguments.all("--sink")).map { text throws(SinkError) in try SinkSpec(parsing: text) }
            let sinks = try specs.map { spec throws(SinkError) in try spec.makeSink() }
            // One sink is used as it is: the multiplexer would cost a loop per event.
            sink = sinks.count == 1 ? sinks[0] : MultiplexSink(sinks)
        } catch {
            if case .failed(let message) = error { throw UsageError(message: message) }
            throw UsageError(message: "cannot open a sink")
        }

        switch ReplayRun.run(options, sink: sink) {
        case .completed, .outputClosed:
            return .success
        case .invalidConfig(let report):
            terminal.writeErr(TextRenderer().render(report))
            terminal.writeErr("replay refused: \(options.config) has \(plural(report.errorCount, "error")); fix them first (trackctl validate)\n")
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
            return .usage
        }
    }
}
