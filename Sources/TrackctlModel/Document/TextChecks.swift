import Foundation

/// Checks that text input is UTF-8 without NUL bytes before a reader sees it, so that the
/// error names the real problem (and its position) instead of a confusing syntax error.
package enum TextChecks {
    /// Returns the index after a UTF-8 byte-order mark, or 0.
    package static func validate(_ bytes: [UInt8]) throws -> Int {
        if bytes.isEmpty {
            throw SyntaxError(message: "the file is empty; expected a JSON object or a property list", position: nil)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw SyntaxError(
                message: "the file is UTF-16; save it as UTF-8", position: SourcePosition(line: 1, column: 1))
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let bad = firstInvalidUTF8(bytes, from: start) {
            var cursor = TextCursor(bytes: bytes, start: start)
            while cursor.index < bad { cursor.advance() }
            throw SyntaxError(
                message:
                    "the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) here); "
                    + "save it as UTF-8",
                position: cursor.position())
        }
        let nulIndex = bytes.withUnsafeBytes { raw -> Int? in
            // Not nil: start < raw.count: not empty.
            // swift-format-ignore: NeverForceUnwrap
            guard start < raw.count, let hit = Platform.find(0, in: raw.baseAddress! + start, count: raw.count - start)
            else { return nil }
            // Not nil: not empty (a NUL was found in it).
            // swift-format-ignore: NeverForceUnwrap
            return raw.baseAddress!.distance(to: UnsafeRawPointer(hit))
        }
        if let nul = nulIndex {
            var cursor = TextCursor(bytes: bytes, start: start)
            while cursor.index < nul { cursor.advance() }
            throw SyntaxError(
                message: "the file contains a NUL byte; is it a binary file?", position: cursor.position())
        }
        return start
    }

    /// The index of the first byte that does not belong to a well-formed UTF-8 sequence.
    package static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidUTF8($0, from: start) }
    }

    /// Whether `range` of `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values
    /// past U+10FFFF): what `String(decoding:)` keeps without replacing anything.
    package static func isValidUTF8(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        let typed = bytes.bindMemory(to: UInt8.self)
        return firstInvalidUTF8(UnsafeBufferPointer(rebasing: typed[range]), from: 0) == nil
    }

    /// Eight ASCII bytes are skipped at a time (no high bit set in the word).
    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let n = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress)
        while i < n {
            if let base, i + 8 <= n, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minimum = 0x10000
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
