extension String {
    /// Runs `body` over the string's UTF-8 bytes in place (large native strings), or over a
    /// stack copy (small strings, bridged ones). Iterating `utf8` element by element costs tens
    /// of instructions a byte; this is a pointer walk.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
