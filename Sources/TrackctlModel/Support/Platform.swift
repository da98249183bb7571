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

/// Every call into the C library goes through here: the only file that imports a libc module,
/// so the package builds on Linux (Glibc, Musl) and on macOS (Darwin) alike. `.ci/run` fails
/// when another source file names a libc module.
///
/// The wrappers are thin and inlined: they cost nothing on hot paths (`memchr` in the script
/// reader, `write` in the background writer).
public enum Platform {
    // MARK: - Errors

    /// The calling thread's `errno`.
    public static var errorNumber: Int32 { errno }

    public static let interrupted = EINTR
    public static let brokenPipe = EPIPE
    public static let noSpace = ENOSPC
    public static let badDescriptor = EBADF
    public static let tooManyOpenFiles = EMFILE
    public static let tooManyOpenFilesInSystem = ENFILE
    public static let permissionDenied = EACCES

    /// `strerror`: the C library's text for an error number ("No space left on device").
    public static func message(for error: Int32) -> String {
        String(cString: strerror(error))
    }

    /// The text of the current `errno`.
    public static var lastErrorMessage: String { message(for: errno) }

    // MARK: - Descriptors

    public static let readOnly = O_RDONLY
    public static let appendCreateWriteOnly = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
    public static let truncateCreateWriteOnly = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC

