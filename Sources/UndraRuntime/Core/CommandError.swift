/// Why an awaited command did not return its result: the command's own error (`failed`), or what
/// the connection knows about its fate.
///
/// Only `failed` says what the core did. `notConnected` says it was never sent (retrying is
/// safe). `disconnected` says it was sent and no answer came: the core may or may not have
/// applied it, and the runtime never sends it again by itself, so it is never applied twice.
public enum CommandError<Failure: Error>: Error, CustomStringConvertible {
    /// The core answered with the command's error.
    case failed(Failure)
    /// The command was not sent: the connection was not open (connecting, disconnected or failed).
    case notConnected
    /// The command was sent, and the connection ended before its ack arrived.
    case disconnected
    /// The core answered with another command's outcome (`outcome` describes it): the core and the
    /// app disagree on the command enum.
    case unexpectedOutcome(String)

    public var description: String {
        switch self {
        case .failed(let failure): "failed: \(failure)"
        case .notConnected: "not connected: the command was not sent"
        case .disconnected: "disconnected before the command's ack arrived: it may or may not have been applied"
        case .unexpectedOutcome(let outcome): "the core answered with another command's outcome: \(outcome)"
        }
    }
}

extension CommandError: Equatable where Failure: Equatable {}
extension CommandError: Hashable where Failure: Hashable {}

/// How a sent command ended, before its store's method turns it into a result or a `CommandError`.
@usableFromInline
enum CommandResolution<Outcome: Sendable>: Sendable {
    case acknowledged(Outcome)
    case notConnected
    case disconnected
}
