import TrackctlModel

/// One tracking event, as SPEC §5 shapes it: a Segment-compatible `screen`, `track` or
/// `identify` call, or a `trace` line with one lifecycle callback (`--trace`).
public struct Event: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case screen
        case track
        case trace
        /// `identify USERID`: `name` is the user id, `properties` the traits.
        case identify
    }

    public var kind: Kind
    /// The screen's name (`screen`), the event's name (`track`), or the callback (`trace`).
    public var name: String
    /// In order: `class` (and `selector` for tracks) first, then the SPOC's properties.
    public var properties: [(key: String, value: EventValue)]
    public var context: EventContext
    /// Milliseconds since the Unix epoch, on the replay's virtual clock.
    public var timestamp: Int64
    /// Assigned by the emitter from the seeded id source; nil for traces.
    public var messageID: UUIDValue?
    /// The user id `identify` set (nil before it and after `reset`).
    public var userID: String?

    public init(
        kind: Kind, name: String, properties: [(key: String, value: EventValue)], context: EventContext,
        timestamp: Int64,
        messageID: UUIDValue? = nil, userID: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.properties = properties
        self.context = context
        self.timestamp = timestamp
        self.messageID = messageID
        self.userID = userID
    }

    /// The value of a property, if present.
    public func property(_ key: String) -> EventValue? {
        properties.first { $0.key == key }?.value
    }

    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.context == rhs.context && lhs.timestamp == rhs.timestamp
            && lhs.messageID == rhs.messageID && lhs.userID == rhs.userID
            && lhs.properties.map(\.key) == rhs.properties.map(\.key)
            && lhs.properties.map(\.value) == rhs.properties.map(\.value)
    }
}

/// A JSON scalar in an event's properties.
public enum EventValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case null

    /// The value as an `expect` step compares it: strings as written, numbers and booleans as JSON spells them.
    public var text: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .real(let r): return JSONNumber.format(r)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// `context.navigation`, `step` and `script` of an event: where in the app and in the script it
/// happened. (The device context is the same for every event of a replay: `EventEnvironment`.)
public struct EventContext: Sendable, Equatable {
    /// Label of the visible tracked screen, if any.
    public var screen: String?
    /// Label of the screen viewed before the latest screen view, if any.
    public var previousScreen: String?
    /// Labels of the tracked screens on the way to the visible one, bottom first.
    public var stack: [String]
    /// The script line that caused the event.
    public var step: Int
    /// The script's path, when several scripts run.
    public var script: String?

    public init(screen: String?, previousScreen: String?, stack: [String], step: Int, script: String? = nil) {
        self.screen = screen
        self.previousScreen = previousScreen
        self.stack = stack
        self.step = step
        self.script = script
    }
}
