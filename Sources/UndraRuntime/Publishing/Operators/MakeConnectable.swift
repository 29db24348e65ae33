#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A connectable publisher over a publisher that cannot fail: its subscribers get nothing
    /// until `connect()`, then share one subscription to the upstream, as in Combine.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// A connectable publisher of `upstream`'s values through one `PassthroughSubject`;
        /// `makeConnectable()` makes one. Copies share the subject.
        public init(upstream: Upstream) {
            inner = Multicast(upstream: upstream, createSubject: { PassthroughSubject() })
        }

        /// Subscribes `subscriber` to the shared subject.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.receive(subscriber: subscriber)
        }

        /// `sink` on the shared subject, keeping its direct path.
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            inner._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Subscribes the shared subject to the upstream; cancelling the result ends it.
        public func connect() -> Cancellable {
            inner.connect()
        }
    }
}

extension Publishers.MakeConnectable: Sendable where Upstream: Sendable, Upstream.Output: Sendable {}

extension Publisher where Failure == Never {
    /// A connectable publisher over this one: subscribers attach first, then `connect()` starts
    /// the one subscription to this publisher whose values they all get, as in Combine.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}
#endif
