#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers whether every value of its upstream satisfies a predicate:
    /// `false` as soon as one does not, `true` if it finishes first.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher checked.
        public let upstream: Upstream
        /// Returns true for a value that satisfies the condition.
        public let predicate: (Upstream.Output) -> Bool

        /// A publisher of whether every value of `upstream` satisfies `predicate`;
        /// `allSatisfy(_:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything. At the first value that fails the predicate, cancels the upstream
        /// subscription and delivers `false`, then `.finished`; if the upstream finishes first,
        /// `true`. O(1) per value, plus the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = predicate
            let fold = SearchFold<Upstream.Output, Failure>(name: "AllSatisfy", endsOn: false) { .success(predicate($0)) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers whether every value of its upstream satisfies a predicate that
    /// may throw; a throw fails it.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = any Error

        /// The publisher checked.
        public let upstream: Upstream
        /// Returns true for a value that satisfies the condition, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// A publisher of whether every value of `upstream` satisfies `predicate`;
        /// `tryAllSatisfy(_:)` makes one.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``AllSatisfy/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = predicate
            let fold = SearchFold<Upstream.Output, any Error>(name: "TryAllSatisfy", endsOn: false) { value in
                Result { try predicate(value) }
            }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publisher {
    /// Delivers `false` as soon as a value fails `predicate` (and ends the subscription to this
    /// publisher), or `true` if it finishes first. O(1) per value, plus the predicate.
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// As `allSatisfy(_:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}
#endif
