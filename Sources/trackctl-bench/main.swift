import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlSourceScan

// Throughput figures for the README. Run: swift run -c release trackctl-bench
// [validate|replay|scan|generated|http|collect|simulate|merge|diff] or trackctl-bench validate-peer
// CATALOG.json... (real apps' scanned catalogs; see ValidatePeer.swift) Deterministic inputs (no
// randomness), measured with the monotonic clock; never part of the tests.

/// Median and best of `runs` timings of `body`, in milliseconds.
func measure(runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, best: Double) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

func format(_ ms: Double) -> String { String(format: "%.1f ms", ms) }

/// A catalog of `classes` view controllers in chains of five, each declaring five selectors.
func syntheticCatalog(classes: Int) -> String {
    var entries: [String] = []
    for i in 0..<classes {
        let superclass = i % 5 == 0 ? "UIViewController" : "BenchViewController\(i - 1)"
        let selectors = (0..<5).map { "\"action\($0)Tapped\(i):\"" }.joined(separator: ",")
        entries.append(
            "{\"class\":\"BenchViewController\(i)\",\"superclass\":\"\(superclass)\",\"selectors\":[\(selectors)]}")
    }
    return "{\"screens\":[\n" + entries.joined(separator: ",\n") + "\n]}\n"
}

/// `entries` tracked events and screens over that catalog; one entry in 200 has a typo, so the
/// suggestion paths are measured too.
func syntheticConfig(entries: Int, classes: Int) -> String {
    var screens: [String] = []
    var events: [String] = []
    for i in 0..<entries {
        let owner = (i * 7) % classes
        let typo = i % 200 == 199
        if i % 4 == 0 {
            let name = typo ? "BenchViewControler\(owner)" : "BenchViewController\(owner)"
            screens.append("{\"class\":\"\(name)\",\"label\":\"Screen \(i)\"}")
        } else {
            // Inherit a selector of the chain's first class so lookups walk the superclass chain;
            // each class of a chain hooks a different one, so there is no hierarchy conflict.
            let declaring = owner - owner % 5
            let selector = typo ? "action\(owner % 5)Taped\(declaring):" : "action\(owner % 5)Tapped\(declaring):"
            events.append(
                "{\"class\":\"BenchViewController\(owner)\",\"selector\":\"\(selector)\",\"label\":\"Event "
                    + "\(i)\",\"properties\":{\"from\":\"{screen}\"}}"
            )
        }
    }
    return "{\"trackedScreens\":[\n" + screens.joined(separator: ",\n") + "\n],\"trackedEvents\":[\n"
        + events.joined(separator: ",\n") + "\n]}\n"
}

func benchValidate() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-bench")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let catalogPath = folder.appendingPathComponent("catalog.json").path
    let configPath = folder.appendingPathComponent("config.json").path
    try syntheticCatalog(classes: 10_000).write(toFile: catalogPath, atomically: true, encoding: .utf8)
    try syntheticConfig(entries: 20_000, classes: 10_000).write(toFile: configPath, atomically: true, encoding: .utf8)

    var findings = 0
    let large = try measure(runs: 9) {
        findings = try ValidationRun.run(config: configPath, catalogs: [catalogPath], policy: DiagnosticPolicy()).report
            .findings.count
    }
    print(
        "validate: 20,000-entry config against a 10,000-class catalog (\(findings) findings), in process: median "
            + "\(format(large.median)), best \(format(large.best))"
    )
    let binaryPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "trackctl"
    ).path
    if FileManager.default.isExecutableFile(atPath: binaryPath) {
        let whole = measure(runs: 9) { spawnAndWait(binaryPath, ["validate", configPath, "--catalog", catalogPath]) }
        print(
            "validate: the same, whole process (trackctl validate CONFIG --catalog CATALOG): median "
                + "\(format(whole.median)), best \(format(whole.best))"
        )
    }

    // Where the time goes, stage by stage, one thread (one run each, after the warm-up above;
    // the real run reads the two files and runs the rules on both cores).
    var stages: [(String, Double)] = []
    func stage<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        stages.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
        return value
    }
    let catalogDocument = try stage("read+parse catalog") { try DocumentLoader.load(path: catalogPath) }
    let entries = stage("decode catalog") { CatalogDecoder.decode(catalogDocument).entries }
    var catalog = Catalog.standard
    stage("register classes") {
        catalog.reserveCapacity(classes: entries.count, selectors: entries.count * 5)
        for entry in entries { catalog.register(entry.model) }
    }
    _ = stage("check catalog") { CatalogRules.check(entries, in: catalog) }
    let configDocument = try stage("read+parse config") { try DocumentLoader.load(path: configPath) }
    let spoc = stage("decode config") { SPOCDecoder.decode(configDocument).spoc }
    for rule in Validator.spocRules {
        _ = stage("\(rule)") { rule.check(spoc) }
    }
    for rule in Validator.rules {
        _ = stage("\(rule)") { rule.check(spoc, against: catalog) }
    }
    print("  stages: " + stages.map { "\($0.0) \(format($0.1))" }.joined(separator: ", "))

    let demo = try measure(runs: 21) {
        _ = try ValidationRun.run(
            config: "Config/analytics.plist", catalogs: ["Config/catalog.json"], policy: DiagnosticPolicy())
    }
    print("validate: demo config, in process: median \(format(demo.median)), best \(format(demo.best))")

    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "trackctl")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
        let process = measure(runs: 21) { spawnAndWait(binary.path, ["validate"]) }
        print(
            "validate: demo config, whole process (trackctl validate): median \(format(process.median)), best "
                + "\(format(process.best))"
        )
    }
}

