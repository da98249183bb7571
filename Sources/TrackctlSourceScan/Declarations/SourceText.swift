import TrackctlModel

/// Reads a source file's bytes by token range: compares a range with a keyword without making
/// a String, and makes one only for the names the catalog keeps.
///
/// Holds a pointer into the file buffer of the scan that made it: valid only while that
/// buffer is (the parse of one file), never stored in results.
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>

    @inline(__always)
    func byte(_ offset: Int32) -> UInt8 { bytes[Int(offset)] }

    /// Whether `start..<end` holds exactly `word`.
    @inline(__always)
    func equals(_ start: Int32, _ end: Int32, _ word: StaticString) -> Bool {
        let count = Int(end - start)
        guard count == word.utf8CodeUnitCount else { return false }
        let base = word.utf8Start
        var offset = 0
        while offset < count {
            if bytes[Int(start) + offset] != base[offset] { return false }
            offset += 1
        }
        return true
    }

    func string(_ start: Int32, _ end: Int32) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
    }
}
