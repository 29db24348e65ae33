/// Reaches a core in another process over a byte stream: a Unix domain socket the core listens
/// on, or the stdin and stdout of a child process the transport starts (again at each
/// reconnection, so a core that died is restarted).
///
///     let core = Core(transport: ByteStreamTransport.childProcess(executable: "/usr/libexec/todos-core"))
///
/// Each message is its length as a little-endian `u64`, then its bytes (bincode's encoding of a
/// `Vec<u8>`), both ways. Reads take any pieces the stream gives: a message split over many
/// reads, many messages in one read, a message larger than the read buffer. A length beyond
/// `maximumMessageSize` is garbage, and a peer that stops mid-message is `closedMidMessage`:
/// both end the session, and the `Core` reconnects.
public struct ByteStreamTransport: CoreTransport {
    fileprivate enum Endpoint: Sendable {
        case unixSocket(path: String)
        case childProcess(executable: String, arguments: [String], environment: [String: String], gracePeriod: UndraDuration)
    }

    private let endpoint: Endpoint
    /// The largest message accepted from the core, in bytes.
    public var maximumMessageSize: Int

    fileprivate init(endpoint: Endpoint, maximumMessageSize: Int) {
        self.endpoint = endpoint
        self.maximumMessageSize = maximumMessageSize
    }

    public func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        switch endpoint {
        case .unixSocket(let path):
            let socket = try Socket.connect(path: path)
            return ByteStreamSession(socket: socket, child: nil, receiver: receiver, limit: maximumMessageSize)
        case .childProcess(let executable, let arguments, let environment, let gracePeriod):
            let (socket, child) = try ChildProcess.spawn(
                executable: executable, arguments: arguments, environment: environment, gracePeriod: gracePeriod)
            return ByteStreamSession(socket: socket, child: child, receiver: receiver, limit: maximumMessageSize)
        }
    }
}

// In an extension constrained to the type, so that `Core(transport: .unixSocket(path: …))` reads
// as it should (and `ByteStreamTransport.unixSocket(path:)` still does).
extension CoreTransport where Self == ByteStreamTransport {
    /// Connects to the Unix domain socket at `path`.
    public static func unixSocket(path: String, maximumMessageSize: Int = 64 << 20) -> ByteStreamTransport {
        ByteStreamTransport(endpoint: .unixSocket(path: path), maximumMessageSize: maximumMessageSize)
    }

    /// Starts the core as a child process at each connection (so a core that died is started
    /// again by the reconnection):
    ///
    /// - `executable` is a path, or a name without a slash searched in the host's `PATH` (the
    ///   host's, not `environment`'s). One that does not exist or cannot be run fails the
    ///   connection (`failed(.unavailable)`: no retry can fix a wrong path).
    /// - The child gets `arguments`, the host's environment plus `environment` (which adds or
    ///   replaces keys), every signal unblocked and at its default action, stdin and stdout on
    ///   the stream, and the host's stderr: what it logs there shows with the app's own output.
    /// - It is stopped when its session is closed (`disconnect()`, a failure the `Core` reconnects
    ///   after, the `Core` released): the stream is closed, so its stdin ends, and it is sent
    ///   SIGTERM, then SIGKILL if it is still running `terminationGracePeriod` later. It is reaped
    ///   (no zombie is left). If the host process itself dies, the child's stdin ends: a core
    ///   that exits at the end of its input (as it should) stops then.
    public static func childProcess(
        executable: String, arguments: [String] = [], environment: [String: String] = [:],
        terminationGracePeriod: UndraDuration = .seconds(2), maximumMessageSize: Int = 64 << 20
    ) -> ByteStreamTransport {
        ByteStreamTransport(
            endpoint: .childProcess(
                executable: executable, arguments: arguments, environment: environment, gracePeriod: terminationGracePeriod),
            maximumMessageSize: maximumMessageSize)
    }
}
