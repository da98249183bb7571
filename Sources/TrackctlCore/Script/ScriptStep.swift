import TrackctlModel

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
        /// `push CLASS [instant] [KEY=VALUE...]`: the values are the pushed controller's state
        /// before its view loads, as a `prepare(for:sender:)` would set it.
        case push(className: String, animated: Bool, state: [Argument] = [])
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
        /// `select-row S R [KEY=VALUE...]`: the pairs are the state of the controller it pushes.
        case selectRow(section: Int, row: Int, state: [Argument] = [])
        /// A property on the visible controller, observed by `trackedProperties`.
        case set(Argument)
        case wait(TimeSpan)
        /// `wait 2s..40s`: a duration drawn uniformly from the range (whole milliseconds, both
        /// ends included) from the user's random stream (SPEC §12).
        case waitBetween(TimeSpan, TimeSpan)
        case background
        case foreground
        /// Child containment: adds an instance of `className` as a child of the visible
        /// controller (`addChildViewController:` and its view added), or removes it.
        case embed(className: String)
        case unembed(className: String)
        /// `setViewControllers:direction:animated:` on the visible page view controller:
        /// `reverse` is the direction, which changes no callback.
        case page(className: String, reverse: Bool, animated: Bool)
        /// A Segment `identify`: `userId` on every later event, `traits` in the event.
        case identify(userID: String, traits: [Argument])
        /// analytics-swift's `reset()`: no `userId`, a new `anonymousId`.
        case reset
        case expect(Expectation)
        /// A line of a `choose`, `maybe` or `repeat` block (SPEC §12): never run by the runtime;
        /// `ScriptBlockAssembler` builds the blocks from these lines.
        case block(BlockMarker)

        /// Whether the line opens, divides or closes a block rather than doing something.
        var isBlockMarker: Bool {
            if case .block = self { return true }
            return false
        }
    }
}

/// The lines that shape a script's variation (SPEC §12), each on its own line like any step:
/// `choose 70` opens a choice and its first arm, `or 30` starts another arm, `maybe 25%` and
/// `repeat 1..5` open their blocks, `end` closes the innermost block.
public enum BlockMarker: Sendable, Equatable {
    /// A relative weight, a positive number (`choose 70`, `choose 70%`); `percent` when it was
    /// written with `%`, so weights meant as shares of 100 that do not total 100 are told.
    case choose(weight: Double, percent: Bool = false)
    case or(weight: Double, percent: Bool = false)
    /// The probability, in percent, that the block runs: 0 < P ≤ 100.
    case maybe(percent: Double)
    /// How many times the block runs, drawn uniformly from the range (`repeat 3` is 3..3).
    case `repeat`(ClosedRange<Int>)
    case end

    /// The keyword that writes it.
    var keyword: String {
        switch self {
        case .choose: return "choose"
        case .or: return "or"
        case .maybe: return "maybe"
        case .repeat: return "repeat"
        case .end: return "end"
        }
    }
}

/// A step's action parsed once and shared by every script line with the same text. A class
/// with a constant action, so the runtime reads its names in place instead of copying them for
/// every line, and finds what it resolved for the step the last time it ran by the step's
/// identity (the runtime's `StepMemos`). Unchanged once made.
final class PreparedStep {
    let action: ScriptStep.Action
    /// Where the step starts on its line, for a JSON script (a minified one has every step on
    /// line 1); nil for a text line, which is the step.
    let column: Int?

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

/// A named argument of `call`, by selector keyword (`handleError=timeout`); also a `set`
/// property and an `identify` trait.
public struct Argument: Sendable, Equatable {
    public var keyword: String
    public var value: String
    /// How the value was written: `quantity=2` is a number, `quantity="2"` text (SPEC §5's
    /// typed values).
    public var kind: ScriptValueKind

    public init(keyword: String, value: String, kind: ScriptValueKind = .string) {
        self.keyword = keyword
        self.value = value
        self.kind = kind
    }

    /// The value as a property takes it when a template is its whole value: a number or a
    /// boolean as written, else the text.
    public var typedValue: EventValue {
        ScriptValue(text: value, kind: kind).eventValue
    }
}

/// What a script value was written as. Text unless written unquoted as a JSON number (`2`,
/// `-0.5`, `1e3`) or `true`/`false` — or, in a JSON script, as a JSON number or boolean.
public enum ScriptValueKind: Sendable, Equatable {
    case string
    case number
    case bool

    /// The kind of an unquoted value.
    public static func of(unquoted text: String) -> ScriptValueKind {
        if text == "true" || text == "false" { return .bool }
        return isJSONNumber(text) ? .number : .string
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, the JSON number grammar.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, (0x30...0x39).contains(byte) { bytes.removeFirst(); count += 1 }
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "0") { bytes.removeFirst() } else if digits() == 0 { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

/// A script value with how it was written: what `set` stores on an instance.
package struct ScriptValue: Sendable, Equatable {
    public var text: String
    public var kind: ScriptValueKind

    public init(text: String, kind: ScriptValueKind = .string) {
        self.text = text
        self.kind = kind
    }

    /// A number as an integer when it is one (`2`), else as a double (`2.5`, `1e3`); a
    /// boolean; else the text.
    public var eventValue: EventValue {
        switch kind {
        case .string: return .string(text)
        case .bool: return .bool(text == "true")
        case .number:
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(text) {
                return .integer(integer)
            }
            return Double(text).map(EventValue.real) ?? .string(text)
        }
    }
}

/// `expect [no] screen|track "NAME" [key=value...]`, `expect [no] identify USERID [trait=value...]`.
public struct Expectation: Sendable, Equatable {
    public var negated: Bool
    public var kind: Event.Kind
    public var name: String
    public var properties: [Argument]
}
