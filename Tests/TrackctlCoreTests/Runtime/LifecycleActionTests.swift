import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// UMeng's `beginLogPageView:` / `endLogPageView:` as a lifecycle action registered from Swift:
/// the example of `docs/replay.md`, verbatim.
final class PageLog: LifecycleAction {
    let moments: LifecycleMoments = [.viewDidAppear, .viewDidDisappear]
    private var began: [Int: Int64] = [:]

    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool)
        throws(ReplayStop)
    {
        if callback == .viewDidAppear { began[controller] = runtime.now; return }
        guard let start = began.removeValue(forKey: controller) else { return }
        try runtime.track(
            "Page End",
            properties: [
                ("page", .string(runtime.className(of: controller))),
                ("milliseconds", .integer(runtime.now - start))
            ])
    }
}

/// Records what it is told, for the tests of the mechanism itself.
final class Recorder: LifecycleAction {
    let moments: LifecycleMoments
    var seen: [String] = []
    init(_ moments: LifecycleMoments) { self.moments = moments }

    func runtime(_ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool)
        throws(ReplayStop)
    {
        seen.append("\(runtime.className(of: controller)).\(callback.selector)")
    }

    func runtime(_ runtime: AppRuntime, app transition: AppTransition) throws(ReplayStop) {
        seen.append("app.\(transition)@\(runtime.now)")
    }
}

