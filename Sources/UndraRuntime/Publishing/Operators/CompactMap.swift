#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that transforms each value and delivers the non-nil results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes the value to deliver from each upstream value, or nil to deliver nothing.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher of the non-nil results of `transform`; `compactMap(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes `subscriber` to `upstream` through the transform; a nil result asks the
        /// upstream for one more value in its place. O(1) per value, plus `transform`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, transform: transform))
        }

        /// `sink` through the transform: the upstream's own `sink` path, with a composed closure
        /// (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [transform] in
                if let output = transform($0) { receiveValue(output) }
            }
        }

        /// The subscriber it puts between `upstream` and the downstream.
        @usableFromInline
        struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Output, Downstream.Failure == Failure {
            @usableFromInline let downstream: Downstream
            @usableFromInline let transform: (Upstream.Output) -> Output?
            @usableFromInline let combineIdentifier = CombineIdentifier()

            @inlinable
            init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output?) {
                self.downstream = downstream
                self.transform = transform
            }

            @inlinable
            func receive(subscription: Subscription) {
                downstream.receive(subscription: subscription)
            }

            @inlinable
            func receive(_ input: Upstream.Output) -> Subscribers.Demand {
                transform(input).map(downstream.receive) ?? .max(1)
            }

            @inlinable
            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: completion)
            }

            /// Combine's name for it.
            @usableFromInline
            var description: String { "CompactMap" }
        }
    }
}

extension Publishers.CompactMap {
    /// Transforms the results of this `compactMap` further: one `CompactMap` with both closures,
    /// as in Combine. O(1) per value, plus the closures.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        Publishers.CompactMap(upstream: upstream) { [first = self.transform] in first($0).flatMap(transform) }
    }

    /// Transforms the results of this `compactMap` with `transform`: one `CompactMap` with both
    /// closures, as in Combine.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        Publishers.CompactMap(upstream: upstream) { [first = self.transform] in first($0).map(transform) }
    }
}

extension Publisher {
    /// Transforms each value with `transform` and delivers the results that are not nil. O(1) per
    /// value, plus `transform`.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

extension Publishers.CompactMap.Inner: ChildlessCombineReflection {}
#endif
