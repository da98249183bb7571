import TrackctlModel

/// Modal presentation and dismissal, by whether the style removes the presenter's views
/// (lifecycle §3 and its table).
extension AppRuntime {
    func present(
        _ presentedClass: SPOCHooks.ClassInfo, style requested: PresentationStyle, inNavigation: Bool, animated: Bool
    ) throws(ReplayStop) {
        try requireForeground("present '\(plan.symbols.text(presentedClass.symbol))'")
        // Script steps were checked before the replay; a catalog transition is checked here.
        if let refusal = UIKitRefusals.present(
            plan.symbols.text(presentedClass.symbol), presentedClass.roles,
            style: requested, inNavigation: inNavigation)
        {
            throw cannot(refusal)
        }
        let style = requested.resolved(isAlert: presentedClass.roles.isAlert)
        let presented = inNavigation ? makeNavigation(root: presentedClass) : make(presentedClass)
        let presenterSide = controllersInWindow()
        hierarchy.pushLayer(presented, style: style)
        // lifecycle §3.1: the presenter side disappears only if the style removes its views; lifecycle §3.3: a sheet
        // (and the other styles that keep the presenter) gives the presenter nothing.
        let outgoing: Participants = style.removesPresenter ? .list(presenterSide) : .none
        try transition(in: .subtree(presented), out: outgoing, animated: animated, order: .incomingFirst)
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
        let outgoing = Participants.subtree(top.root)
        hierarchy.popLayer()
        // lifecycle §3.2: the presenter side re-appears only if the presentation had removed its views;
        // lifecycle §3.3: dismissing a sheet emits no screen view for the presenter.
        let incoming: Participants = top.style?.removesPresenter == true ? .list(controllersInWindow()) : .none
        try transition(in: incoming, out: outgoing, animated: animated, order: .incomingFirst)
        release(top.root)
    }

    /// lifecycle §3.4: swiping a sheet down; the presenter gets nothing in either branch.
    func swipeDown(complete: Bool) throws(ReplayStop) {
        let top = try requirePresentation("swipe down")
        guard let style = top.style, style == .pageSheet || style == .formSheet else {
            throw cannot(
                "cannot swipe down: the presented '\(className(of: top.root))' is "
                    + "\(top.style?.rawValue ?? "not presented"), and only page and form sheets are dismissed by "
                    + "swiping"
            )
        }
        let outgoing = Participants.subtree(top.root)
        try deliver(.viewWillDisappear, to: outgoing, animated: true)
        try animate(true)
        if complete {
            hierarchy.popLayer()
            try deliver(.viewDidDisappear, to: outgoing, animated: true)
            release(top.root)
        } else {
            try deliver(.viewWillAppear, to: outgoing, animated: true)
            try deliver(.viewDidAppear, to: outgoing, animated: true)
        }
    }

    /// Every controller in the window, bottom layer first, parent first within each (the
    /// presenter side of a presentation). Read through the stored hierarchy field by field: a
    /// property of the whole value would work on a copy of it, retaining every array.
    private func controllersInWindow() -> [Int] {
        var result: [Int] = []
        for layer in hierarchy.firstLayerInWindow..<hierarchy.layers.count {
            forEachInSubtree(hierarchy.layers[layer].root) { result.append($0) }
        }
        return result
    }
}
