#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of pairs: the latest value of each upstream, every time either delivers one,
    /// once both have.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// A publisher of the pairs of `a`'s and `b`'s latest values; `combineLatest(_:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` its subscription, then subscribes to `a`, then `b`; the
        /// subscriber's demand is asked of both, and pairs beyond it wait in a queue. O(1)
        /// amortized per value. Thread-safety: `a` and `b` may deliver on different threads at
        /// once; the subscriber is still called one pair at a time, in the order they were made.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Latest>(subscriber, upstreams: 2, state: Latest())
            subscriber.receive(subscription: join)
            a.subscribe(JoinSide(join: join, index: 0, fold: { latest, value in
                swap(&latest.a, &value)
                return latest.b.map { (latest.a!, $0) }
            }))
            b.subscribe(JoinSide(join: join, index: 1, fold: { latest, value in
                swap(&latest.b, &value)
                return latest.a.map { ($0, latest.b!) }
            }))
        }

        /// The latest value of each upstream.
        struct Latest {
            var a: A.Output?
            var b: B.Output?
        }
    }
}

extension Publisher {
    /// Pairs this publisher's latest value with `other`'s, every time either delivers, once
    /// both have. Finishes when both finish; fails as soon as either fails. O(1) per value.
    @inlinable
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// As `combineLatest(_:)`, delivering `transform` of each pair.
    @inlinable
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
}
#endif
