import Foundation
import TrackctlModel

/// What `simulate --summary` prints on stderr after the events (SPEC §12): users, sessions,
/// events by type and name, screens viewed, each `choose` and `maybe` with how often each arm
/// was taken beside its weight, each `repeat`'s mean count and each `wait A..B`'s mean — so a
/// run shows it followed the script's proportions. Summaries of shards add up (`+`, and
/// `trackctl merge --summaries`): every figure is a count or a total, the means derive.
public struct SimulationSummary: Sendable, Equatable {
    /// A `repeat` block: how often it was reached, and its iterations in all.
    public struct Repeat: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var runs: Int
        public var iterations: Int
        public var mean: Double { runs > 0 ? Double(iterations) / Double(runs) : 0 }
    }

    /// A `wait A..B` step: how often it ran, and the time it drew in all.
    public struct Wait: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var count: Int
        public var milliseconds: Int64
        public var meanSeconds: Double { count > 0 ? Double(milliseconds) / Double(count) / 1000 : 0 }
    }

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
    /// Of `users`, those of `--warmup`: they ran, but their events before `--start` were not
    /// written (review 2026-11-27, simulate #4: counted with the rest, unsaid).
    public var warmupUsers = 0
    /// With `--realtime`: how long, in all, the output ran behind the events' pace, each time
    /// by more than the 250 ms the pacing allows, so the clock gave way (milliseconds; review
    /// 2026-11-27, simulate #3: a slow reader was never reported). Zero otherwise.
    public var realtimeLagMilliseconds = 0
    /// After a stop in `--order time`: of `events`, those made but still held for the time order
    /// when the run stopped, so never written (review 2026-11-27, simulate #4).
    public var unwrittenAtStop = 0
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
    public var repeats: [Repeat] = []
    public var waits: [Wait] = []
    /// With a tracking plan: its findings by rule, then by event or screen name; nil without one.
    public var planFindings: [String: [String: Int]]?

    /// The choices of the blocks of `programs`, in script order (a block before the blocks
    /// inside it).
    static func choices(of programs: [[ScriptNode]], _ tally: ScriptTally) -> [Choice] {
        blocks(of: programs).compactMap { block, script -> Choice? in
            let taken = tally.taken(block, in: script)
            switch block.kind {
            case .choose(let weights):
                return Choice(
                    file: block.file, line: block.line, kind: .choose, arms: zip(weights, taken).map { ($0, $1) })
            case .maybe(let percent):
                return Choice(
                    file: block.file, line: block.line, kind: .maybe,
                    arms: [(percent, taken[0]), (100 - percent, taken[1])])
            case .repeat:
                return nil
            }
        }
    }

    /// The `repeat` blocks of `programs`, in script order.
    static func repeats(of programs: [[ScriptNode]], _ tally: ScriptTally) -> [Repeat] {
        blocks(of: programs).compactMap { block, script -> Repeat? in
            guard case .repeat = block.kind else { return nil }
            let taken = tally.taken(block, in: script)
            return Repeat(file: block.file, line: block.line, runs: taken[1], iterations: taken[0])
        }
    }

    /// Every block of `programs` with its script's place, in script order (a block before the
    /// blocks inside it).
    private static func blocks(of programs: [[ScriptNode]]) -> [(block: ScriptBlock, script: Int)] {
        programs.enumerated().flatMap { script, nodes in
            nodes.flatMap { node -> [(block: ScriptBlock, script: Int)] in
                guard case .block(let block) = node else { return [] }
                return ([block] + block.innerBlocks).map { ($0, script) }
            }
        }
    }

    /// The `wait A..B` steps that ran, by file and line.
    static func waits(of tally: ScriptTally) -> [Wait] {
        tally.waits.map {
            Wait(file: $0.key.file, line: $0.key.line, count: $0.value.count, milliseconds: $0.value.milliseconds)
        }
        .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// One JSON object on one line, keys in a fixed order and names sorted.
    public var json: String {
        func counts(_ counts: [String: Int]) -> String {
            "{"
                + counts.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(
                    separator: ",") + "}"
        }
        let choiceJSON = choices.map { choice in
            "{\"file\":\(JSONText.quoted(choice.file)),\"line\":\(choice.line),\"kind\":\"\(choice.kind.rawValue)\","
                + "\"arms\":["
                + choice.arms.map { "{\"weight\":\(JSONNumber.format($0.weight)),\"taken\":\($0.taken)}" }.joined(
                    separator: ",") + "]}"
        }
        let repeatJSON = repeats.map { item in
            "{\"file\":\(JSONText.quoted(item.file)),\"line\":\(item.line),\"runs\":\(item.runs),"
                + "\"iterations\":\(item.iterations),"
                + "\"mean\":\(JSONNumber.format((item.mean * 1000).rounded() / 1000))}"
        }
        let waitJSON = waits.map { item in
            "{\"file\":\(JSONText.quoted(item.file)),\"line\":\(item.line),\"count\":\(item.count),"
                + "\"milliseconds\":\(item.milliseconds),"
                + "\"meanSeconds\":\(JSONNumber.format((item.meanSeconds * 1000).rounded() / 1000))}"
        }
        let planJSON = planFindings.map { byRule in
            ",\"planFindings\":{"
                + byRule.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\(counts($0.value))" }.joined(
                    separator: ",") + "}"
        }
        let warmup = warmupUsers > 0 ? ",\"warmupUsers\":\(warmupUsers)" : ""
        let lag = realtimeLagMilliseconds > 0 ? ",\"realtimeLagMilliseconds\":\(realtimeLagMilliseconds)" : ""
        let unwritten = unwrittenAtStop > 0 ? ",\"unwrittenAtStop\":\(unwrittenAtStop)" : ""
        return
            "{\"users\":\(users)\(warmup)\(lag),\"sessions\":\(sessions),\"events\":\(events)\(unwritten),"
            + "\"byType\":\(counts(byType)),\"byName\":\(counts(byName)),"
            + "\"screens\":\(counts(screens)),\"tracks\":\(counts(tracks)),"
            + "\"choices\":[\(choiceJSON.joined(separator: ","))],"
            + "\"repeats\":[\(repeatJSON.joined(separator: ","))],"
            + "\"waits\":[\(waitJSON.joined(separator: ","))]\(planJSON ?? "")}\n"
    }

    /// For a person: counts, most frequent first, and each arm's share beside its weight's.
    public var text: String {
        func percent(_ part: Double, of whole: Double) -> String {
            whole > 0 ? String(format: "%.1f%%", 100 * part / whole) : "-"
        }
        func ranked(_ counts: [String: Int]) -> String {
            counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
        }
        let warmup =
            warmupUsers > 0
            ? " (\(warmupUsers) of them warm-up users, whose events before --start are not written)" : ""
        let unwritten =
            unwrittenAtStop > 0
            ? " (\(unwrittenAtStop) of them held for --order time and not written when the run stopped)" : ""
        var lines = [
            "simulated \(plural(users, "user"))\(warmup), \(plural(sessions, "session")), "
                + "\(plural(events, "event"))\(unwritten)"
        ]
        if realtimeLagMilliseconds > 0 { lines.append("  " + Self.lagText(realtimeLagMilliseconds)) }
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
                        "    arm \(index + 1): weight \(percent(arm.weight, of: weights)), taken "
                            + "\(percent(Double(arm.taken), of: total)) (\(arm.taken))"
                    )
                }
            case .maybe:
                lines.append(
                    "  \(choice.file):\(choice.line) maybe \(JSONNumber.format(choice.arms[0].weight))%, reached "
                        + "\(plural(choice.total, "time")): "
                        + "ran \(percent(Double(choice.arms[0].taken), of: total)) (\(choice.arms[0].taken))")
            }
        }
        for item in repeats {
            lines.append(
                "  \(item.file):\(item.line) repeat, reached \(plural(item.runs, "time")): "
                    + "\(String(format: "%.2f", item.mean)) times on average"
            )
        }
        for item in waits {
            lines.append(
                "  \(item.file):\(item.line) wait, \(plural(item.count, "time")): "
                    + "\(Self.duration(item.meanSeconds)) on average"
            )
        }
        if let planFindings {
            let total = planFindings.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            lines.append("  tracking plan: \(plural(total, "finding"))" + (total == 0 ? "" : ":"))
            for (rule, byName) in planFindings.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(rule): " + ranked(byName))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the pacing's lag means, for the summary and for the warning after a run.
    public static func lagText(_ milliseconds: Int) -> String {
        "the output ran \(duration(Double(milliseconds) / 1000)) behind the events' pace in all (--realtime): "
            + "a reader or sink slower than the pace; the events after each delay were paced from where the output "
            + "was, none dropped"
    }

    /// Seconds as a person reads them: 12.3s, 4m 10s, 6h 02m.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60)m \(String(format: "%02d", whole % 60))s" }
        return "\(whole / 3600)h \(String(format: "%02d", whole / 60 % 60))m"
    }
}

