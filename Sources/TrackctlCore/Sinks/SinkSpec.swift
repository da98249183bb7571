import TrackctlModel

/// `--sink` spellings, with the one switch from spelling to implementation.
public enum SinkSpec: Sendable, Equatable {
    case stdout
    case stderr
    case file(String)
    case null
    /// A collector (SPEC §6.1).
    case http(HTTPEndpoint)

    /// Every spelling, for help and suggestions.
    public static let spellings = ["stdout", "stderr", "file:PATH", "http://HOST:PORT/PATH", "null"]

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
                // Credentials in the URL would be printed in the summary: the write key goes in
                // TRACKCTL_WRITE_KEY, other secrets in --header.
                let authority = text.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" && $0 != "?" }
                guard !authority.contains("@") else {
                    throw .failed(
                        "'--sink' takes no credentials in the URL; give the write key in TRACKCTL_WRITE_KEY or a "
                            + "header with --header"
                    )
                }
                guard let endpoint = HTTPEndpoint(text) else {
                    throw .failed(
                        "'--sink' needs a URL such as http://127.0.0.1:8080/v1/batch, with a host and a port from 1 "
                            + "to 65535"
                    )
                }
                self = .http(endpoint)
            } else {
                // A bare path is most likely a file sink without its prefix.
                let looksLikePath = text.contains("/") || text.contains(".")
                throw .failed(
                    "unknown sink '\(text)'; use one of \(Self.spellings.joined(separator: ", "))"
                        + (looksLikePath
                            ? "; did you mean 'file:\(text)'?"
                            : Suggester.didYouMean(text, among: ["stdout", "stderr", "null", "file:"])))
            }
        }
    }

    /// Opens the sink; an HTTP sink with `http`'s flags; `stdout` on `standardOutput` (the
    /// process's stdout unless an embedder captures it).
    public func makeSink(http: HTTPSinkOptions = HTTPSinkOptions(), standardOutput: Int32 = 1) throws(SinkError)
        -> EventSink
    {
        switch self {
        case .stdout where standardOutput != 1:
            return FileDescriptorSink(descriptor: standardOutput, label: "stdout")
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
        case .http(let endpoint): return HTTPSink(endpoint: endpoint, options: http)
        }
    }

    /// Opens every sink of `specs`, as one sink. Sinks that reach the same open file — the same
    /// device and inode: `--sink stdout --sink stderr 2>&1`, a file named twice — share one
    /// writer, so their lines never interleave mid-line: the later ones write through the first.
    /// HTTP sinks get `http`'s flags and are handed to `opened` (for their reports).
    public static func makeSinks(
        _ specs: [SinkSpec], http: HTTPSinkOptions = HTTPSinkOptions(), standardOutput: Int32 = 1,
        opened: (HTTPSink) -> Void = { _ in }
    ) throws(SinkError) -> EventSink {
        var sinks: [EventSink] = []
        var writers: [(identity: Platform.DescriptorIdentity, sink: FileDescriptorSink)] = []
        for spec in specs {
            let sink = try spec.makeSink(http: http, standardOutput: standardOutput)
            if let httpSink = sink as? HTTPSink { opened(httpSink) }
            if let descriptorSink = sink as? FileDescriptorSink,
                let identity = Platform.identity(of: descriptorSink.descriptor)
            {
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
