import Foundation
import TrackctlCore
import TrackctlModel

extension SinkSpec {
    /// What the sinks of a run must satisfy: HTTP flags only with an HTTP sink, standard
    /// input read once, and no file sink onto an input (it would read its own output back: a
    /// script growing as it runs).
    static func check(_ sinks: [SinkSpec], http: HTTPFlags, inputs inputFiles: [String]) throws(UsageError) {
        if http.isSet, !sinks.contains(where: { if case .http = $0 { return true } else { return false } }) {
            throw UsageError(
                message:
                    "the HTTP flags (--batch-events, --retries, --header, …) need an HTTP sink: add --sink "
                    + "http://HOST:PORT/PATH"
            )
        }
        try StandardInput.checkUsedOnce(inputFiles)
        // Stdout closed when trackctl started (`>&-`) and no other sink keeps the events: every
        // one would be lost without a word (another sink still gets them all).
        let keeping = sinks.filter { spec in
            switch spec {
            case .stdout: return !Platform.standardDescriptorsClosedAtStart.contains(1)
            case .stderr: return !Platform.standardDescriptorsClosedAtStart.contains(2)
            case .null: return false
            default: return true
            }
        }
        if keeping.isEmpty, sinks.contains(where: { if case .stdout = $0 { return true } else { return false } }) {
            throw UsageError(
                message:
                    "stdout is closed, and the events go there: every one would be lost; write them with --sink "
                    + "file:PATH"
            )
        }
        for case .file(let path) in sinks {
            guard let identity = Platform.identity(ofPath: path) else { continue }
            if let input = inputFiles.first(where: { $0 != "-" && Platform.identity(ofPath: $0) == identity }) {
                throw UsageError(
                    message:
                        "'--sink file:\(path)' would write into the input '\(input)'; write the events to another file")
            }
        }
    }
}

extension SinkSpec {
    /// What `file:` sinks append to: a note for each file that already has lines (running a
    /// replay twice into one file doubles its calls, and `diff` would then find them extra).
    static func appendNotes(_ sinks: [SinkSpec]) -> String {
        var notes = ""
        for case .file(let path) in sinks {
            // A folder is not appended to: opening it fails, and its error is the only message.
            guard !Platform.isDirectory(path),
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue,
                size > 0
            else { continue }
            notes +=
                "note: --sink file:\(path) appends to what the file holds (\(size) bytes); remove it first to start "
                + "afresh\n"
        }
        return notes
    }
}

extension SinkSpec: ArgumentValue {
    init(argument text: String, for name: String) throws(UsageError) {
        do { self = try SinkSpec(parsing: text) } catch {
            if case .failed(let message) = error { throw UsageError(message: message) }
            throw UsageError(message: "unknown sink '\(Spelling.quote(text))'")
        }
    }
}
