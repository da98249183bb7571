/// What `simulate --summary` prints on stderr after the events (SPEC §12): users, sessions,
/// events by type and name, screens viewed, and each `choose` and `maybe` with how often each
/// arm was taken beside its weight — so a run shows it followed the script's proportions.
public struct SimulationSummary: Sendable, Equatable {
    public struct Choice: Sendable, Equatable {
        public enum Kind: String, Sendable { case choose, maybe }
        public var file: String
        public var line: Int
        public var kind: Kind
        /// A `choose`'s arms in order; a `maybe`'s block (weight P) and its skip (100 − P).
        public var arms: [(weight: Double, taken: Int)]

        public static func == (a: Choice, b: Choice) -> Bool {
            a.file == b.file && a.line == b.line && a.kind == b.kind
                && a.arms.map(\.weight) == b.arms.map(\.weight) && a.arms.map(\.taken) == b.arms.map(\.taken)
        }

        /// How often the block was reached.
        public var total: Int { arms.reduce(0) { $0 + $1.taken } }
    }

    public var users: Int
    public var sessions: Int
    /// Events other than traces.
    public var events: Int
    public var byType: [String: Int]
    /// Screen views and track events by name.
    public var byName: [String: Int]
    /// Screen views by name.
    public var screens: [String: Int]
    /// Track events by name.
    public var tracks: [String: Int]
    public var choices: [Choice]

    /// The choices of the blocks of `programs`, in script order (a block before the blocks
    /// inside it).
    static func choices(of programs: [[ScriptNode]]) -> [Choice] {
        programs.flatMap { nodes in
            nodes.flatMap { node -> [ScriptBlock] in
                guard case .block(let block) = node else { return [] }
                return [block] + block.innerBlocks
            }
        }.compactMap { block -> Choice? in
            switch block.kind {
            case .choose(let weights):
                return Choice(file: block.file, line: block.line, kind: .choose, arms: zip(weights, block.taken).map { ($0, $1) })
            case .maybe(let percent):
                return Choice(file: block.file, line: block.line, kind: .maybe, arms: [(percent, block.taken[0]), (100 - percent, block.taken[1])])
            case .repeat:
                return nil
            }
        }
    }

    /// One JSON object on one line, keys in a fixed order and names sorted.
    public var json: String {
        func counts(_ counts: [String: Int]) -> String {
            "{" + counts.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(separator: ",") + "}"
        }
        let choiceJSON = choices.map { choice in
            "{\"file\":\(JSONText.quoted(choice.file)),\"line\":\(choice.line),\"kind\":\"\(choice.kind.rawValue)\",\"arms\":["
                + choice.arms.map { "{\"weight\":\(JSONNumber.format($0.weight)),\"taken\":\($0.taken)}" }.joined(separator: ",") + "]}"
        }
        return "{\"users\":\(users),\"sessions\":\(sessions),\"events\":\(events),\"byType\":\(counts(byType)),\"byName\":\(counts(byName)),"
            + "\"screens\":\(counts(screens)),\"choices\":[\(choiceJSON.joined(separator: ","))]}\n"
    }

    /// For a person: counts, most frequent first, and each arm's share beside its weight's.
    public var text: String {
        func percent(_ part: Double, of whole: Double) -> String {
            whole > 0 ? String(format: "%.1f%%", 100 * part / whole) : "-"
        }
        func ranked(_ counts: [String: Int]) -> String {
            counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        var lines = ["simulated \(plural(users, "user")), \(plural(sessions, "session")), \(plural(events, "event"))"]
        if !byType.isEmpty { lines.append("  by type: " + ranked(byType)) }
        if !screens.isEmpty { lines.append("  screens viewed: " + ranked(screens)) }
        if !tracks.isEmpty { lines.append("  track events: " + ranked(tracks)) }
        for choice in choices {
            let total = Double(choice.total)
            let weights = choice.arms.reduce(0) { $0 + $1.weight }
            switch choice.kind {
            case .choose:
                lines.append("  \(choice.file):\(choice.line) choose, reached \(plural(choice.total, "time")):")
                for (index, arm) in choice.arms.enumerated() {
                    lines.append(
                        "    arm \(index + 1): weight \(percent(arm.weight, of: weights)), taken \(percent(Double(arm.taken), of: total)) (\(arm.taken))")
                }
            case .maybe:
                lines.append(
                    "  \(choice.file):\(choice.line) maybe \(JSONNumber.format(choice.arms[0].weight))%, reached \(plural(choice.total, "time")): "
                        + "ran \(percent(Double(choice.arms[0].taken), of: total)) (\(choice.arms[0].taken))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
