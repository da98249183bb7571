import Foundation
import Testing
import TrackctlCore
import TrackctlModel
import TrackctlTestSupport

/// `trackctl simulate` and `trackctl merge` as users and schedulers run them: shards as
/// separate processes, the Indexed Job's environment, the summary, HTTP delivery, bad input.
@Suite("Simulate command", .ownThread)
struct SimulateCommandTests {
    static let journey = "Fixtures/scripts/journey.trackscript"

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-simulate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// SPEC §12: four shards, each its own process, concatenated in shard order, are byte for
    /// byte the unsharded run.
    @Test func fourShardProcessesConcatenateToTheUnshardedRun() throws {
        let common = [
            "simulate", Self.journey, "--users", "2000", "--seed", "42", "--device", "iphone-15:3", "--device",
            "iPad Pro 11-inch (M4)"
        ]
        let whole = CommandRunner.inProcess(common)
        #expect(whole.code == 0)
        #expect(whole.err == "")
        var concatenated = ""
        for index in 1...4 {
            let shard = CommandRunner.inProcess(common + ["--shard", "\(index)/4"])
            #expect(shard.code == 0)
            concatenated += shard.out
        }
        #expect(whole.out.count > 1_000_000)
        #expect(concatenated == whole.out)
    }

    /// With --order time, `trackctl merge` of the shards' files is the unsharded time order.
    @Test func mergedTimeOrderedShardsAreTheUnshardedStream() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["simulate", Self.journey, "--users", "1500", "--span", "6h", "--order", "time"]
        var files: [String] = []
        for index in 1...4 {
            let file = folder.appendingPathComponent("shard-\(index).jsonl").path
            let shard = CommandRunner.inProcess(common + ["--shard", "\(index)/4", "--sink", "file:" + file])
            #expect(shard.code == 0)
            files.append(file)
        }
        let whole = CommandRunner.inProcess(common)
        let merged = CommandRunner.inProcess(["merge"] + files)
        #expect(merged.code == 0)
        #expect(merged.out == whole.out)
        // And time order is the user order's events, rearranged.
        let byUser = CommandRunner.inProcess(Array(common.dropLast(2)))
        #expect(byUser.out != whole.out)
        #expect(byUser.out.split(separator: "\n").sorted() == whole.out.split(separator: "\n").sorted())
    }

    /// A Kubernetes Indexed Job's pod passes its 0-based JOB_COMPLETION_INDEX without a shell.
    @Test(arguments: [0, 2])
    func theIndexedJobsIndexNamesTheShard(index: Int) throws {
        let common = ["simulate", Self.journey, "--users", "300"]
        let fromEnvironment = try CommandRunner.binary(
            common + ["--shards", "3"], environment: ["JOB_COMPLETION_INDEX": String(index)])
        let explicit = CommandRunner.inProcess(common + ["--shard", "\(index + 1)/3"])
        #expect(fromEnvironment.code == 0)
        #expect(fromEnvironment.out == explicit.out)
        #expect(!explicit.out.isEmpty)
    }

    @Test(arguments: [
        (
            [:],
            "error: '--shards 3' takes the shard from $JOB_COMPLETION_INDEX, which is not set; outside a Kubernetes "
                + "Indexed Job write '--shard I/3'"
        ),
        (
            ["JOB_COMPLETION_INDEX": "3"],
            "error: $JOB_COMPLETION_INDEX is '3'; with '--shards 3' it must be a whole number from 0 to 2"
        ),
        (
            ["JOB_COMPLETION_INDEX": "x"],
            "error: $JOB_COMPLETION_INDEX is 'x'; with '--shards 3' it must be a whole number from 0 to 2"
        )
    ])
    func aMissingOrWrongIndexIsAUsageError(environment: [String: String], message: String) throws {
        var clean = ProcessInfo.processInfo.environment
        clean["JOB_COMPLETION_INDEX"] = nil
        let result = try CommandRunner.binary(
            ["simulate", Self.journey, "--users", "10", "--shards", "3"],
            environment: clean.merging(environment) { $1 }.filter { _ in true })
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message + "\n"))
    }

    /// SPEC §12's bad input: usage errors (exit 2) that say what is allowed.
    @Test(arguments: [
        (["--users", "0"], "error: '--users' needs a whole number from 1 to 1000000000000; not '0'"),
        (["--users", "-5"], "error: '--users' needs a whole number from 1 to 1000000000000; not '-5'"),
        (["--users", "many"], "error: '--users' needs a whole number from 1 to 1000000000000; not 'many'"),
        (
            ["--users", "10", "--shard", "0/3"],
            "error: '--shard' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ 100000), such as 2/4; not '0/3'"
        ),
        (
            ["--users", "10", "--shard", "4/3"],
            "error: '--shard' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ 100000), such as 2/4; not '4/3'"
        ),
        (
            ["--users", "10", "--shard", "1/0"],
            "error: '--shard' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ 100000), such as 2/4; not '1/0'"
        ),
        (
            ["--users", "10", "--shard", "2"],
            "error: '--shard' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ 100000), such as 2/4; not '2'"
        ),
        (
            ["--users", "10", "--span", "soon"],
            "error: '--span' needs a duration from 1ms to 365d, such as 1d or 12h; not 'soon'"
        ),
        (
            ["--users", "10", "--span", "0s"],
            "error: '--span' needs a duration from 1ms to 365d, such as 1d or 12h; not '0s'"
        ),
        (
            ["--users", "10", "--start", "yesterday"],
            "error: '--start' needs an ISO 8601 time such as 2026-01-01T00:00:00Z or 2026-01-01T10:00:00+02:00, or "
                + "'now'; not 'yesterday'"
        ),
        (["--users", "10", "--order", "random"], "error: '--order' takes user or time; not 'random'"),
        (
            ["--users", "10", "--summary", "xml"],
            "error: 'xml' is not a script; --summary takes its format after '=': --summary=text or --summary=json"
        ),
        (
            ["--users", "10", "--start", "9999-12-31T23:00:00Z"],
            "error: '--start' plus '--span' reach past 9998-12-31: timestamps end at 9999-12-31T23:59:59.999Z, and "
                + "the users' events need room after their starts; choose an earlier --start"
        ),
        (
            ["--users", "10", "--device", "iphone-15:0"],
            "error: '--device' needs NAME or NAME:WEIGHT with a positive weight, such as iphone-15:3; not 'iphone-15:0'"
        ),
        (["--users", "10", "--device", "nokia"], "error: unknown device 'nokia'"),
        (
            ["--users", "10", "--shard", "1/2", "--shards", "2"],
            "error: give either '--shard I/N' or '--shards N' (the index from $JOB_COMPLETION_INDEX), not both"
        ),
        ([], "error: '--users N' is required: how many users to simulate, from 1 to 1000000000000 (or '--rate N/s')"),
        (
            ["--users", "10", "--rate", "5/s"],
            "error: give either '--users N' or '--rate N/s' (which makes the count: rate times --span), not both"
        ),
        (
            ["--rate", "fast"],
            "error: '--rate' needs users per unit of time, such as 50/s, 600/min or 2000/h; not 'fast'"
        ),
        (
            ["--rate", "5/week"],
            "error: '--rate' needs users per unit of time, such as 50/s, 600/min or 2000/h; not '5/week'"
        ),
        (
            ["--rate", "1/h", "--span", "10m"],
            "error: '--rate' gives no user over a --span of 10m; raise the rate or the span"
        ),
        (
            ["--users", "10", "--realtime", "--order", "user"],
            "error: '--realtime' paces events in time order; it cannot be given with '--order user'"
        ),
        (
            ["--users", "10", "--realtime=0"],
            "error: '--realtime' takes a speed above 0 and up to 1000000 (60: a virtual minute each second); not '0'"
        ),
        (
            ["--users", "10", "--arrivals", "poisson"],
            "error: '--arrivals' takes uniform, diurnal (the built-in day) or diurnal:FILE (24 weights, one per "
                + "hour); not 'poisson'"
        ),
        (
            ["--users", "10", "--warmup", "0s"],
            "error: '--warmup' needs a duration from 1ms to 365d, such as 1d or 12h; not '0s'"
        ),
        (
            ["--users", "10", "--timezone", "Europe/Paris:-1"],
            "error: '--timezone' needs NAME or NAME:WEIGHT with a positive weight, such as Europe/Paris:2; not "
                + "'Europe/Paris:-1'"
        ),
        (
            ["--users", "10", "--timezone", "Mars/Olympus:2"],
            "error: '--timezone' needs an IANA time zone such as UTC or Europe/Paris; not 'Mars/Olympus'"
        ),
        (
            ["--users", "10", "--locale", "english:2"],
            "error: '--locale' needs a language tag such as en-US or fr-CA; not 'english'"
        )
    ])
    func badCountsShardsAndRangesAreUsageErrors(arguments: [String], message: String) {
        let result = CommandRunner.inProcess(["simulate", Self.journey] + arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.out == "")
    }

    /// A malformed choice is a located script error (exit 2), before any event.
    @Test func aMalformedChoiceIsALocatedScriptError() {
        let result = CommandRunner.inProcess([
            "simulate", "Fixtures/replay/errors/choose-bad-weight.trackscript", "--users", "5"
        ])
        #expect(result.code == 2)
        #expect(
            result.err
                == "Fixtures/replay/errors/choose-bad-weight.trackscript:2:1: error: '-5' is not a weight; write: "
                + "choose WEIGHT, a positive number such as 70 (or 70%)\n"
        )
        #expect(result.out == "")
    }

    /// A step that fails for one user names the user and how to replay it alone.
    @Test func aStepThatFailsForOneUserNamesThatUser() throws {
        let script = "Fixtures/simulate/pop-for-some-users.trackscript"
        let result = CommandRunner.inProcess(["simulate", script, "--users", "100", "--seed", "3", "--sink", "null"])
        #expect(result.code == 1)
        #expect(
            result.err.hasPrefix(
                "\(script):6: error: cannot pop: 'ZOCMainViewController' is the root of its navigation stack "
                    + "(simulated user "
            ))
        let pattern = try Regex<(Substring, Substring, Substring, Substring)>(
            #"simulated user (\d+); its events alone: (trackctl replay \S+ --config Config/analytics.plist "#
                + #"--catalog Config/catalog.json --seed 3 --user (\d+) --clock \S+ --device iphone-17)\)"#)
        guard let user = result.err.firstMatch(of: pattern)?.output else {
            Issue.record(Comment(rawValue: result.err)); return
        }
        #expect(user.1 == user.3)
        // The command is whole (review D9): pasted, that replay fails the same way at the same line.
        let words = user.2.split(separator: " ").map(String.init)
        let replay = CommandRunner.inProcess(Array(words.dropFirst()) + ["--sink", "null"])
        #expect(replay.code == 1)
        #expect(replay.err.hasPrefix("\(script):6: error: cannot pop"))
    }

    /// `--summary json` is one object, the last line of stderr, after the events; text for people.
    @Test func theSummaryIsTheLastLineOfStderr() throws {
        let result = CommandRunner.inProcess([
            "simulate", Self.journey, "--users", "500", "--summary", "json", "--sink", "null"
        ])
        #expect(result.code == 0)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(summary["users"] as? Int == 500)
        #expect(summary["sessions"] as? Int == 1000)
        #expect((summary["choices"] as? [[String: Any]])?.count == 7)
        #expect(result.err.hasPrefix(#"{"users":500,"sessions":1000,"events":"#))
        let text = CommandRunner.inProcess(["simulate", Self.journey, "--users", "500", "--summary", "--sink", "null"])
        #expect(text.err.hasPrefix("simulated 500 users, 1000 sessions, "))
        #expect(
            text.err.contains(
                "  Fixtures/scripts/journey.trackscript:12 choose, reached 500 times:\n    arm 1: weight 70.0%, taken ")
        )
    }

    /// Review 2026-11-27 (simulate, "long runs are silent"): a live status line, redrawn in place
    /// and cleared before the summary — only on a terminal or when asked, so a CI log or a pipe
    /// reading stderr gets no carriage returns.
    @Test func theProgressLineIsShownOnlyWhereSomeoneWatches() throws {
        let common = ["simulate", Self.journey, "--users", "400", "--sink", "null", "--summary", "json"]
        let piped = CommandRunner.inProcess(common)
        #expect(piped.code == 0)
        #expect(!piped.err.contains("\r"))
        let asked = CommandRunner.inProcess(common + ["--progress"])
        #expect(asked.code == 0)
        #expect(asked.err.hasPrefix("\rsimulate: "))
        #expect(asked.err.contains("simulate: 400 of 400 users · "))
        // The line is wiped before the summary, which stays the last line and whole.
        #expect(asked.err.contains("\r\u{1B}[K{\"users\":400,"))
        let refused = CommandRunner.inProcess(common + ["--progress", "--no-progress"])
        #expect(refused.err == piped.err)
    }

    /// On a terminal (a pseudo-terminal made by util-linux `script`) the line is the default.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalGetsTheProgressLineByDefault() throws {
        let command = [
            "'" + RepositoryPaths.binary.path + "'", "simulate", Self.journey, "--users", "300", "--sink", "null"
        ]
        let shown = try CommandRunner.binary(
            ["-qec", command.joined(separator: " "), "/dev/null"], executable: "/usr/bin/script")
        #expect(shown.code == 0)
        #expect(shown.out.contains("simulate: 300 of 300 users · "))
        let quiet = try CommandRunner.binary(
            ["-qec", (command + ["--no-progress"]).joined(separator: " "), "/dev/null"], executable: "/usr/bin/script")
        #expect(quiet.code == 0)
        #expect(!quiet.out.contains("simulate: "))
    }

    /// Every sink works: the simulation delivered to `collect` over HTTP is what it printed.
    @Test func aSimulationDeliveredToCollectIsWhatItPrinted() throws {
        let collector = try TrackctlCollector(["--config", "Config/analytics.plist"])
        let simulate = CommandRunner.inProcess([
            "simulate", Self.journey, "--users", "200", "--sink", "stdout", "--sink",
            "http://127.0.0.1:\(collector.port)/v1/batch", "--dead-letter",
            collector.folder.appendingPathComponent("dl.jsonl").path
        ])
        #expect(simulate.code == 0)
        let count = simulate.out.split(separator: "\n").count
        #expect(simulate.err.contains("\(count) delivered"), "\(simulate.err)")
        let stopped = collector.stop()
        #expect(stopped.err.contains("stopped; \(count) calls received (\(count) good, 0 bad)"))
        let diff = try collector.diff(printed: simulate.out)
        #expect(diff.code == 0)
        #expect(diff.out.hasPrefix("same: \(count) calls expected, \(count) received"))
    }

    /// A fixed user id in a simulated identify is said once, with the fix.
    @Test func aSharedUserIDIsAWarning() {
        let result = CommandRunner.inProcess([
            "simulate", "Fixtures/replay/identify.trackscript", "--config", "Fixtures/replay/identify.config.json",
            "--users", "3", "--sink", "null"
        ])
        #expect(result.code == 0)
        #expect(
            result.err.hasPrefix(
                "Fixtures/replay/identify.trackscript:6: warning: every simulated user is identified as 'user-42'; "
                    + "write 'identify user-42-{user}' to give each user its own userId\n"
            ))
        // The profile is pushed before its `set seats=3`: its first view renders {self.seats}
        // empty, said once for all three users (review 2026-11-27 newcomer #3).
        #expect(result.err.components(separatedBy: "rendered empty").count == 3)
    }

    /// `choose 60%` … `or 60%` runs (arms are drawn in proportion) but is said, located, with
    /// what it does; weights in % that total 100, or without %, are not.
    @Test func percentWeightsThatDoNotTotal100AreAWarning() throws {
        let result = CommandRunner.inProcess([
            "simulate", "Fixtures/simulate/percent-over-100.trackscript", "--users", "2", "--sink", "null"
        ])
        #expect(result.code == 0)
        #expect(
            result.err
                == "Fixtures/simulate/percent-over-100.trackscript:4: warning: the weights of this 'choose' are "
                + "written in % but total 120%: "
                + "each arm is taken in proportion to its weight (a 60% arm here is taken 50% of the time); make "
                + "them total 100\n"
        )
        for weights in [("60%", "40%"), ("60", "60")] {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let script = folder.appendingPathComponent("weights.trackscript").path
            try
                ("launch ZOCMainViewController in navigation\nchoose \(weights.0)\n  call openFeed:\nor "
                + "\(weights.1)\n  wait 1s\nend\n").write(toFile: script, atomically: true, encoding: .utf8)
            let quiet = CommandRunner.inProcess(["simulate", script, "--users", "2", "--sink", "null"])
            #expect(quiet.code == 0)
            #expect(quiet.err == "", "choose \(weights.0) / or \(weights.1)")
        }
    }

    @Test(arguments: [
        (
            ["Fixtures/merge/one.jsonl", "Fixtures/merge/not-json.jsonl"],
            "Fixtures/merge/not-json.jsonl:2:1: error: not a JSON object; merge reads JSON lines of events\n"
        ),
        (
            ["Fixtures/merge/no-timestamp.jsonl"],
            "Fixtures/merge/no-timestamp.jsonl:2:1: error: the event has no \"timestamp\" string to merge by\n"
        ),
        (
            ["Fixtures/merge/bad-timestamp.jsonl"],
            "Fixtures/merge/bad-timestamp.jsonl:1:26: error: \"timestamp\" is 'yesterday', not an ISO 8601 "
                + "date-time with a zone (such as 2026-01-01T08:30:00.250Z)\n"
        ),
        (
            ["Fixtures/merge/one.jsonl", "Fixtures/merge/backwards.jsonl"],
            "Fixtures/merge/backwards.jsonl:2:41: error: the timestamp 2026-01-01T00:00:02.000Z goes back from "
                + "2026-01-01T00:00:05.000Z on line 1: merge needs each file in time order — was it written with "
                + "'simulate --order time'?\n"
        ),
        (["Fixtures/merge/missing.jsonl"], "Fixtures/merge/missing.jsonl: error: no such file\n")
    ])
    func mergeRefusesWhatIsNotAnEventStream(files: [String], message: String) {
        let result = CommandRunner.inProcess(["merge"] + files)
        #expect(result.code == 2)
        #expect(result.err == message)
    }

    /// Ties go to the earlier file; each file keeps its order; blank lines are skipped.
    @Test func mergeTakesLinesByTimeAndTiesByFile() throws {
        let result = CommandRunner.inProcess(["merge", "Fixtures/merge/one.jsonl", "Fixtures/merge/two.jsonl"])
        #expect(result.code == 0)
        #expect(
            result.out.split(separator: "\n").map { $0.firstMatch(of: /"event":"(.)"/).map { String($0.1) } ?? "" } == [
                "A", "C", "D", "B"
            ])
    }

    /// Any ISO 8601 form is read and compared as the instant it names: offsets, fractions of
    /// 0 to 9 digits, basic form, a space or a lower-case t; a `timestamp` inside `properties`
    /// is not the event's.
    @Test func mergeReadsEveryISO8601Form() throws {
        let result = CommandRunner.inProcess([
            "merge", "Fixtures/merge/iso-forms.jsonl", "Fixtures/merge/iso-other.jsonl"
        ])
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out.split(separator: "\n").map { $0.firstMatch(of: /"event":"(.)"/).map { String($0.1) } ?? "" } == [
                "1", "x", "2", "3", "y", "4", "5"
            ])
    }

    /// Review 2026-11-27 (simulate #1): a stop signal ends a merge between two lines — exit
    /// 130/143, stdout on a whole line, and `--output` neither written nor left aside. The input
    /// is a FIFO the test feeds, so the signal comes while the merge is surely running.
    @Test(arguments: [false, true])
    func aStoppedMergeLeavesWholeLinesAndNoFileAside(toFile: Bool) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = folder.appendingPathComponent("all.jsonl").path
        let process = Process()
        process.executableURL = RepositoryPaths.binary
        process.arguments = ["merge", fifo] + (toFile ? ["--output", output] : [])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        func feed(_ range: Range<Int>) {
            let lines = range.map {
                #"{"type":"track","event":"E\#($0)","#
                    + #""timestamp":"2026-01-01T00:00:\#(String(format: "%02d.%03d", $0 / 1000, $0 % 1000))Z"}"#
            }
            writer.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        feed(0..<2000)
        Thread.sleep(forTimeInterval: 0.5)
        if toFile { process.terminate() } else { process.interrupt() }
        Thread.sleep(forTimeInterval: 0.2)
        feed(2000..<2100)  // wakes a read the signal did not interrupt
        try writer.close()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == (toFile ? 143 : 130), "\(said)")
        #expect(said.contains("stopped by a signal"))
        if toFile {
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.isEmpty
            )
        } else {
            #expect(printed.isEmpty || printed.last == 0x0A)
        }
    }

    /// A write that fails (the file-size limit, `ulimit -f`) is exit 1 with a message, and
    /// `--output` is left as it was: no partial file, nothing written aside left over.
    @Test func aFailedMergeLeavesNoPartialOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.jsonl").path
        let line =
            #"{"type":"track","event":"A","timestamp":"2026-01-01T00:00:00.000Z","#
            + #""properties":{"pad":"\#(String(repeating: "x", count: 900))"}}"#
        try Data(String(repeating: line + "\n", count: 2000).utf8).write(to: URL(fileURLWithPath: big))
        let output = folder.appendingPathComponent("merged.jsonl").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "trap '' XFSZ; ulimit -f 64; exec '\(RepositoryPaths.binary.path)' merge '\(big)' --output '\(output)'"
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message.hasPrefix("error: '\(output)' could not be written: "), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.jsonl"])
    }

    /// Shard summaries add up: `merge --summaries` of four shards' stderr is the unsharded
    /// run's summary, byte for byte.
    @Test func shardSummariesAddUpToTheWholeRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["simulate", Self.journey, "--users", "400", "--sink", "null", "--summary", "json"]
        let whole = CommandRunner.inProcess(common)
        #expect(whole.code == 0)
        var files: [String] = []
        for index in 1...4 {
            let shard = CommandRunner.inProcess(common + ["--shard", "\(index)/4"])
            let file = folder.appendingPathComponent("shard-\(index).err").path
            try Data(shard.err.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let merged = CommandRunner.inProcess(["merge", "--summaries"] + files)
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out == whole.err)
        #expect(whole.err.contains(#""repeats":[{"file":"Fixtures/scripts/journey.trackscript","line":14,"runs":"#))
        let text = CommandRunner.inProcess(["merge", "--summaries", "--format", "text"] + files)
        #expect(text.out.hasPrefix("simulated 400 users, 800 sessions"))
        #expect(text.out.contains("Fixtures/scripts/journey.trackscript:40 wait, 400 times: "))
        let broken = CommandRunner.inProcess(["merge", "--summaries", "Fixtures/merge/one.jsonl"])
        #expect(broken.code == 2)
        #expect(broken.err.hasPrefix("Fixtures/merge/one.jsonl:2:1: error: not a simulate summary: "), "\(broken.err)")
        // A missing summary is worded as every missing file is (review 2026-11-27 newcomer #13).
        let missing = CommandRunner.inProcess(["merge", "--summaries", "Fixtures/merge/nowhere.json"])
        #expect(missing.code == 2)
        #expect(missing.err == "Fixtures/merge/nowhere.json: error: no such file\n")
    }

    /// Review 2026-11-27 (simulate #4): the warm-up users are counted apart — they ran, their
    /// events before --start were not written — in each shard and in the merged summary, in
    /// user order and in time order.
    @Test(arguments: ["user", "time"])
    func warmupUsersAreCountedApart(order: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [
            "simulate", Self.journey, "--users", "400", "--warmup", "12h", "--order", order, "--sink", "null",
            "--summary", "json"
        ]
        let whole = CommandRunner.inProcess(common)
        #expect(whole.err.hasPrefix(#"{"users":600,"warmupUsers":200,"sessions":"#), "\(whole.err)")
        var files: [String] = []
        for index in 1...3 {
            let file = folder.appendingPathComponent("shard-\(index).err").path
            try Data(CommandRunner.inProcess(common + ["--shard", "\(index)/3"]).err.utf8).write(
                to: URL(fileURLWithPath: file))
            files.append(file)
        }
        #expect(CommandRunner.inProcess(["merge", "--summaries"] + files).out == whole.err)
        let text = CommandRunner.inProcess(["merge", "--summaries", "--format", "text"] + files)
        #expect(
            text.out.hasPrefix(
                "simulated 600 users (200 of them warm-up users, whose events before --start are not written), 1200 "
                    + "sessions"
            ))
    }

    /// Review 2026-11-27 (simulate #4): a stop in `--order time` leaves lines made but held for
    /// the merge; the summary says how many (`unwrittenAtStop`), so events less those are the
    /// lines written.
    @Test func aStopInTimeOrderSaysWhatWasNotWritten() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("events.jsonl").path
        let errors = folder.appendingPathComponent("err").path
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        let process = Process()
        process.executableURL = RepositoryPaths.binary
        process.currentDirectoryURL = RepositoryPaths.root
        process.arguments = [
            "simulate", Self.journey, "--users", "300000", "--order", "time", "--summary=json", "--sink", "file:" + file
        ]
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        for _ in 0..<400
        where ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int ?? 0) < 2_000_000 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count
        let summary = try #require(try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? Int), unwritten = try #require(object["unwrittenAtStop"] as? Int)
        #expect(unwritten > 0)
        #expect(events - unwritten == lines, "\(summary.prefix(120))")
    }

    /// A diurnal profile file that is not 24 weights ≥ 0 is refused with its line (exit 2),
    /// before any event.
    @Test(arguments: [
        (
            "profile-negative.txt",
            "Fixtures/simulate/profile-negative.txt:4:1: error: '-2' is not a weight: write a number ≥ 0 (one per "
                + "hour, hour 00 first)"
        ),
        (
            "profile-23-weights.txt",
            "Fixtures/simulate/profile-23-weights.txt: error: 23 weights; a profile has one per hour, 24 in all, "
                + "hour 00 first"
        ),
        (
            "profile-all-zero.txt",
            "Fixtures/simulate/profile-all-zero.txt: error: every weight is 0: no user would ever arrive"
        ),
        ("no-such-profile.txt", "Fixtures/simulate/no-such-profile.txt: error: no such file")
    ])
    func aBrokenProfileIsALocatedError(file: String, message: String) {
        let result = CommandRunner.inProcess([
            "simulate", Self.journey, "--users", "10", "--arrivals", "diurnal:Fixtures/simulate/" + file
        ])
        #expect(result.code == 2)
        #expect(result.err == message + "\n")
        #expect(result.out == "")
    }

    /// `--rate` makes the count: 30 users a minute over 2 hours are 3,600 users; with a profile
    /// file, every user starts in a weighted hour of its own day.
    @Test func aRateMakesTheCountAndAProfileTheHours() throws {
        let result = CommandRunner.inProcess([
            "simulate", "Fixtures/simulate/short-visit.trackscript", "--rate", "30/min", "--span", "2h", "--sink",
            "null", "--summary", "json"
        ])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix(#"{"users":3600,"#), "\(result.err)")
        let evening = CommandRunner.inProcess([
            "simulate", "Fixtures/simulate/short-visit.trackscript", "--users", "500", "--arrivals",
            "diurnal:Fixtures/simulate/evening.profile",
            "--timezone", "Asia/Tokyo"
        ])
        #expect(evening.code == 0)
        let hours = evening.out.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "\"timestamp\":\"2026-01-0") else { return nil }
            let hour = Int(line[line.index(range.upperBound, offsetBy: 2)...].prefix(2))!
            return (hour + 9) % 24  // Tokyo is UTC+9
        }
        #expect(hours.count > 1000)
        #expect(hours.allSatisfy { $0 >= 12 }, "an arrival before noon local time: \(Set(hours).sorted())")
    }
}