/// Runs a program, stdout and stderr to /dev/null, and waits for it.
func spawnAndWait(_ path: String, _ arguments: [String]) {
    guard let child = Platform.spawn(path, arguments, captureOutput: false) else { return }
    _ = Platform.wait(for: child)
}

/// One run of a command with its stdout read through a pipe and its lines counted (as
/// `| wc -l` would), with its wall time and maximum resident set size. The child runs under
/// /usr/bin/time when there is one, because a spawned child's own rusage can include this
/// process's memory.
func pipeThrough(_ command: String, _ commandArguments: [String]) -> (lines: Int, seconds: Double, maxRSSKiB: Int) {
    let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-bench-rss").path
    let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let path = timed ? "/usr/bin/time" : command
    let arguments = timed ? ["-f", "%M", "-o", rssFile, command] + commandArguments : commandArguments
    let start = DispatchTime.now().uptimeNanoseconds
    guard let child = Platform.spawn(path, arguments, captureOutput: true), let output = child.output else {
        return (0, 0, 0)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
    defer { buffer.deallocate() }
    var lines = 0
    while true {
        // Not nil: allocated with a positive capacity.
        // swift-format-ignore: NeverForceUnwrap
        let n = Platform.read(output, buffer.baseAddress!, buffer.count)
        if n <= 0 { break }
        // Not nil: allocated with a positive capacity.
        // swift-format-ignore: NeverForceUnwrap
        var cursor = UnsafeRawPointer(buffer.baseAddress!)
        let end = cursor + n
        while let hit = Platform.find(0x0A, in: cursor, count: end - cursor) {
            lines += 1
            cursor = hit + 1
        }
    }
    let ended = Platform.wait(for: child)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // /usr/bin/time writes "Command exited with non-zero status N" first when the command fails.
    let rssText =
        (try? String(contentsOfFile: rssFile, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
    let rss = timed ? Int(rssText.trimmingCharacters(in: .whitespaces)) ?? 0 : ended.maximumResidentKiB
    return (lines, seconds, rss)
}

/// A replay script of about `events` events: the demo app's login, feed, post and back, over
/// and over (6 events per 5 steps: 4 screen views, 2 tracks). With `distinct`, the login error
/// and the row differ on every round, so two lines in five are new text the parser has not seen
/// (and the step cache cannot help).
func writeReplayScript(events: Int, distinct: Bool = false, to path: String) throws {
    var text = "launch ZOCMainViewController in navigation\n"
    let loop = "call loginView:handleError: handleError=timeout\npush ZOCFeedViewController\nselect-row 0 1\npop\npop\n"
    text.reserveCapacity(events / 6 * (loop.utf8.count + 16) + 64)
    for round in 0..<(events / 6) {
        if distinct {
            text +=
                "call loginView:handleError: handleError=timeout\(round)\npush ZOCFeedViewController\nselect-row 0 "
                + "\(round)\npop\npop\n"
        } else {
            text += loop
        }
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// The benchmarks' scratch folder, created, and the `trackctl` built beside this executable;
/// nil (after saying so) when it is not built.
func benchWorkspace(_ name: String, needs: [String] = []) throws -> (folder: URL, binary: String)? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-bench")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "trackctl"
    ).path
    guard FileManager.default.isExecutableFile(atPath: binary),
        needs.allSatisfy(FileManager.default.fileExists(atPath:))
    else {
        print("\(name): build trackctl first (swift build -c release) and run from the repository root")
        return nil
    }
    return (folder, binary)
}

func benchReplay() throws {
    guard let (folder, binary) = try benchWorkspace("replay") else { return }
    for events in [1_000_000] {
        let script = folder.appendingPathComponent("replay-\(events).trackscript").path
        try writeReplayScript(events: events, to: script)
        let run = pipeThrough(binary, ["replay", script])
        print(
            String(
                format: "replay: %d events through a pipe in %.2f s = %.0f events/s, max RSS %.1f MB",
                run.lines, run.seconds, Double(run.lines) / run.seconds, Double(run.maxRSSKiB) / 1024))
        let distinctScript = folder.appendingPathComponent("replay-\(events)-distinct.trackscript").path
        try writeReplayScript(events: events, distinct: true, to: distinctScript)
        let distinct = pipeThrough(binary, ["replay", distinctScript])
        print(
            String(
                format:
                    "replay: the same with two lines in five never repeated: %d events in %.2f s = %.0f events/s, "
                    + "max RSS %.1f MB",
                distinct.lines, distinct.seconds, Double(distinct.lines) / distinct.seconds,
                Double(distinct.maxRSSKiB) / 1024))
        // The same loop with the time options of SPEC §9 on: every screen's visit ends in a
        // `Screen Time` event, and the feed's 10 s dwell is scheduled and cancelled each round.
        let timed = folder.appendingPathComponent("replay-time.json").path
        try """
        {"trackedScreens": [{"class": "ZOCMainViewController", "label": "Main screen"},
                            {"class": "ZOCFeedViewController", "label": "Feed", "dwell": "10s"},
                            {"class": "ZOCDetailViewController", "label": "Post detail"}],
         "trackedEvents": [{"class": "ZOCMainViewController", "selector": "loginView:handleError:", "label": "Login \
         error",
                            "properties": {"reason": "{arg.handleError}"}},
                           {"class": "ZOCFeedViewController", "selector": "tableView:didSelectRowAtIndexPath:", \
                           "label": "Post selected"}],
         "options": {"screenTime": true}}
        """.write(toFile: timed, atomically: true, encoding: .utf8)
        let withTime = pipeThrough(binary, ["replay", script, "--config", timed])
        print(
            String(
                format:
                    "replay: the same with screenTime and a dwell: %d events in %.2f s = %.0f events/s, "
                    + "max RSS %.1f MB",
                withTime.lines, withTime.seconds, Double(withTime.lines) / withTime.seconds,
                Double(withTime.maxRSSKiB) / 1024))
        let peer = "../shared/bench/orjson_emitter.py"
        if FileManager.default.fileExists(atPath: peer), FileManager.default.isExecutableFile(atPath: "/usr/bin/env") {
            let python = pipeThrough("/usr/bin/env", ["python3", peer, String(events)])
            print(
                String(
                    format: "peer:   orjson_emitter.py %d: %d lines in %.2f s = %.0f events/s, max RSS %.1f MB",
                    events, python.lines, python.seconds, Double(python.lines) / python.seconds,
                    Double(python.maxRSSKiB) / 1024))
        } else {
            print("peer:   \(peer) not found; run from the repository root with ../shared beside it")
        }
    }
}

/// `catalog scan` and `validate --source` on a generated 5,000-file app: in process (the scan
/// alone) and as whole processes, with their maximum resident set size.
func benchScan() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-bench")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let tree = try SourceTreeGenerator.generate(files: 5_000, at: folder.appendingPathComponent("app").path)
    print(
        String(
            format:
                "scan: generated app of 5,000 files (2,500 Swift, 1,250 .h, 1,250 .m), %.1f MB, largest file %.1f KB",
            Double(tree.bytes) / 1e6, Double(tree.largestFile) / 1e3))
    var summary: ScanSummary?
    let inProcess = try measure(runs: 5) {
        summary = try SourceScanner.scan(SourceScanner.Options(paths: [tree.root])).summary
    }
    if let summary { print("  " + summary.lines[0]) }
    print("scan: in process: median \(format(inProcess.median)), best \(format(inProcess.best))")
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "trackctl"
    ).path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("scan: build trackctl first (swift build -c release)")
        return
    }
    func whole(_ label: String, _ arguments: [String]) {
        var runs: [(seconds: Double, rss: Int)] = []
        for _ in 0..<5 {
            let run = pipeThrough(binary, arguments)
            runs.append((run.seconds, run.maxRSSKiB))
        }
        runs.sort { $0.seconds < $1.seconds }
        print(
            String(
                format: "%@: median %.0f ms, best %.0f ms, max RSS %.1f MB", label,
                runs[runs.count / 2].seconds * 1000, runs[0].seconds * 1000, Double(runs.map(\.rss).max() ?? 0) / 1024))
    }
    whole("scan: whole process (trackctl catalog scan APP)", ["catalog", "scan", tree.root])
    whole(
        "validate --source: whole process, 2,000-entry SPOC (trackctl validate CONFIG --source APP)",
        ["validate", tree.config, "--source", tree.root])

    // As many bytes, few declarations: memory is the catalog's, not the bytes read.
    let sparse = try SourceTreeGenerator.generateSparse(files: 5_000, at: folder.appendingPathComponent("sparse").path)
    let sparseRun = pipeThrough(binary, ["catalog", "scan", sparse.root])
    print(
        String(
            format: "scan: 5,000 files of comments and one small class each (%.1f MB): %.0f ms, max RSS %.1f MB",
            Double(sparse.bytes) / 1e6, sparseRun.seconds * 1000, Double(sparseRun.maxRSSKiB) / 1024))

    // The same app four times over: time grows with the tree, memory with the catalog, not the bytes.
    let large = try SourceTreeGenerator.generate(files: 20_000, at: folder.appendingPathComponent("app-20k").path)
    let run = pipeThrough(binary, ["catalog", "scan", large.root])
    print(
        String(
            format: "scan: 20,000 files (%.1f MB): %.0f ms, max RSS %.1f MB", Double(large.bytes) / 1e6,
            run.seconds * 1000, Double(run.maxRSSKiB) / 1024))
}

