/// A script that cannot be replayed: a step that does not parse, names something the catalog
/// does not have, or cannot run in the current state. Exit code 1, with the file and line.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = UserText.message(message)
    }

    public var description: String { "\(file):\(line): error: \(message)" }
}
