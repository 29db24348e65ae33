#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that cannot fail, typed as one that can: so that it combines with publishers
    /// that fail with `Failure`.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        /// The publisher that cannot fail.
        public let upstream: Upstream

        /// `upstream`, typed as failing with `Failure`; `setFailureType(to:)` makes one.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`: everything passes straight through. O(1) per
        /// value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: SetFailureTypeSubscriber(downstream: subscriber))
        }

        /// `sink` on the upstream's own `sink` path (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: { _ in receiveCompletion(.finished) }, receiveValue: receiveValue)
        }

        /// The same upstream, typed with another failure.
        @inlinable
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publisher where Failure == Never {
    /// This publisher, typed as failing with `failureType` (it still never fails). O(1) per value.
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

/// The subscriber `setFailureType` puts between its upstream and the downstream.
@usableFromInline
struct SetFailureTypeSubscriber<Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Never
    @usableFromInline let downstream: Downstream
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
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
    func receive(completion: Subscribers.Completion<Never>) {
        downstream.receive(completion: .finished)
    }

    /// Combine's name for it.
    @usableFromInline
    var description: String { "SetFailureType" }
}

extension SetFailureTypeSubscriber: ChildlessCombineReflection {}
#endif
