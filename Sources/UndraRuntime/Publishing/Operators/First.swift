#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's first value, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first value is taken.
        public let upstream: Upstream

        /// A publisher of `upstream`'s first value; `first()` makes one.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything, as Apple documents. At the first value, cancels the upstream
        /// subscription and delivers it, then `.finished`; if the upstream finishes first,
        /// `.finished` alone. O(1).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fold = MatchFold<Output, Failure>(name: "First", keeps: .first) { _ in .success(true) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers the first of its upstream's values that satisfies a predicate,
    /// then finishes.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the value to deliver.
        public let predicate: (Output) -> Bool

        /// A publisher of the first value of `upstream` that satisfies `predicate`;
        /// `first(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``First/receive(subscriber:)``, for the first value that satisfies the predicate.
        /// O(1) per value, plus the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            let fold = MatchFold<Output, Failure>(name: "FirstWhere", keeps: .first) { .success(predicate($0)) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers the first of its upstream's values that satisfies a predicate
    /// that may throw, then finishes; a throw fails it.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns true for the value to deliver, or throws to fail.
        public let predicate: (Output) throws -> Bool

        /// A publisher of the first value of `upstream` that satisfies `predicate`;
        /// `tryFirst(where:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``FirstWhere/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            let fold = MatchFold<Output, any Error>(name: "TryFirstWhere", keeps: .first) { value in Result { try predicate(value) } }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers the first value, then finishes (and ends the subscription to this publisher); if
    /// this publisher finishes first, finishes with no value. O(1).
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Delivers the first value that satisfies `predicate`, then finishes (and ends the
    /// subscription to this publisher). O(1) per value, plus the predicate.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// As `first(where:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}
#endif
