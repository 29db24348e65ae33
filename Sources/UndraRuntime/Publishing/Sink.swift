#if !canImport(Combine)
extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values; for publishers that cannot fail, as in Combine.
    ///
    /// - Returns: The subscription: it lasts until it is cancelled or released.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
#endif
