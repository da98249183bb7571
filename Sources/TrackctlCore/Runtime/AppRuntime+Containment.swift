/// Child containment (lifecycle §5): `embed`, `unembed`, and a page view controller's
/// `setViewControllers:direction:animated:` (`page`).
extension AppRuntime {
    /// lifecycle §5.1: a child added to a parent already on screen gets `child*.willAppear,
    /// child*.isAppearing, child*.didAppear`, not animated; its view loads first. From then on
    /// the parent forwards its own appearance callbacks to it (R3).
    func embed(_ childClass: SPOCHooks.ClassInfo) throws(ReplayStop) {
        let parent = try requireForeground("embed '\(plan.symbols.text(childClass.symbol))'")
        guard hierarchy[parent].kind == .plain else {
            throw cannot(
                "cannot embed '\(plan.symbols.text(childClass.symbol))' in the page view controller "
                    + "'\(className(of: parent))'; show it with 'page'"
            )
        }
        let child = make(childClass)
        hierarchy.embed(child, in: parent)
        let incoming = Participants.subtree(child)
        try load(incoming)
        try deliver(.viewWillAppear, to: incoming, animated: false)
        try deliver(.viewIsAppearing, to: incoming, animated: false)
        try deliver(.viewDidAppear, to: incoming, animated: false)
    }

    /// lifecycle §5.3: the child's view leaves the window — `child*.willDisappear, child*.didDisappear`,
    /// not animated — and the child is released. The latest embedded child of that class goes.
    func unembed(_ name: String) throws(ReplayStop) {
        let parent = try requireForeground("unembed '\(name)'")
        guard let (index, child) = embeddedChild(name, of: parent) else {
            let embedded =
                hierarchy[parent].kind == .plain ? hierarchy.children[parent].map { "'\(className(of: $0))'" } : []
            throw cannot(
                "cannot unembed '\(name)': the visible '\(className(of: parent))' has no such child"
                    + (embedded.isEmpty
                        ? " (nothing is embedded in it)" : " (embedded: \(embedded.joined(separator: ", ")))"))
        }
        let outgoing = Participants.subtree(child)
        try deliver(.viewWillDisappear, to: outgoing, animated: false)
        try deliver(.viewDidDisappear, to: outgoing, animated: false)
        hierarchy.removeChild(at: index, of: parent)
        release(child)
    }

    /// The latest child of class `name` embedded in `parent`, with its index.
    func embeddedChild(_ name: String, of parent: Int) -> (index: Int, child: Int)? {
        guard hierarchy[parent].kind == .plain, !hierarchy.children[parent].isEmpty else { return nil }
        guard let index = hierarchy.children[parent].lastIndex(where: { className(of: $0) == name }) else { return nil }
        return (index, hierarchy.children[parent][index])
    }

    /// lifecycle §5.5, scroll style: `new*.willAppear, cur*.willDisappear, new*.isAppearing`, the
    /// animation, then `new*.didAppear, cur*.didDisappear`; the first page only appears. The
    /// direction changes no callback. Where `viewIsAppearing:` falls is not in the reference:
    /// placed after the will-group, as in a tab switch (README, uncertain points).
    func showPage(_ pageClass: SPOCHooks.ClassInfo, animated: Bool) throws(ReplayStop) {
        try requireForeground("show the page '\(plan.symbols.text(pageClass.symbol))'")
        guard let pager = visiblePageViewController() else {
            throw cannot(
                "cannot show the page '\(plan.symbols.text(pageClass.symbol))': no UIPageViewController is visible; "
                    + "launch, push, present or embed one (a class whose superclass chain reaches UIPageViewController)"
            )
        }
        let current = hierarchy.children[pager].last
        let page = make(pageClass)
        hierarchy.setChildren([page], of: pager)
        let incoming = Participants.subtree(page)
        let outgoing: Participants = current.map(Participants.subtree) ?? .none
        try load(incoming)
        try deliver(.viewWillAppear, to: incoming, animated: animated)
        try deliver(.viewWillDisappear, to: outgoing, animated: animated)
        try deliver(.viewIsAppearing, to: incoming, animated: animated)
        try animate(animated)
        try deliver(.viewDidAppear, to: incoming, animated: animated)
        try deliver(.viewDidDisappear, to: outgoing, animated: animated)
        if let current { release(current) }
    }

    /// The page view controller a `page` step turns: the deepest one on the way to the visible
    /// controller (its page may be the visible controller), else the latest one embedded in the
    /// visible controller.
    private func visiblePageViewController() -> Int? {
        guard var current = hierarchy.layers.last?.root else { return nil }
        var found: Int?
        while true {
            if hierarchy[current].kind == .page { found = current }
            guard let child = hierarchy.visibleChild(of: current) else { break }
            current = child
        }
        if let found { return found }
        guard hierarchy[current].kind == .plain else { return nil }
        return hierarchy.children[current].last(where: { hierarchy[$0].kind == .page })
    }
}
