import Foundation

/// Reads a binary property list (`bplist00`) into `SourceValue`s.
///
/// Binary plists have no lines, so values carry no position; findings use key paths. Every
/// offset and count is bounds-checked and nesting is limited, so a corrupt or hostile file
/// (including one whose objects refer to themselves) is an error, never a crash.
///
/// Memory stays bounded by the file (SPEC §8): an object referred to many times — real files
/// share every repeated string — is decoded once and its value shared (values are copy-on-write),
/// and the tree it stands for may hold at most `10 × objects + 100,000` values, so a few hundred
/// bytes of objects that each refer to the previous one twice ("billion laughs") are refused
/// at once instead of expanding.
struct BinaryPlistReader {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTableStart = 0
    /// Values of the tree so far, a shared object counting once per place it appears.
    private var expandedCount = 0
    /// The most values the tree may hold, from the number of objects in the file.
    private var maximumExpanded = 0
    /// Objects decoded already, by reference, with the number of values each stands for.
    private var decoded: [Int: (value: SourceValue, size: Int)] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read() throws -> SourceValue {
        guard bytes.count >= 8 + 32 else { throw corrupt("the file is too short") }
        guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
            throw SyntaxError(message: "unsupported binary property list version; only bplist00 is read", position: nil)
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw corrupt("its trailer is invalid")
        }
        guard let count = Int(exactly: readUInt(at: trailer + 8, size: 8)),
            let top = Int(exactly: readUInt(at: trailer + 16, size: 8)),
            let table = Int(exactly: readUInt(at: trailer + 24, size: 8)),
            count > 0, top < count, table >= 8, table <= trailer,
            count <= (trailer - table) / offsetSize
        else { throw corrupt("its trailer is invalid") }
        objectCount = count
        offsetTableStart = table
        maximumExpanded = 10 * count + 100_000
        return try readObject(top, depth: 0).value
    }

    private func corrupt(_ detail: String) -> SyntaxError {
        SyntaxError(message: "malformed binary property list: \(detail)", position: nil)
    }

    private func readUInt(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    private func objectOffset(_ reference: Int) throws -> Int {
        guard reference >= 0, reference < objectCount else { throw corrupt("an object reference is out of range") }
        let offset = Int(readUInt(at: offsetTableStart + reference * offsetSize, size: offsetSize))
        guard offset >= 8, offset < offsetTableStart else { throw corrupt("an object offset is out of range") }
        return offset
    }

    /// The length of a variable-size object: the marker's low nibble, or a following integer when 0xF.
    private func length(marker: UInt8, at offset: Int) throws -> (count: Int, dataStart: Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, offset + 1) }
        guard offset + 1 < offsetTableStart else { throw corrupt("a length runs past the end") }
        let intMarker = bytes[offset + 1]
        guard intMarker & 0xF0 == 0x10 else { throw corrupt("a length is not an integer") }
        let size = 1 << Int(intMarker & 0x0F)
        guard size <= 8, offset + 2 + size <= offsetTableStart else { throw corrupt("a length runs past the end") }
        let value = readUInt(at: offset + 2, size: size)
        guard value < UInt64(offsetTableStart) else { throw corrupt("a length is larger than the file") }
        return (Int(value), offset + 2 + size)
    }

    private func checkRange(_ start: Int, _ count: Int) throws {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw corrupt("an object runs past the end")
        }
    }

    /// The value of object `reference`, and how many values it stands for (itself and what it
    /// contains).
    private mutating func readObject(_ reference: Int, depth: Int) throws -> (value: SourceValue, size: Int) {
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(
                message: "nesting deeper than \(Self.maximumDepth) levels (or an object that contains itself)",
                position: nil)
        }
        if let known = decoded[reference] {
            try count(known.size)
            return known
        }
        let before = expandedCount
        try count(1)
        let value = try decodeObject(reference, depth: depth)
        let result = (value: value, size: expandedCount - before)
        decoded[reference] = result
        return result
    }

    /// Adds `values` to the tree's size; refuses a tree past the file's bound.
    private mutating func count(_ values: Int) throws {
        expandedCount += values
        guard expandedCount <= maximumExpanded else {
            throw corrupt(
                "its \(objectCount) objects refer to each other so often that they expand to more than "
                    + "\(maximumExpanded) values"
            )
        }
    }

    private mutating func decodeObject(_ reference: Int, depth: Int) throws -> SourceValue {
        let offset = try objectOffset(reference)
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return SourceValue(.bool(false), at: nil)
            case 0x09: return SourceValue(.bool(true), at: nil)
            case 0x00: return SourceValue(.null, at: nil)
            default: throw corrupt(String(format: "unknown object marker 0x%02X", marker))
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw corrupt("an integer is too wide") }
            try checkRange(offset + 1, size)
            let raw = readUInt(at: offset + 1 + max(0, size - 8), size: min(size, 8))
            // 8-byte integers are signed; 1, 2 and 4-byte ones are unsigned.
            return SourceValue(.integer(size >= 8 ? Int64(bitPattern: raw) : Int64(raw)), at: nil)
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            try checkRange(offset + 1, size)
            let raw = readUInt(at: offset + 1, size: size)
            switch size {
            case 4: return SourceValue(.real(Double(Float(bitPattern: UInt32(raw)))), at: nil)
            case 8: return SourceValue(.real(Double(bitPattern: raw)), at: nil)
            default: throw corrupt("a real has an unsupported size")
            }
        case 0x3:
            try checkRange(offset + 1, 8)
            let seconds = Double(bitPattern: readUInt(at: offset + 1, size: 8))
            return SourceValue(.date(Date(timeIntervalSinceReferenceDate: seconds)), at: nil)
        case 0x4:
            let (count, start) = try length(marker: marker, at: offset)
            try checkRange(start, count)
            return SourceValue(.data(Array(bytes[start..<start + count])), at: nil)
        case 0x5:
            let (count, start) = try length(marker: marker, at: offset)
            try checkRange(start, count)
            guard bytes[start..<start + count].allSatisfy({ $0 < 0x80 }) else {
                throw corrupt("an ASCII string has non-ASCII bytes")
            }
            return SourceValue(.string(String(decoding: bytes[start..<start + count], as: UTF8.self)), at: nil)
        case 0x6:
            let (count, start) = try length(marker: marker, at: offset)
            try checkRange(start, count * 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for i in 0..<count { units.append(UInt16(readUInt(at: start + 2 * i, size: 2))) }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw corrupt("a string is not valid UTF-16")
            }
            return SourceValue(.string(text), at: nil)
        case 0xA:
            let (count, start) = try length(marker: marker, at: offset)
            try checkRange(start, count * referenceSize)
            var elements: [SourceValue] = []
            for i in 0..<count {
                let ref = Int(readUInt(at: start + i * referenceSize, size: referenceSize))
                elements.append(try readObject(ref, depth: depth + 1).value)
            }
            return SourceValue(.array(elements), at: nil)
        case 0xD:
            let (count, start) = try length(marker: marker, at: offset)
            try checkRange(start, count * referenceSize * 2)
            var members: [SourceMember] = []
            for i in 0..<count {
                let keyRef = Int(readUInt(at: start + i * referenceSize, size: referenceSize))
                let valueRef = Int(readUInt(at: start + (count + i) * referenceSize, size: referenceSize))
                guard case .string(let key) = try readObject(keyRef, depth: depth + 1).value.content else {
                    throw corrupt("a dictionary key is not a string")
                }
                members.append(
                    SourceMember(key: key, keyPosition: nil, value: try readObject(valueRef, depth: depth + 1).value))
            }
            return SourceValue(.dictionary(members), at: nil)
        default:
            throw corrupt(String(format: "unsupported object marker 0x%02X", marker))
        }
    }
}
