import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("trackctl needs a POSIX C library: Glibc, Musl or Darwin")
#endif

extension Platform {
    // MARK: - Child processes

    /// A program started by `spawn`: its process id, and the read end of its stdout when asked.
    package struct Child: Sendable {
        package var processID: Int32
        package var output: Int32?
    }

    /// Starts `path` with `arguments` and this process's environment; its stderr, and its stdout
    /// unless `captureOutput`, go to /dev/null. posix_spawn, not Foundation's `Process`, which
    /// adds tens of milliseconds on Linux: the benchmark times whole short runs.
    package static func spawn(_ path: String, _ arguments: [String], captureOutput: Bool) -> Child? {
        var ends: (read: Int32, write: Int32)?
        if captureOutput {
            guard let pipe = makePipe() else { return nil }
            ends = pipe
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let ends {
            posix_spawn_file_actions_adddup2(&actions, ends.write, 1)
            posix_spawn_file_actions_addclose(&actions, ends.read)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, nil, argv, environment) == 0
        if let ends { libcClose(ends.write) }
        guard started else {
            if let ends { libcClose(ends.read) }
            return nil
        }
        return Child(processID: pid, output: ends?.read)
    }

    /// Waits for a child to end: its exit status and its maximum resident set size in KiB.
    package static func wait(for child: Child) -> (status: Int32, maximumResidentKiB: Int) {
        if let output = child.output { libcClose(output) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(child.processID, &status, 0, &usage)
        #if canImport(Darwin)
            let kib = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
        #else
            let kib = Int(usage.ru_maxrss)
        #endif
        return (status, kib)
    }

    // MARK: - Process

    package static var processID: Int32 { getpid() }

    /// Makes a write to a closed pipe fail with EPIPE, and a write past the file-size limit
    /// (`ulimit -f`) fail with EFBIG, instead of ending the process mid-line.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The standard descriptors (0, 1, 2) that were closed when the process started (`>&-`).
    /// Each is reopened on /dev/null the first time this is read — `main` reads it first — so a
    /// file opened later never lands on descriptor 1 and receives what stdout would.
    package static let standardDescriptorsClosedAtStart: Set<Int32> = {
        var closed = Set<Int32>()
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
            closed.insert(descriptor)
            let reopened = libcOpen("/dev/null", O_RDWR, 0)
            if reopened >= 0, reopened != descriptor {
                // Not the lowest free descriptor after all: leave it, the set still says so.
                libcClose(reopened)
            }
        }
        return closed
    }()

    /// Ends the process with `code`; only `main` calls it.
    package static func exitProcess(_ code: Int32) -> Never {
        exit(code)
    }

    /// The value of an environment variable.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    // MARK: - Signals

    /// SIGINT and SIGTERM, as the exit codes 130 and 143 name them.
    package static let interruptSignal = SIGINT
    package static let terminateSignal = SIGTERM

    /// Makes SIGINT and SIGTERM set `stopRequest` instead of ending the process, so a replay can
    /// stop between two lines, sync its files and say what it delivered (SPEC §6.1). The handler
    /// only stores the signal number in an atomic: async-signal-safe.
    package static func catchStopSignals() {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { signal in
                stopSignal.store(signal, ordering: .relaxed); stopCount.add(1, ordering: .relaxed)
            }
        #else
            action.__sigaction_handler.sa_handler = { signal in
                stopSignal.store(signal, ordering: .relaxed); stopCount.add(1, ordering: .relaxed)
            }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have started trackctl with these blocked (a process spawned from a
        // thread that blocks signals inherits its mask): unblock them, or they would never come.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The stop signal received (SIGINT or SIGTERM), or 0.
    package static var stopRequest: Int32 { stopSignal.load(ordering: .relaxed) }

    /// How many stop signals came (a second one asks to stop at once).
    package static var stopRequestCount: Int { Int(stopCount.load(ordering: .relaxed)) }

    /// Forgets a stop request (tests that send themselves a signal).
    package static func clearStopRequest() {
        stopSignal.store(0, ordering: .relaxed)
        stopCount.store(0, ordering: .relaxed)
    }

    /// Sends `signal` to this process (tests).
    package static func raiseSignal(_ signal: Int32) { raise(signal) }
}

/// The stop signal received, stored by the signal handler (`Platform.catchStopSignals`).
fileprivate let stopSignal = Atomic<Int32>(0)
/// How many stop signals came, counted by the same handler.
fileprivate let stopCount = Atomic<Int32>(0)
