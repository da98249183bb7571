import Foundation
import Testing
import TrackctlTestSupport

/// What happens to outputs when something goes wrong (SPEC §6, §8), through the built binary
/// and a shell's redirections: nothing lost, nothing half-written, every failure reported.
@Suite("Output failures", .serialized, .ownThread)
struct OutputFailureTests {
    /// A script of about 80,000 events: enough to fill many 256 KiB buffers.
    static let longScript: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-long-outputs.trackscript")
            .path
        let text =
            "launch ZOCMainViewController in navigation\n"
            + String(repeating: "push ZOCFeedViewController\npop\n", count: 20_000)
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-\(UUID().uuidString)-\(name)").path
    }

    static func shell(_ command: String) throws -> RunResult {
        try CommandRunner.binary(["-c", command], executable: "/bin/bash")
    }

    static var trackctl: String { "'" + RepositoryPaths.binary.path + "'" }

    static func lines(_ path: String) -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(
            separator: "\n", omittingEmptySubsequences: false)
    }

    /// A full device: the sink ends with an error naming it, exit 1. Only where there is a
    /// `/dev/full` (Linux; not macOS): `aWriteCutShortLeavesOnlyWholeLines` fails a write
    /// everywhere else. Never run without it, or the test would create a file there as root.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsAnErrorNamingThePath() throws {
        let result = try CommandRunner.binary([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:/dev/full"
        ])
        #expect(result.code == 1)
        #expect(result.err == "error: cannot write to '/dev/full': No space left on device\n")
    }

    /// A write that stops part-way (the file-size limit, as a full disk would) leaves whole
    /// lines only: the partial one is truncated away.
    @Test func aWriteCutShortLeavesOnlyWholeLines() throws {
        let output = Self.temporary("limited.jsonl")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Self.shell(
            "ulimit -f 100; \(Self.trackctl) replay '\(Self.longScript)' --sink 'file:\(output)'")
        #expect(result.code == 1)
        #expect(result.err == "error: cannot write to '\(output)': File too large\n")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(text.utf8.count <= 100 * 1024)
        for line in text.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    /// The reader of stdout goes away (`| head -1`): the file sink still gets every event.
    @Test func aClosedPipeDoesNotCutTheFileShort() throws {
        let output = Self.temporary("all.jsonl")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Self.shell(
            "\(Self.trackctl) replay '\(Self.longScript)' --sink stdout --sink 'file:\(output)' | head -1 "
                + ">/dev/null; echo \"status ${PIPESTATUS[0]}\""
        )
        #expect(result.out == "status 0\n")
        #expect(Self.lines(output).count == 40_002, "40,001 events and the empty string after the last newline")
    }

    /// Stdout closed by the caller (`>&-`): it is not reused by the file sink, which gets each
    /// event once; a replay to stdout alone is refused, since every event would be lost (review D12).
    @Test func aClosedStdoutIsNotReusedByAFile() throws {
        let output = Self.temporary("once.jsonl")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let both = try Self.shell(
            "\(Self.trackctl) replay Fixtures/scripts/demo.trackscript --sink stdout --sink 'file:\(output)' >&-; "
                + "echo \"status $?\" >&2"
        )
        #expect(both.err == "status 0\n")
        #expect(Self.lines(output).count == 17)
        let alone = try Self.shell(
            "\(Self.trackctl) replay Fixtures/scripts/demo.trackscript >&-; echo \"status $?\" >&2")
        #expect(
            alone.err.hasPrefix(
                "error: stdout is closed, and the events go there: every one would be lost; write them with --sink "
                    + "file:PATH\n"
            ))
        #expect(alone.err.hasSuffix("status 2\n"))
    }

    /// Two sinks on one pipe (`--sink stdout --sink stderr 2>&1`) share one writer: every line
    /// arrives whole, each event twice, in order.
    @Test func twoSinksOnOnePipeNeverInterleaveMidLine() throws {
        let result = try Self.shell("\(Self.trackctl) replay '\(Self.longScript)' --sink stdout --sink stderr 2>&1")
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 80_002)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"type\":") && $0.hasSuffix("\"}") })
        #expect(stride(from: 0, to: lines.count, by: 2).allSatisfy { lines[$0] == lines[$0 + 1] })
    }

    @Test func aSinkOntoAnInputIsAUsageError() throws {
        let result = try CommandRunner.binary([
            "replay", "Fixtures/scripts/demo.trackscript", "--sink", "file:Fixtures/scripts/demo.trackscript"
        ])
        #expect(result.code == 2)
        #expect(
            result.err.hasPrefix(
                "error: '--sink file:Fixtures/scripts/demo.trackscript' would write into the input "
                    + "'Fixtures/scripts/demo.trackscript'; write the events to another file\n"
            ))
    }

    /// A report that cannot be written is exit 2, with the reason (where there is a /dev/full).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aReportThatCannotBeWrittenExitsTwo() throws {
        let result = try Self.shell("\(Self.trackctl) validate --format json >/dev/full; echo \"status $?\" >&2")
        #expect(result.err == "error: the report could not be written to stdout: No space left on device\nstatus 2\n")
    }

    /// The same on every POSIX system: the file-size limit (1 KB, SIGXFSZ ignored) stops the
    /// write of a 1.4 KB report part way. Only the report's file is limited: the limit is set
    /// in the subshell that runs trackctl, so the shell's own stderr is not.
    @Test func aReportThatCannotBeWrittenWholeExitsTwo() throws {
        let output = Self.temporary("report.json")
        defer { try? FileManager.default.removeItem(atPath: output) }
        // trackctl's stderr goes through a pipe to `cat`, outside the limit.
        let result = try Self.shell(
            "(trap '' XFSZ; ulimit -f 1; exec \(Self.trackctl) validate Fixtures/config/source/shop-swift.json "
                + "--source Fixtures/source/swift-app --format json >'\(output)') 2>&1 | cat >&2; echo \"status "
                + "${PIPESTATUS[0]}\" >&2"
        )
        #expect(result.err == "error: the report could not be written to stdout: File too large\nstatus 2\n")
    }

    /// Every format reports an unreadable or malformed input its way, exit 2.
    @Test func everyFormatReportsAMalformedFile() throws {
        let json = try CommandRunner.binary(["validate", "Fixtures/malformed/deep-nesting.json", "--format", "json"])
        #expect(json.code == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "unreadable-input")
        #expect(finding["line"] as? Int == 1 && finding["column"] as? Int == 530)
        #expect(document["errors"] as? Int == 1)
        let github = try CommandRunner.binary(["validate", "Fixtures/config/no-such.json", "--format", "github"])
        #expect(github.code == 2)
        #expect(
            github.err == "::error file=Fixtures/config/no-such.json,title=trackctl unreadable-input::no such file\n")
    }
}

