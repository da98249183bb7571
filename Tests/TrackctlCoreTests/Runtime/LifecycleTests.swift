import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// Focused lifecycle cases, one per rule of docs/lifecycle.md that breaks analytics in real
/// apps, checked on the callback sequence itself.
@Suite("Lifecycle")
struct LifecycleTests {
    /// Runs `steps` and returns "Class.callback" for every appearance callback and the screen names.
    func run(_ steps: [String], config: String = "Config/analytics.plist") throws -> (
        callbacks: [String], screens: [String]
    ) {
        let app = try DemoRuntime(config: config, trace: true)
        try app.run(steps)
        let events = app.events
        let short: (Event) -> String = { event in
            let className = (event.property("class")?.text ?? "").replacingOccurrences(of: "ViewController", with: "")
            return "\(className).\(event.name.replacingOccurrences(of: ":", with: ""))"
        }
        let callbacks = events.filter { $0.kind == .trace && $0.name.hasPrefix("view") && $0.name != "viewDidLoad" }
            .map(short)
        return (callbacks, events.filter { $0.kind == .screen }.map(\.name))
    }

    @Test func aSheetDoesNotMakeThePresenterDisappear() throws {
        let (launch, _) = try run(["launch ZOCMainViewController in navigation"])
        let (callbacks, screens) = try run([
            "launch ZOCMainViewController in navigation", "present ZOCShareViewController", "dismiss"
        ])
        #expect(launch.count == 6, "the navigation controller and its root: will, is-appearing, did")
        #expect(Array(callbacks.prefix(launch.count)) == launch)
        // Only the sheet's own callbacks follow: the presenter neither disappears nor reappears.
        #expect(
            Array(callbacks.dropFirst(launch.count)) == [
                "ZOCShare.viewWillAppear", "ZOCShare.viewIsAppearing", "ZOCShare.viewDidAppear",
                "ZOCShare.viewWillDisappear", "ZOCShare.viewDidDisappear"
            ])
        #expect(screens == ["Main screen", "Share sheet"])
    }

    @Test func aCancelledSwipeBackReFiresTheTopScreen() throws {
        let (callbacks, screens) = try run([
            "launch ZOCMainViewController in navigation", "push ZOCFeedViewController", "swipe-back cancel"
        ])
        #expect(
            Array(callbacks.suffix(7)) == [
                "ZOCFeed.viewWillDisappear", "ZOCMain.viewWillAppear", "ZOCMain.viewIsAppearing",
                "ZOCMain.viewWillDisappear", "ZOCMain.viewDidDisappear", "ZOCFeed.viewWillAppear",
                "ZOCFeed.viewDidAppear"
            ])
        #expect(screens == ["Main screen", "Feed", "Feed"])
    }

    @Test func aTabSwitchSendsTheNewWillFirstAndTheOldDidFirst() throws {
        let (callbacks, _) = try run(["launch tabs ZOCFeedViewController ZOCSearchViewController", "tab 1"])
        #expect(
            Array(callbacks.suffix(10)) == [
                "UINavigationController.viewWillAppear", "ZOCSearch.viewWillAppear",
                "UINavigationController.viewWillDisappear", "ZOCFeed.viewWillDisappear",
                "UINavigationController.viewIsAppearing", "ZOCSearch.viewIsAppearing",
                "UINavigationController.viewDidDisappear", "ZOCFeed.viewDidDisappear",
                "UINavigationController.viewDidAppear", "ZOCSearch.viewDidAppear"
            ])
    }

    @Test func popToRootSkipsTheMiddle() throws {
        let (callbacks, _) = try run([
            "launch ZOCMainViewController in navigation", "push ZOCFeedViewController", "push ZOCDetailViewController",
            "pop to-root"
        ]
        )
        #expect(
            Array(callbacks.suffix(5)) == [
                "ZOCDetail.viewWillDisappear", "ZOCMain.viewWillAppear", "ZOCMain.viewIsAppearing",
                "ZOCDetail.viewDidDisappear", "ZOCMain.viewDidAppear"
            ])
    }

    @Test func backgroundSendsNoAppearanceCallback() throws {
        let (before, _) = try run(["launch ZOCMainViewController in navigation"])
        let (after, screens) = try run(["launch ZOCMainViewController in navigation", "background", "foreground"])
        #expect(before == after)
        #expect(screens == ["Main screen"])
    }

    @Test func viewDidLoadRunsOnceLazilyBeforeTheFirstAppearance() throws {
        let app = try DemoRuntime(trace: true)
        try app.run(["launch tabs ZOCFeedViewController ZOCSearchViewController", "tab 1", "tab 0", "tab 1"])
        let loads = app.events.filter { $0.name == "viewDidLoad" }.map { $0.context.step }
        #expect(loads == [1, 1, 1, 2, 2])  // tab bar, first nav and Feed at launch; the second tab on first selection
    }
}

@Suite("Runtime memory")
struct RuntimeMemoryTests {
    /// A runtime on the demo app with no sink, and a function that runs one script line on it.
    func demoRuntime() throws -> (AppRuntime, (String) throws -> Void) {
        let app = try DemoRuntime(keepEvents: false)
        return (app.runtime, app.run)
    }

    @Test func poppedAndDismissedInstancesAreReleased() throws {
        let (runtime, run) = try demoRuntime()
        try run("launch ZOCMainViewController in navigation")
        for _ in 0..<2_000 {
            try run("push ZOCFeedViewController")
            try run("select-row 0 1")
            try run("call ZOCFeedCell likeTapped:")
            try run("pop to-root")
            try run("call shareButtonPressed:")
            try run("dismiss")
        }
        // Navigation controller, Main, and the few slots reused by each round.
        #expect(runtime.hierarchy.controllers.count <= 8)
        #expect(runtime.hierarchy.layers.count == 1)
    }

    /// The window as the hierarchy reports it: a sheet keeps its presenter in the window (two
    /// layers), a full-screen modal removes it (one), and each layer's subtree runs from its
    /// root to the visible controller.
    @Test func theWindowKeepsThePresenterUnderASheetOnly() throws {
        let (runtime, run) = try demoRuntime()
        func classes(_ controllers: [Int]) -> [String] { controllers.map(runtime.className(of:)) }
        try run("launch ZOCMainViewController in navigation")
        try run("push ZOCFeedViewController")
        let root = try #require(runtime.hierarchy.layers.first?.root)
        #expect(classes(runtime.subtree(root)) == ["UINavigationController", "ZOCFeedViewController"])
        try run("present ZOCShareViewController as pageSheet")
        #expect(runtime.hierarchy.layersInWindow.count == 2)
        try run("dismiss")
        try run("present ZOCSettingsViewController as fullScreen in navigation")
        #expect(runtime.hierarchy.layersInWindow.count == 1)
        let top = try #require(runtime.hierarchy.layersInWindow.first?.root)
        #expect(classes(runtime.subtree(top)) == ["UINavigationController", "ZOCSettingsViewController"])
        try run("dismiss")
        #expect(runtime.hierarchy.layersInWindow.count == 1)
        #expect(runtime.hierarchy.firstLayerInWindow == 0)
    }
}
