/// Random replay scripts for the demo app, seeded so a failing seed can be replayed: a small
/// model of the window (layers, navigation stacks, tabs, background) keeps most steps valid,
/// so scripts go deep — pushes, sheets, full-screen modals, swipes, tabs, calls with the
/// catalog's transitions, properties, waits.
struct ScriptGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    /// One modal layer (or the window's root): a navigation stack, or one controller.
    private struct Layer {
        var stack: [String]
        var inNavigation: Bool
        var style: String?
    }

    /// The root when launched with tabs: one navigation stack per tab.
    private var tabs: [[String]] = []
    private var selectedTab = 0
    private var layers: [Layer] = []
    private var inBackground = false

    private var top: Layer { layers[layers.count - 1] }
    private var usesTabs: Bool { !tabs.isEmpty && layers.count == 1 }
    private var visible: String { (usesTabs ? tabs[selectedTab].last : top.stack.last) ?? "" }
    private var canNavigate: Bool { usesTabs || top.inNavigation }
    private var depth: Int { usesTabs ? tabs[selectedTab].count : top.stack.count }

    private mutating func pushClass(_ name: String) {
        if usesTabs { tabs[selectedTab].append(name) } else { layers[layers.count - 1].stack.append(name) }
    }

    private mutating func popClasses(keeping count: Int) {
        if usesTabs {
            tabs[selectedTab].removeLast(tabs[selectedTab].count - count)
        } else {
            layers[layers.count - 1].stack.removeLast(layers[layers.count - 1].stack.count - count)
        }
    }

    private mutating func present(_ name: String, style: String, inNavigation: Bool) {
        layers.append(Layer(stack: [name], inNavigation: inNavigation, style: style))
    }

    /// A script of about `steps` steps.
    mutating func script(steps: Int) -> String {
        tabs = []
        selectedTab = 0
        layers = []
        inBackground = false
        var lines: [String] = []
        if chance(30) {
            tabs = [["ZOCFeedViewController"], ["ZOCSearchViewController"]]
            layers = [Layer(stack: [], inNavigation: true, style: nil)]
            lines.append("launch tabs ZOCFeedViewController ZOCSearchViewController")
        } else {
            layers = [Layer(stack: ["ZOCMainViewController"], inNavigation: true, style: nil)]
            lines.append("launch ZOCMainViewController in navigation")
        }
        for _ in 0..<steps { lines.append(step()) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static let pushable = [
        "ZOCFeedViewController", "ZOCDetailViewController", "ZOCSearchViewController", "ZOCProfileViewController"
    ]
    private static let presentable = [
        "ZOCShareViewController", "ZOCSettingsViewController", "ZOCComposeViewController",
        "ZOCProfileViewController", "ZOCSearchViewController"
    ]
    private static let styles = ["pageSheet", "formSheet", "fullScreen", "overFullScreen"]

    private mutating func step() -> String {
        if inBackground {
            inBackground = false
            return "foreground"
        }
        switch next() % 20 {
        case 0, 1:
            guard canNavigate else { return call() }
            let name = pick(Self.pushable)
            pushClass(name)
            return chance(20) ? "push \(name) instant" : "push \(name)"
        case 2:
            guard canNavigate, depth > 1 else { return call() }
            if chance(30) {
                popClasses(keeping: 1)
                return "pop to-root"
            }
            popClasses(keeping: depth - 1)
            return "pop"
        case 3:
            guard canNavigate, depth > 1 else { return call() }
            if chance(50) {
                popClasses(keeping: depth - 1)
                return "swipe-back complete"
            }
            return "swipe-back cancel"
        case 4, 5:
            guard layers.count < 4 else { return dismissOrCall() }
            let name = pick(Self.presentable), style = pick(Self.styles), inNavigation = chance(40)
            present(name, style: style, inNavigation: inNavigation)
            return "present \(name) as \(style)" + (inNavigation ? " in navigation" : "")
        case 6:
            return dismissOrCall()
        case 7:
            guard layers.count > 1, let style = top.style, style == "pageSheet" || style == "formSheet" else {
                return call()
            }
            if chance(50) {
                layers.removeLast()
                return "swipe-down complete"
            }
            return "swipe-down cancel"
        case 8:
            guard usesTabs else { return call() }
            let tab = Int(next() % 2)
            // Re-selecting the selected tab pops its stack to the root, as a user's re-tap does.
            if tab == selectedTab { popClasses(keeping: 1) }
            selectedTab = tab
            return chance(50) ? "tab \(selectedTab)" : "tab \(tabs[selectedTab][0])"
        case 9:
            return "set "
                + pick(["postId=42", "postId=7", "theme=dark", "theme=", "query=swift", "query=\"two words\""])
        case 10:
            return "wait " + pick(["1s", "300ms", "2.5s"])
        case 11:
            inBackground = true
            return "background"
        case 12:
            return "call ZOCFeedCell likeTapped:"
        default:
            return call()
        }
    }

    private mutating func dismissOrCall() -> String {
        guard layers.count > 1 else { return call() }
        layers.removeLast()
        return chance(20) ? "dismiss instant" : "dismiss"
    }

    /// A call the visible controller implements, with the catalog's transition modelled.
    private mutating func call() -> String {
        switch visible {
        case "ZOCMainViewController":
            switch next() % 6 {
            case 0: return "call loginView:handleError: handleError=" + pick(["timeout", "denied", "\"no network\""])
            case 1: return "call loginViewFetchedUserInfo:user: user=" + pick(["ann", "bob"])
            case 2: return "call loginViewShowingLoggedOutUser:"
            case 3:
                present("ZOCShareViewController", style: "pageSheet", inNavigation: false)
                return "call shareButtonPressed:"
            case 4:
                pushClass("ZOCFeedViewController")
                return "call openFeed:"
            default:
                present("ZOCSettingsViewController", style: "fullScreen", inNavigation: true)
                return "call openSettings:"
            }
        case "ZOCFeedViewController":
            switch next() % 3 {
            case 0: return "call refreshPulled:"
            case 1:
                present("ZOCComposeViewController", style: "fullScreen", inNavigation: true)
                return "call composeTapped:"
            default:
                guard canNavigate else { return "call refreshPulled:" }
                pushClass("ZOCDetailViewController")
                return "select-row \(next() % 3) \(next() % 20)"
            }
        case "ZOCDetailViewController":
            if chance(60) { return "call likeTapped:" }
            present("ZOCShareViewController", style: "pageSheet", inNavigation: false)
            return "call shareButtonPressed:"
        case "ZOCShareViewController" where layers.count > 1 && top.stack.count == 1:
            layers.removeLast()
            return chance(60)
                ? "call shareToService: shareToService=" + pick(["twitter", "mail"]) : "call cancelTapped:"
        case "ZOCSettingsViewController" where layers.count > 1 && top.stack.count == 1:
            switch next() % 3 {
            case 0: return "call notificationsToggled: notificationsToggled=" + pick(["on", "off"])
            case 1: return "call logoutButtonPressed:"
            default:
                layers.removeLast()
                return "call doneTapped:"
            }
        case "ZOCComposeViewController" where layers.count > 1 && top.stack.count == 1:
            layers.removeLast()
            return chance(50) ? "call postTapped:" : "call cancelTapped:"
        case "ZOCSearchViewController":
            return "call searchBarSearchButtonClicked:"
        case "ZOCProfileViewController":
            return "call editProfileTapped:"
        default:
            return "call ZOCFeedCell likeTapped:"
        }
    }
}
