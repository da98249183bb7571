import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The rules the runtime's types keep by construction.
@Suite("Runtime invariants")
struct RuntimeInvariantTests {
    /// What the window shows moves the hierarchy's version; appearance states do not (they do
    /// not change the context, and bumping on them would rebuild it on every callback).
    @Test func theHierarchyVersionMovesWithWhatTheWindowShows() throws {
        let app = try DemoRuntime(keepEvents: false)
        var versions: [Int] = [app.runtime.hierarchy.version]
        func after(_ line: String) throws {
            try app.run(line)
            versions.append(app.runtime.hierarchy.version)
        }
        try after("launch ZOCMainViewController in navigation")
        try after("call loginView:handleError: handleError=timeout")  // a call without transition
        try after("push ZOCFeedViewController")
        try after("set plan=premium")
        try after("present ZOCShareViewController")
        try after("wait 1s")
        try after("dismiss")
        let moved = zip(versions, versions.dropFirst()).map { $1 != $0 }
        #expect(moved == [true, false, true, true, true, false, true])

        var hierarchy = Hierarchy()
        let controller = hierarchy.make(symbol: Symbol(index: 0, offset: 0, count: 0), screenEntry: nil)
        let before = hierarchy.version
        hierarchy.setAppearance(.appeared, of: controller)
        hierarchy.markViewLoaded(controller)
        hierarchy.own(controller, as: "ZOCFeedCell", by: controller)
        #expect(hierarchy.version == before)
    }

    /// A plan answers with the catalog it was made with: the same SPOC over two catalogs
    /// resolves an inherited hook in one and not in the other.
    @Test func spocHooksKeepTheCatalogTheyWereMadeWith() throws {
        let document = try DocumentLoader.load(
            path: RepositoryPaths.path("Fixtures/replay/inherited-hooks.config.json"))
        let spoc = SPOCDecoder.decode(document).spoc
        let demo = try CatalogLoader.load(files: [
            RepositoryPaths.path("Config/catalog.json"), RepositoryPaths.path("Fixtures/catalog/extra.json")
        ]).catalog
        var flat = Catalog.standard
        flat.register(
            ScreenModel(name: "ZOCAboutViewController", superclass: "UIViewController", selectors: ["closeTapped:"]))
        let withHierarchy = SPOCHooks(spoc, catalog: demo), withoutIt = SPOCHooks(spoc, catalog: flat)
        #expect(withHierarchy.catalog.contains("ZOCBaseViewController"))
        #expect(!withHierarchy.hooks(for: "closeTapped:", on: "ZOCAboutViewController").isEmpty)
        #expect(withoutIt.hooks(for: "closeTapped:", on: "ZOCAboutViewController").isEmpty)
        // Asked again, each answers from its own cache, still with its own catalog.
        #expect(!withHierarchy.hooks(for: "closeTapped:", on: "ZOCAboutViewController").isEmpty)
    }

    /// A hook whose template reads the screen is rendered at every firing, even from the same
    /// script line: only hooks that read the call alone are kept per step.
    @Test func aHookReadingTheScreenIsRenderedAtEveryFiring() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-memo-\(UUID().uuidString).trackscript"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        launch ZOCMainViewController in navigation
        call ZOCFeedCell likeTapped:
        push ZOCFeedViewController
        call ZOCFeedCell likeTapped:
        call ZOCFeedCell likeTapped:
        pop
        call ZOCFeedCell likeTapped:
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let options = ReplayRun.Options(
            scripts: [path], config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")])
        let sink = ReplayGoldenTests.LinesOnlySink()
        guard case .completed = ReplayRun.run(options, sink: sink) else { Issue.record("did not complete"); return }
        let likes = sink.text.split(separator: "\n").filter { $0.contains("\"event\":\"Post liked\"") }
        let from = likes.map { line in
            line.range(of: "\"from\":\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) } ?? ""
        }
        #expect(from == ["Main screen", "Feed", "Feed", "Main screen"])
    }
}
