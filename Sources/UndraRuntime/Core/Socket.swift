#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of the byte-stream transport, in one place: stream sockets that never raise
/// SIGPIPE (a peer that died must be an error, not the end of the host), writes that finish,
/// and a thread to read on.
enum Socket {
    /// Connects to the Unix domain socket at `path`.
    static func connect(path: String) throws(TransportError) -> Int32 {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else {
            throw .unavailable("the socket path is longer than \(capacity - 1) bytes: \(path)")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = try stream()
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else {
            let error = errno
            close(fd)
            throw .connectFailed(operation: "connect to \(path)", errno: error)
        }
        return fd
    }

    /// A connected pair of stream sockets (the host's end first).
    static func pair() throws(TransportError) -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, streamType, 0, &fds) == 0 else { throw .connectFailed(operation: "socketpair", errno: errno) }
        configure(fds[0])
        configure(fds[1])
        return (fds[0], fds[1])
    }

    private static func stream() throws(TransportError) -> Int32 {
        let fd = socket(AF_UNIX, streamType, 0)
        guard fd >= 0 else { throw .connectFailed(operation: "socket", errno: errno) }
        configure(fd)
        return fd
    }

    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0

    /// Close-on-exec (no other child inherits it) and no SIGPIPE (Darwin has no MSG_NOSIGNAL).
    private static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Darwin.connect(fd, address, length)
    }
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)

    /// Close-on-exec is set atomically by `streamType`; SIGPIPE is refused per send.
    private static func configure(_ fd: Int32) {}

    private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Glibc.connect(fd, address, length)
    }
    #endif

    /// Writes `header` then `body`, all of them, in as few calls as the socket allows. Returns
    /// 0, or the system's error number.
    static func sendAll(_ fd: Int32, _ header: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> Int32 {
        var parts = [
            iovec(iov_base: UnsafeMutableRawPointer(mutating: header.baseAddress), iov_len: header.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count),
        ]
        var first = 0
        while first < parts.count {
            if parts[first].iov_len == 0 {
                first += 1
                continue
            }
            let sent = parts.withUnsafeMutableBufferPointer { parts -> Int in
                var message = msghdr()
                message.msg_iov = parts.baseAddress! + first
                message.msg_iovlen = numericCast(parts.count - first)
                return sendmsg(fd, &message, sendFlags)
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return errno
            }
            var remaining = sent
            while remaining > 0 {
                let taken = min(remaining, parts[first].iov_len)
                parts[first].iov_base = parts[first].iov_base.map { $0 + taken }
                parts[first].iov_len -= taken
                remaining -= taken
                if parts[first].iov_len == 0 { first += 1 }
            }
        }
        return 0
    }

    /// Runs `body` on a new detached thread.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { box in
            #if canImport(Darwin)
            let body = Unmanaged<ThreadBody>.fromOpaque(box).takeRetainedValue()
            #else
            let body = Unmanaged<ThreadBody>.fromOpaque(box!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box)
        precondition(status == 0, "UndraRuntime: pthread_create failed (\(status))")
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
    }
}

private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
