/// A growable byte buffer written through a raw pointer: appends are a bounds check and a
/// copy, without the uniqueness and capacity checks of `Array` on every call. One per
/// emitter, reused for every event.
///
/// Fast path. Owner: whoever made it (the emitter's line, a sink's output buffer, a memo's
/// rendered bytes); one thread at a time — a buffer handed to the background writer belongs to
/// the writer until it comes back. Lifetime: `base` and `bytes` are valid until the next write
/// (a write may move the storage). Appending bytes that lie inside the buffer itself is
/// allowed: when the storage moves, the source moves with it.
///
/// The engine's modules append from across a module boundary (the buffer lives in
/// TrackctlModel, the encoder in TrackctlCore): the appends are `@inlinable` and the storage
/// `@usableFromInline`, so they are inlined at the call site as they were within one module —
/// called out of line, with the exclusivity checks a caller in another module makes, replay and
/// simulate ran 15–20% slower.
public final class LineBuffer {
    // One owner, one thread: no dynamic exclusivity checks on every append. The attribute holds
    // within this module and in the inlined code; a direct read from another module would be
    // checked, so other modules read the storage only through the inlinable accessors below.
    @usableFromInline @exclusivity(unchecked) var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var allocated: Int
    /// Bytes written so far (`count`'s storage, settable by the inlined appends).
    @usableFromInline @exclusivity(unchecked) var written = 0

    /// Bytes written so far.
    @inlinable @inline(__always)
    public var count: Int { written }

    public init(capacity: Int = 4096) {
        allocated = capacity
        storage = .allocate(capacity: capacity)
    }

    /// Where the bytes start, valid until the next write.
    @inlinable @inline(__always)
    package var base: UnsafeMutablePointer<UInt8> { storage }

    /// The bytes that fit before the storage must grow.
    @inlinable @inline(__always)
    package var capacity: Int { allocated }

    deinit { storage.deallocate() }

    /// Forgets the content, keeps the memory.
    @inlinable @inline(__always)
    public func removeAll() { written = 0 }

    /// The bytes written, valid until the next write.
    @inlinable @inline(__always)
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: written) }

    @inlinable @inline(__always)
    package func reserve(_ extra: Int) {
        if written + extra > allocated { grow(to: written + extra) }
    }

    @usableFromInline
    func grow(to needed: Int) {
        var newCapacity = allocated * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: storage, count: written)
        storage.deallocate()
        storage = newBase
        allocated = newCapacity
    }

    /// Counts `n` bytes written directly through `storage` after `reserve`.
    @inlinable @inline(__always)
    package func advance(by n: Int) { written += n }

    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        storage[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    package func append(_ pointer: UnsafePointer<UInt8>, count n: Int) {
        if written + n > allocated {
            appendGrowing(pointer, count: n)
            return
        }
        (storage + written).update(from: pointer, count: n)
        written += n
    }

    /// The slow path of `append`: grows first, and if the bytes come from this buffer (an
    /// earlier part of it), reads them at their new place — the old storage is freed by `grow`.
    @usableFromInline
    func appendGrowing(_ pointer: UnsafePointer<UInt8>, count n: Int) {
        let inside = pointer >= UnsafePointer(storage) && pointer < UnsafePointer(storage + allocated)
        let offset = inside ? pointer - UnsafePointer(storage) : 0
        precondition(!inside || offset + n <= written, "appending bytes of this buffer that were never written")
        grow(to: written + n)
        let source = inside ? UnsafePointer(storage + offset) : pointer
        (storage + written).update(from: source, count: n)
        written += n
    }

    @inlinable @inline(__always)
    package func append(_ text: StaticString) {
        // Not nil: a static string always has a start address, an empty one's included.
        // swift-format-ignore: NeverForceUnwrap
        text.withUTF8Buffer { append($0.baseAddress!, count: $0.count) }
    }

    @inlinable @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        append(start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Appends what another buffer holds.
    @inlinable @inline(__always)
    package func append(_ other: LineBuffer) {
        append(other.storage, count: other.written)
    }

    @inlinable @inline(__always)
    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }
}
