import TrackctlModel

/// Runs a script's steps and blocks on one runtime, as `replay` and `simulate` both do: a stop
/// request honoured between two steps, `expect` checked against what was emitted since the
/// previous one, every other step run by the runtime, and each block run by a draw from the
/// runtime's random stream (SPEC §12), in script order.
struct ScriptNodeRunner {
    let runtime: AppRuntime
    let expectations: ExpectationChecker?
    /// Sessions begun so far (`simulate --summary`).
    private(set) var sessions = SessionCounter()
    /// Where the arms blocks took and the `wait A..B` durations are counted (`simulate
    /// --summary`); nil in a replay.
    var tally: ScriptTally?
    private var file = ""
    /// The script running: its place among the run's scripts (a user runs them in order).
    private var script = -1
    private var isFirstStep = true

    init(runtime: AppRuntime, expectations: ExpectationChecker?) {
        self.runtime = runtime
        self.expectations = expectations
    }

    /// A script starts: `several` says whether events name it (SPEC §5: `context.script` only
    /// when several scripts are given).
    mutating func startScript(_ file: String, several: Bool) {
        self.file = file
        script += 1
        runtime.currentFile = file
        if several { runtime.context.state.script = file }
        expectations?.startScript()
        isFirstStep = true
    }

    mutating func run(_ step: PreparedStep, line: Int) throws(ReplayStop) {
        // SIGINT/SIGTERM (when the command line catches them): stop between two steps, so
        // every line written is whole and the sinks can close (SPEC §6.1).
        let stop = Platform.stopRequest
        if stop != 0 { throw .interrupted(stop) }
        switch step.action {
        case .launch:
            // SPEC §4: a script that starts with `launch` relaunches the app; one that does not
            // continues where the previous script stopped.
            if isFirstStep { try runtime.terminate() }
            sessions.launched()
        case .background: sessions.wentToBackground(at: runtime.now)
        case .foreground: sessions.cameBack(at: runtime.now)
        case .expect(let expectation):
            isFirstStep = false
            try expectations?.check(expectation, line: line, file: file)
            return
        default: break
        }
        isFirstStep = false
        if let tally, case .waitBetween = step.action {
            let before = runtime.now
            try runtime.run(step, line: line)
            tally.recordWait(file: file, line: line, milliseconds: runtime.now - before)
            return
        }
        try runtime.run(step, line: line)
    }

    mutating func run(_ block: ScriptBlock) throws(ReplayStop) {
        isFirstStep = false
        runtime.enterLine(block.line, column: block.column)
        switch block.kind {
        case .choose(let weights):
            let arm = runtime.random.pick(block.cumulativeWeights)
            tally?.record(block, in: script, arm)
            try runtime.traceDraw("choose", [("arm", .integer(Int64(arm + 1))), ("weight", .real(weights[arm]))])
            try run(block.arms[arm])
        case .maybe(let percent):
            let runs = runtime.random.unit() * 100 < percent
            tally?.record(block, in: script, runs ? 0 : 1)
            try runtime.traceDraw("maybe", [("percent", .real(percent)), ("taken", .bool(runs))])
            if runs { try run(block.arms[0]) }
        case .repeat(let range):
            let count =
                range.lowerBound == range.upperBound
                ? range.lowerBound
                : Int(runtime.random.uniform(in: Int64(range.lowerBound)...Int64(range.upperBound)))
            tally?.record(block, in: script, 0, adding: count)
            tally?.record(block, in: script, 1)
            try runtime.traceDraw("repeat", [("count", .integer(Int64(count)))])
            for _ in 0..<count { try run(block.arms[0]) }
        }
    }

    mutating func run(_ nodes: [ScriptNode]) throws(ReplayStop) {
        for node in nodes {
            switch node {
            case .step(let step, let line): try run(step, line: line)
            case .block(let block): try run(block)
            }
        }
    }
}

/// Counts sessions as analytics tools do: one at every launch, and another when the app comes
/// back from the background after at least 30 minutes — the default session timeout of Google
/// Analytics for Firebase (`setSessionTimeoutDuration`, 1,800 s).
struct SessionCounter {
    static let timeout: Int64 = 30 * 60 * 1000
    private(set) var count = 0
    private var backgroundSince: Int64?

    mutating func launched() {
        count += 1
        backgroundSince = nil
    }

    mutating func wentToBackground(at now: Int64) {
        backgroundSince = now
    }

    mutating func cameBack(at now: Int64) {
        if let since = backgroundSince, now - since >= Self.timeout { count += 1 }
        backgroundSince = nil
    }
}

/// What a script's variation did over one simulation, for `simulate --summary` (SPEC §12): how
/// often each block's arms ran, and the durations `wait A..B` drew by file and line. Kept apart
/// from the parsed blocks, so a program stays what was parsed however often and by whom it is
/// run. One simulation, one thread.
///
/// Fast path: every block's counts sit in one flat array, laid out once from the programs
/// (`start[script][block.number]`), so a draw adds to an array element — no table lookup. Owner:
/// the simulation's user runner; its thread alone, so no exclusivity checks.
final class ScriptTally {
    struct WaitKey: Hashable {
        var file: String
        var line: Int
    }

    private(set) var waits: [WaitKey: (count: Int, milliseconds: Int64)] = [:]
    /// Where each block's counts start in `counts`, by script and block number.
    private let start: [[Int]]
    @exclusivity(unchecked) private var counts: [Int]

    /// The layout for `programs`, the run's scripts in order.
    init(programs: [[ScriptNode]]) {
        var start: [[Int]] = []
        var size = 0
        for program in programs {
            let blocks = program.flatMap { node -> [ScriptBlock] in
                guard case .block(let block) = node else { return [] }
                return [block] + block.innerBlocks
            }
            var offsets = Array(repeating: 0, count: (blocks.map(\.number).max() ?? -1) + 1)
            for block in blocks {
                offsets[block.number] = size
                size += Self.entries(of: block)
            }
            start.append(offsets)
        }
        self.start = start
        counts = Array(repeating: 0, count: size)
    }

    func recordWait(file: String, line: Int, milliseconds: Int64) {
        waits[WaitKey(file: file, line: line), default: (0, 0)].count += 1
        waits[WaitKey(file: file, line: line), default: (0, 0)].milliseconds += milliseconds
    }

    /// Adds `count` to entry `index` of the counts of `block` of the run's script `script`
    /// (what `taken(_:in:)` says each entry is).
    @inline(__always)
    func record(_ block: ScriptBlock, in script: Int, _ index: Int, adding count: Int = 1) {
        counts[start[script][block.number] + index] += count
    }

    /// How often each arm ran: a `choose`'s arms in order; a `maybe`'s block, then its skip; a
    /// `repeat`'s iterations in all, then how often the block was reached.
    func taken(_ block: ScriptBlock, in script: Int) -> [Int] {
        let first = start[script][block.number]
        return Array(counts[first..<(first + Self.entries(of: block))])
    }

    private static func entries(of block: ScriptBlock) -> Int {
        if case .choose(let weights) = block.kind { return weights.count }
        return 2
    }
}
