/// Why a transport could not reach its core, or stopped reaching it. Each is a typed value the
/// connection reports in its state (`DisconnectReason.transport`) before it reconnects; none is
/// ever a trap, whatever the peer sent.
public enum TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The transport can never connect as configured: a library or a function that cannot be
    /// loaded, a socket path too long for the system. The connection fails instead of retrying.
    case unavailable(String)
    /// Connecting failed (`operation` names the step: "connect", "spawn", "create", …), with the
    /// system's error number where there is one (0 otherwise). Worth retrying: the core may not
    /// be up yet.
    case connectFailed(operation: String, errno: Int32)
    /// The peer ended the session between two messages.
    case closed
    /// The peer ended the session in the middle of a message: `received` of its `expected` bytes
    /// (length prefix included) had arrived.
    case closedMidMessage(received: Int, expected: Int)
    /// A length prefix announced a message larger than the transport accepts: garbage on the
    /// stream, which cannot be resynchronized without reconnecting.
    case messageTooLarge(length: UInt64, limit: Int)
    /// Reading or writing failed with the system's error number.
    case readFailed(errno: Int32)
    /// Writing failed with the system's error number (`EPIPE`: the peer is gone).
    case writeFailed(errno: Int32)
    /// An in-process core refused a message (its send function returned `status`, not 0): it has
    /// stopped.
    case refused(status: Int32)

    /// Whether reconnecting cannot help (the connection then fails at once).
    public var isPermanent: Bool {
        if case .unavailable = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .unavailable(let why): "unavailable: \(why)"
        case .connectFailed(let operation, let errno): "\(operation) failed" + (errno == 0 ? "" : " (errno \(errno))")
        case .closed: "the core closed the connection"
        case .closedMidMessage(let received, let expected):
            "the core closed the connection mid-message (\(received) of \(expected) bytes)"
        case .messageTooLarge(let length, let limit): "a message of \(length) bytes (the limit is \(limit))"
        case .readFailed(let errno): "read failed (errno \(errno))"
        case .writeFailed(let errno): "write failed (errno \(errno))"
        case .refused(let status): "the core refused a message (status \(status))"
        }
    }
}