/// Lifecycle actions as the public mechanism (SPEC §9, DZViewControllerLifeCircleAction):
/// registered globally or on one instance, told only what they asked for, removable, removed
/// with their instance; timers on the virtual clock.
@Suite("Lifecycle actions")
struct LifecycleActionTests {
    @Test func theDocumentedPageLogRunsThroughTheLibraryAndPrintsWhatTheDocsShow() throws {
        var options = ReplayRun.Options(
            scripts: [RepositoryPaths.path("Fixtures/scripts/page-log.trackscript")],
            config: RepositoryPaths.path("Config/analytics.plist"),
            catalogs: [RepositoryPaths.path("Config/catalog.json")])
        options.seed = 1
        let sink = MemorySink()
        let outcome = ReplayRun.run(options, sink: sink, prepare: { runtime in runtime.register(PageLog()) })
        guard case .completed = outcome else { Issue.record("\(outcome)"); return }
        let pageEnds = sink.events.filter { $0.name == "Page End" }
        #expect(pageEnds.map { $0.property("page")?.text ?? "" } == ["ZOCMainViewController", "ZOCFeedViewController"])
        #expect(pageEnds.map { $0.property("milliseconds")?.text ?? "" } == ["2350", "5350"])
        let page = try String(contentsOfFile: RepositoryPaths.path("docs/replay.md"), encoding: .utf8)
        for line in sink.lines where line.contains("\"Page End\"") {
            #expect(page.contains(line), "docs/replay.md shows the real output line \(line)")
        }
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = try #require(source.range(of: "final class PageLog"))
        let end = try #require(source.range(of: "\n}\n", range: start.upperBound..<source.endIndex))
        #expect(
            page.contains(source[start.lowerBound..<end.upperBound]),
            "docs/replay.md shows PageLog as this file declares it")
    }

    @Test func anActionIsToldOnlyTheMomentsItAskedFor() throws {
        let app = try DemoRuntime()
        let didAppear = Recorder(.viewDidAppear), all = Recorder(.all)
        app.runtime.register(didAppear)
        app.runtime.register(all)
        try app.run(["launch ZOCMainViewController", "background", "foreground"])
        #expect(didAppear.seen == ["ZOCMainViewController.viewDidAppear:"])
        #expect(
            all.seen == [
                "app.launch@0", "ZOCMainViewController.viewDidLoad", "ZOCMainViewController.viewWillAppear:",
                "ZOCMainViewController.viewIsAppearing:",
                "ZOCMainViewController.viewDidAppear:", "app.background@0", "app.foreground@0"
            ])
    }

    @Test func aRemovedActionIsToldNothingMore() throws {
        let app = try DemoRuntime()
        let recorder = Recorder(.appearance)
        app.runtime.register(recorder)
        try app.run("launch ZOCMainViewController in navigation")
        let count = recorder.seen.count
        app.runtime.remove(recorder)
        try app.run("push ZOCFeedViewController")
        #expect(recorder.seen.count == count)
    }

    /// A per-instance action (registered by a global one at `viewDidLoad`) sees that instance
    /// only, and goes away with it when it is popped: the next instance of the class in the
    /// same slot does not inherit it.
    @Test func anInstanceActionSeesItsInstanceAndGoesAwayWithIt() throws {
        final class Attacher: LifecycleAction {
            let moments: LifecycleMoments = .viewDidLoad
            let attached = Recorder(.appearance)
            var done = false
            func runtime(
                _ runtime: AppRuntime, didDeliver callback: LifecycleCallback, to controller: Int, animated: Bool
            ) throws(ReplayStop) {
                guard !done, runtime.className(of: controller) == "ZOCFeedViewController" else { return }
                done = true
                runtime.register(attached, on: controller)
            }
        }
        let app = try DemoRuntime()
        let attacher = Attacher()
        app.runtime.register(attacher)
        try app.run([
            "launch ZOCMainViewController in navigation", "push ZOCFeedViewController", "select-row 0 1", "pop", "pop"
        ])
        #expect(
            attacher.attached.seen == [
                "ZOCFeedViewController.viewWillAppear:", "ZOCFeedViewController.viewDidAppear:",
                "ZOCFeedViewController.viewWillDisappear:", "ZOCFeedViewController.viewDidDisappear:",
                "ZOCFeedViewController.viewWillAppear:", "ZOCFeedViewController.viewDidAppear:",
                "ZOCFeedViewController.viewWillDisappear:", "ZOCFeedViewController.viewDidDisappear:"
            ])
        #expect(!app.runtime.delivery.actions.hasInstanceActions, "released with its instance")
        try app.run("push ZOCFeedViewController")
        #expect(attacher.attached.seen.count == 8, "a new instance in the same slot does not inherit it")
    }

    @Test func aTimerRunsAtItsInstantAndACancelledOneNever() throws {
        let app = try DemoRuntime(trace: true)
        var fired: [Int64] = []
        try app.run("launch ZOCMainViewController in navigation")
        try app.runtime.schedule(after: 1500, named: "nudge") { runtime throws(ReplayStop) in fired.append(runtime.now)
        }
        let cancelled = try app.runtime.schedule(after: 1000, named: "never") { _ throws(ReplayStop) in fired.append(-1)
        }
        try app.runtime.cancel(cancelled)
        try app.run("wait 10s")
        #expect(fired == [1500])
        #expect(app.runtime.now == 10_000)
        let traces = app.events.filter { $0.name.hasPrefix("timer ") }.map {
            "\($0.name) \($0.property("timer")!.text) \($0.property("due")!.text)"
        }
        #expect(
            traces == [
                "timer scheduled nudge 1970-01-01T00:00:01.500Z", "timer scheduled never 1970-01-01T00:00:01.000Z",
                "timer cancelled never 1970-01-01T00:00:01.000Z", "timer fired nudge 1970-01-01T00:00:01.500Z"
            ])
    }

    /// Timers due at the same instant run in scheduling order; one scheduled with no delay runs
    /// before the next step.
    @Test func equalInstantsRunInSchedulingOrderAndNoDelayRunsBeforeTheNextStep() throws {
        let app = try DemoRuntime()
        var order: [String] = []
        try app.run("launch ZOCMainViewController in navigation")
        for name in ["a", "b", "c"] {
            try app.runtime.schedule(after: 0, named: name) { _ throws(ReplayStop) in order.append(name) }
        }
        try app.run("push ZOCFeedViewController")
        #expect(order == ["a", "b", "c"])
    }

    @Test func aTimerDueInTheBackgroundRunsAtForeground() throws {
        let app = try DemoRuntime()
        var fired: [Int64] = []
        try app.run(["launch ZOCMainViewController in navigation", "background"])
        try app.runtime.schedule(after: 2000, named: "late") { runtime throws(ReplayStop) in fired.append(runtime.now) }
        try app.run("wait 1m")
        #expect(fired.isEmpty)
        try app.run("foreground")
        #expect(fired == [60_000])
    }
}
