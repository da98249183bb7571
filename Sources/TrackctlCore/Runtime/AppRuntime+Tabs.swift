/// Tab switches (uikit-lifecycle.md §4.2): the new tab's will first, the old tab's did first;
/// not animated; the tab bar controller itself gets nothing.
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
            guard tabs.indices.contains(i) else { throw cannot("cannot select tab \(i): there are \(tabs.count) tabs, numbered from 0") }
            index = i
        case .className(let name):
            guard let i = tabs.firstIndex(where: { className(of: hierarchy.children[$0][0]) == name }) else {
                let names = tabs.map { "'\(className(of: hierarchy.children[$0][0]))'" }.joined(separator: ", ")
                throw cannot("cannot select tab '\(name)': no tab has it as its root (tabs: \(names))")
            }
            index = i
        }
        let current = hierarchy[tabBar].selectedIndex
        if index == current {
            // Re-selecting the current tab by index does nothing (a user tap would pop to root).
            return
        }
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