/// Memory stays bounded by the input (SPEC §8: about 10 × N + 50 MB), measured by the kernel
/// on the real binary (`/usr/bin/time`; skipped where there is none).
@Suite("Bounded memory", .serialized, .ownThread)
struct BoundedMemoryTests {
    /// The maximum resident set size of one run, in KiB, or nil without /usr/bin/time.
    static func peakKiB(_ arguments: [String]) throws -> (code: Int32, kib: Int)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let report = OutputFailureTests.temporary("rss")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let result = try CommandRunner.binary(
            ["-f", "%M", "-o", report, RepositoryPaths.binary.path] + arguments, executable: "/usr/bin/time")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        return (
            result.code,
            Int(text.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
        )
    }

    /// 195 bytes of objects that refer to each other twice over: refused at once.
    @Test func sharedReferencesInABinaryPlistAreNotExpanded() throws {
        guard let run = try Self.peakKiB(["validate", "Fixtures/malformed/shared-references.plist"]) else { return }
        #expect(run.code == 2)
        #expect(run.kib < 50 * 1024)
    }

    /// A 20 MB class name: validated, quoted short, in well under 10 × N + 50 MB.
    @Test func aTwentyMegabyteNameStaysWithinTheBound() throws {
        let path = OutputFailureTests.temporary("big-name.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let name = String(repeating: "A", count: 20_000_000)
        try "{\"trackedScreens\":[{\"class\":\"\(name)\",\"label\":\"x\"}]}".write(
            toFile: path, atomically: true, encoding: .utf8)
        guard let run = try Self.peakKiB(["validate", path]) else { return }
        #expect(run.code == 1)
        #expect(run.kib < (10 * 20 + 50) * 1024)
    }
}