/// A local collector (Fixtures/http/collector.py, always 200 at once), stopped by closing its
/// standard input.
final class BenchCollector {
    let process = Process()
    let input = Pipe()
    let port: Int

    init?(record: String? = nil) {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "Fixtures/http/collector.py", "--mode", "ok"] + (record.map { ["--record", $0] } ?? [])
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        self.port = port
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Events delivered to a local collector that answers 200 at once, beside `--sink null` in the
/// same run, and a plain Python client posting the same batches with keep-alive.
func benchHTTP() throws {
    guard let (folder, binary) = try benchWorkspace("http", needs: ["Fixtures/http/collector.py"]) else { return }
    let script = folder.appendingPathComponent("replay-1000000.trackscript").path
    try writeReplayScript(events: 1_000_000, to: script)
    let null = pipeThrough(binary, ["replay", script, "--sink", "null"])
    print(
        String(
            format: "http: --sink null: 999997 events in %.2f s = %.0f events/s", null.seconds, 999_997 / null.seconds))
    guard let collector = BenchCollector() else { print("http: the collector did not start (python3?)"); return }
    let deadLetter = folder.appendingPathComponent("dead-letter.jsonl").path
    let delivered = pipeThrough(
        "/usr/bin/env",
        [
            "bash", "-c",
            "'\(binary)' replay '\(script)' --sink http://127.0.0.1:\(collector.port)/v1/batch --dead-letter "
                + "'\(deadLetter)' 2>&1"
        ])
    collector.stop()
    print(
        String(
            format:
                "http: to a local always-200 collector: 999997 events in %.2f s = %.0f events/s delivered (10,000 "
                + "batches of 100), max RSS %.1f MB",
            delivered.seconds, 999_997 / delivered.seconds, Double(delivered.maxRSSKiB) / 1024))
    // The same batches posted by a plain Python client: recorded from a smaller run, then both
    // clients post them to a fresh collector.
    let small = folder.appendingPathComponent("replay-200000.trackscript").path
    try writeReplayScript(events: 200_000, to: small)
    let recorded = folder.appendingPathComponent("batches.jsonl").path
    try? FileManager.default.removeItem(atPath: recorded)
    if let recorder = BenchCollector(record: recorded) {
        _ = pipeThrough(binary, ["replay", small, "--sink", "http://127.0.0.1:\(recorder.port)/v1/batch"])
        recorder.stop()
    }
    if let first = BenchCollector() {
        let trackctl = pipeThrough(binary, ["replay", small, "--sink", "http://127.0.0.1:\(first.port)/v1/batch"])
        first.stop()
        print(String(format: "http: 200,000 events (2,000 batches): trackctl %.2f s", trackctl.seconds))
    }
    if let second = BenchCollector() {
        let python = pipeThrough(
            "/usr/bin/env", ["python3", "Fixtures/http/post_batches.py", String(second.port), recorded])
        second.stop()
        print(String(format: "peer:   post_batches.py, the same 2,000 batches with keep-alive: %.2f s", python.seconds))
    }
}

/// `trackctl collect` receiving what the HTTP sink sends on loopback: 1 million events in
/// batches of 100, written to a file (SPEC §13 asks ≥ 100,000 events/s); with `plan`, every
/// call also checked against the demo's tracking plan (SPEC §14 asks the same rate).
/// With `waiters`, that many `wait=` queries are kept open the whole time (curl in a loop, each
/// asking for a call that never comes): the intake they leave (review 2026-11-27 N3).
func benchCollect(plan: Bool = false, waiters: Int = 0) throws {
    guard let (folder, binary) = try benchWorkspace("collect") else { return }
    let script = folder.appendingPathComponent("replay-1000000.trackscript").path
    try writeReplayScript(events: 1_000_000, to: script)
    let collected = folder.appendingPathComponent("collected.jsonl").path
    let collector = Process()
    collector.executableURL = URL(fileURLWithPath: binary)
    collector.arguments =
        ["collect", "--port", "0", "--output", collected] + (plan ? ["--plan", "Config/tracking-plan.json"] : [])
    let errors = Pipe()
    collector.standardError = errors
    try collector.run()
    var text = ""
    while !text.contains("\n") {
        let data = errors.fileHandleForReading.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
    }
    guard let port = text.split(separator: "\n").first?.split(separator: ":").last.flatMap({ Int($0) }) else {
        print("collect: did not start: \(text)")
        return
    }
    let deadLetter = folder.appendingPathComponent("collect-dead-letter.jsonl").path
    var waiting: [Process] = []
    for _ in 0..<waiters {
        let loop = Process()
        loop.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        loop.arguments = [
            "bash", "-c",
            "while curl -s -o /dev/null 'http://127.0.0.1:\(port)/collect/good?event=Never+sent&wait=30'; do :; done"
        ]
        try loop.run()
        waiting.append(loop)
    }
    defer { for loop in waiting { loop.terminate() } }
    let delivered = pipeThrough(
        "/usr/bin/env",
        [
            "bash", "-c",
            "'\(binary)' replay '\(script)' --sink http://127.0.0.1:\(port)/v1/batch --dead-letter '\(deadLetter)' 2>&1"
        ])
    // The collector's peak resident set (Linux), read before it stops.
    let status = (try? String(contentsOfFile: "/proc/\(collector.processIdentifier)/status", encoding: .utf8)) ?? ""
    let kib =
        status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap {
            Int($0.split(separator: " ").dropFirst().first ?? "")
        } ?? 0
    collector.interrupt()
    collector.waitUntilExit()
    let lines =
        (try? String(contentsOfFile: collected, encoding: .utf8))?.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } ?? 0
    try? FileManager.default.removeItem(atPath: collected)
    print(
        String(
            format:
                "collect%@%@: 999997 events from the HTTP sink in %.2f s = %.0f events/s collected (%d lines "
                + "written), collector max RSS %.1f MB (all 1,000,000 kept for the query API)",
            plan ? " --plan" : "", waiters > 0 ? " with \(waiters) wait= queries open" : "", delivered.seconds,
            999_997 / delivered.seconds, lines,
            Double(kib) / 1024))
}

