#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's last value, when it finishes.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose last value is taken.
        public let upstream: Upstream

        /// A publisher of `upstream`'s last value; `last()` makes one.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything; when the upstream finishes, delivers its last value, if it had any,
        /// then `.finished`. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fold = MatchFold<Output, Failure>(name: "Last", keeps: .last) { _ in .success(true) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers the last of its upstream's values that satisfies a predicate,
    /// when it finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the values that may be delivered.
        public let predicate: (Output) -> Bool

        /// A publisher of the last value of `upstream` that satisfies `predicate`;
        /// `last(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``Last/receive(subscriber:)``, for the last value that satisfies the predicate.
        /// O(1) per value, plus the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            let fold = MatchFold<Output, Failure>(name: "LastWhere", keeps: .last) { .success(predicate($0)) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers the last of its upstream's values that satisfies a predicate
    /// that may throw, when it finishes; a throw fails it.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the values that may be delivered, or throws to fail.
        public let predicate: (Output) throws -> Bool

        /// A publisher of the last value of `upstream` that satisfies `predicate`;
        /// `tryLast(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``LastWhere/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            let fold = MatchFold<Output, any Error>(name: "TryLastWhere", keeps: .last) { value in Result { try predicate(value) } }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers the last value when this publisher finishes, or nothing if it had none. O(1) per
    /// value.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Delivers the last value that satisfies `predicate` when this publisher finishes, or
    /// nothing if none did. O(1) per value, plus the predicate.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// As `last(where:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}
#endif
