extension String {
    /// Runs `body` over the string's UTF-8 bytes in place (large native strings), or over a
    /// stack copy (small strings, bridged ones). Iterating `utf8` element by element costs tens
    /// of instructions a byte; this is a pointer walk.
    @inline(__always)
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// The UTF-8 offset of the first `byte`, found in place (the generic `utf8.firstIndex`
    /// walks an iterator, hundreds of instructions for a short word).
    package func utf8Offset(of byte: UInt8) -> Int? {
        withUTF8Bytes { $0.firstIndex(of: byte) }
    }
}
