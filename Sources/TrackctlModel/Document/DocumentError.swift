/// A document that cannot be read at all: missing, unreadable, or structurally malformed.
///
/// Reading stops at the first such error; it maps to exit code 2. Findings about a well-formed
/// document are `Diagnostic`s instead.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// Lower-case, no final period, says what is wrong and, when known, what to do.
    public var message: String
    /// Where the problem is, when the format has lines.
    public var position: SourcePosition?

    public init(file: String, message: String, position: SourcePosition? = nil) {
        self.file = file
        self.message = UserText.message(message)
        self.position = position
    }

    public var description: String {
        if let position { return "\(file):\(position.line):\(position.column): error: \(message)" }
        return "\(file): error: \(message)"
    }
}

/// A structural problem found by one of the readers, before the file name is known.
package struct SyntaxError: Error {
    package var message: String
    package var position: SourcePosition?
}
