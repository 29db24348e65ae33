/// Where a `Core`'s connection stands: `core.connection.state` (fine-grained) and
/// `core.connectionObject.state` (coarse).
///
///     disconnected(notStarted) ─connect()→ connecting(1) ─opened→ resyncing(attach) ─snapshots→ live
///     live ─rejected or malformed frame→ resyncing(reason) ─snapshot→ live
///     connecting, resyncing, live ─transport error→ disconnected(error, nextRetry) ─delay→ connecting(n + 1)
///     any ─disconnect()→ disconnected(stopped); ─permanent error, attempts spent, schema mismatch→ failed
public enum ConnectionState: Hashable, Sendable, CustomStringConvertible {
    /// Opening the transport. `attempt` counts from 1 since the connection was last live (or
    /// since `connect()`).
    case connecting(attempt: Int)
    /// Connected, and every store applies the core's frames: `epoch` is the core instance's, and
    /// `sequence` the sequence of the last frame applied (the store's that applied it).
    case live(epoch: UInt64, sequence: UInt64)
    /// Connected, waiting for a store's snapshot: after connecting (`attach`), or because a
    /// frame was rejected or did not decode. Commands are sent meanwhile.
    case resyncing(ResyncReason)
    /// Not connected, why, and the delay before the next attempt starts (nil: none is scheduled).
    case disconnected(DisconnectReason, nextRetry: UndraDuration?)
    /// No more attempts will be made; `connect()` starts again.
    case failed(ConnectionFailure)

    /// Whether commands can be sent: the transport is open (live or resyncing).
    public var isConnected: Bool {
        switch self {
        case .live, .resyncing: true
        case .connecting, .disconnected, .failed: false
        }
    }

    public var description: String {
        switch self {
        case .connecting(let attempt): "connecting (attempt \(attempt))"
        case .live(let epoch, let sequence): "live (epoch \(epoch), sequence \(sequence))"
        case .resyncing(let reason): "resyncing (\(reason))"
        case .disconnected(let reason, let delay): "disconnected (\(reason))" + (delay.map { ", retrying in \($0)" } ?? "")
        case .failed(let failure): "failed (\(failure))"
        }
    }
}

/// Why a connection is not connected.
public enum DisconnectReason: Hashable, Sendable, CustomStringConvertible {
    /// `connect()` has not been called.
    case notStarted
    /// `disconnect()` was called.
    case stopped
    /// The transport could not connect, or its session ended.
    case transport(TransportError)

    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .stopped: "stopped"
        case .transport(let error): "\(error)"
        }
    }
}

/// Why a connection gave up.
public enum ConnectionFailure: Hashable, Sendable, CustomStringConvertible {
    /// The transport can never connect as configured (`TransportError.isPermanent`).
    case unavailable(TransportError)
    /// `ReconnectPolicy.maximumAttempts` attempts failed in a row; the last one's error.
    case gaveUp(attempts: Int, last: TransportError)
    /// The core's schema of a store is not the host's (the core said so, naming its own, or sent a
    /// snapshot of another hash): the app and the core do not match, and reconnecting cannot fix
    /// it. The mismatch names the first field or variant that differs when the core described its
    /// schema.
    case schemaMismatch(SchemaMismatch)

    public var description: String {
        switch self {
        case .unavailable(let error): "\(error)"
        case .gaveUp(let attempts, let last): "gave up after \(attempts) attempts: \(last)"
        case .schemaMismatch(let mismatch): "\(mismatch)"
        }
    }
}
