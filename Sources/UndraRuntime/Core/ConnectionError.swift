/// Why a wait for a live connection ended without one: what `try await core.connect()` and
/// `core.connection.waitUntilLive(timeout:)` throw (besides `CancellationError`, when the waiting
/// task is cancelled).
public enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The connection gave up, and will not be live until `connect()` starts it again: the
    /// transport can never connect (`unavailable`: a library that does not load, an executable
    /// that does not exist), `ReconnectPolicy.maximumAttempts` attempts failed (`gaveUp`), or
    /// the core was built for another schema (`schemaMismatch`).
    case failed(ConnectionFailure)
    /// `disconnect()` stopped the connection.
    case stopped
    /// Not live within the time given; the connection's state then. It goes on trying.
    case timedOut(ConnectionState)

    public var description: String {
        switch self {
        case .failed(let failure): "the connection failed: \(failure)"
        case .stopped: "the connection was stopped by disconnect()"
        case .timedOut(let state): "not live in time: \(state)"
        }
    }
}
