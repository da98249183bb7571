/// A growable byte buffer written through a raw pointer: appends are a bounds check and a
/// copy, without the uniqueness and capacity checks of `Array` on every call. One per
/// emitter, reused for every event.
///
/// Fast path. Owner: whoever made it (the emitter's line, a sink's output buffer, a memo's
/// rendered bytes); one thread at a time — a buffer handed to the background writer belongs to
/// the writer until it comes back. Lifetime: `base` and `bytes` are valid until the next write
/// (a write may move the storage). Appending bytes that lie inside the buffer itself is
/// allowed: when the storage moves, the source moves with it.
public final class LineBuffer {
    // One owner, one thread: no dynamic exclusivity checks on every append.
    @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var capacity: Int
    /// Bytes written so far.
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Forgets the content, keeps the memory.
    @inline(__always)
    public func removeAll() { count = 0 }

    /// The bytes written, valid until the next write.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    package func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Counts `n` bytes written directly through `base` after `reserve`.
    @inline(__always)
    package func advance(by n: Int) { count += n }

    @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package func append(_ pointer: UnsafePointer<UInt8>, count n: Int) {
        if count + n > capacity {
            appendGrowing(pointer, count: n)
            return
        }
        (base + count).update(from: pointer, count: n)
        count += n
    }

    /// The slow path of `append`: grows first, and if the bytes come from this buffer (an
    /// earlier part of it), reads them at their new place — the old storage is freed by `grow`.
    private func appendGrowing(_ pointer: UnsafePointer<UInt8>, count n: Int) {
        let inside = pointer >= UnsafePointer(base) && pointer < UnsafePointer(base + capacity)
        let offset = inside ? pointer - UnsafePointer(base) : 0
        precondition(!inside || offset + n <= count, "appending bytes of this buffer that were never written")
        grow(to: count + n)
        let source = inside ? UnsafePointer(base + offset) : pointer
        (base + count).update(from: source, count: n)
        count += n
    }

    @inline(__always)
    package func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0.baseAddress!, count: $0.count) }
    }

    @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        append(start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Appends what another buffer holds.
    @inline(__always)
    package func append(_ other: LineBuffer) {
        append(other.base, count: other.count)
    }

    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress!, count: $0.count) }
    }
}
