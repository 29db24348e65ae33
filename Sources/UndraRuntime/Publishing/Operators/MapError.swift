#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that turns its upstream's failure into another error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        /// The publisher whose failure is transformed.
        public let upstream: Upstream
        /// Makes this publisher's error from the upstream's.
        public let transform: (Upstream.Failure) -> Failure

        /// A publisher of `upstream`'s values that fails with `transform` of its error;
        /// `mapError(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            transform = map
        }

        /// Subscribes `subscriber` to `upstream`; values, demand and cancel pass straight
        /// through, and a failure is transformed. O(1) per value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapErrorSubscriber(downstream: subscriber, transform: transform))
        }

        /// `sink` with the failure transformed: the upstream's own `sink` path (see
        /// docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(
                receiveCompletion: { [transform] in receiveCompletion($0.mapFailure(transform)) },
                receiveValue: receiveValue)
        }
    }
}

extension Publisher {
    /// Turns a failure into `transform` of its error; values pass unchanged. O(1) per value.
    @inlinable
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform)
    }
}

/// The subscriber `mapError` puts between its upstream and the downstream. A type of its own, not
/// nested in the publisher (see `MapSubscriber`).
@usableFromInline
struct MapErrorSubscriber<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = UpstreamFailure
    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (UpstreamFailure) -> Downstream.Failure
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream, transform: @escaping (UpstreamFailure) -> Downstream.Failure) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        downstream.receive(completion: completion.mapFailure(transform))
    }

    /// Combine's name for it.
    @usableFromInline
    var description: String { "MapError" }
}

extension MapErrorSubscriber: ChildlessCombineReflection {}
#endif