    @inline(__always)
    public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o644) -> Int32 {
        libcOpen(path, flags | O_CLOEXEC, mode_t(mode))
    }

    @inline(__always)
    @discardableResult
    public static func close(_ descriptor: Int32) -> Int32 { libcClose(descriptor) }

    @inline(__always)
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        libcRead(descriptor, buffer, count)
    }

    /// `pread`: reads at `offset` without moving the descriptor's position.
    @inline(__always)
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int64)
        -> Int
    {
        pread(descriptor, buffer, count, off_t(offset))
    }

    @inline(__always)
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        libcWrite(descriptor, buffer, count)
    }

    @inline(__always)
    public static func fsync(_ descriptor: Int32) -> Int32 { libcFsync(descriptor) }

    /// Renames `from` to `to`, replacing it at once (`rename(2)`: a reader sees the old file or
    /// the new one, never a part). False with `lastErrorMessage` on failure.
    public static func rename(_ from: String, to: String) -> Bool {
        libcRename(from, to) == 0
    }

    /// A new file in `folder` that no one else can reach: created with `mkstemp` and unlinked at
    /// once, so the system removes it when the descriptor closes — at the end, on a signal or a
    /// crash alike. Nil (with `lastErrorMessage`) when it cannot be made.
    public static func anonymousTemporaryFile(in folder: String) -> Int32? {
        var template =
            Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
            + Array("trackctl-XXXXXX".utf8CString)
        // Not nil: the template is never empty.
        // swift-format-ignore: NeverForceUnwrap
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        // Not nil: the template is never empty.
        // swift-format-ignore: NeverForceUnwrap
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Shortens a regular file (a partial last line cut away after a failed write).
    @inline(__always)
    public static func truncate(_ descriptor: Int32, to length: Int64) -> Int32 {
        ftruncate(descriptor, off_t(length))
    }

    /// The current size of an open regular file, or nil.
    public static func fileSize(_ descriptor: Int32) -> Int64? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// What an open descriptor is: its device and inode (the same open file reached twice has
    /// equal identities), and whether it is a pipe or a regular file.
    public struct DescriptorIdentity: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public var isPipe: Bool
        public var isRegularFile: Bool
    }

    /// The identity of an open descriptor, or nil when it is closed.
    public static func identity(of descriptor: Int32) -> DescriptorIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return identity(info)
    }

    /// The identity of the file at `path` (following links), or nil when there is none.
    public static func identity(ofPath path: String) -> DescriptorIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return identity(info)
    }

    private static func identity(_ info: stat) -> DescriptorIdentity {
        let type = info.st_mode & S_IFMT
        return DescriptorIdentity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), isPipe: type == S_IFIFO,
            isRegularFile: type == S_IFREG)
    }

    /// Asks Linux for a larger pipe buffer (F_SETPIPE_SZ) so a fast writer and reader switch
    /// less often; does nothing elsewhere, and a refusal is harmless.
    public static func enlargePipeBuffer(_ descriptor: Int32, to bytes: Int32) {
        #if os(Linux)
            _ = fcntl(descriptor, 1031 /* F_SETPIPE_SZ */, bytes)
        #endif
    }

    // MARK: - Files and directories

    /// The kind of a directory entry, without following symbolic links.
    public enum EntryKind: Sendable {
        case file
        case directory
        case symbolicLink
        case other
    }

    /// `lstat`: what is at `path` (nil when nothing is).
    public static func entryKind(_ path: String) -> EntryKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// `stat` following links: whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory (without `.` and `..`), in the order the file system gives;
    /// nil with the error number when it cannot be opened.
    public static func directoryEntries(_ path: String) -> Result<[(name: String, kind: EntryKind)], DirectoryError> {
        guard let stream = opendir(path) else { return .failure(DirectoryError(number: errno)) }
        defer { closedir(stream) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = entryKind(path + "/" + name) ?? .other
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return .success(entries)
    }

    /// An error number from `opendir`.
    public struct DirectoryError: Error, Sendable {
        public var number: Int32
        public var message: String { Platform.message(for: number) }
    }

    /// The absolute form of `path` with `.`, `..` and links resolved, or nil.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working directory.
    public static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        // Not nil: PATH_MAX + 1 characters.
        // swift-format-ignore: NeverForceUnwrap
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    // MARK: - Memory

    /// `memchr`: the first `byte` in `count` bytes from `start`.
    @inline(__always)
    public static func find(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        guard let hit = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(hit)
    }

    /// `memcmp` equality of two byte ranges of `count` bytes.
    @inline(__always)
    public static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// A pipe: the ends to read and to write, or nil when the process has no descriptors left.
    public static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    // MARK: - Child processes

    /// A program started by `spawn`: its process id, and the read end of its stdout when asked.
    public struct Child: Sendable {
        public var processID: Int32
        public var output: Int32?
    }

    /// Starts `path` with `arguments` and this process's environment; its stderr, and its stdout
    /// unless `captureOutput`, go to /dev/null. posix_spawn, not Foundation's `Process`, which
    /// adds tens of milliseconds on Linux: the benchmark times whole short runs.
    public static func spawn(_ path: String, _ arguments: [String], captureOutput: Bool) -> Child? {
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
    public static func wait(for child: Child) -> (status: Int32, maximumResidentKiB: Int) {
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

    public static var processID: Int32 { getpid() }

    /// Makes a write to a closed pipe fail with EPIPE, and a write past the file-size limit
    /// (`ulimit -f`) fail with EFBIG, instead of ending the process mid-line.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The standard descriptors (0, 1, 2) that were closed when the process started (`>&-`).
    /// Each is reopened on /dev/null the first time this is read — `main` reads it first — so a
    /// file opened later never lands on descriptor 1 and receives what stdout would.
    public static let standardDescriptorsClosedAtStart: Set<Int32> = {
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
    public static func exitProcess(_ code: Int32) -> Never {
        exit(code)
    }

    /// The value of an environment variable.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    // MARK: - Signals

    /// SIGINT and SIGTERM, as the exit codes 130 and 143 name them.
    public static let interruptSignal = SIGINT
    public static let terminateSignal = SIGTERM

    /// Makes SIGINT and SIGTERM set `stopRequest` instead of ending the process, so a replay can
    /// stop between two lines, sync its files and say what it delivered (SPEC §6.1). The handler
    /// only stores the signal number in an atomic: async-signal-safe.
    public static func catchStopSignals() {
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
    public static var stopRequest: Int32 { stopSignal.load(ordering: .relaxed) }

    /// How many stop signals came (a second one asks to stop at once).
    public static var stopRequestCount: Int { Int(stopCount.load(ordering: .relaxed)) }

    /// Forgets a stop request (tests that send themselves a signal).
    public static func clearStopRequest() {
        stopSignal.store(0, ordering: .relaxed)
        stopCount.store(0, ordering: .relaxed)
    }

    /// Sends `signal` to this process (tests).
    public static func raiseSignal(_ signal: Int32) { raise(signal) }

    // MARK: - Sockets

    /// A connected TCP socket to `host`:`port`, non-blocking, or the reason it could not be
    /// made within `timeoutMilliseconds` ("Connection refused").
    public static func connectTCP(host: String, port: UInt16, timeoutMilliseconds: Int32) -> Result<Int32, SocketError>
    {
        forEachAddress(host: host, port: port, passive: false) { info, descriptor, lastError -> Int32? in
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
                _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return descriptor }
            guard errno == EINPROGRESS else { lastError = SocketError(message: lastErrorMessage); return nil }
            guard wait(descriptor, forWriting: true, timeoutMilliseconds: timeoutMilliseconds) > 0 else {
                lastError = SocketError(message: "connection timed out", timedOut: true)
                return nil
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return descriptor }
            lastError = SocketError(message: message(for: error))
            return nil
        }
    }

    /// Resolves `host`:`port` (for listening when `passive`) and calls `attempt` with a new
    /// close-on-exec stream socket for each address in turn, until one gives a value. A socket
    /// whose attempt gives nil is closed; the last reason set in `lastError` is the failure.
    private static func forEachAddress<T>(
        host: String, port: UInt16, passive: Bool,
        _ attempt: (UnsafeMutablePointer<addrinfo>, Int32, inout SocketError) -> T?
    ) -> Result<T, SocketError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        if passive { hints.ai_flags = AI_PASSIVE }
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .failure(
                SocketError(message: "cannot resolve '\(host)': \(String(cString: gai_strerror(resolved)))"))
        }
        defer { freeaddrinfo(first) }
        var lastError = SocketError(message: "no address for '\(host)'")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = SocketError(message: lastErrorMessage); continue }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            if let value = attempt(info, descriptor, &lastError) { return .success(value) }
            libcClose(descriptor)
        }
        return .failure(lastError)
    }

    /// Waits until `descriptor` can be read (or written); > 0 ready, 0 timed out, < 0 an error.
    public static func wait(_ descriptor: Int32, forWriting: Bool, timeoutMilliseconds: Int32) -> Int32 {
        var entry = pollfd(fd: descriptor, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, timeoutMilliseconds)
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// `send` without SIGPIPE; -1 with `errorNumber` set when it fails (EAGAIN: try later).
    public static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            return libcSend(descriptor, buffer, count, 0)
        #else
            return libcSend(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// `recv`; 0 at the end of the stream, -1 with `errorNumber` set when it fails.
    public static func receive(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        libcRecv(descriptor, buffer, count, 0)
    }

    public static let wouldBlock = EAGAIN

    /// Two connected stream sockets (`socketpair`), blocking: tests of the HTTP readers speak
    /// over one in process.
    public static func socketPair() -> (Int32, Int32)? {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Darwin)
            let kind = SOCK_STREAM
        #else
            let kind = Int32(SOCK_STREAM.rawValue)
        #endif
        guard socketpair(AF_UNIX, kind, 0, &descriptors) == 0 else { return nil }
        return (descriptors[0], descriptors[1])
    }

    /// Writes all of `bytes` with `write` (or `send` on a socket), again after an interruption;
    /// false when the descriptor fails or closes.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, socket: Bool = false) -> Bool {
        bytes.withUnsafeBytes { writeAll($0.baseAddress, count: $0.count, to: descriptor, socket: socket).error == nil }
    }

    /// What `writeAll` did: the bytes written, and the error (`errno`) that stopped it — nil when
    /// all were written. A write that returns 0 counts as a broken pipe.
    package struct WriteAllResult {
        package let written: Int
        package let error: Int32?
    }

    /// The one write loop of a blocking descriptor: all `count` bytes from `base`, retried after an
    /// interruption and a partial write, stopping at the first error. Callers decide what the
    /// error means to them (a closed reader, a full disk) and what to do with a partial write.
    package static func writeAll(_ base: UnsafeRawPointer?, count: Int, to descriptor: Int32, socket: Bool = false)
        -> WriteAllResult
    {
        guard let base, count > 0 else { return WriteAllResult(written: 0, error: nil) }
        var offset = 0
        while offset < count {
            let start = base + offset
            let written = socket ? send(descriptor, start, count - offset) : write(descriptor, start, count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return WriteAllResult(written: offset, error: written < 0 ? errno : EPIPE) }
            offset += written
        }
        return WriteAllResult(written: offset, error: nil)
    }

    /// A listening TCP socket on `host`:`port` (`port` 0: a free one), non-blocking, and the
    /// port it got.
    public static func listenTCP(host: String, port: UInt16, backlog: Int32 = 512) -> Result<
        (descriptor: Int32, port: UInt16), SocketError
    > {
        forEachAddress(host: host, port: port, passive: true) {
            info, descriptor, lastError -> (descriptor: Int32, port: UInt16)? in
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(descriptor, backlog) == 0
            else {
                lastError = SocketError(message: lastErrorMessage)
                return nil
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { lastError = SocketError(message: lastErrorMessage); return nil }
            let family = Int32(address.ss_family)
            let bound: UInt16 = withUnsafePointer(to: &address) { pointer in
                if family == AF_INET6 {
                    return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        UInt16(bigEndian: $0.pointee.sin6_port)
                    }
                }
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin_port)
                }
            }
            return (descriptor, bound)
        }
    }

    /// A connection waiting on a listening socket, made blocking with no SIGPIPE, or nil when
    /// none is waiting.
    public static func acceptConnection(_ listener: Int32) -> Int32? {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Makes a blocking `send` on `descriptor` give up after `seconds` without progress (it then
    /// fails with EAGAIN): a peer that stops reading cannot hold a thread forever.
    public static func setSendTimeout(_ descriptor: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes the pipe at `descriptor` hold at most about `bytes` (Linux's `F_SETPIPE_SZ`; the
    /// kernel rounds up to a page): a writer then blocks as soon as its reader falls that far
    /// behind. Nothing happens when `descriptor` is not a pipe, or elsewhere than Linux.
    public static func limitPipeBuffer(_ descriptor: Int32, to bytes: Int32) {
        #if os(Linux)
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, <linux/fcntl.h>: F_LINUX_SPECIFIC_BASE + 7
            _ = fcntl(descriptor, setPipeSize, bytes)
        #endif
    }

    /// Whether `descriptor` is a terminal (a person watches it; a pipe or file is read later).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether `host` names a loopback address (127.0.0.0/8, ::1, localhost).
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host.hasPrefix("127.") { return true }
        // Any spelling of ::1 (0:0:0:0:0:0:0:1, [::1]).
        var address = in6_addr()
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard inet_pton(AF_INET6, bare, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
}

/// Why a socket could not be connected or used.
public struct SocketError: Error, Sendable {
    public var message: String
    public var timedOut = false

    public init(message: String, timedOut: Bool = false) {
        self.message = message
        self.timedOut = timedOut
    }
}

/// The stop signal received, stored by the signal handler (`Platform.catchStopSignals`).
private let stopSignal = Atomic<Int32>(0)
/// How many stop signals came, counted by the same handler.
private let stopCount = Atomic<Int32>(0)

// The C functions whose names `Platform`'s own members shadow, reached from file scope.
@inline(__always) private func libcOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
@inline(__always) @discardableResult private func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
@inline(__always) private func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
@inline(__always) private func libcWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
@inline(__always) private func libcFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
@inline(__always) private func libcRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) private func libcSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32)
    -> Int
{
    send(descriptor, buffer, count, flags)
}
@inline(__always) private func libcRecv(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ flags: Int32
) -> Int {
    recv(descriptor, buffer, count, flags)
}