extension SimulationSummary {
    /// Two shards' summaries as one: counts and totals added; choices, repeats and waits
    /// matched by file, line (and kind), in the order first seen.
    public static func + (a: SimulationSummary, b: SimulationSummary) -> SimulationSummary {
        func add(_ x: [String: Int], _ y: [String: Int]) -> [String: Int] { x.merging(y, uniquingKeysWith: +) }
        var sum = a
        sum.users += b.users
        sum.warmupUsers += b.warmupUsers
        sum.realtimeLagMilliseconds += b.realtimeLagMilliseconds
        sum.unwrittenAtStop += b.unwrittenAtStop
        sum.sessions += b.sessions
        sum.events += b.events
        sum.byType = add(a.byType, b.byType)
        sum.byName = add(a.byName, b.byName)
        sum.screens = add(a.screens, b.screens)
        sum.tracks = add(a.tracks, b.tracks)
        accumulate(b.choices, into: &sum.choices) {
            $0.file == $1.file && $0.line == $1.line && $0.kind == $1.kind && $0.arms.count == $1.arms.count
        } add: {
            for arm in $1.arms.indices { $0.arms[arm].taken += $1.arms[arm].taken }
        }
        accumulate(b.repeats, into: &sum.repeats) {
            $0.file == $1.file && $0.line == $1.line
        } add: {
            $0.runs += $1.runs
            $0.iterations += $1.iterations
        }
        if a.planFindings != nil || b.planFindings != nil {
            var merged = a.planFindings ?? [:]
            for (rule, byName) in b.planFindings ?? [:] { merged[rule] = add(merged[rule] ?? [:], byName) }
            sum.planFindings = merged
        }
        accumulate(b.waits, into: &sum.waits) {
            $0.file == $1.file && $0.line == $1.line
        } add: {
            $0.count += $1.count
            $0.milliseconds += $1.milliseconds
        }
        return sum
    }

