import Foundation
import TrackctlCore
import TrackctlModel

/// `--coverage`: text or JSON, on the standard stream or into a file (`json:FILE`).
struct CoverageOutput: ArgumentValue {
    enum Format: String { case text, json }
    var format: Format
    var file: String?

    /// What `--coverage` takes as its value rather than as a script: a format, or a format
    /// and a file.
    static func accepts(_ text: String) -> Bool {
        Format(rawValue: text) != nil || text.hasPrefix("text:") || text.hasPrefix("json:")
    }

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0])) else {
            throw UsageError(
                message: "'\(name)' takes text, json, text:FILE or json:FILE; not '\(Spelling.quote(text))'")
        }
        self.format = format
        if parts.count == 2 {
            guard !parts[1].isEmpty else {
                throw UsageError(message: "'\(name) \(format.rawValue):' needs a file name after the colon")
            }
            let path = String(parts[1])
            // Said before the run, not after it: the report is written at the end.
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !Platform.isDirectory(folder) {
                throw UsageError(
                    message:
                        "'\(name) \(text)': no such folder '\(Spelling.quote(folder))' for the report; create it first")
            }
            file = path
        }
    }
}

/// `--min-coverage`: a percentage from 0 to 100, `%` allowed.
struct Percent: ArgumentValue {
    var value: Double
    /// As given, without a `%`.
    var text: String

    init(argument text: String, for name: String) throws(UsageError) {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number),
            (0...100).contains(value)
        else {
            throw UsageError(
                message: "'\(name)' needs a percentage from 0 to 100, such as 80; not '\(Spelling.quote(text))'")
        }
        self.value = value
        self.text = number
    }
}

/// `--summary text|json`.
struct SummaryFormat: ArgumentValue {
    enum Format: String { case text, json }
    var format: Format

    init(argument text: String, for name: String) throws(UsageError) {
        guard let format = Format(rawValue: text) else {
            throw UsageError(message: "'\(name)' takes text or json; not '\(Spelling.quote(text))'")
        }
        self.format = format
    }
}
