import Foundation
import TrackctlCore

/// `trackctl merge FILE...`: event streams merged by timestamp (SPEC §12: the shards of
/// `simulate --order time` make the unsharded stream again).
enum MergeCommand: Command {
    struct Options: ParsableOptions {
        var files: [String] = []
        var output: String?

        static var arguments: [ArgumentDeclaration<Self>] {
            [
                .positionals("FILE", \.files, required: true, help: "JSON-lines event files, in shard order: a tie in time goes to the earlier file"),
                .option("--output", \.output, valueName: "FILE", help: "Write the merged stream to FILE instead of stdout")
            ]
        }

        mutating func validate() throws(UsageError) {
            if files.contains("-") { throw UsageError(message: "merge reads files, not stdin; name each file") }
            if let output, let identity = Platform.identity(ofPath: output),
                let input = files.first(where: { Platform.identity(ofPath: $0) == identity })
            {
                throw UsageError(message: "'--output \(output)' would write into the input '\(input)'; write to another file")
            }
        }
    }

    static let name = "merge"
    static let abstract = "Merge event streams by timestamp, as the shards of 'simulate --order time' make one stream."
    static let discussion = """
        Each file's lines keep their order; lines are taken by their "timestamp" (ISO 8601), a tie going to the \
        earlier file. Files are read line by line: memory is one line per file.

        EXIT CODES: 0 merged; 2 usage error, or a file that cannot be read or has a line that is not an event with \
        a timestamp (named with its line).

        EXAMPLE: trackctl merge shard-1.jsonl shard-2.jsonl shard-3.jsonl > all.jsonl
        """

    static func run(_ options: Options, terminal: Terminal) -> ExitCode {
        var output: FileHandle?
        if let path = options.output {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                terminal.writeErr("error: '\(path)' cannot be written\n")
                return .usage
            }
            output = handle
        }
        defer { try? output?.close() }
        // Lines go out in chunks of about 64 KiB.
        var pending: [UInt8] = []
        var closed = false
        func flush() -> Bool {
            defer { pending.removeAll(keepingCapacity: true) }
            if let output {
                do { try output.write(contentsOf: pending) } catch { closed = true; return false }
                return true
            }
            closed = !terminal.writeOut(String(decoding: pending, as: UTF8.self))
            return !closed
        }
        do {
            try EventStreamMerge.merge(options.files) { line in
                pending += line
                return pending.count < 65_536 || flush()
            }
        } catch {
            terminal.writeErr(error.description + "\n")
            return .usage
        }
        if !pending.isEmpty, !flush(), options.output != nil {
            terminal.writeErr("error: '\(options.output!)' could not be written\n")
            return .usage
        }
        return .success
    }
}
