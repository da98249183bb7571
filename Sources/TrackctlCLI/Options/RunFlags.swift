import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlPlan
import TrackctlSourceScan

/// The options `replay` and `simulate` share — the SPOC and where the classes come from, where
/// the events go, the trace, strictness, the context's app, locale and time zone, and the HTTP
/// sink's flags — declared once, so their names, help and checks cannot drift apart.
struct RunFlags {
    var config: String?
    var inputs = CatalogInputs()
    var sinks: [SinkSpec] = []
    var trace = false
    var strict = false
    var app: AppProfile?
    var http = HTTPFlags()
    var plan: String?

    /// `--config`, the catalog inputs and `--sink`: what a run reads and where its events go.
    static func inputDeclarations<Options>(_ path: WritableKeyPath<Options, RunFlags>) -> [ArgumentDeclaration<Options>]
    {
        [
            .option(
                "--config", path.appending(path: \.config), valueName: "FILE",
                help: "SPOC file (default: \(Defaults.config))"),
            .option(
                "--plan", path.appending(path: \.plan), valueName: "FILE",
                help:
                    "Tracking plan every event is checked against (default: tracking-plan.json beside the SPOC, "
                    + "when there is one)"
            )
        ]
            + CatalogInputs.declarations(path.appending(path: \.inputs))
            + [
                .repeatable(
                    "--sink", path.appending(path: \.sinks), valueName: "SPEC",
                    help:
                        "Where events go: stdout (default), stderr, file:PATH, http://HOST:PORT/PATH (a collector, "
                        + "in Segment batches), null; repeat to fan out"
                )
            ]
    }

    /// `--trace`, `--strict`, `--app`, then the HTTP flags.
    static func behaviourDeclarations<Options>(_ path: WritableKeyPath<Options, RunFlags>) -> [ArgumentDeclaration<
        Options
    >] {
        [
            .flag(
                "--trace", path.appending(path: \.trace),
                help: "Also emit every lifecycle callback, call and random draw as \"type\":\"trace\" lines"),
            .flag(
                "--strict", path.appending(path: \.strict),
                help:
                    "Treat replay warnings (an event dropped for an empty name, an empty script) as errors that "
                    + "stop the run"
            ),
            .option(
                "--app", path.appending(path: \.app), valueName: "NAME@VERSION(BUILD)",
                help:
                    "The app in every event's context, such as 'Shop@2.3(45)' (default: the SPOC's options.app, "
                    + "else Demo@1.0(1))"
            )
        ] + HTTPFlags.declarations(path.appending(path: \.http))
    }

    /// Checks the flags together: the catalog inputs, a default SPOC that exists, the sinks
    /// (stdout when none), and that no sink writes onto an input.
    mutating func validate(howToName: String, otherInputs: [String]) throws(UsageError) {
        try inputs.validate()
        try Defaults.checkConfig(config, howToName: howToName)
        if sinks.isEmpty { sinks = [.stdout] }
        try SinkSpec.check(
            sinks, http: http,
            inputs: otherInputs + [config ?? Defaults.config] + inputs.catalogs + inputs.sourceLists
                + (plan.map { [$0] } ?? []))
    }

    /// The SPOC to load.
    var configFile: String { config ?? Defaults.config }

    /// Copies what the flags set into a run's options; throws when a `--source-list` cannot be read.
    func apply<Run: RunSettings>(to run: inout Run) throws(DocumentError) {
        run.sources = try inputs.sourceScan()
        run.trace = trace
        run.strict = strict
        run.app = app
        run.plan = planFile
    }

    /// `--plan`, else `tracking-plan.json` beside the SPOC when it exists (SPEC §14).
    var planFile: String? {
        plan ?? TrackingPlan.conventionalFile(besideSPOC: configFile)
    }

    /// The HTTP sinks' options: the write key from `TRACKCTL_WRITE_KEY`, notices on stderr
    /// (written whole, from the delivery thread too).
    func httpOptions(seed: UInt64, terminal: Terminal) -> HTTPSinkOptions {
        var options = http.options(seed: seed, writeKey: Platform.environment("TRACKCTL_WRITE_KEY"))
        let errors = LockedErrorOutput(terminal)
        options.notices = { errors.write("note: \($0)\n") }
        return options
    }
}

/// What `RunFlags` sets in a run's options: `replay`'s and `simulate`'s alike.
protocol RunSettings {
    var sources: SourceScanner.Options? { get set }
    var trace: Bool { get set }
    var strict: Bool { get set }
    var app: AppProfile? { get set }
    var plan: String? { get set }
}

extension ReplayRun.Options: RunSettings {}
extension SimulationRun.Options: RunSettings {}
