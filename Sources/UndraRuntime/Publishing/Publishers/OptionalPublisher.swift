#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Optional {
    /// A publisher of the wrapped value, if any, then `.finished`, as in Combine.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher of an optional's value: the value (at the first request), then `.finished`;
    /// or, for nil, `.finished` at once.
    public struct Publisher: _PublisherProtocol {
        public typealias Output = Wrapped
        public typealias Failure = Never

        /// The value delivered, if any.
        public let output: Wrapped?

        /// A publisher of `output`.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// Delivers the value at `subscriber`'s first request, then `.finished`; or, with no value,
        /// an empty subscription and `.finished` at once. O(1).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            guard let output else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            OptionalSubscription.subscribe(subscriber, to: output)
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
extension Optional.Publisher: Sendable where Wrapped: Sendable {}
#endif
