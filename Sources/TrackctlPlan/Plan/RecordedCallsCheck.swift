import Foundation
import TrackctlModel

/// `plan check` of a recorded file: its lines split into as many runs as the machine has cores,
/// each run checked by its own `PlanLineChecker`, the findings put back in line order — the
/// result is the same as one pass, only sooner. The file is mapped, never read whole into
/// memory: a recording may be gigabytes.
public enum RecordedCallsCheck {
    public struct Outcome: Sendable {
        public var findings: [PlanFinding]
        public var calls: Int
        /// The first line that is not JSON, when one is (the findings stop before it).
        public var failure: DocumentError?
        /// Lines read.
        var lines = 0
    }

    /// The same, 32 MB at a time (each on every core), telling `progress` the bytes checked of
    /// the file's and the calls so far after each (a progress line); the result is the one pass's.
    public static func check(
        _ plan: TrackingPlan, data: Data, file: String, chunk: Int = 32 << 20,
        progress: (_ checked: Int, _ of: Int, _ calls: Int) -> Void
    ) -> Outcome {
        var result = Outcome(findings: [], calls: 0, failure: nil)
        var start = 0
        while start < data.count {
            var end = min(data.count, start + chunk)
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                while end < raw.count, raw[end - 1] != 0x0A { end += 1 }
            }
            let part = check(plan, data: data.subdata(in: start..<end), file: file)
            for var finding in part.findings {
                finding.position = finding.position.map {
                    SourcePosition(line: $0.line + result.lines, column: $0.column)
                }
                result.findings.append(finding)
            }
            result.calls += part.calls
            if var failure = part.failure {
                failure.position = failure.position.map {
                    SourcePosition(line: $0.line + result.lines, column: $0.column)
                }
                result.failure = failure
                return result
            }
            result.lines += part.lines
            progress(end, data.count, result.calls)
            start = end
        }
        return result
    }

    private struct RunOutcome: Sendable {
        var findings: [PlanFinding] = []
        var calls = 0
        var lines = 0
        var failure: (line: Int, column: Int, message: String)?
    }

    /// Checks every line of `data` (a JSON-lines file's bytes) against `plan`.
    public static func check(_ plan: TrackingPlan, data: Data, file: String, runs requested: Int? = nil) -> Outcome {
        let count = data.count
        // A run per core for a large file; a small one is not worth the threads.
        let runs = max(1, requested ?? min(ProcessInfo.processInfo.activeProcessorCount, count / (4 << 20) + 1))
        // Run boundaries just after a newline, so no line is split.
        var cuts = [0]
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for run in 1..<runs {
                var cut = max(count * run / runs, cuts[cuts.count - 1])
                while cut < count, raw[cut] != 0x0A { cut += 1 }
                cuts.append(min(count, cut + 1))
            }
        }
        cuts.append(count)
        let bounds = cuts
        let outcomes = Parallel.map(runs) { run -> RunOutcome in
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                checkRun(plan, UnsafeRawBufferPointer(rebasing: raw[bounds[run]..<bounds[run + 1]]), file: file)
            }
        }
        var result = Outcome(findings: [], calls: 0, failure: nil)
        var firstLine = 0
        for outcome in outcomes {
            for var finding in outcome.findings {
                finding.position = finding.position.map { SourcePosition(line: $0.line + firstLine, column: $0.column) }
                result.findings.append(finding)
            }
            result.calls += outcome.calls
            if let failure = outcome.failure {
                result.failure = DocumentError(
                    file: file, message: "the line is not JSON: \(failure.message)",
                    position: SourcePosition(line: failure.line + firstLine, column: failure.column))
                return result
            }
            firstLine += outcome.lines
        }
        result.lines = firstLine
        return result
    }

    private static func checkRun(_ plan: TrackingPlan, _ raw: UnsafeRawBufferPointer, file: String) -> RunOutcome {
        let checker = PlanLineChecker(plan: plan)
        let bytes = raw.bindMemory(to: UInt8.self)
        var outcome = RunOutcome()
        var start = 0
        while start < bytes.count {
            let rest = bytes.count - start
            // Not nil: start < bytes.count in the loop: not empty.
            // swift-format-ignore: NeverForceUnwrap
            let newline =
                Platform.find(0x0A, in: raw.baseAddress! + start, count: rest).map { $0 - raw.baseAddress! }
                ?? bytes.count
            var end = newline
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            outcome.lines += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                do throws(JSONValueReader.Failure) {
                    outcome.findings += try checker.check(line, file: file, line: outcome.lines)
                    outcome.calls += 1
                } catch {
                    outcome.failure = (outcome.lines, error.position.column, error.message)
                    return outcome
                }
            }
            start = newline + 1
        }
        return outcome
    }
}
