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
    // MARK: - Descriptors

    package static let readOnly = O_RDONLY
    package static let appendCreateWriteOnly = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
    package static let truncateCreateWriteOnly = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC

    @inline(__always)
    package static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o644) -> Int32 {
        libcOpen(path, flags | O_CLOEXEC, mode_t(mode))
    }

    @inline(__always)
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 { libcClose(descriptor) }

    @inline(__always)
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        libcRead(descriptor, buffer, count)
    }

    /// `pread`: reads at `offset` without moving the descriptor's position.
    @inline(__always)
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int64)
        -> Int
    {
        pread(descriptor, buffer, count, off_t(offset))
    }

    @inline(__always)
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        libcWrite(descriptor, buffer, count)
    }

    @inline(__always)
    package static func fsync(_ descriptor: Int32) -> Int32 { libcFsync(descriptor) }

    /// Renames `from` to `to`, replacing it at once (`rename(2)`: a reader sees the old file or
    /// the new one, never a part). False with `lastErrorMessage` on failure.
    package static func rename(_ from: String, to: String) -> Bool {
        libcRename(from, to) == 0
    }

    /// A new file in `folder` that no one else can reach: created with `mkstemp` and unlinked at
    /// once, so the system removes it when the descriptor closes — at the end, on a signal or a
    /// crash alike. Nil (with `lastErrorMessage`) when it cannot be made.
    package static func anonymousTemporaryFile(in folder: String) -> Int32? {
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
    package static func truncate(_ descriptor: Int32, to length: Int64) -> Int32 {
        ftruncate(descriptor, off_t(length))
    }

    /// The current size of an open regular file, or nil.
    package static func fileSize(_ descriptor: Int32) -> Int64? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// What an open descriptor is: its device and inode (the same open file reached twice has
    /// equal identities), and whether it is a pipe or a regular file.
    package struct DescriptorIdentity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
        package var isPipe: Bool
        package var isRegularFile: Bool
    }

    /// The identity of an open descriptor, or nil when it is closed.
    package static func identity(of descriptor: Int32) -> DescriptorIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return identity(info)
    }

    /// The identity of the file at `path` (following links), or nil when there is none.
    package static func identity(ofPath path: String) -> DescriptorIdentity? {
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
    package static func enlargePipeBuffer(_ descriptor: Int32, to bytes: Int32) {
        #if os(Linux)
            _ = fcntl(descriptor, 1031 /* F_SETPIPE_SZ */, bytes)
        #endif
    }

    // MARK: - Files and directories

    /// The kind of a directory entry, without following symbolic links.
    package enum EntryKind: Sendable {
        case file
        case directory
        case symbolicLink
        case other
    }

    /// `lstat`: what is at `path` (nil when nothing is).
    package static func entryKind(_ path: String) -> EntryKind? {
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
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory (without `.` and `..`), in the order the file system gives;
    /// nil with the error number when it cannot be opened.
    package static func directoryEntries(_ path: String) -> Result<[(name: String, kind: EntryKind)], DirectoryError> {
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
    package struct DirectoryError: Error, Sendable {
        package var number: Int32
        package var message: String { Platform.message(for: number) }
    }

    /// The absolute form of `path` with `.`, `..` and links resolved, or nil.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working directory.
    package static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        // Not nil: PATH_MAX + 1 characters.
        // swift-format-ignore: NeverForceUnwrap
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    // MARK: - Memory

    /// `memchr`: the first `byte` in `count` bytes from `start`.
    @inline(__always)
    package static func find(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        guard let hit = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(hit)
    }

    /// `memcmp` equality of two byte ranges of `count` bytes.
    @inline(__always)
    package static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// A pipe: the ends to read and to write, or nil when the process has no descriptors left.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }
}
