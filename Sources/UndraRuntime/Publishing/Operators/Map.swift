#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that transforms each value with a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes each value delivered from each upstream value.
        public let transform: (Upstream.Output) -> Output

        /// A publisher of `transform` of each of `upstream`'s values; `map(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes `subscriber` to `upstream` through the transform; demand, cancel and the
        /// completion pass straight through. O(1) per value, plus `transform`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber, transform: transform))
        }

        /// `sink` through the transform: the upstream's own `sink` path, with a composed closure
        /// (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [transform] in receiveValue(transform($0)) }
        }
    }
}

extension Publishers.Map {
    /// Transforms each value of this `map` further: one `Map` with the two closures, as in
    /// Combine. O(1) per value, plus the closures.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        Publishers.Map(upstream: upstream) { [first = self.transform] in transform(first($0)) }
    }

    /// Transforms each value of this `map` further, with a closure that may throw: one `TryMap`
    /// with the two closures, as in Combine.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        Publishers.TryMap(upstream: upstream) { [first = self.transform] in try transform(first($0)) }
    }
}

extension Publisher {
    /// Transforms each value with `transform`. O(1) per value, plus `transform`.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

/// The subscriber `map` puts between its upstream and the downstream: demand, cancel and the
/// completion pass straight through.
///
/// A type of its own rather than one nested in ``Publishers/Map``, so that its type does not
/// carry the whole upstream chain: with the nested type, a chain of three operators made types
/// too complex for the optimizer to specialize, and each value went through generic code (twice
/// the instructions on `published.set.removeDuplicates.map.sink`).
@usableFromInline
struct MapSubscriber<Input, Downstream: Subscriber>: Subscriber {
    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Downstream.Input
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(transform(input))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        downstream.receive(completion: completion)
    }

    /// Combine's name for it.
    @usableFromInline
    var description: String { "Map" }
}

extension MapSubscriber: ChildlessCombineReflection {}
#endif
