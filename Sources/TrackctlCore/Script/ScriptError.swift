import TrackctlModel

/// A script that cannot be replayed: a step that does not parse, names something the catalog
/// does not have, or cannot run in the current state. Exit code 1, with the file and line.
///
/// A replay warning has the same shape with `severity` `.warning` (an event dropped because its
/// name rendered empty, an empty script): printed, not thrown, unless `--strict` makes it an
/// error.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Where on the line, when known (the JSON form; a quote or escape of the text form).
    public var column: Int?
    public var message: String
    /// The line cannot be read as the script language at all (an unclosed quote, an unknown
    /// escape): malformed input, exit 2 like a malformed config, rather than a step that
    /// cannot run (exit 1).
    public var isMalformed: Bool
    public var severity: Severity

    public init(
        file: String, line: Int, column: Int? = nil, message: String, isMalformed: Bool = false,
        severity: Severity = .error
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.message = UserText.message(message)
        self.isMalformed = isMalformed
        self.severity = severity
    }

    public var description: String {
        if let column { return "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
        return "\(file):\(line): \(severity.rawValue): \(message)"
    }

    /// The stop this error makes: malformed input reads like any malformed file (exit 2).
    var stop: ReplayStop {
        guard isMalformed else { return .script(self) }
        return .document(
            DocumentError(file: file, message: message, position: SourcePosition(line: line, column: column ?? 1)))
    }
}
