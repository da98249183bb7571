import TrackctlModel

/// Tab switches (lifecycle §4.2): the new tab's will first, the old tab's did first;
/// not animated; the tab bar controller itself gets nothing. Re-selecting the selected tab pops
/// its stack to the root, as a user's re-tap does (lifecycle §4.2, SPEC §2.3). Under a presentation that
/// removed the tab bar's views, only `selectedIndex` changes: controllers outside the window get
/// no callbacks (R1, R4), and the new tab appears when the presentation is dismissed.
extension AppRuntime {
    func selectTab(_ target: TabTarget) throws(ReplayStop) {
        try requireForeground("switch tabs")
        guard let tabBar = hierarchy.tabBarController else {
            throw cannot("cannot switch tabs: the app was not launched with 'launch tabs …'")
        }
        let tabs = hierarchy.children[tabBar]
        let index: Int
        switch target {
        case .index(let i):
            guard tabs.indices.contains(i) else {
                throw cannot("cannot select tab \(i): there are \(tabs.count) tabs, numbered from 0")
            }
            index = i
        case .className(let name):
            guard let i = tabs.firstIndex(where: { className(of: hierarchy.children[$0][0]) == name }) else {
                let names = tabs.map { "'\(className(of: hierarchy.children[$0][0]))'" }.joined(separator: ", ")
                throw cannot("cannot select tab '\(name)': no tab has it as its root (tabs: \(names))")
            }
            index = i
        }
        let current = hierarchy[tabBar].selectedIndex
        // The tab bar is the root of layer 0: its views are in the window unless a full-screen
        // or current-context presentation above removed them.
        let inWindow = hierarchy.firstLayerInWindow == 0
        if index == current {
            // A re-tap pops the tab's stack to its root, animated (lifecycle §2.3's callbacks); already at
            // the root, or out of the window (no tap can reach it), nothing happens.
            let navigation = tabs[index]
            if inWindow, hierarchy[navigation].kind == .navigation, hierarchy.children[navigation].count > 1 {
                try pop(.root, of: navigation, animated: true)
            }
            return
        }
        guard inWindow else { return hierarchy.selectTab(index, of: tabBar) }
        let outgoing = Participants.subtree(tabs[current])
        hierarchy.selectTab(index, of: tabBar)
        let incoming = Participants.subtree(tabs[index])
        try load(incoming)
        try deliver(.viewWillAppear, to: incoming, animated: false)
        try deliver(.viewWillDisappear, to: outgoing, animated: false)
        try deliver(.viewIsAppearing, to: incoming, animated: false)
        try deliver(.viewDidDisappear, to: outgoing, animated: false)
        try deliver(.viewDidAppear, to: incoming, animated: false)
    }
}
