/// One step of a replay script (SPEC §2.3), with the line it was written on.
public struct ScriptStep: Sendable, Equatable {
    /// 1-based line in the script file (for JSON scripts, the line of the step's object).
    public var line: Int
    public var action: Action

    public init(line: Int, action: Action) {
        self.line = line
        self.action = action
    }

    public enum Action: Sendable, Equatable {
        case launch(LaunchRoot)
        case push(className: String, animated: Bool)
        case pop(PopTarget, animated: Bool)
        case present(className: String, style: PresentationStyle, inNavigation: Bool, animated: Bool)
        case dismiss(animated: Bool)
        /// Interactive pop by the edge swipe; `complete` false cancels it half way.
        case swipeBack(complete: Bool)
        /// Interactive dismissal of a sheet by swiping down.
        case swipeDown(complete: Bool)
        case tab(TabTarget)
        /// `call [CLASS] SELECTOR [keyword=value...]`: `className` names an object owned by the
        /// visible screen; nil sends to the visible controller itself.
        case call(className: String?, selector: String, arguments: [Argument])
        /// `tableView:didSelectRowAtIndexPath:` on the visible controller.
        case selectRow(section: Int, row: Int)
        /// A property on the visible controller, observed by `trackedProperties`.
        case set(key: String, value: String)
        case wait(TimeSpan)
        case background
        case foreground
        /// Child containment: adds an instance of `className` as a child of the visible
        /// controller (`addChildViewController:` and its view added), or removes it.
        case embed(className: String)
        case unembed(className: String)
        /// `setViewControllers:direction:animated:` on the visible page view controller:
        /// `reverse` is the direction, which changes no callback.
        case page(className: String, reverse: Bool, animated: Bool)
        case expect(Expectation)
    }
}

/// A step's action parsed once and shared by every script line with the same text. A class
/// with a constant action, so the runtime reads its names in place instead of copying them for
/// every line, and keeps on it what it resolved for the step the last time it ran — as a call
/// site keeps an inline cache.
final class PreparedStep {
    let action: ScriptStep.Action
    /// Where the step starts on its line, for a JSON script (a minified one has every step on
    /// line 1); nil for a text line, which is the step.
    let column: Int?
    /// What the runtime worked out for the step the last time it ran (`StepMemo`).
    /// (One replay, one thread: no dynamic exclusivity checks on every step.)
    @exclusivity(unchecked) var memo = StepMemo()

    init(_ action: ScriptStep.Action, column: Int? = nil) {
        self.action = action
        self.column = column
    }
}

/// The window's root at launch.
public enum LaunchRoot: Sendable, Equatable {
    case bare(String)
    case navigation(String)
    /// A tab bar controller, each tab's class inside its own navigation controller.
    case tabs([String])
}

/// `tab 2` (0-based) or `tab ZOCProfileViewController`.
public enum TabTarget: Sendable, Equatable {
    case index(Int)
    case className(String)
}

/// A named argument of `call`, by selector keyword: `handleError=timeout`.
public struct Argument: Sendable, Equatable {
    public var keyword: String
    public var value: String

    public init(keyword: String, value: String) {
        self.keyword = keyword
        self.value = value
    }
}

/// `expect [no] screen|track "NAME" [key=value...]`.
public struct Expectation: Sendable, Equatable {
    public var negated: Bool
    public var kind: Event.Kind
    public var name: String
    public var properties: [Argument]
}
