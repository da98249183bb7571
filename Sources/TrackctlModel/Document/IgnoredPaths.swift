/// Key paths a comparison skips, with their subtrees: `messageId`, `context.library`,
/// `properties.*.id` (`*` stands for any one key). Paths are dot-separated keys; an array
/// element is its key with the index (`products[0]`), so `products[0].sku` names one field and
/// `products[*].sku` that field of every element.
///
/// Shared by `diff` (`--ignore`) and `replay --expect` (`--expect-ignore`).
public struct IgnoredPaths: Sendable {
    /// Patterns without `*`, each with the prefix its subtree's paths start with: compared
    /// without splitting the path (a diff asks once per key of every call).
    private let literals: [(path: String, subtree: String)]
    /// Patterns with `*`, split into keys.
    private let wildcards: [[Substring]]

    public init(_ patterns: [String]) {
        let given = patterns.filter { !$0.isEmpty }
        literals = given.filter { !$0.contains("*") }.map { ($0, $0 + ".") }
        wildcards = given.filter { $0.contains("*") }.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
    }

    public static let none = IgnoredPaths([])

    /// Why `pattern` is no path, or nil: an empty pattern or key, or a bracket that is not `[N]`
    /// or `[*]` — a typo would otherwise ignore nothing, silently (review 2026-11-27).
    public static func problem(with pattern: String) -> String? {
        guard !pattern.isEmpty else { return "an empty path ignores nothing" }
        for part in pattern.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = part.drop { $0 != "[" }
            guard rest.startIndex > part.startIndex else {
                return "'\(pattern)' has an empty key: write keys joined by dots"
            }
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                    return "'\(pattern)' has a bracket that does not close: write [N] or [*]"
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                guard inside == "*" || (!inside.isEmpty && inside.allSatisfy { $0.isASCII && $0.isNumber }) else {
                    return "'\(pattern)' has '[\(inside)]': an element is [N] or [*]"
                }
                rest = rest[rest.index(after: close)...]
            }
        }
        return nil
    }

    /// What differs by nature between a replay and what an app sent (SPEC §13): ids, clocks
    /// and the library that sent the call.
    public static let volatileDefaults = [
        "messageId", "timestamp", "originalTimestamp", "sentAt", "receivedAt", "anonymousId", "context.library"
    ]

    /// Keys one side writes and the other cannot (SPEC §13, "diff against a real app"): left
    /// out by `diff` when one stream never has them, compared when both do.
    /// - trackctl's replay: `context.step`, `context.navigation`, `properties.class`,
    ///   `properties.selector`, `context.screen.density`.
    /// - analytics-swift (segmentio/analytics-swift, Sources/Segment/Plugins/Context.swift at
    ///   640a2c28): `context.network`, `context.userAgent`, `context.instanceId`,
    ///   `context.referrer`, `context.device.name`, `context.device.id`; DeviceToken.swift:
    ///   `context.device.token`; `_metadata` (its destination metadata), `integrations`;
    ///   `context.traits`, which Segment's libraries add after `identify`.
    public static let oneSidedByNature = [
        "context.step", "context.navigation", "properties.class", "properties.selector", "context.screen.density",
        "context.network", "context.userAgent", "context.instanceId", "context.referrer", "context.device.name",
        "context.device.id", "context.device.token", "context.traits", "_metadata", "integrations"
    ]

    public var isEmpty: Bool { literals.isEmpty && wildcards.isEmpty }

    /// Whether `path` or one of its ancestors is ignored.
    public func contains(_ path: String) -> Bool {
        guard !path.isEmpty else { return false }
        for literal in literals where path == literal.path || path.hasPrefix(literal.subtree) { return true }
        guard !wildcards.isEmpty else { return false }
        let segments = path.split(separator: ".", omittingEmptySubsequences: false)
        return wildcards.contains { pattern in
            pattern.count <= segments.count
                && zip(pattern, segments).allSatisfy { $0 == "*" || $0 == $1 || Self.indexesMatch($0, $1) }
        }
    }

    /// Whether a segment pattern with `[*]` names the segment: `items[*]` names `items[0]`,
    /// `grid[*][*]` names `grid[2][3]`.
    private static func indexesMatch(_ pattern: Substring, _ segment: Substring) -> Bool {
        guard pattern.contains("[*]") else { return false }
        var normalized = ""
        var inIndex = false
        for character in segment {
            if inIndex {
                if character == "]" { normalized += "*]"; inIndex = false } else if !character.isNumber { return false }
            } else {
                normalized.append(character)
                if character == "[" { inIndex = true }
            }
        }
        return !inIndex && normalized == pattern
    }
}
