/// A decoded SPOC ("single point of customization"): every tracked screen, event and property
/// with the location it was read at. Built by `SPOCDecoder`; checked by `Validator`.
public struct SPOC: Sendable {
    /// The file as reported in findings.
    public var file: String
    public var screens: [TrackedScreen] = []
    public var events: [TrackedEvent] = []
    public var properties: [TrackedProperty] = []
    public var options = TrackingOptions()
    /// How many elements each list has in the file, broken ones included (an element too broken
    /// to decode is reported and left out of `screens`, `events` or `properties`): the summary
    /// counts what the file lists, not what survived.
    public var listed = ListedCounts()

    public struct ListedCounts: Sendable, Equatable {
        public var screens = 0
        public var events = 0
        public var properties = 0
    }

    public init(file: String) {
        self.file = file
    }
}

/// A `trackedScreens` entry: a screen view is emitted when an instance of `className` appears.
public struct TrackedScreen: Sendable {
    public var path: ValuePath
    public var className: Located<String>
    /// `label`, or EF's spelling `screenName`; may hold templates.
    public var label: Located<String>
    public var properties: [EventProperty] = []
    public var conditions: [Condition] = []
    public var once = false
    /// Fire only after the screen stayed visible this long.
    public var dwell: Located<TimeSpan>?
}

/// A `trackedEvents` entry: a track event is emitted when `selector` runs on an instance of
/// `className` (or of a subclass that inherits it).
public final class TrackedEvent: Sendable {
    public let path: ValuePath
    public let className: Located<String>
    public let selector: Located<String>
    public let label: Located<String>
    public let properties: [EventProperty]
    public let conditions: [Condition]
    public let once: Bool
    public let position: HookPosition

    public init(
        path: ValuePath, className: Located<String>, selector: Located<String>, label: Located<String>,
        properties: [EventProperty] = [], conditions: [Condition] = [], once: Bool = false,
        position: HookPosition = .after
    ) {
        self.path = path
        self.className = className
        self.selector = selector
        self.label = label
        self.properties = properties
        self.conditions = conditions
        self.once = once
        self.position = position
    }
}

/// A `trackedProperties` entry: a track event when a script `set` changes `keyPath` on an
/// instance of `className` (key-value observation).
public final class TrackedProperty: Sendable {
    public let path: ValuePath
    public let className: Located<String>
    public let keyPath: Located<String>
    public let label: Located<String>
    public let properties: [EventProperty]
    public let conditions: [Condition]

    public init(
        path: ValuePath, className: Located<String>, keyPath: Located<String>, label: Located<String>,
        properties: [EventProperty] = [], conditions: [Condition] = []
    ) {
        self.path = path
        self.className = className
        self.keyPath = keyPath
        self.label = label
        self.properties = properties
        self.conditions = conditions
    }
}

/// Top-level `options`.
public struct TrackingOptions: Sendable, Equatable {
    /// Emit the seconds a tracked screen was visible when it disappears.
    public var screenTime = false
    /// Emit "Application Opened/Backgrounded/Foregrounded".
    public var lifecycle = false
    /// The app as events describe it (`context.app`); `--app` overrides it.
    public var app: AppProfile?

    public init(screenTime: Bool = false, lifecycle: Bool = false, app: AppProfile? = nil) {
        self.screenTime = screenTime
        self.lifecycle = lifecycle
        self.app = app
    }
}

/// Whether a hook runs before or after the original method (Aspects' AspectPositionBefore/After).
public enum HookPosition: String, Sendable, CaseIterable {
    case before
    case after
}

/// One entry of `properties`: a key and a scalar value; string values may hold templates.
public struct EventProperty: Sendable, Hashable {
    public var key: String
    public var value: PropertyValue
    public var location: SourceLocation
}

/// A scalar property value, as JSON and plists can write it.
public enum PropertyValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
}

/// One `when` pair: the entry fires only if `template` renders to `expected`.
public struct Condition: Sendable, Hashable {
    public var template: Located<String>
    public var expected: String
}
