import Foundation
import TrackctlCore
import TrackctlModel

/// `trackctl merge FILE...`: event streams merged by timestamp (SPEC §12: the shards of
/// `simulate --order time` make the unsharded stream again); with `--summaries`, the shards'
/// summaries added into one.
enum MergeCommand: Command {
    struct Options: ParsableOptions {
        var files: [String] = []
        var output: String?
        var summaries = false
        var format: SummaryFormat?
        var progress = ProgressFlags()

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals(
                    "FILE", \.files, required: true,
                    help: "JSON-lines event files, in shard order: a tie in time goes to the earlier file"),
                .option(
                    "--output", \.output, valueName: "FILE",
                    help:
                        "Write the merged stream to FILE instead of stdout: written aside and renamed at the end, "
                        + "so a failed merge leaves no partial file"
                ),
                .flag(
                    "--summaries", \.summaries,
                    help:
                        "The files are shard summaries ('simulate --summary json', or a shard's whole stderr): "
                        + "print them added up"
                ),
                .option(
                    "--format", \.format, valueName: "FORMAT",
                    help: "With --summaries: json (default, one line) or text")
            ] + ProgressFlags.declarations(\.progress)
        }

        mutating func validate() throws(UsageError) {
            if files.contains("-") { throw UsageError(message: "merge reads files, not stdin; name each file") }
            if format != nil, !summaries {
                throw UsageError(message: "'--format' is for --summaries; merged events are JSON lines")
            }
            if let output, let identity = Platform.identity(ofPath: output),
                let input = files.first(where: { Platform.identity(ofPath: $0) == identity })
            {
                throw UsageError(
                    message: "'--output \(output)' would write into the input '\(input)'; write to another file")
            }
        }
    }

    static let name = "merge"
    static let abstract = "Merge event streams by timestamp, as the shards of 'simulate --order time' make one stream."
    static let discussion = """
        Each file's lines keep their order; lines are taken by their top-level "timestamp" (any ISO 8601 date-time \
        with \
        a zone: fractions of 0 to 9 digits, Z or ±hh:mm), a tie going to the earlier file. Lines are scanned for the \
        timestamp, not parsed again. A file whose timestamps go back is refused at that line: it was not written in \
        time order (user-ordered shards are concatenated, not merged). Files are read line by line: memory is a chunk \
        per file.

        SUMMARIES: 'merge --summaries shard-*.json' adds the summaries of 'simulate --summary json' (a file may be a \
        shard's whole stderr: its last line is the summary) into the summary of the whole run.

        EXIT CODES: 0 merged (also when the reader of stdout closes it early); 1 the output could not be written \
        (no partial --output is left); 2 usage error, or a file that cannot be read, has a line that is not an \
        event with a timestamp, or goes back in time (named with its line); 130/143 stopped by SIGINT/SIGTERM \
        (stdout ends on a whole line; no partial --output is left).

        EXAMPLE: trackctl merge shard-1.jsonl shard-2.jsonl shard-3.jsonl --output all.jsonl
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        if options.summaries { return addSummaries(options, terminal: terminal) }
        let output: MergeOutput
        do { output = try MergeOutput(path: options.output, standardOutput: terminal.outputDescriptor) } catch {
            terminal.writeErr("error: \(error.message)\n")
            return .usage
        }
        // A stop signal ends the merge between two lines (review 2026-11-27, simulate #1: it
        // used to cut stdout's last line and leave the file written aside).
        Platform.catchStopSignals()
        var failure: DocumentError?
        // The status line counts bytes written against the inputs' size: each byte read is
        // written once (review 2026-11-27: a merge of gigabytes said nothing for seconds).
        let progress = options.progress.line("merge", terminal: terminal)
        let total = options.files.reduce(Int64(0)) { sum, file in sum + Self.size(of: file) }
        var written: Int64 = 0
        var lines = 0
        do throws(DocumentError) {
            try EventStreamMerge.merge(options.files) { line in
                guard Platform.stopRequest == 0, output.append(line) else { return false }
                if let progress {
                    written += Int64(line.count) + 1
                    lines += 1
                    progress.update(
                        "\(ProgressLine.bytes(written)) of \(ProgressLine.bytes(total))",
                        fraction: total > 0 ? Double(written) / Double(total) : nil,
                        items: lines, itemUnit: "lines")
                }
                return true
            }
        } catch {
            failure = error
        }
        progress?.clear()
        if Platform.stopRequest != 0 {
            output.stop()
            terminal.writeErr(
                "trackctl merge: stopped by a signal; "
                    + "\(options.output.map { "'\($0)' was not written" } ?? "stdout ends on a whole line")\n"
            )
            return Platform.stopRequest == Platform.terminateSignal ? .terminated : .interrupted
        }
        if let failure {
            output.abandon()
            terminal.writeErr(failure.description + "\n")
            return .usage
        }
        if let failure = output.finish() {
            terminal.writeErr("error: \(failure)\n")
            return .findings
        }
        return .success
    }

    /// A file's size in bytes (0 when it cannot be read: the merge names that error).
    private static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func addSummaries(_ options: Options, terminal: Terminal) -> ExitCode {
        var total: SimulationSummary?
        for file in options.files {
            do throws(DocumentError) {
                try MissingPath.requireExisting(file)
                let text: String
                do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                    throw DocumentError(file: file, message: "cannot be read")
                }
                let summary = try SimulationSummary(json: text, file: file)
                total = total.map { $0 + summary } ?? summary
            } catch {
                terminal.writeErr(error.description + "\n")
                return .usage
            }
        }
        guard let total else {
            terminal.writeErr("error: no summary file given\n")
            return .usage
        }
        let text = options.format?.format == .text ? total.text : total.json
        if let path = options.output {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                terminal.writeErr("error: '\(path)' cannot be written: \(error.localizedDescription)\n")
                return .findings
            }
        } else if !terminal.writeOut(text) {
            terminal.writeErr("error: the summary could not be written to stdout\n")
            return .findings
        }
        return .success
    }
}

/// Where merged lines go: stdout, or a file written aside (`FILE.trackctl-PID.tmp`) and renamed
/// over FILE only when every line is written — a failed merge leaves no partial file. Lines are
/// gathered into 256 KiB writes.
final class MergeOutput {
    private let path: String?
    private let temporary: String?
    private let descriptor: Int32
    private var isOpen = true
    private var buffer: [UInt8] = []
    /// The first write error; nothing is written after it.
    private var failure: String?
    /// The reader of stdout went away: a quiet stop, as `replay` makes it.
    private var readerGone = false

    init(path: String?, standardOutput: Int32) throws(UsageError) {
        self.path = path
        buffer.reserveCapacity(1 << 18)
        guard let path else {
            temporary = nil
            descriptor = standardOutput
            return
        }
        let temporary = path + ".trackctl-\(Platform.processID).tmp"
        let descriptor = Platform.open(temporary, Platform.truncateCreateWriteOnly)
        guard descriptor >= 0 else {
            throw UsageError(message: "'\(path)' cannot be written: \(Platform.lastErrorMessage)")
        }
        self.temporary = temporary
        self.descriptor = descriptor
    }

    /// Adds a line (and its newline); false once the output failed or its reader went away.
    func append(_ line: UnsafeRawBufferPointer) -> Bool {
        buffer.append(contentsOf: line)
        buffer.append(0x0A)
        if buffer.count >= 1 << 18 { flush() }
        return failure == nil && !readerGone
    }

    private func flush() {
        guard failure == nil, !readerGone else { return buffer.removeAll(keepingCapacity: true) }
        if let error = buffer.withUnsafeBytes({
            Platform.writeAll($0.baseAddress, count: $0.count, to: descriptor).error
        }) {
            if path == nil, error == Platform.brokenPipe {
                readerGone = true
            } else {
                failure = "\(path.map { "'\($0)'" } ?? "stdout") could not be written: \(Platform.message(for: error))"
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes the rest and, for a file, syncs and renames it into place. The error, or nil.
    func finish() -> String? {
        flush()
        guard let path, let temporary else { return failure }
        if failure == nil, Platform.fsync(descriptor) != 0 {
            failure = "'\(path)' could not be written: \(Platform.lastErrorMessage)"
        }
        Platform.close(descriptor)
        isOpen = false
        if failure == nil, !Platform.rename(temporary, to: path) {
            failure = "'\(path)' could not be written: \(Platform.lastErrorMessage)"
        }
        if failure != nil { abandon() }
        return failure
    }

    /// Stopped by a signal: stdout gets the whole lines gathered so far; a file written aside
    /// is removed.
    func stop() {
        if path == nil { flush() } else { abandon() }
    }

    /// Removes the file written aside (a merge that failed).
    func abandon() {
        guard let temporary else { return }
        if isOpen { Platform.close(descriptor) }
        isOpen = false
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
