#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One byte-stream connection: a socket, a thread reading it into messages, and writes of whole
/// messages (a `u64` length, then the bytes).
///
/// The reader delivers what each read completes as one batch, and applies it on its own thread
/// (`TransportReceiver.deliver`). It reports the session's end (the peer closed, between
/// messages or in the middle of one; garbage; a failed read) unless the host closed it.
///
/// - Thread safety: writes are serialized by `writing`'s lock; the socket's life is kept by `io`'s:
///   it is closed once the host has closed the session, the reader has stopped and no write is
///   under way, so no call ever reaches a number the system has reused.
final class ByteStreamSession: TransportSession {
    private struct IO {
        let socket: Int32
        var closedByHost = false
        var readerDone = false
        var writers = 0
        var released = false
    }

    private let io: Locked<IO>
    /// Serializes writes, and holds the error of the first that failed (0: none): a stream cut
    /// mid-message cannot take another, so later sends fail at once with it.
    private let writing = Locked<Int32>(0)
    private let receiver: TransportReceiver
    private let child: ChildProcess?
    private let limit: Int

    init(socket: Int32, child: ChildProcess?, receiver: TransportReceiver, limit: Int) {
        io = Locked(IO(socket: socket))
        self.child = child
        self.receiver = receiver
        self.limit = limit
        Socket.startThread { [self] in read() }
    }

    func send(_ message: [UInt8]) throws(TransportError) {
        guard let socket = io.withLock({ io -> Int32? in
            guard !io.closedByHost else { return nil }
            io.writers += 1
            return io.socket
        }) else { throw .closed }
        defer { io.withLock { io in io.writers -= 1; release(&io) } }
        var header = UInt64(message.count).littleEndian
        let error = writing.withLock { failed -> Int32 in
            if failed == 0 {
                failed = withUnsafeBytes(of: &header) { header in
                    message.withUnsafeBytes { body in Socket.sendAll(socket, header, body) }
                }
            }
            return failed
        }
        if error != 0 { throw .writeFailed(errno: error) }
    }

    func close() {
        let first = io.withLock { io -> Bool in
            guard !io.closedByHost else { return false }
            io.closedByHost = true
            // Wakes the reader (its read returns 0) and any write blocked on a full buffer.
            shutdown(io.socket, Int32(SHUT_RDWR))
            release(&io)
            return true
        }
        if first { child?.terminate() }
    }

    /// Closes the socket once nobody can use it any more (under `io`'s lock).
    private func release(_ io: inout IO) {
        guard io.closedByHost, io.readerDone, io.writers == 0, !io.released else { return }
        io.released = true
        _ = systemClose(io.socket)
    }

    /// The reader: reads into the framer until the stream ends or fails.
    private func read() {
        let socket = io.withLock { $0.socket }
        var framer = MessageFramer(limit: limit)
        var ending: TransportError?
        while ending == nil {
            let count = framer.receive { space in recv(socket, space.baseAddress, space.count, 0) }
            // A peer that exits with our messages unread resets the stream: Linux hands over its
            // last bytes, then fails the next read with ECONNRESET rather than returning 0. It is
            // the peer's end all the same, cut short or between messages as its bytes say.
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                ending = framer.cutShort.map { .closedMidMessage(received: $0.received, expected: $0.expected) } ?? .closed
            } else if count < 0 {
                if errno != EINTR { ending = .readFailed(errno: errno) }
            } else {
                receiver.deliver {
                    do throws(TransportError) {
                        try framer.forEachMessage { receiver.receive($0) }
                    } catch {
                        ending = error
                    }
                }
            }
        }
        let hostClosed = io.withLock { io -> Bool in
            io.readerDone = true
            release(&io)
            return io.closedByHost
        }
        if !hostClosed, let ending { receiver.deliver { receiver.end(ending) } }
        child?.reap()
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