/// `simulate` (SPEC §12) on the demo journey: events/s for 100,000 users through a pipe and to
/// `null` on one core, then as two shards on two cores at once; RSS for a million users in user
/// order; and `--order time`'s memory as the users running at once grow.
func benchSimulate() throws {
    let journey = "Fixtures/scripts/journey.trackscript"
    guard let (_, binary) = try benchWorkspace("simulate", needs: [journey]) else { return }
    let users = 100_000
    let piped = pipeThrough(binary, ["simulate", journey, "--users", String(users)])
    print(
        String(
            format: "simulate: %d users, %d events through a pipe in %.2f s = %.0f events/s, max RSS %.1f MB",
            users, piped.lines, piped.seconds, Double(piped.lines) / piped.seconds, Double(piped.maxRSSKiB) / 1024))
    let null = pipeThrough(binary, ["simulate", journey, "--users", String(users), "--sink", "null"])
    print(
        String(
            format: "simulate: the same to null in %.2f s = %.0f events/s", null.seconds,
            Double(piped.lines) / null.seconds))
    // Two shards, two processes at once, each to null: the wall time of both.
    let shards = pipeThrough(
        "/usr/bin/env",
        [
            "bash", "-c",
            "'\(binary)' simulate \(journey) --users \(users) --shard 1/2 --sink null & "
                + "'\(binary)' simulate \(journey) --users \(users) --shard 2/2 --sink null & wait"
        ])
    print(
        String(
            format: "simulate: the same as 2 shards on 2 cores in %.2f s = %.0f events/s (%.2fx one process)",
            shards.seconds, Double(piped.lines) / shards.seconds, null.seconds / shards.seconds))
    let million = pipeThrough(binary, ["simulate", journey, "--users", "1000000", "--sink", "null"])
    print(
        String(
            format: "simulate: 1,000,000 users to null (--order user) in %.2f s, max RSS %.1f MB", million.seconds,
            Double(million.maxRSSKiB) / 1024))
    for (count, span) in [(10_000, "1d"), (100_000, "1d"), (100_000, "30d"), (1_000_000, "1d")] {
        let timed = pipeThrough(
            binary, ["simulate", journey, "--users", String(count), "--order", "time", "--span", span, "--sink", "null"]
        )
        print(
            String(
                format: "simulate: --order time, %d users starting within %@ in %.2f s, max RSS %.1f MB", count, span,
                timed.seconds,
                Double(timed.maxRSSKiB) / 1024))
    }
}

