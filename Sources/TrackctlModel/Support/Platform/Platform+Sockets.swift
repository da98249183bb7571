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
    // MARK: - Sockets

    /// A connected TCP socket to `host`:`port`, non-blocking, or the reason it could not be
    /// made within `timeoutMilliseconds` ("Connection refused").
    package static func connectTCP(host: String, port: UInt16, timeoutMilliseconds: Int32) -> Result<Int32, SocketError>
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
    package static func wait(_ descriptor: Int32, forWriting: Bool, timeoutMilliseconds: Int32) -> Int32 {
        var entry = pollfd(fd: descriptor, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, timeoutMilliseconds)
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// `send` without SIGPIPE; -1 with `errorNumber` set when it fails (EAGAIN: try later).
    package static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            return libcSend(descriptor, buffer, count, 0)
        #else
            return libcSend(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// `recv`; 0 at the end of the stream, -1 with `errorNumber` set when it fails.
    package static func receive(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        libcRecv(descriptor, buffer, count, 0)
    }

    package static let wouldBlock = EAGAIN

    /// Two connected stream sockets (`socketpair`), blocking: tests of the HTTP readers speak
    /// over one in process.
    package static func socketPair() -> (Int32, Int32)? {
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
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, socket: Bool = false) -> Bool {
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
    package static func listenTCP(host: String, port: UInt16, backlog: Int32 = 512) -> Result<
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
    package static func acceptConnection(_ listener: Int32) -> Int32? {
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
    package static func setSendTimeout(_ descriptor: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes the pipe at `descriptor` hold at most about `bytes` (Linux's `F_SETPIPE_SZ`; the
    /// kernel rounds up to a page): a writer then blocks as soon as its reader falls that far
    /// behind. Nothing happens when `descriptor` is not a pipe, or elsewhere than Linux.
    package static func limitPipeBuffer(_ descriptor: Int32, to bytes: Int32) {
        #if os(Linux)
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, <linux/fcntl.h>: F_LINUX_SPECIFIC_BASE + 7
            _ = fcntl(descriptor, setPipeSize, bytes)
        #endif
    }

    /// Whether `descriptor` is a terminal (a person watches it; a pipe or file is read later).
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether `host` names a loopback address (127.0.0.0/8, ::1, localhost).
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host.hasPrefix("127.") { return true }
        // Any spelling of ::1 (0:0:0:0:0:0:0:1, [::1]).
        var address = in6_addr()
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard inet_pton(AF_INET6, bare, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
}

/// Why a socket could not be connected or used.
package struct SocketError: Error, Sendable {
    package var message: String
    package var timedOut = false

    package init(message: String, timedOut: Bool = false) {
        self.message = message
        self.timedOut = timedOut
    }
}
