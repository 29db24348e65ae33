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
        case childProcess(executable: String, arguments: [String], environment: [String: String])
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
        case .childProcess(let executable, let arguments, let environment):
            let (socket, child) = try ChildProcess.spawn(executable: executable, arguments: arguments, environment: environment)
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

    /// Starts `executable` (searched in PATH if the name has no slash) with `arguments`, and the
    /// host's environment plus `environment`, at each connection; its stdin and stdout are the
    /// stream (its stderr is the host's). Closing the session closes the stream and sends the
    /// process SIGTERM.
    public static func childProcess(
        executable: String, arguments: [String] = [], environment: [String: String] = [:],
        maximumMessageSize: Int = 64 << 20
    ) -> ByteStreamTransport {
        ByteStreamTransport(
            endpoint: .childProcess(executable: executable, arguments: arguments, environment: environment),
            maximumMessageSize: maximumMessageSize)
    }
}
