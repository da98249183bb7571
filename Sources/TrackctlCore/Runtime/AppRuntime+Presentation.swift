/// Modal presentation and dismissal, by whether the style removes the presenter's views
/// (uikit-lifecycle.md §3 and its table).
extension AppRuntime {
    func present(_ className: String, style: PresentationStyle, inNavigation: Bool, animated: Bool) throws(ReplayStop) {
        try requireForeground("present '\(className)'")
        let presented = inNavigation ? makeNavigation(root: className) : make(className)
        let presenterSide = hierarchy.controllersInWindow
        hierarchy.pushLayer(presented, style: style)
        structureChanged()
        let incoming = hierarchy.subtree(presented)
        try load(incoming)  // §7: B loads before anything else
        if style.removesPresenter {
            // §3.1: presenter*.willDisappear, p*.willAppear, p*.isAppearing, p*.didAppear, presenter*.didDisappear
            try deliver(.viewWillDisappear, to: presenterSide, animated: animated)
            try deliver(.viewWillAppear, to: incoming, animated: animated)
            try deliver(.viewIsAppearing, to: incoming, animated: animated)
            animate(animated)
            try deliver(.viewDidAppear, to: incoming, animated: animated)
            try deliver(.viewDidDisappear, to: presenterSide, animated: animated)
        } else {
            // §3.3: the presenter stays in the window and gets nothing.
            try deliver(.viewWillAppear, to: incoming, animated: animated)
            try deliver(.viewIsAppearing, to: incoming, animated: animated)
            animate(animated)
            try deliver(.viewDidAppear, to: incoming, animated: animated)
        }
    }

    func requirePresentation(_ step: @autoclosure () -> String) throws(ReplayStop) -> Hierarchy.Layer {
        try requireForeground(step())
        guard hierarchy.layers.count > 1, let top = hierarchy.layers.last else {
            throw cannot("cannot \(step()): nothing is presented")
        }
        return top
    }

    func dismiss(animated: Bool) throws(ReplayStop) {
        let top = try requirePresentation("dismiss")
        let outgoing = hierarchy.subtree(top.root)
        _ = hierarchy.popLayer()
        structureChanged()
        if top.style?.removesPresenter == true {
            // §3.2: p*.willDisappear, presenter*.willAppear, presenter*.isAppearing, presenter*.didAppear, p*.didDisappear
            let presenterSide = hierarchy.controllersInWindow
            try deliver(.viewWillDisappear, to: outgoing, animated: animated)
            try deliver(.viewWillAppear, to: presenterSide, animated: animated)
            try deliver(.viewIsAppearing, to: presenterSide, animated: animated)
            animate(animated)
            try deliver(.viewDidAppear, to: presenterSide, animated: animated)
            try deliver(.viewDidDisappear, to: outgoing, animated: animated)
        } else {
            // §3.3: no screen view for the presenter when a sheet goes away.
            try deliver(.viewWillDisappear, to: outgoing, animated: animated)
            animate(animated)
            try deliver(.viewDidDisappear, to: outgoing, animated: animated)
        }
        release(top.root)
    }

    /// §3.4: swiping a sheet down; the presenter gets nothing in either branch.
    func swipeDown(complete: Bool) throws(ReplayStop) {
        let top = try requirePresentation("swipe down")
        guard let style = top.style, style == .pageSheet || style == .formSheet else {
            throw cannot("cannot swipe down: the presented '\(hierarchy[top.root].className)' is \(top.style?.rawValue ?? "not presented"), and only page and form sheets are dismissed by swiping")
        }
        let outgoing = hierarchy.subtree(top.root)
        try deliver(.viewWillDisappear, to: outgoing, animated: true)
        animate(true)
        if complete {
            _ = hierarchy.popLayer()
            structureChanged()
            try deliver(.viewDidDisappear, to: outgoing, animated: true)
            release(top.root)
        } else {
            try deliver(.viewWillAppear, to: outgoing, animated: true)
            try deliver(.viewDidAppear, to: outgoing, animated: true)
        }
    }
}
