/// One event's JSON line, newline included, as a sink receives it: read it during
/// `receive(_:event:)` — copy what you keep (`bytes`, `text`) — and never after.
///
/// A view of the emitter's buffer, which the next event overwrites: no copy is made per event.
/// It hands out no pointer that outlives a closure. In debug builds a line used after its
/// `receive` call returned traps with a message (`EventLineTests.aLineKeptPastItsCallIsCaught`
/// checks it does); release builds skip the check, which is the whole cost of the safety net.
/// (A `~Escapable` type would make keeping one a compile error, but needs an experimental
/// compiler feature on the public API; the seam is here to move to `RawSpan` when that is
/// settled.)
public struct EventLine {
    private let raw: UnsafeRawBufferPointer
    /// The event's time on the virtual clock, in milliseconds since the Unix epoch: what
    /// `simulate --order time` merges users' events by, without reading the line.
    public let timestamp: Int64
    #if DEBUG
        private let lifetime: LineLifetime
        private let generation: Int
    #endif

    #if DEBUG
        init(_ raw: UnsafeRawBufferPointer, timestamp: Int64 = 0, lifetime: LineLifetime) {
            self.raw = raw
            self.timestamp = timestamp
            self.lifetime = lifetime
            generation = lifetime.generation
        }
    #else
        @inline(__always)
        init(_ raw: UnsafeRawBufferPointer, timestamp: Int64 = 0, lifetime: LineLifetime) {
            self.raw = raw
            self.timestamp = timestamp
        }
    #endif

    /// The line's bytes, for the duration of `body` only.
    @inline(__always)
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(checked)
    }

    /// The number of bytes, newline included.
    public var count: Int { checked.count }

    /// A copy of the bytes.
    public var bytes: [UInt8] { Array(checked) }

    /// A copy as text, without the final newline.
    public var text: String {
        let bytes = checked
        return String(
            decoding: bytes.last == 0x0A ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes, as: UTF8.self)
    }

    /// The bytes, after the debug check that the line is still the current one.
    @inline(__always)
    var checked: UnsafeRawBufferPointer {
        #if DEBUG
            precondition(
                lifetime.generation == generation,
                "an EventLine was used after its receive(_:event:) returned; copy `bytes` or `text` during the call")
        #endif
        return raw
    }
}

/// The emitter's count of lines handed out, so a debug build can tell a kept line from the
/// current one. One per emitter; one thread.
final class LineLifetime {
    @exclusivity(unchecked) private(set) var generation = 0

    /// The line handed out is over: lines kept from it stop working (in debug builds).
    @inline(__always)
    func end() {
        #if DEBUG
            generation &+= 1
        #endif
    }
}
