/// `--sink` spellings, with the one switch from spelling to implementation.
public enum SinkSpec: Sendable, Equatable {
    case stdout
    case stderr
    case file(String)
    case null

    /// Every spelling, for help and suggestions.
    public static let spellings = ["stdout", "stderr", "file:PATH", "null"]

    /// Parses a `--sink` value; the error message names the accepted spellings.
    public init(parsing text: String) throws(SinkError) {
        switch text {
        case "stdout": self = .stdout
        case "stderr": self = .stderr
        case "null": self = .null
        default:
            if text.hasPrefix("file:") {
                let path = String(text.dropFirst(5))
                guard !path.isEmpty else { throw .failed("'file:' needs a path, as in file:events.jsonl") }
                self = .file(path)
            } else if text.hasPrefix("http://") || text.hasPrefix("https://") {
                throw .failed("the HTTP sink is not built yet; use stdout, stderr, file:PATH or null")
            } else {
                throw .failed("unknown sink '\(text)'; use one of \(Self.spellings.joined(separator: ", "))"
                              + Suggester.didYouMean(text, among: ["stdout", "stderr", "null", "file:"]))
            }
        }
    }

    /// Opens the sink.
    public func makeSink() throws(SinkError) -> EventSink {
        switch self {
        case .stdout: return FileDescriptorSink.standardOutput()
        case .stderr: return FileDescriptorSink.standardError()
        case .file(let path): return try FileSink(path: path)
        case .null: return NullSink()
        }
    }
}
