import Foundation

/// A read position over UTF-8 bytes that knows its line and column.
///
/// Columns are computed lazily and incrementally (from the last computed point on the same
/// line), so a 20 MB single-line document still reads in linear time.
package struct TextCursor {
    let bytes: [UInt8]
    var index: Int
    private var line = 1
    private var lineStart: Int
    private var cachedIndex: Int
    private var cachedColumn = 1

    /// `firstLine`: the line number of the first byte (a line of a JSON-lines file is parsed
    /// alone, and its positions name the file's line).
    init(bytes: [UInt8], start: Int = 0, firstLine: Int = 1) {
        self.bytes = bytes
        self.index = start
        self.line = firstLine
        self.lineStart = start
        self.cachedIndex = start
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset` of `bytes`.
    package static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var cursor = TextCursor(bytes: bytes)
        while cursor.index < offset { cursor.advance() }
        return cursor.position()
    }

    var isAtEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int) -> UInt8? {
        let i = index + offset
        return i < bytes.count ? bytes[i] : nil
    }

    /// Moves one byte forward, keeping line bookkeeping right.
    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
            cachedIndex = lineStart
            cachedColumn = 1
        }
        index += 1
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count where index < bytes.count { advance() }
    }

    /// Moves forward over bytes known not to contain a newline (string bodies), in one step.
    mutating func skip(toIndexWithoutNewline newIndex: Int) {
        index = newIndex
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: advance()
            default: return
            }
        }
    }

    /// The position of the current byte.
    mutating func position() -> SourcePosition {
        position(of: index)
    }

    /// The position of `target`, which must not be before the current line's start.
    mutating func position(of target: Int) -> SourcePosition {
        if target < cachedIndex || cachedIndex < lineStart {
            cachedIndex = lineStart
            cachedColumn = 1
        }
        let start = cachedIndex
        let end = min(target, bytes.count)
        // One column per scalar: every byte but continuation bytes (10xxxxxx), counted eight
        // at a time (a position is taken for every key and value of a document).
        var continuation = 0
        if start < end {
            bytes.withUnsafeBufferPointer { buffer in
                // Not nil: start < end: the bytes are not empty.
                // swift-format-ignore: NeverForceUnwrap
                let base = UnsafeRawPointer(buffer.baseAddress!)
                var i = start
                while i + 8 <= end {
                    let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    continuation += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                    i += 8
                }
                while i < end {
                    if buffer[i] & 0xC0 == 0x80 { continuation += 1 }
                    i += 1
                }
            }
        }
        let column = cachedColumn + max(end - start, 0) - continuation
        cachedIndex = max(end, start)
        cachedColumn = column
        return SourcePosition(line: line, column: column)
    }

    /// Whether the bytes at the cursor spell `literal`.
    func starts(with literal: String) -> Bool {
        var i = index
        for b in literal.utf8 {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
        }
        return true
    }

    /// A short, printable description of the current character, for messages.
    func describeCurrent() -> String {
        guard let b = current else { return "end of file" }
        if b < 0x20 || b == 0x7F { return String(format: "control character 0x%02X", b) }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }
}
