#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that starts only when told to, as in Combine: subscribers attach first, then
/// `connect()` starts the flow for all of them at once.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the flow; cancelling the result stops it.
    func connect() -> Cancellable
}
#endif
