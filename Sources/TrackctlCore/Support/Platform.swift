#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("trackctl needs a POSIX C library: Glibc, Musl or Darwin")
#endif
import Foundation

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

    /// `strerror`: the C library's text for an error number ("No space left on device").
    public static func message(for error: Int32) -> String {
        String(cString: strerror(error))
    }

    /// The text of the current `errno`.
    public static var lastErrorMessage: String { message(for: errno) }

    // MARK: - Descriptors

    public static let readOnly = O_RDONLY
    public static let appendCreateWriteOnly = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC

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

    @inline(__always)
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        libcWrite(descriptor, buffer, count)
    }

    @inline(__always)
    public static func fsync(_ descriptor: Int32) -> Int32 { libcFsync(descriptor) }

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
        let type = info.st_mode & S_IFMT
        return DescriptorIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                                  isPipe: type == S_IFIFO, isRegularFile: type == S_IFREG)
    }

    /// The identity of the file at `path` (following links), or nil when there is none.
    public static func identity(ofPath path: String) -> DescriptorIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return DescriptorIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                                  isPipe: type == S_IFIFO, isRegularFile: type == S_IFREG)
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
}

// The C functions whose names `Platform`'s own members shadow, reached from file scope.
@inline(__always) private func libcOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always) @discardableResult private func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
@inline(__always) private func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
@inline(__always) private func libcWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
@inline(__always) private func libcFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
