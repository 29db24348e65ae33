#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers only the values that a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns true for the values to deliver.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` accepts; `filter(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes `subscriber` to `upstream` through the predicate; a rejected value asks the
        /// upstream for one more in its place. O(1) per value, plus the predicate.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, isIncluded: isIncluded))
        }

        /// `sink` through the predicate: the upstream's own `sink` path, with a composed closure
        /// (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [isIncluded] in
                if isIncluded($0) { receiveValue($0) }
            }
        }

        /// The subscriber it puts between `upstream` and the downstream.
        @usableFromInline
        struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Output, Downstream.Failure == Failure {
            @usableFromInline let downstream: Downstream
            @usableFromInline let isIncluded: (Output) -> Bool
            @usableFromInline let combineIdentifier = CombineIdentifier()

            @inlinable
            init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool) {
                self.downstream = downstream
                self.isIncluded = isIncluded
            }

            @inlinable
            func receive(subscription: Subscription) {
                downstream.receive(subscription: subscription)
            }

            @inlinable
            func receive(_ input: Output) -> Subscribers.Demand {
                isIncluded(input) ? downstream.receive(input) : .max(1)
            }

            @inlinable
            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: completion)
            }

            /// Combine's name for it.
            @usableFromInline
            var description: String { "Filter" }
        }
    }
}

extension Publishers.Filter {
    /// Filters the values of this `filter` further: one `Filter` with both predicates, as in
    /// Combine. O(1) per value, plus the predicates.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        Publishers.Filter(upstream: upstream) { [first = self.isIncluded] in first($0) && isIncluded($0) }
    }

    /// Filters the values of this `filter` further, with a predicate that may throw: one
    /// `TryFilter` with both predicates, as in Combine.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        Publishers.TryFilter(upstream: upstream) { [first = self.isIncluded] in try first($0) && isIncluded($0) }
    }
}

extension Publisher {
    /// Delivers only the values for which `isIncluded` returns true. O(1) per value, plus the
    /// predicate.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter.Inner: ChildlessCombineReflection {}
#endif
