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
        case .stdout:
            // Closed when the process started (`>&-`): the output is gone, as for a reader
            // that went away — the sink ends quietly, the others go on.
            if Platform.standardDescriptorsClosedAtStart.contains(1) { return ClosedOutputSink() }
            return FileDescriptorSink.standardOutput()
        case .stderr:
            if Platform.standardDescriptorsClosedAtStart.contains(2) { return ClosedOutputSink() }
            return FileDescriptorSink.standardError()
        case .file(let path): return try FileSink(path: path)
        case .null: return NullSink()
        }
    }

    /// Opens every sink of `specs`, as one sink. Sinks that reach the same open file — the same
    /// device and inode: `--sink stdout --sink stderr 2>&1`, a file named twice — share one
    /// writer, so their lines never interleave mid-line: the later ones write through the first.
    public static func makeSinks(_ specs: [SinkSpec]) throws(SinkError) -> EventSink {
        var sinks: [EventSink] = []
        var writers: [(identity: Platform.DescriptorIdentity, sink: FileDescriptorSink)] = []
        for spec in specs {
            let sink = try spec.makeSink()
            if let descriptorSink = sink as? FileDescriptorSink, let identity = Platform.identity(of: descriptorSink.descriptor) {
                if let shared = writers.first(where: { $0.identity == identity }) {
                    try? descriptorSink.close()
                    sinks.append(RepeatSink(of: shared.sink))
                    continue
                }
                writers.append((identity, descriptorSink))
            }
            sinks.append(sink)
        }
        // One sink is used as it is: the multiplexer would cost a loop per event.
        return sinks.count == 1 ? sinks[0] : MultiplexSink(sinks)
    }
}

/// A sink that writes each event again through another one: the second `--sink` onto an open
/// file that an earlier sink writes already. The other sink flushes and closes.
final class RepeatSink: EventSink {
    let capabilities: SinkCapabilities = []
    private let target: EventSink

    init(of target: EventSink) { self.target = target }

    func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        try target.receive(line, event: event)
    }
}

/// Standard output or error that was closed when the process started: like a pipe whose reader
/// went away, it ends quietly at the first event.
final class ClosedOutputSink: EventSink {
    let capabilities: SinkCapabilities = []

    func receive(_ line: EventLine, event: Event?) throws(SinkError) {
        throw .closed
    }
}
