import TrackctlModel

/// Serializes events as JSON lines into a reusable byte buffer, keys in the fixed order of
/// SPEC §5:
///
///     {"type":…,"name"|"event"|"traits":…,"properties":…,"context":{"app":…,"device":…,"os":…,
///      "screen":…,"locale":…,"timezone":…,"library":…,"navigation":{"screen":…,
///      "previousScreen":…,"stack":[…]},"step":N[,"script":…]},"messageId":…,"anonymousId":…
///      [,"userId":…],"timestamp":…,"originalTimestamp":…}
///
/// A trace is not a Segment event: its context is the navigation and the step only, and it has
/// no ids. No Foundation encoder: this runs once per event, a million times a second, so the
/// constant parts (the device context, the identity) are copied as whole byte runs and the
/// timestamp of the previous event is reused when the clock has not moved.
package final class EventEncoder {
    /// The length of the last encoded line's call — type, name and properties (or traits) —
    /// before its context: what a tracking plan without a `common` schema reads.
    private(set) var callPrefixLength = 0
    /// The `anonymousId` of the events emitted now, derived from the seed (a `reset` draws
    /// another).
    package private(set) var anonymousID: UUIDValue
    /// Set by `identify`, cleared by `reset`.
    package private(set) var userID: String?
    /// `,"context":{` + the environment's members + `,"navigation":{"screen":`.
    private let contextStart = LineBuffer(capacity: 512)
    /// A trace's: `,"context":{"navigation":{"screen":`.
    private let traceContextStart = LineBuffer(capacity: 48)
    /// `","anonymousId":"…"[,"userId":"…"],"timestamp":"`: what follows the message id,
    /// rewritten when the identity changes.
    private let afterMessageID = LineBuffer(capacity: 128)

    package init(anonymousID: UUIDValue, environment: EventEnvironment = EventEnvironment()) {
        self.anonymousID = anonymousID
        contextStart.append(Self.contextStart(of: environment))
        traceContextStart.append(",\"context\":{\"navigation\":{\"screen\":")
        writeIdentity()
    }

    /// The bytes every event's context starts with in `environment`: made once per device by
    /// a simulation, not once per user.
    static func contextStart(of environment: EventEnvironment) -> [UInt8] {
        Array((",\"context\":{" + environment.constantContextMembers + ",\"navigation\":{\"screen\":").utf8)
    }

    /// Another device's context from now on (`contextStart(of:)`'s bytes).
    func setContextStart(_ bytes: [UInt8]) {
        contextStart.removeAll()
        contextStart.append(bytes)
    }

    /// The identity of the events from now on: `identify` sets `userID`, `reset` clears it and
    /// brings a new `anonymousID`.
    package func setIdentity(anonymousID: UUIDValue, userID: String?) {
        self.anonymousID = anonymousID
        self.userID = userID
        writeIdentity()
    }

    private func writeIdentity() {
        afterMessageID.removeAll()
        afterMessageID.append("\",\"anonymousId\":\"")
        anonymousID.write(into: afterMessageID)
        afterMessageID.append(UInt8(ascii: "\""))
        if let userID {
            afterMessageID.append(",\"userId\":")
            JSONText.write(userID, into: afterMessageID)
        }
        afterMessageID.append(",\"timestamp\":\"")
    }

    /// Appends one event and its newline to `buffer`.
    package func encode(_ event: Event, into buffer: inout [UInt8]) {
        let line = LineBuffer()
        var cache = TimestampCache()
        encode(event, into: line, timestamps: &cache)
        buffer.append(contentsOf: line.bytes)
    }

    /// Appends one event and its newline to `line`, reusing the formatted timestamp of the
    /// previous call when it is equal. (The replay writes drafts; this writes a value, through
    /// the same code, with this encoder's identity.)
    package func encode(_ event: Event, into line: LineBuffer, timestamps: inout TimestampCache) {
        let context = EventContextState(symbols: SymbolTable())
        context.beginStack()
        for label in event.context.stack { context.appendToStack(.text(label)) }
        context.endStack()
        context.screen = event.context.screen.map(EventText.text)
        context.previousScreen = event.context.previousScreen.map(EventText.text)
        context.step = event.context.step
        context.script = event.context.script
        encode(
            EventDraft(kind: event.kind, name: .text(event.name), properties: .list(event.properties)),
            context: context,
            screenIsName: false, messageID: event.messageID, timestamp: event.timestamp, into: line,
            timestamps: &timestamps)
    }

    /// Appends one event and its newline to `line`: interned texts and prepared properties are
    /// copied as they are; the context's screens and stack come already written. `screenIsName`
    /// writes the draft's name as the context's screen (a screen view's own).
    func encode(
        _ draft: borrowing EventDraft, context: EventContextState, screenIsName: Bool, messageID: UUIDValue?,
        timestamp: Int64, into line: LineBuffer, timestamps: inout TimestampCache
    ) {
        let symbols = context.symbols
        switch draft.kind {
        case .screen: line.append("{\"type\":\"screen\",\"name\":")
        case .track: line.append("{\"type\":\"track\",\"event\":")
        case .trace: line.append("{\"type\":\"trace\",\"name\":")
        case .identify: line.append("{\"type\":\"identify\"")
        }
        if draft.kind == .identify {
            line.append(",\"traits\":")
        } else {
            symbols.write(draft.name, into: line)
            line.append(",\"properties\":")
        }
        switch draft.properties {
        case .prepared(let prepared): symbols.write(prepared, into: line)
        case .bytes(let bytes): line.append(bytes)
        case .list(let list): Self.writeProperties(list, into: line)
        }
        callPrefixLength = line.count
        line.append(draft.kind == .trace ? traceContextStart : contextStart)
        if screenIsName { symbols.write(draft.name, into: line) } else { line.append(context.screenJSON) }
        line.append(",\"previousScreen\":")
        line.append(context.previousScreenJSON)
        line.append(",\"stack\":")
        line.append(context.stackJSON)
        line.append("},\"step\":")
        Self.writeInteger(Int64(context.step), into: line)
        if context.scriptJSON.count > 0 { line.append(context.scriptJSON) }
        if let messageID {
            line.append("},\"messageId\":\"")
            messageID.write(into: line)
            line.append(afterMessageID)
            // `T","originalTimestamp":"T"}\n` in one copy: both are the virtual time.
            timestamps.writeBoth(timestamp, into: line)
        } else {
            line.append("},\"timestamp\":\"")
            timestamps.write(timestamp, into: line)
            line.append("\"}\n")
        }
    }

    /// A JSON object of properties, in their order.
    static func writeProperties(_ properties: [(key: String, value: EventValue)], into line: LineBuffer) {
        line.append(UInt8(ascii: "{"))
        var first = true
        for property in properties {
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
            writeString(property.key, into: line)
            line.append(UInt8(ascii: ":"))
            writeValue(property.value, into: line)
        }
        line.append(UInt8(ascii: "}"))
    }

    /// The event as one JSON line (newline included), for tests and the in-memory sink.
    package func line(_ event: Event) -> String {
        var buffer: [UInt8] = []
        encode(event, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    static func writeValue(_ value: EventValue, into line: LineBuffer) {
        switch value {
        case .string(let s): writeString(s, into: line)
        case .integer(let i): writeInteger(i, into: line)
        case .real(let r):
            var text = JSONNumber.format(r)
            // Not nil: a formatted number is never empty.
            // swift-format-ignore: NeverForceUnwrap
            text.withUTF8 { line.append($0.baseAddress!, count: $0.count) }
        case .bool(let b): b ? line.append("true") : line.append("false")
        case .null: line.append("null")
        }
    }

    static func writeInteger(_ value: Int64, into line: LineBuffer) {
        if value < 0 {
            line.append(UInt8(ascii: "-"))
            if value == .min { line.append("9223372036854775808"); return }
        }
        var v = value.magnitude
        if v < 10 { line.append(UInt8(0x30 + v)); return }
        var digits = 2
        var bound: UInt64 = 100
        while v >= bound, digits < 20 {
            digits += 1
            if bound > UInt64.max / 10 { break }
            bound *= 10
        }
        line.reserve(digits)
        // Two digits at a time from the end, from a table of the hundred pairs.
        var end = line.base + line.count + digits
        while v >= 100 {
            end -= 2
            DigitPairs.write(Int(v % 100), to: end)
            v /= 100
        }
        if v >= 10 {
            DigitPairs.write(Int(v), to: end - 2)
        } else {
            (end - 1).pointee = UInt8(0x30 + v)
        }
        line.advance(by: digits)
    }

    /// A JSON string literal. Eight bytes at a time are tested for a quote, a backslash or a
    /// control character (SWAR); runs without one are copied in one step.
    /// A JSON string literal, through the one escaper (`JSONText`).
    @inline(__always)
    static func writeString(_ text: String, into line: LineBuffer) {
        JSONText.write(text, into: line)
    }
}

/// "00" to "99": a number below 100 is written as two digits with one copy, not a division
/// per digit. (Step numbers and timestamps are written on every event.)
enum DigitPairs {
    private static let table: StaticString =
        """
        00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899
        """

    /// Writes the two digits of `value` (0 to 99) at `destination`.
    @inline(__always)
    static func write(_ value: Int, to destination: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(destination).copyMemory(from: table.utf8Start + 2 * value, byteCount: 2)
    }
}

/// The last formatted timestamp: consecutive events often share one (a transition's events),
/// and the date part changes once a day of virtual time. Kept in three words rather than an
/// array: rewriting it then costs no uniqueness check and no reference counting.
package struct TimestampCache: Sendable {
    private var milliseconds: Int64 = .min
    private var day: Int64 = .min
    /// The 24 bytes of `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    private var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// `T","originalTimestamp":"T"}\n`, the end of a Segment event's line (74 bytes): the
    /// constant middle and end are written once, the two times when the time changes. Ten
    /// words, not an array: no reference counting.
    private var ending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    private var endingMilliseconds: Int64 = .min
    private static let middle: StaticString = "\",\"originalTimestamp\":\""
    private static let endingLength = 74

    package init() {
        withUnsafeMutableBytes(of: &ending) { raw in
            Self.middle.withUTF8Buffer {
                // Not nil: a tuple of fixed size and a non-empty static string.
                // swift-format-ignore: NeverForceUnwrap
                raw.baseAddress!.advanced(by: 24).copyMemory(from: $0.baseAddress!, byteCount: 23)
            }
            raw[71] = UInt8(ascii: "\"")
            raw[72] = UInt8(ascii: "}")
            raw[73] = UInt8(ascii: "\n")
        }
    }

    /// Appends the timestamp, `","originalTimestamp":"`, the timestamp again, and `"}` with the
    /// newline, in one copy: both are the virtual time (SPEC §5).
    mutating func writeBoth(_ value: Int64, into line: LineBuffer) {
        if value != endingMilliseconds {
            endingMilliseconds = value
            format(value)
            withUnsafeBytes(of: &bytes) { text in
                withUnsafeMutableBytes(of: &ending) { raw in
                    // Not nil: tuples of fixed size.
                    // swift-format-ignore: NeverForceUnwrap
                    raw.baseAddress!.copyMemory(from: text.baseAddress!, byteCount: 24)
                    // Not nil: tuples of fixed size.
                    // swift-format-ignore: NeverForceUnwrap
                    raw.baseAddress!.advanced(by: 47).copyMemory(from: text.baseAddress!, byteCount: 24)
                }
            }
        }
        withUnsafeBytes(of: &ending) {
            // Not nil: a tuple of fixed size.
            // swift-format-ignore: NeverForceUnwrap
            line.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: Self.endingLength)
        }
    }

    mutating func write(_ value: Int64, into line: LineBuffer) {
        format(value)
        // Not nil: a tuple of fixed size.
        // swift-format-ignore: NeverForceUnwrap
        withUnsafeBytes(of: &bytes) { line.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 24) }
    }

    /// Brings `bytes` to `value`: the whole text when the day changes, else the time of day.
    @inline(__always)
    private mutating func format(_ value: Int64) {
        guard value != milliseconds else { return }
        milliseconds = value
        withUnsafeMutableBytes(of: &bytes) { raw in
            // Not nil: a tuple of fixed size.
            // swift-format-ignore: NeverForceUnwrap
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let (valueDay, msOfDay) = value.quotientAndRemainderFloored(dividingBy: 86_400_000)
            if valueDay != day {
                day = valueDay
                var formatted: [UInt8] = []
                Timestamp.write(value, into: &formatted)
                formatted.withUnsafeBytes { raw.copyMemory(from: $0) }
            } else {
                // Same day: rewrite HH:MM:SS.mmm in place (bytes 11 to 22).
                let ms = Int(msOfDay)
                DigitPairs.write(ms / 3_600_000, to: text + 11)
                DigitPairs.write(ms / 60_000 % 60, to: text + 14)
                DigitPairs.write(ms / 1000 % 60, to: text + 17)
                text[20] = UInt8(0x30 + ms % 1000 / 100)
                DigitPairs.write(ms % 100, to: text + 21)
            }
        }
    }
}
