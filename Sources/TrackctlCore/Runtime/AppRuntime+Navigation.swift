import TrackctlModel

/// Push, pop and the interactive pop (lifecycle §2), and the transitions a call makes.
extension AppRuntime {
    /// The catalog's transition of a call (`openFeed:` pushes the feed); `classMemo` keeps the
    /// class it shows, resolved the first time.
    func perform(_ transition: Transition, classMemo: inout SPOCHooks.ClassInfo?) throws(ReplayStop) {
        switch transition {
        case .push(let name, let animated):
            try push(classInfo(name, memo: &classMemo), animated: animated, state: transitionState)
        case .present(let name, let style, let inNavigation, let animated):
            try present(classInfo(name, memo: &classMemo), style: style, inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): try dismiss(animated: animated)
        case .pop(let target, let animated): try pop(target, animated: animated)
        }
    }

    func requireNavigation(_ step: @autoclosure () -> String) throws(ReplayStop) -> Int {
        try requireForeground(step())
        guard let navigation = hierarchy.visibleNavigationController else {
            let visible = hierarchy.visibleController.map(className(of:)) ?? "nothing"
            throw cannot(
                "cannot \(step()): the visible '\(visible)' is not in a navigation controller (launch it 'in "
                    + "navigation' or present it 'in navigation')"
            )
        }
        return navigation
    }

    func push(_ pushedClass: SPOCHooks.ClassInfo, animated: Bool, state: [Argument] = []) throws(ReplayStop) {
        let navigation = try requireNavigation("push '\(plan.symbols.text(pushedClass.symbol))'")
        if let refusal = UIKitRefusals.push(plan.symbols.text(pushedClass.symbol), pushedClass.roles) {
            throw cannot(refusal)
        }
        for pair in state { try checkWritable(pair.keyword, on: plan.symbols.text(pushedClass.symbol)) }
        guard let top = hierarchy.children[navigation].last else {
            throw cannot("cannot push: the navigation controller has no root")
        }
        let outgoing = Participants.subtree(top)
        let pushed = make(pushedClass)
        // Its state before its view loads: no property change is observed, as none would be.
        for pair in state { setProperty(pair.keyword, ScriptValue(text: pair.value, kind: pair.kind), of: pushed) }
        hierarchy.push(pushed, onto: navigation)
        // lifecycle §2.1 and lifecycle §7: B loads before A.willDisappear, then the nav-like template.
        try transition(in: .subtree(pushed), out: outgoing, animated: animated, order: .outgoingFirst)
    }

    func pop(_ target: PopTarget, animated: Bool) throws(ReplayStop) {
        try pop(target, of: try requireNavigation("pop"), animated: animated)
    }

    /// Pops the stack of `navigation` (the visible one, or a re-tapped tab's).
    func pop(_ target: PopTarget, of navigation: Int, animated: Bool) throws(ReplayStop) {
        let depth = hierarchy.children[navigation].count
        guard depth > 1 else {
            throw cannot(
                "cannot pop: '\(className(of: hierarchy.children[navigation][0]))' is the root of its navigation stack")
        }
        let keep: Int
        switch target {
        case .top: keep = depth - 1
        case .root: keep = 1
        case .toClass(let name):
            let below = hierarchy.children[navigation].dropLast()
            guard let index = below.lastIndex(where: { className(of: $0) == name }) else {
                let names = below.map { "'\(className(of: $0))'" }.joined(separator: ", ")
                throw cannot("cannot pop to '\(name)': it is not below the top of the navigation stack (\(names))")
            }
            keep = index + 1
        }
        let top = hierarchy.children[navigation][depth - 1]
        let destination = hierarchy.children[navigation][keep - 1]
        // lifecycle §2.3: controllers between the top and the destination leave without any callback.
        // The stack is cut in place; only a pop of several keeps a list of those removed.
        let middle = keep < depth - 1 ? Array(hierarchy.children[navigation][keep..<(depth - 1)]) : []
        hierarchy.popChildren(of: navigation, keeping: keep)
        try transition(in: .subtree(destination), out: .subtree(top), animated: animated, order: .outgoingFirst)
        for removed in middle { release(removed) }
        release(top)
    }

    /// lifecycle §2.5 and lifecycle §2.6: the will-group when the gesture begins; on completion the did-group; on
    /// cancel the destination's pair first, then the top re-appears (a second screen view).
    func swipeBack(complete: Bool) throws(ReplayStop) {
        let navigation = try requireNavigation("swipe back")
        let stack = hierarchy.children[navigation]
        guard stack.count > 1 else {
            throw cannot("cannot swipe back: '\(className(of: stack[0]))' is the root of its navigation stack")
        }
        let outgoing = Participants.subtree(stack[stack.count - 1])
        let incoming = Participants.subtree(stack[stack.count - 2])
        try willGroup(in: incoming, out: outgoing, animated: true)
        if complete {
            let removed = stack[stack.count - 1]
            hierarchy.popChildren(of: navigation, keeping: stack.count - 1)
            try deliver(.viewDidDisappear, to: outgoing, animated: true)
            try deliver(.viewDidAppear, to: incoming, animated: true)
            release(removed)
        } else {
            try deliver(.viewWillDisappear, to: incoming, animated: true)
            try deliver(.viewDidDisappear, to: incoming, animated: true)
            try deliver(.viewWillAppear, to: outgoing, animated: true)
            try deliver(.viewDidAppear, to: outgoing, animated: true)
        }
    }
}
