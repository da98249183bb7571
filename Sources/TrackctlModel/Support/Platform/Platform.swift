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

/// Every call into the C library goes through here: the only folder whose files import a libc module,
/// so the package builds on Linux (Glibc, Musl) and on macOS (Darwin) alike. `.ci/run` fails
/// when another source file names a libc module.
///
/// The wrappers are thin and inlined: they cost nothing on hot paths (`memchr` in the script
/// reader, `write` in the background writer).
///
/// One file per concern: errors here; descriptors, files and memory; processes and signals;
/// sockets and terminals.
package enum Platform {
    // MARK: - Errors

    /// The calling thread's `errno`.
    package static var errorNumber: Int32 { errno }

    package static let interrupted = EINTR
    package static let brokenPipe = EPIPE
    package static let noSpace = ENOSPC
    package static let badDescriptor = EBADF
    package static let tooManyOpenFiles = EMFILE
    package static let tooManyOpenFilesInSystem = ENFILE
    package static let permissionDenied = EACCES

    /// `strerror`: the C library's text for an error number ("No space left on device").
    package static func message(for error: Int32) -> String {
        String(cString: strerror(error))
    }

    /// The text of the current `errno`.
    package static var lastErrorMessage: String { message(for: errno) }
}

// The C functions whose names `Platform`'s own members shadow, reached from file scope; internal
// so every file of `Platform` reaches them, and named `libc…` so no other code mistakes them
// for the wrappers it should call.
@inline(__always) func libcOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
@inline(__always) @discardableResult func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
@inline(__always) func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
@inline(__always) func libcWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
@inline(__always) func libcFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
@inline(__always) func libcRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) func libcSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32)
    -> Int
{
    send(descriptor, buffer, count, flags)
}
@inline(__always) func libcRecv(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ flags: Int32
) -> Int {
    recv(descriptor, buffer, count, flags)
}
