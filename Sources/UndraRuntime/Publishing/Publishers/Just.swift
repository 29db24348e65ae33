#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that delivers one value, then finishes, to each subscriber, as soon as it asks.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value delivered to every subscriber.
    public let output: Output

    /// A publisher of `output`.
    @inlinable
    public init(_ output: Output) {
        self.output = output
    }

    /// Hands `subscriber` a subscription that delivers the value and `.finished` at its first
    /// request. O(1).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        JustSubscription.subscribe(subscriber, to: output)
    }
}

extension Just: Sendable where Output: Sendable {}
extension Just: Equatable where Output: Equatable {}
#endif
