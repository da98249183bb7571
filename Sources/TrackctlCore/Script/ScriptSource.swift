import Foundation
import TrackctlModel

/// A replay script on disk, read step by step. Text scripts stream: a file of a million steps
/// is read in 64 KiB chunks and never held whole. The whole script is read twice — once to
/// check every step before anything runs, once to run — so standard input is first copied to a
/// temporary file.
package final class ScriptSource {
    /// The name used in messages (`<stdin>` for `-`).
    public let file: String
    private let path: String
    private let temporaryCopy: Bool
    public let format: Format

    public enum Format: Sendable {
        case text
        case json
    }

    /// Opens `path` (`-` for standard input) and detects its format from the first character.
    public init(path: String) throws(DocumentError) {
        if path == "-" {
            file = "<stdin>"
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trackctl-stdin-\(UUID().uuidString).trackscript"
            ).path
            guard FileManager.default.createFile(atPath: copy, contents: FileHandle.standardInput.readDataToEndOfFile())
            else {
                throw DocumentError(file: file, message: "cannot keep standard input in a temporary file")
            }
            self.path = copy
            temporaryCopy = true
        } else {
            file = path
            self.path = path
            temporaryCopy = false
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw DocumentError(file: file, message: MissingPath.message(for: path))
            }
            if isDirectory.boolValue { throw DocumentError(file: file, message: "is a directory; name a script file") }
        }
        format = try Self.detectFormat(path: self.path, file: file)
    }

    deinit {
        if temporaryCopy { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func detectFormat(path: String, file: String) throws(DocumentError) -> Format {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(file: file, message: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let head = Array((try? handle.read(upToCount: 4096)) ?? Data())
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        // A text script starts with a step keyword or a comment; '[' or '{' can only be JSON.
        return index < head.count && (head[index] == UInt8(ascii: "[") || head[index] == UInt8(ascii: "{"))
            ? .json : .text
    }

    /// Calls `body` with each step in order, and whether the same line text came before (a
    /// check of the step can then be skipped). Throws the first malformed step; `body`'s own
    /// errors pass through.
    public func forEachStep(_ body: (ScriptStep, _ isRepeat: Bool) throws(ReplayStop) -> Void) throws(ReplayStop) {
        try forEachPreparedStep { step, line, isRepeat throws(ReplayStop) in
            try body(ScriptStep(line: line, action: step.action), isRepeat)
        }
    }

    /// `forEachStep` for the replay's hot loop: lines with the same text share one
    /// `PreparedStep`, handed on as it is (no copy of its names per line).
    /// `skipping`, when given, receives each line that does not parse as a step (an unknown step
    /// name, a missing argument: exit 1) and the reading goes on — the check of a whole script
    /// says every bad line at once; a malformed line (exit 2) still stops it.
    func forEachPreparedStep(
        _ body: (PreparedStep, _ line: Int, _ isRepeat: Bool) throws(ReplayStop) -> Void,
        skipping: ((ScriptError) -> Void)? = nil
    ) throws(ReplayStop) {
        switch format {
        case .text: try forEachTextStep(body, skipping: skipping)
        case .json: try forEachJSONStep(body)
        }
    }

    /// The script as it runs (SPEC §12): each step outside every block handed to `step` as it
    /// is read, each top-level block to `block` once its `end` is read. The blocks' shape is
    /// checked on the way; a block never closed is an error at the end.
    func forEachNode(
        step: (PreparedStep, _ line: Int) throws(ReplayStop) -> Void, block: (ScriptBlock) throws(ReplayStop) -> Void
    ) throws(ReplayStop) {
        var assembler = ScriptBlockAssembler(file: file)
        try forEachPreparedStep { prepared, line, _ throws(ReplayStop) in
            if assembler.isOutsideBlocks, !prepared.action.isBlockMarker { return try step(prepared, line) }
            let finished: ScriptBlock?
            do throws(ScriptError) { finished = try assembler.add(prepared, line: line) } catch { throw error.stop }
            if let finished { try block(finished) }
        }
        do throws(ScriptError) { try assembler.finish() } catch { throw error.stop }
    }

    /// The whole script as nodes, held in memory: what `simulate` runs once per user.
    func program() throws(ReplayStop) -> [ScriptNode] {
        var nodes: [ScriptNode] = []
        try forEachNode(
            step: { step, line in nodes.append(.step(step, line: line)) }, block: { nodes.append(.block($0)) })
        return nodes
    }

    private func forEachTextStep(
        _ body: (PreparedStep, Int, Bool) throws(ReplayStop) -> Void, skipping: ((ScriptError) -> Void)? = nil
    ) throws(ReplayStop) {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw stop(error) }
        var cache = StepCache()
        while true {
            let next: UnsafeRawBufferPointer?
            do { next = try reader.next() } catch { throw stop(error) }
            guard var bytes = next else { break }
            let lineNumber = reader.lineNumber
            if bytes.last == 0x0D { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
            if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                bytes = UnsafeRawBufferPointer(rebasing: bytes.dropFirst(3))
            }
            let parsed: (Unmanaged<PreparedStep>?, isRepeat: Bool)
            do throws(ReplayStop) { parsed = try cache.step(for: bytes, line: lineNumber, file: file) } catch {
                if let skipping, case .script(let bad) = error, !bad.isMalformed {
                    skipping(bad)
                    continue
                }
                throw error
            }
            let (step, isRepeat) = parsed
            // The cache keeps the step alive until its next lookup: it is lent to `body` without
            // a retain and release per line.
            guard let step else { continue }
            var stop: ReplayStop?
            step._withUnsafeGuaranteedRef { step in
                do throws(ReplayStop) { try body(step, lineNumber, isRepeat) } catch { stop = error }
            }
            if let stop { throw stop }
        }
    }

    private func stop(_ failure: LineReader.Failure) -> ReplayStop {
        switch failure {
        case .unreadable(let reason): return .document(DocumentError(file: file, message: "cannot be read: \(reason)"))
        case .lineTooLong(let line):
            return .document(
                DocumentError(
                    file: file, message: "a line longer than 1 MiB; is this a script?",
                    position: SourcePosition(line: line, column: 1)))
        }
    }

    /// JSON scripts: an array of steps, each an object mirroring one text line (README). The
    /// file's bytes are read whole, but each step is parsed, converted and handed on in turn,
    /// never the whole array at once.
    private func forEachJSONStep(_ body: (PreparedStep, Int, Bool) throws(ReplayStop) -> Void) throws(ReplayStop) {
        do {
            let bytes = try FileInput.readAll(path: path, reportedAs: file)
            let start = try TextChecks.validate(bytes)
            var reader = JSONDocumentReader(bytes: bytes, start: start)
            let isArray = try reader.readArrayElements { value in
                try JSONScriptStep.forEachStep(in: value, file: file) { step, column throws(ReplayStop) in
                    try body(PreparedStep(step.action, column: column), step.line, false)
                }
            }
            if !isArray {
                throw ReplayStop.document(
                    DocumentError(
                        file: file, message: "a JSON script is an array of steps",
                        position: TextCursor.position(of: start, in: bytes)))
            }
        } catch let stop as ReplayStop {
            throw stop
        } catch let error as DocumentError {
            throw .document(error)
        } catch let error as SyntaxError {
            throw .document(DocumentError(file: file, message: error.message, position: error.position))
        } catch {
            throw .document(DocumentError(file: file, message: "\(error)"))
        }
    }
}

/// Why a replay stopped before its end.
public enum ReplayStop: Error, Sendable {
    /// A file could not be read or parsed (exit 2).
    case document(DocumentError)
    /// A step is malformed, names something unknown, cannot run, or an expectation failed (exit 1).
    case script(ScriptError)
    /// The reader of the output went away (`| head -1`): stop quietly.
    case outputClosed
    /// A sink failed (exit 1).
    case sink(String)
    /// SIGINT or SIGTERM (exit 130 or 143): the replay stops between two steps.
    case interrupted(Int32)
}
