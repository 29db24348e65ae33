#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// `combineLatest` with two, three and four upstreams. Each is a JoinSubscription whose state is
// the latest value of each upstream: a value from any of them replaces its own and, once every
// upstream has one, makes the tuple of the latest values.

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
            let join = JoinSubscription<S, Latest>(subscriber, upstreams: 2, state: Latest(), description: "CombineLatest")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { latest, value in swap(&latest.a, &value); return latest.all })
            b.subscribe(join.side(1) { latest, value in swap(&latest.b, &value); return latest.all })
        }

        /// The latest value of each upstream.
        struct Latest: ReflectedJoinState {
            var a: A.Output?
            var b: B.Output?

            var all: Output? {
                guard let a, let b else { return nil }
                return (a, b)
            }

            /// Combine's children: "downstream", "upstreamSubscriptions", "demand", "buffers" (the
            /// latest values).
            func mirrorChildren(downstream: Any, upstreams: [Subscription?], demand: Subscribers.Demand) -> [Mirror.Child] {
                let buffers: [Any?] = [a, b]
                return [("downstream", downstream), ("upstreamSubscriptions", upstreams), ("demand", demand), ("buffers", buffers)]
            }
        }
    }

    /// A publisher of triples: the latest value of each of three upstreams, every time one
    /// delivers, once all have.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// A publisher of the latest values of `a`, `b` and `c`; `combineLatest(_:_:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// As ``Publishers/CombineLatest/receive(subscriber:)``, with three upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Latest>(subscriber, upstreams: 3, state: Latest(), description: "CombineLatest")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { latest, value in swap(&latest.a, &value); return latest.all })
            b.subscribe(join.side(1) { latest, value in swap(&latest.b, &value); return latest.all })
            c.subscribe(join.side(2) { latest, value in swap(&latest.c, &value); return latest.all })
        }

        struct Latest: ReflectedJoinState {
            var a: A.Output?
            var b: B.Output?
            var c: C.Output?

            var all: Output? {
                guard let a, let b, let c else { return nil }
                return (a, b, c)
            }

            /// Combine's children: "downstream", "upstreamSubscriptions", "demand", "buffers" (the
            /// latest values).
            func mirrorChildren(downstream: Any, upstreams: [Subscription?], demand: Subscribers.Demand) -> [Mirror.Child] {
                let buffers: [Any?] = [a, b, c]
                return [("downstream", downstream), ("upstreamSubscriptions", upstreams), ("demand", demand), ("buffers", buffers)]
            }
        }
    }

    /// A publisher of quadruples: the latest value of each of four upstreams, every time one
    /// delivers, once all have.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D

        /// A publisher of the latest values of `a`, `b`, `c` and `d`; `combineLatest(_:_:_:)`
        /// makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// As ``Publishers/CombineLatest/receive(subscriber:)``, with four upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Latest>(subscriber, upstreams: 4, state: Latest(), description: "CombineLatest")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { latest, value in swap(&latest.a, &value); return latest.all })
            b.subscribe(join.side(1) { latest, value in swap(&latest.b, &value); return latest.all })
            c.subscribe(join.side(2) { latest, value in swap(&latest.c, &value); return latest.all })
            d.subscribe(join.side(3) { latest, value in swap(&latest.d, &value); return latest.all })
        }

        struct Latest: ReflectedJoinState {
            var a: A.Output?
            var b: B.Output?
            var c: C.Output?
            var d: D.Output?

            var all: Output? {
                guard let a, let b, let c, let d else { return nil }
                return (a, b, c, d)
            }

            /// Combine's children: "downstream", "upstreamSubscriptions", "demand", "buffers" (the
            /// latest values).
            func mirrorChildren(downstream: Any, upstreams: [Subscription?], demand: Subscribers.Demand) -> [Mirror.Child] {
                let buffers: [Any?] = [a, b, c, d]
                return [("downstream", downstream), ("upstreamSubscriptions", upstreams), ("demand", demand), ("buffers", buffers)]
            }
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

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

    /// The latest values of this publisher and two others, every time one delivers, once all
    /// have. Finishes when all finish; fails as soon as one fails. O(1) per value.
    @inlinable
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure
    {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// As `combineLatest(_:_:)`, delivering `transform` of each triple.
    @inlinable
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }

    /// The latest values of this publisher and three others, every time one delivers, once all
    /// have. Finishes when all finish; fails as soon as one fails. O(1) per value.
    @inlinable
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// As `combineLatest(_:_:_:)`, delivering `transform` of each quadruple.
    @inlinable
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }
}
#endif
