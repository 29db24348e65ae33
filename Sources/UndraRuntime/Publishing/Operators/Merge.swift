#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of the values of two upstreams, as they come.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// A publisher of `a`'s and `b`'s values as they come; `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` its subscription, then subscribes to `a` and `b`; the subscriber's
        /// demand is asked of both, and values beyond it wait in a queue. O(1) amortized per
        /// value. Thread-safety: `a` and `b` may deliver on different threads at once; the
        /// subscriber is still called one value at a time.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Void>(subscriber, upstreams: 2, state: ())
            subscriber.receive(subscription: join)
            a.subscribe(JoinSide(join: join, index: 0, fold: { _, value in value.take() }))
            b.subscribe(JoinSide(join: join, index: 1, fold: { _, value in value.take() }))
        }
    }
}

extension Publisher {
    /// Delivers the values of this publisher and `other` as they come, one at a time even when
    /// they come from two threads at once. Finishes when both finish; fails as soon as either
    /// fails. O(1) amortized per value.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}
#endif
