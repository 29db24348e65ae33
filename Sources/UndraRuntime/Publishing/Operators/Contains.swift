#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers whether its upstream delivers a given value: `true` as soon as
    /// it does, `false` if it finishes without.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// The value searched for.
        public let output: Upstream.Output

        /// A publisher of whether `upstream` delivers `output`; `contains(_:)` makes one.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything. At the first value equal to `output`, cancels the upstream
        /// subscription and delivers `true`, then `.finished`; if the upstream finishes first,
        /// `false`. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let output = output
            let fold = SearchFold<Upstream.Output, Failure>(name: "Contains", endsOn: true) { .success($0 == output) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers whether any of its upstream's values satisfies a predicate:
    /// `true` as soon as one does, `false` if it finishes without.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the value searched for.
        public let predicate: (Upstream.Output) -> Bool

        /// A publisher of whether a value of `upstream` satisfies `predicate`;
        /// `contains(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``Contains/receive(subscriber:)``, with the predicate. O(1) per value, plus the
        /// predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = predicate
            let fold = SearchFold<Upstream.Output, Failure>(name: "ContainsWhere", endsOn: true) { .success(predicate($0)) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers whether any of its upstream's values satisfies a predicate that
    /// may throw; a throw fails it.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the value searched for, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// A publisher of whether a value of `upstream` satisfies `predicate`;
        /// `tryContains(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``ContainsWhere/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = predicate
            let fold = SearchFold<Upstream.Output, any Error>(name: "TryContainsWhere", endsOn: true) { value in
                Result { try predicate(value) }
            }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}

extension Publisher where Output: Equatable {
    /// Delivers `true` as soon as this publisher delivers `output` (and ends the subscription to
    /// it), or `false` if it finishes without. O(1) per value.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Delivers `true` as soon as a value satisfies `predicate` (and ends the subscription to
    /// this publisher), or `false` if it finishes without. O(1) per value, plus the predicate.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// As `contains(where:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}
#endif
