#if !canImport(Combine)
/// Something that can be stopped: a subscription, a scheduled delivery.
public protocol Cancellable {
    /// Stops the activity and frees what it holds. Calling it again does nothing.
    func cancel()
}
#endif
