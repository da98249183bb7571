import TrackctlModel

/// The line `collect` writes for a call: the client's bytes, compacted, with what the batch
/// shares spliced in and `receivedAt` added — never rendered again from a tree, so number text,
/// key order and escapes stay as sent (SPEC §13, "Whatever collect writes, diff reads").
///
/// Fast path over bytes that `RawJSON.isValid` accepted (its invariant: valid JSON, so member
/// scans find every boundary).
struct CallLine {
    /// What a batch shares with its calls: `context` and `integrations` merged under the call's
    /// own (its keys win), `sentAt` for a call without one.
    struct Shared {
        /// Each shared object's members: the key as decoded, and the member's bytes
        /// (`"key":value`, compacted).
        var objects: [(key: String, members: [(key: String, bytes: [UInt8])], whole: [UInt8])] = []
        var sentAt: [UInt8]?

        var isEmpty: Bool { objects.isEmpty && sentAt == nil }

        /// From the batch body's top-level members.
        init(body: [UInt8], members: [(key: String, value: Range<Int>)]) {
            for member in members {
                switch member.key {
                case "context", "integrations":
                    var whole: [UInt8] = []
                    RawJSON.compact(body, member.value, into: &whole)
                    let inner =
                        body.withUnsafeBufferPointer { RawJSON.memberRanges(ofObjectIn: member.value, of: $0) } ?? []
                    let parts = inner.map { part -> (key: String, bytes: [UInt8]) in
                        var bytes: [UInt8] = []
                        RawJSON.compact(body, part.key.lowerBound..<(part.key.upperBound + 1), into: &bytes)
                        bytes.append(UInt8(ascii: ":"))
                        RawJSON.compact(body, part.value, into: &bytes)
                        return (RawJSON.decodedString(body, part.key), bytes)
                    }
                    // Only an object merges; another value is added to calls without the key.
                    objects.append((member.key, body[member.value.lowerBound] == UInt8(ascii: "{") ? parts : [], whole))
                case "sentAt":
                    var bytes: [UInt8] = []
                    RawJSON.compact(body, member.value, into: &bytes)
                    sentAt = bytes
                default:
                    break
                }
            }
        }

        init() {}
    }

    /// The keys `build` must see to splice safely: `check(_:noting:)` notes where they are.
    static let splicedKeys: [StaticString] = ["receivedAt", "sentAt"]

    /// The line of the call object in `range` of `body`: `type` first when the path gave it,
    /// the call's members as sent (its own `receivedAt` left out), the shared objects merged,
    /// `sentAt` and `receivedAt` last. `checked` is the body's check, noting `splicedKeys`.
    static func build(
        _ body: [UInt8], _ range: Range<Int>, shared: Shared, type: String?, receivedAt: String,
        checked: RawJSON.Checked
    ) -> [UInt8] {
        // The common case (analytics-swift's uploads, the HTTP sink's): nothing to splice but the
        // time, so the call is copied whole, compacted, and `receivedAt` goes before its brace.
        if shared.objects.isEmpty, type == nil, !checked.notesKey(in: range) {
            var line: [UInt8] = []
            line.reserveCapacity(range.count + 80)
            if checked.hasSpace {
                RawJSON.compact(body, range, into: &line)
            } else {
                line.append(contentsOf: body[range])
            }
            if line.count > 2 { line[line.count - 1] = UInt8(ascii: ",") } else { line.removeLast() }
            if let sentAt = shared.sentAt { line += Self.sentAtMember + sentAt + [UInt8(ascii: ",")] }
            line += Self.receivedAtMember
            line += receivedAt.utf8
            line.append(UInt8(ascii: "}"))
            return line
        }
        let members = body.withUnsafeBufferPointer { RawJSON.memberRanges(ofObjectIn: range, of: $0) } ?? []
        var line: [UInt8] = [UInt8(ascii: "{")]
        line.reserveCapacity(range.count + 64)
        var first = true
        func separate() {
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
        }
        if let type {
            separate()
            line += Array("\"type\":".utf8) + Array(JSONText.quoted(type).utf8)
        }
        var seen = Set<String>()
        for member in members {
            let key = RawJSON.decodedString(body, member.key)
            seen.insert(key)
            if key == "receivedAt" { continue }
            separate()
            RawJSON.compact(body, member.key.lowerBound..<(member.key.upperBound + 1), into: &line)
            line.append(UInt8(ascii: ":"))
            if let object = shared.objects.first(where: { $0.key == key }), !object.members.isEmpty,
                body[member.value.lowerBound] == UInt8(ascii: "{")
            {
                merge(body, member.value, with: object.members, into: &line)
            } else {
                RawJSON.compact(body, member.value, into: &line)
            }
        }
        for object in shared.objects where !seen.contains(object.key) {
            separate()
            line += Array(JSONText.quoted(object.key).utf8) + [UInt8(ascii: ":")] + object.whole
        }
        if let sentAt = shared.sentAt, !seen.contains("sentAt") {
            separate()
            line += Self.sentAtMember + sentAt
        }
        separate()
        line += Self.receivedAtMember
        line += receivedAt.utf8
        line.append(UInt8(ascii: "}"))
        return line
    }

    /// The call's own object (`range`), then the shared members whose keys it does not have.
    private static func merge(
        _ body: [UInt8], _ range: Range<Int>, with shared: [(key: String, bytes: [UInt8])], into line: inout [UInt8]
    ) {
        var own: [UInt8] = []
        RawJSON.compact(body, range, into: &own)
        let keys = Set(
            (body.withUnsafeBufferPointer { RawJSON.memberRanges(ofObjectIn: range, of: $0) } ?? []).map {
                RawJSON.decodedString(body, $0.key)
            })
        let added = shared.filter { !keys.contains($0.key) }
        guard !added.isEmpty else { line += own; return }
        own.removeLast()  // }
        line += own
        for (index, member) in added.enumerated() {
            if index > 0 || !keys.isEmpty { line.append(UInt8(ascii: ",")) }
            line += member.bytes
        }
        line.append(UInt8(ascii: "}"))
    }

    private static let receivedAtMember = Array("\"receivedAt\":".utf8)
    private static let sentAtMember = Array("\"sentAt\":".utf8)
}
