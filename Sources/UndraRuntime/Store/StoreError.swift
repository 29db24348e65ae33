/// An error a store reports on its error channel: a frame the mirror rejected, or an error the
/// core sent. Errors never end the data stream; the store keeps applying frames.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A frame was rejected; nothing of it was applied, and the store waits for a resync snapshot
    /// (requested through `StoreRuntime.resyncRequestHandler` when the wait began).
    case rejectedFrame(MirrorError)
    /// The core reported an error (a failed command, a failed query, ...).
    case core(code: String, message: String)
    /// A message from the core did not decode; the store asked for a resync snapshot.
    case malformedMessage(WireError)

    public var description: String {
        switch self {
        case .rejectedFrame(let error): "rejected \(error)"
        case .core(let code, let message): "core error \(code): \(message)"
        case .malformedMessage(let error): "malformed message: \(error)"
        }
    }
}