/// `merge` (SPEC §12) on four time-ordered shards of the demo journey (400,000 users in all):
/// lines/s through a pipe, then with `--output` (written aside and renamed).
func benchMerge() throws {
    let journey = "Fixtures/scripts/journey.trackscript"
    guard let (folder, binary) = try benchWorkspace("merge", needs: [journey]) else { return }
    let shards = (1...4).map { folder.appendingPathComponent("merge-shard-\($0).jsonl").path }
    for (index, shard) in shards.enumerated() {
        try? FileManager.default.removeItem(atPath: shard)  // a `file:` sink appends
        _ = pipeThrough(
            binary,
            [
                "simulate", journey, "--users", "400000", "--shard", "\(index + 1)/4", "--order", "time", "--sink",
                "file:" + shard
            ])
    }
    defer { for shard in shards { try? FileManager.default.removeItem(atPath: shard) } }
    // The shards on disk first, so their writeback does not slow what is measured.
    _ = pipeThrough("/usr/bin/env", ["sync"])
    let piped = pipeThrough(binary, ["merge"] + shards)
    print(
        String(
            format: "merge: 4 time-ordered shards, %d lines through a pipe in %.2f s = %.0f lines/s, max RSS %.1f MB",
            piped.lines, piped.seconds, Double(piped.lines) / piped.seconds, Double(piped.maxRSSKiB) / 1024))
    let merged = folder.appendingPathComponent("merge-all.jsonl").path
    defer { try? FileManager.default.removeItem(atPath: merged) }
    let written = pipeThrough(binary, ["merge", "--output", merged] + shards)
    try? FileManager.default.removeItem(atPath: merged)
    // --output is synced before its rename, so writing gigabytes is the disk's speed more than
    // merge's: cat of the same shards to a file, synced, gives the bound.
    let copied = pipeThrough(
        "/usr/bin/env",
        ["bash", "-c", "cat \(shards.map { "'\($0)'" }.joined(separator: " ")) > '\(merged)' && sync '\(merged)'"])
    print(
        String(
            format: "merge: the same to --output in %.2f s = %.0f lines/s (cat of the shards to a synced file: %.2f s)",
            written.seconds,
            Double(piped.lines) / written.seconds, copied.seconds))
}

let which = CommandLine.arguments.dropFirst().first ?? "all"
do {
    if which == "all" || which == "validate" { try benchValidate() }
    if which == "all" || which == "replay" { try benchReplay() }
    if which == "all" || which == "scan" { try benchScan() }
    if which == "all" || which == "generated" { try benchGeneratedProject() }
    if which == "all" || which == "http" { try benchHTTP() }
    if which == "all" || which == "collect" {
        try benchCollect()
        try benchCollect(plan: true)
        try benchCollect(waiters: 4)
    }
    if which == "all" || which == "simulate" { try benchSimulate() }
    if which == "all" || which == "merge" { try benchMerge() }
    if which == "all" || which == "diff" { try benchDiff() }
    if which == "validate-peer" { try benchValidatePeer(Array(CommandLine.arguments.dropFirst(2))) }
} catch {
    print("benchmark failed: \(error)")
    Platform.exitProcess(1)
}
