import TrackctlModel

/// Parsed steps by line text. Generated and long scripts repeat the same lines; parsing each
/// distinct line once keeps replay speed bounded by the runtime, not the parser. A small
/// direct-mapped table with a hash of the line eight bytes at a time: cheaper per line than a
/// Dictionary's SipHash, and a line is hashed on every step of both passes.
///
/// Fast path. Owner: one pass of a `ScriptSource` over its file; one thread. Lifetime: the
/// pass's; 1,024 slots, whatever the script's length. Invalidation: a slot holds one line's
/// bytes and step; another line hashing to the slot replaces both (the bytes are compared, so
/// a collision is a miss, never a wrong step). A step handed out stays alive at least until the
/// next lookup — the slot keeps it. `StepCacheTests.linesCollidingInOneSlotNeverGiveEachOthersStep`
/// checks collisions and repeats.
struct StepCache {
    private struct Slot {
        var bytes: [UInt8] = []
        /// nil for a line without a step (blank, comment) and for an empty slot.
        var step: PreparedStep?
        var isFilled = false
    }

    private var slots = [Slot](repeating: Slot(), count: 1024)

    /// The step of a line (nil for a blank or comment line), and whether its text came before.
    /// The step stays in the cache, alive, at least until the next call.
    mutating func step(for bytes: UnsafeRawBufferPointer, line: Int, file: String) throws(ReplayStop) -> (
        Unmanaged<PreparedStep>?, isRepeat: Bool
    ) {
        let index = Int(Self.hash(bytes) >> 54)
        // The slot is compared in place; only its step's reference is handed out.
        if slots[index].isFilled, slots[index].bytes.count == bytes.count,
            slots[index].bytes.withUnsafeBytes({ a in
                // Not nil: read only when not empty, and both sides have the same count.
                // swift-format-ignore: NeverForceUnwrap
                a.isEmpty || Platform.equalBytes(a.baseAddress!, bytes.baseAddress!, count: a.count)
            })
        {
            return (slots[index].step.map { Unmanaged.passUnretained($0) }, true)
        }
        // An ASCII line (almost every line) is valid UTF-8 without making a String of it. Text
        // that is not UTF-8, or has NUL bytes, is not a script: malformed input (exit 2).
        if !Self.isASCII(bytes), String(validating: bytes, as: UTF8.self) == nil {
            let bad = TextChecks.firstInvalidUTF8(Array(bytes), from: 0) ?? 0
            throw .document(
                DocumentError(
                    file: file,
                    message:
                        "the line is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true))); "
                        + "save the script as UTF-8",
                    position: TextCursor.position(of: bad, in: Array(bytes)).onLine(line)))
        }
        if let base = bytes.baseAddress, let nul = Platform.find(0, in: base, count: bytes.count) {
            throw .document(
                DocumentError(
                    file: file, message: "the line contains a NUL byte; is this a binary file?",
                    position: TextCursor.position(of: nul - base, in: Array(bytes)).onLine(line)))
        }
        let step: PreparedStep?
        do {
            step = try ScriptParser.parse(line: bytes.assumingMemoryBound(to: UInt8.self), number: line, file: file).map
            { PreparedStep($0.action) }
        } catch {
            throw error.stop
        }
        // The slot's byte array is reused: a script whose lines never repeat replaces one per line.
        slots[index].bytes.removeAll(keepingCapacity: true)
        slots[index].bytes.append(contentsOf: bytes)
        slots[index].step = step
        slots[index].isFilled = true
        return (step.map { Unmanaged.passUnretained($0) }, false)
    }

    /// Whether every byte is below 0x80, tested eight bytes at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset + 8 <= bytes.count {
            if base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Multiply-xorshift over 8-byte words, the tail zero-padded: its top 10 bits pick a slot.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return hash }
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        if offset < bytes.count {
            // The last eight bytes (overlapping the words above), or the few bytes of a short line.
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                tail = base.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            } else {
                for index in 0..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            }
            hash = (hash ^ tail) &* multiplier
            hash ^= hash >> 32
        }
        return hash &* multiplier
    }
}
