#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// `merge` of two to eight upstreams: one JoinSubscription with no state, each upstream's values
// going downstream as they come. (A collection of upstreams of one type is `MergeMany`; merging a
// merge with more upstreams is in Merge+Chaining.swift.)

extension Publishers {
    /// A publisher of the values of two upstreams, as they come.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// A publisher of the values of `a` and `b` as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` its subscription, then subscribes to each upstream in turn; the
        /// subscriber's demand is asked of every upstream, and values beyond it wait in a queue.
        /// O(1) amortized per value. Thread-safety: the upstreams may deliver on different threads
        /// at once; the subscriber is still called one value at a time.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 2, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
        }
    }

    /// A publisher of the values of three upstreams, as they come.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// A publisher of the values of `a`, `b` and `c` as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with three upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 3, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
        }
    }

    /// A publisher of the values of four upstreams, as they come.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure,
          C.Output == D.Output, C.Failure == D.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D

        /// A publisher of the values of `a`, `b`, `c` and `d` as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with four upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 4, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
            d.subscribe(join.mergeSide(3))
        }
    }

    /// A publisher of the values of five upstreams, as they come.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure,
          C.Output == D.Output, C.Failure == D.Failure,
          D.Output == E.Output, D.Failure == E.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D
        /// The fifth upstream.
        public let e: E

        /// A publisher of the values of its five upstreams as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with five upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 5, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
            d.subscribe(join.mergeSide(3))
            e.subscribe(join.mergeSide(4))
        }
    }

    /// A publisher of the values of six upstreams, as they come.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure,
          C.Output == D.Output, C.Failure == D.Failure,
          D.Output == E.Output, D.Failure == E.Failure,
          E.Output == F.Output, E.Failure == F.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D
        /// The fifth upstream.
        public let e: E
        /// The sixth upstream.
        public let f: F

        /// A publisher of the values of its six upstreams as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with six upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 6, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
            d.subscribe(join.mergeSide(3))
            e.subscribe(join.mergeSide(4))
            f.subscribe(join.mergeSide(5))
        }
    }

    /// A publisher of the values of seven upstreams, as they come.
    public struct Merge7<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure,
          C.Output == D.Output, C.Failure == D.Failure,
          D.Output == E.Output, D.Failure == E.Failure,
          E.Output == F.Output, E.Failure == F.Failure,
          F.Output == G.Output, F.Failure == G.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D
        /// The fifth upstream.
        public let e: E
        /// The sixth upstream.
        public let f: F
        /// The seventh upstream.
        public let g: G

        /// A publisher of the values of its seven upstreams as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with seven upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 7, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
            d.subscribe(join.mergeSide(3))
            e.subscribe(join.mergeSide(4))
            f.subscribe(join.mergeSide(5))
            g.subscribe(join.mergeSide(6))
        }
    }

    /// A publisher of the values of eight upstreams, as they come.
    public struct Merge8<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >: Publisher
    where A.Output == B.Output, A.Failure == B.Failure,
          B.Output == C.Output, B.Failure == C.Failure,
          C.Output == D.Output, C.Failure == D.Failure,
          D.Output == E.Output, D.Failure == E.Failure,
          E.Output == F.Output, E.Failure == F.Failure,
          F.Output == G.Output, F.Failure == G.Failure,
          G.Output == H.Output, G.Failure == H.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D
        /// The fifth upstream.
        public let e: E
        /// The sixth upstream.
        public let f: F
        /// The seventh upstream.
        public let g: G
        /// The eighth upstream.
        public let h: H

        /// A publisher of the values of its eight upstreams as they come;
        /// `merge(with:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        /// As ``Publishers/Merge/receive(subscriber:)``, with eight upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: 8, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            a.subscribe(join.mergeSide(0))
            b.subscribe(join.mergeSide(1))
            c.subscribe(join.mergeSide(2))
            d.subscribe(join.mergeSide(3))
            e.subscribe(join.mergeSide(4))
            f.subscribe(join.mergeSide(5))
            g.subscribe(join.mergeSide(6))
            h.subscribe(join.mergeSide(7))
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.Merge5: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}
extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}
extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {}
extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {}

extension Publisher {
    /// Delivers the values of this publisher and `other` as they come, one at a time even when
    /// they come from two threads at once. Finishes when both finish; fails as soon as either
    /// fails. O(1) amortized per value.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// As `merge(with:)`, with three publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher>(
        with b: B, _ c: C
    ) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }

    /// As `merge(with:)`, with four publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
        with b: B, _ c: C, _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure,
          D.Output == Output, D.Failure == Failure {
        Publishers.Merge4(self, b, c, d)
    }

    /// As `merge(with:)`, with five publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E
    ) -> Publishers.Merge5<Self, B, C, D, E>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure,
          D.Output == Output, D.Failure == Failure,
          E.Output == Output, E.Failure == Failure {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// As `merge(with:)`, with six publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure,
          D.Output == Output, D.Failure == Failure,
          E.Output == Output, E.Failure == Failure,
          F.Output == Output, F.Failure == Failure {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// As `merge(with:)`, with seven publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure,
          D.Output == Output, D.Failure == Failure,
          E.Output == Output, E.Failure == Failure,
          F.Output == Output, F.Failure == Failure,
          G.Output == Output, G.Failure == Failure {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// As `merge(with:)`, with eight publishers in all: finishes when all finish.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where B.Output == Output, B.Failure == Failure,
          C.Output == Output, C.Failure == Failure,
          D.Output == Output, D.Failure == Failure,
          E.Output == Output, E.Failure == Failure,
          F.Output == Output, F.Failure == Failure,
          G.Output == Output, G.Failure == Failure,
          H.Output == Output, H.Failure == Failure {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}
#endif