    /// Adds `items` into `list`, in order: an item for a place `list` has (`samePlace`) is added
    /// to it, another is appended — a shard may have reached a block the others did not.
    private static func accumulate<Item>(
        _ items: [Item], into list: inout [Item], samePlace: (Item, Item) -> Bool, add: (inout Item, Item) -> Void
    ) {
        for item in items {
            if let index = list.firstIndex(where: { samePlace($0, item) }) {
                add(&list[index], item)
            } else {
                list.append(item)
            }
        }
    }

    /// A summary as `json` wrote it: the last non-blank line of `text` (a shard's whole stderr
    /// will do). Errors name the file and what is missing.
    public init(json text: String, file: String) throws(DocumentError) {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let last = lines.last, last.hasPrefix("{") else {
            throw DocumentError(
                file: file,
                message: "no summary: its last line should be the JSON that 'simulate --summary json' prints")
        }
        let root = try DocumentLoader.parse(bytes: Array(last.utf8), file: file).root
        func wrong(_ what: String) -> DocumentError {
            DocumentError(
                file: file, message: "not a simulate summary: \(what)",
                position: SourcePosition(line: lines.count, column: 1))
        }
        func member(_ value: SourceValue, _ key: String) -> SourceValue? {
            value.dictionaryValue?.first { $0.key == key }?.value
        }
        func integer(_ value: SourceValue?, _ key: String) throws(DocumentError) -> Int {
            guard let value, case .integer(let number) = value.content else {
                throw wrong("'\(key)' is not a whole number")
            }
            return Int(number)
        }
        func number(_ value: SourceValue?, _ key: String) throws(DocumentError) -> Double {
            switch value?.content {
            case .integer(let number)?: return Double(number)
            case .real(let number)?: return number
            case .decimal(let written)?: return Double(written) ?? 0
            default: throw wrong("'\(key)' is not a number")
            }
        }
        func counts(_ key: String) throws(DocumentError) -> [String: Int] {
            guard let members = member(root, key)?.dictionaryValue else { throw wrong("no '\(key)' object") }
            var result: [String: Int] = [:]
            for item in members { result[item.key] = try integer(item.value, key + "." + item.key) }
            return result
        }
        func list(_ key: String) throws(DocumentError) -> [SourceValue] {
            guard let items = member(root, key)?.arrayValue else { throw wrong("no '\(key)' list") }
            return items
        }
        func string(_ value: SourceValue, _ key: String) throws(DocumentError) -> String {
            guard let string = member(value, key)?.stringValue else { throw wrong("'\(key)' is not a string") }
            return string
        }
        users = try integer(member(root, "users"), "users")
        warmupUsers = member(root, "warmupUsers") == nil ? 0 : try integer(member(root, "warmupUsers"), "warmupUsers")
        unwrittenAtStop =
            member(root, "unwrittenAtStop") == nil ? 0 : try integer(member(root, "unwrittenAtStop"), "unwrittenAtStop")
        realtimeLagMilliseconds =
            member(root, "realtimeLagMilliseconds") == nil
            ? 0 : try integer(member(root, "realtimeLagMilliseconds"), "realtimeLagMilliseconds")
        sessions = try integer(member(root, "sessions"), "sessions")
        events = try integer(member(root, "events"), "events")
        byType = try counts("byType")
        byName = try counts("byName")
        screens = try counts("screens")
        tracks = try counts("tracks")
        choices = []
        for item in try list("choices") {
            guard let kind = Choice.Kind(rawValue: try string(item, "kind")),
                let arms = member(item, "arms")?.arrayValue
            else {
                throw wrong("a choice without its kind or arms")
            }
            var parsed: [(weight: Double, taken: Int)] = []
            for arm in arms {
                parsed.append((try number(member(arm, "weight"), "weight"), try integer(member(arm, "taken"), "taken")))
            }
            choices.append(
                Choice(
                    file: try string(item, "file"), line: try integer(member(item, "line"), "line"), kind: kind,
                    arms: parsed))
        }
        repeats = []
        for item in try list("repeats") {
            repeats.append(
                Repeat(
                    file: try string(item, "file"), line: try integer(member(item, "line"), "line"),
                    runs: try integer(member(item, "runs"), "runs"),
                    iterations: try integer(member(item, "iterations"), "iterations")))
        }
        if let plan = member(root, "planFindings")?.dictionaryValue {
            var parsed: [String: [String: Int]] = [:]
            for rule in plan {
                guard let byName = rule.value.dictionaryValue else {
                    throw wrong("'planFindings.\(rule.key)' is not an object")
                }
                var counts: [String: Int] = [:]
                for item in byName { counts[item.key] = try integer(item.value, "planFindings." + rule.key) }
                parsed[rule.key] = counts
            }
            planFindings = parsed
        }
        waits = []
        for item in try list("waits") {
            waits.append(
                Wait(
                    file: try string(item, "file"), line: try integer(member(item, "line"), "line"),
                    count: try integer(member(item, "count"), "count"),
                    milliseconds: Int64(try integer(member(item, "milliseconds"), "milliseconds"))))
        }
    }
}
