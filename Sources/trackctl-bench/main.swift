import Foundation
import TrackctlCore

// Throughput figures for the README. Run: swift run -c release trackctl-bench
// Deterministic inputs (no randomness), measured with the monotonic clock; never part of the tests.

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
        entries.append("{\"class\":\"BenchViewController\(i)\",\"superclass\":\"\(superclass)\",\"selectors\":[\(selectors)]}")
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
            events.append("{\"class\":\"BenchViewController\(owner)\",\"selector\":\"\(selector)\",\"label\":\"Event \(i)\",\"properties\":{\"from\":\"{screen}\"}}")
        }
    }
    return "{\"trackedScreens\":[\n" + screens.joined(separator: ",\n") + "\n],\"trackedEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
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
        findings = try ValidationRun.run(config: configPath, catalogs: [catalogPath], policy: DiagnosticPolicy()).report.findings.count
    }
    print("validate: 20,000-entry config against a 10,000-class catalog (\(findings) findings): median \(format(large.median)), best \(format(large.best))")

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
    for rule in Validator.rules {
        _ = stage("\(rule)") { rule.check(spoc, against: catalog) }
    }
    print("  stages: " + stages.map { "\($0.0) \(format($0.1))" }.joined(separator: ", "))

    let demo = try measure(runs: 21) {
        _ = try ValidationRun.run(config: "Config/analytics.plist", catalogs: ["Config/catalog.json"], policy: DiagnosticPolicy())
    }
    print("validate: demo config, in process: median \(format(demo.median)), best \(format(demo.best))")

    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("trackctl")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
        let process = measure(runs: 21) { spawnAndWait(binary.path, ["validate"]) }
        print("validate: demo config, whole process (trackctl validate): median \(format(process.median)), best \(format(process.best))")
    }
}

/// Runs a program with posix_spawn, stdout and stderr to /dev/null, and waits for it.
/// (Foundation's Process adds tens of milliseconds of its own on Linux.)
func spawnAndWait(_ path: String, _ arguments: [String]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
}

do {
    try benchValidate()
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
