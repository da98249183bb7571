import TrackctlCore
import TrackctlModel

/// The flags of `--sink http://…` (SPEC §6.1), declared once; turned into `HTTPSinkOptions`.
struct HTTPFlags {
    var batchEvents: Int?
    var flushInterval: WallDuration?
    var timeout: WallDuration?
    var retries: Int?
    var backoff: WallDuration?
    var deadLetter: String?
    var maxInFlight: Int?
    var headers: [HeaderLine] = []

    static func declarations<Options>(_ path: WritableKeyPath<Options, HTTPFlags>) -> [ArgumentDeclaration<Options>] {
        [
            .option(
                "--batch-events", path.appending(path: \.batchEvents), in: 1...HTTPSinkOptions.maximumBatchEvents,
                valueName: "N",
                help: "HTTP: events per batch, 1 to 2500 (default 100; a batch is also at most 500 KB)"),
            .option(
                "--flush-interval", path.appending(path: \.flushInterval), valueName: "TIME",
                help: "HTTP: send a partial batch after this much wall time (default 1s)"),
            .option(
                "--http-timeout", path.appending(path: \.timeout), valueName: "TIME",
                help: "HTTP: give up on a request after this long, then retry (default 10s)"),
            .option(
                "--retries", path.appending(path: \.retries), in: 0...100, valueName: "N",
                help:
                    "HTTP: resend a batch up to N times after a connection error, a timeout, 408, 429 or 5xx "
                    + "(default 5)"
            ),
            .option(
                "--backoff", path.appending(path: \.backoff), valueName: "TIME",
                help:
                    "HTTP: first wait before a resend, doubling, at most 30s, ±50% jitter from --seed (default "
                    + "500ms); Retry-After wins"
            ),
            .option(
                "--dead-letter", path.appending(path: \.deadLetter), valueName: "PATH",
                help:
                    "HTTP: where events that were not delivered go, one JSON line each (default "
                    + "trackctl-dead-letter.jsonl)"
            ),
            .option(
                "--max-in-flight", path.appending(path: \.maxInFlight), in: 1...1000, valueName: "N",
                help: "HTTP: batches queued or being sent before the replay waits (default 4)"),
            .repeatable(
                "--header", path.appending(path: \.headers), valueName: "'NAME: VALUE'",
                help:
                    "HTTP: a header on every request; repeatable. Values are never printed. The write key goes in "
                    + "TRACKCTL_WRITE_KEY"
            )
        ]
    }

    /// The sink's options; the write key from the environment.
    func options(seed: UInt64, writeKey: String?) -> HTTPSinkOptions {
        var options = HTTPSinkOptions()
        if let batchEvents { options.batchEvents = batchEvents }
        if let flushInterval { options.flushIntervalMilliseconds = flushInterval.milliseconds }
        if let timeout { options.timeoutMilliseconds = max(timeout.milliseconds, 1) }
        if let retries { options.retries = retries }
        if let backoff { options.backoffMilliseconds = backoff.milliseconds }
        if let deadLetter { options.deadLetter = deadLetter }
        if let maxInFlight { options.maxInFlight = maxInFlight }
        options.headers = headers.map { ($0.name, $0.value) }
        options.writeKey = writeKey.flatMap { $0.isEmpty ? nil : $0 }
        options.seed = seed
        return options
    }

    /// Whether any flag was given (they need an HTTP sink).
    var isSet: Bool {
        batchEvents != nil || flushInterval != nil || timeout != nil || retries != nil || backoff != nil
            || deadLetter != nil
            || maxInFlight != nil || !headers.isEmpty
    }
}

/// `--header 'Name: value'`. The value is a secret (an API key): no message repeats it.
struct HeaderLine: ArgumentValue {
    var name: String
    var value: String

    init(argument text: String, for option: String) throws(UsageError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw UsageError(
                message: "'\(option)' needs 'Name: value', such as 'X-Api-Key: …' (its value is not shown)")
        }
        let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        let token = name.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                    || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
        }
        guard !name.isEmpty, token else {
            throw UsageError(
                message:
                    "'\(option)' needs a header name of letters, digits and -, such as 'X-Api-Key: …' (its value is "
                    + "not shown)"
            )
        }
        guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw UsageError(message: "'\(option)': the value of '\(name)' has a line break (the value is not shown)")
        }
        let reserved = ["host", "content-length", "content-type", "transfer-encoding", "connection"]
        guard !reserved.contains(name.lowercased()) else {
            throw UsageError(message: "'\(option)': '\(name)' is set by trackctl itself; give another header")
        }
        self.name = name
        self.value = value
    }
}
