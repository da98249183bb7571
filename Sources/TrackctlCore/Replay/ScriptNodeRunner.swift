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
    /// Where `wait A..B` durations are counted (`simulate --summary`); nil in a replay.
    var waits: WaitTally?
    private var file = ""
    private var isFirstStep = true

    init(runtime: AppRuntime, expectations: ExpectationChecker?) {
        self.runtime = runtime
        self.expectations = expectations
    }

    /// A script starts: `several` says whether events name it (SPEC §5: `context.script` only
    /// when several scripts are given).
    mutating func startScript(_ file: String, several: Bool) {
        self.file = file
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
        if let waits, case .waitBetween = step.action {
            let before = runtime.now
            try runtime.run(step, line: line)
            waits.record(file: file, line: line, milliseconds: runtime.now - before)
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
            block.taken[arm] += 1
            try runtime.traceDraw("choose", [("arm", .integer(Int64(arm + 1))), ("weight", .real(weights[arm]))])
            try run(block.arms[arm])
        case .maybe(let percent):
            let runs = runtime.random.unit() * 100 < percent
            block.taken[runs ? 0 : 1] += 1
            try runtime.traceDraw("maybe", [("percent", .real(percent)), ("taken", .bool(runs))])
            if runs { try run(block.arms[0]) }
        case .repeat(let range):
            let count =
                range.lowerBound == range.upperBound
                ? range.lowerBound
                : Int(runtime.random.uniform(in: Int64(range.lowerBound)...Int64(range.upperBound)))
            block.taken[0] += count
            block.taken[1] += 1
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

/// The durations `wait A..B` drew, by file and line, for `simulate --summary` (SPEC §12): how
/// many, and how long in all. One simulation, one thread.
final class WaitTally {
    struct Key: Hashable {
        var file: String
        var line: Int
    }

    private(set) var waits: [Key: (count: Int, milliseconds: Int64)] = [:]

    func record(file: String, line: Int, milliseconds: Int64) {
        waits[Key(file: file, line: line), default: (0, 0)].count += 1
        waits[Key(file: file, line: line), default: (0, 0)].milliseconds += milliseconds
    }
}
