import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// A runtime on the demo app (Config/), for focused tests that run script lines one by one and
/// read what the runtime did. The one place tests build a runtime by hand.
final class DemoRuntime {
    let runtime: AppRuntime
    /// What was emitted; nil when the runtime writes to a null sink (memory tests).
    let sink: MemorySink?
    private var line = 0

    init(config: String = "Config/analytics.plist", trace: Bool = false, keepEvents: Bool = true) throws {
        let document = try DocumentLoader.load(path: RepositoryPaths.path(config))
        let catalog = try CatalogLoader.load(files: [RepositoryPaths.path("Config/catalog.json")]).catalog
        let sink = keepEvents ? MemorySink() : nil
        runtime = AppRuntime(
            plan: SPOCHooks(SPOCDecoder.decode(document).spoc, catalog: catalog),
            emitter: EventEmitter(sink: sink ?? NullSink(), seed: 1), clock: 0, trace: trace)
        self.sink = sink
    }

    /// Runs one script line, numbered after the previous ones.
    func run(_ text: String) throws {
        line += 1
        try runtime.run(try #require(try ScriptParser.parse(line: text[...], number: line, file: "t")), file: "t")
    }

    func run(_ lines: [String]) throws {
        for text in lines { try run(text) }
    }

    /// The events emitted so far.
    var events: [Event] { sink?.events ?? [] }
}
