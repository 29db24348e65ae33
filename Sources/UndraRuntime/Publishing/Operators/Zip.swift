#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// `zip` of two, three and four upstreams. Each is a JoinSubscription whose state is a queue of
// values per upstream: once every queue has one, the oldest of each make a tuple. As in Combine,
// the zip finishes as soon as an upstream has finished and its queue is empty (no tuple can be
// made any more), cancelling the others, and fails as soon as one fails.

extension Publishers {
    /// A publisher of pairs: the oldest value not yet paired of each upstream, once both have
    /// one.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// A publisher of the pairs of `a`'s and `b`'s values, in order; `zip(_:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` its subscription, then subscribes to `a`, then `b`; the subscriber's
        /// demand is asked of both. A value waits until the other upstream has sent as many.
        /// O(1) amortized per value. Thread-safety: `a` and `b` may deliver on different threads
        /// at once; the subscriber is still called one pair at a time.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Queues>(subscriber, upstreams: 2, state: Queues(), description: "Zip")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { queues, value in queues.a.append(value.take()!); return queues.next() })
            b.subscribe(join.side(1) { queues, value in queues.b.append(value.take()!); return queues.next() })
        }

        /// The values of each upstream not yet zipped.
        @usableFromInline
        struct Queues: JoinState {
            @usableFromInline var a = FIFOQueue<A.Output>()
            @usableFromInline var b = FIFOQueue<B.Output>()
            @usableFromInline var finished = ZipFinished()

            @inlinable
            init() {}

            @inlinable
            mutating func next() -> Output? {
                guard !a.isEmpty, !b.isEmpty else { return nil }
                return (a.popFirst()!, b.popFirst()!)
            }

            @inlinable
            var isExhausted: Bool { finished.contains(0, a.isEmpty) || finished.contains(1, b.isEmpty) }

            @inlinable
            mutating func finishes(afterUpstream index: Int, finished _: Int, of _: Int) -> Bool {
                finished.insert(index)
                return isExhausted
            }
        }
    }

    /// A publisher of triples: the oldest value not yet zipped of each of three upstreams, once
    /// all have one.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// A publisher of the triples of `a`'s, `b`'s and `c`'s values, in order; `zip(_:_:)`
        /// makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// As ``Publishers/Zip/receive(subscriber:)``, with three upstreams.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Queues>(subscriber, upstreams: 3, state: Queues(), description: "Zip")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { queues, value in queues.a.append(value.take()!); return queues.next() })
            b.subscribe(join.side(1) { queues, value in queues.b.append(value.take()!); return queues.next() })
            c.subscribe(join.side(2) { queues, value in queues.c.append(value.take()!); return queues.next() })
        }

        @usableFromInline
        struct Queues: JoinState {
            @usableFromInline var a = FIFOQueue<A.Output>()
            @usableFromInline var b = FIFOQueue<B.Output>()
            @usableFromInline var c = FIFOQueue<C.Output>()
            @usableFromInline var finished = ZipFinished()

            @inlinable
            init() {}

            @inlinable
            mutating func next() -> Output? {
                guard !a.isEmpty, !b.isEmpty, !c.isEmpty else { return nil }
                return (a.popFirst()!, b.popFirst()!, c.popFirst()!)
            }

            @inlinable
            var isExhausted: Bool {
                finished.contains(0, a.isEmpty) || finished.contains(1, b.isEmpty) || finished.contains(2, c.isEmpty)
            }

            @inlinable
            mutating func finishes(afterUpstream index: Int, finished _: Int, of _: Int) -> Bool {
                finished.insert(index)
                return isExhausted
            }
        }
    }

    /// A publisher of quadruples: the oldest value not yet zipped of each of four upstreams, once
    /// all have one.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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

        /// A publisher of the quadruples of `a`'s, `b`'s, `c`'s and `d`'s values, in order;
        /// `zip(_:_:_:)` makes one.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// As ``Publishers/Zip/receive(subscriber:)``, with four upstreams.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = JoinSubscription<S, Queues>(subscriber, upstreams: 4, state: Queues(), description: "Zip")
            subscriber.receive(subscription: join)
            a.subscribe(join.side(0) { queues, value in queues.a.append(value.take()!); return queues.next() })
            b.subscribe(join.side(1) { queues, value in queues.b.append(value.take()!); return queues.next() })
            c.subscribe(join.side(2) { queues, value in queues.c.append(value.take()!); return queues.next() })
            d.subscribe(join.side(3) { queues, value in queues.d.append(value.take()!); return queues.next() })
        }

        @usableFromInline
        struct Queues: JoinState {
            @usableFromInline var a = FIFOQueue<A.Output>()
            @usableFromInline var b = FIFOQueue<B.Output>()
            @usableFromInline var c = FIFOQueue<C.Output>()
            @usableFromInline var d = FIFOQueue<D.Output>()
            @usableFromInline var finished = ZipFinished()

            @inlinable
            init() {}

            @inlinable
            mutating func next() -> Output? {
                guard !a.isEmpty, !b.isEmpty, !c.isEmpty, !d.isEmpty else { return nil }
                return (a.popFirst()!, b.popFirst()!, c.popFirst()!, d.popFirst()!)
            }

            @inlinable
            var isExhausted: Bool {
                finished.contains(0, a.isEmpty) || finished.contains(1, b.isEmpty)
                    || finished.contains(2, c.isEmpty) || finished.contains(3, d.isEmpty)
            }

            @inlinable
            mutating func finishes(afterUpstream index: Int, finished _: Int, of _: Int) -> Bool {
                finished.insert(index)
                return isExhausted
            }
        }
    }
}

/// Which of a zip's upstreams have finished, as bits.
@usableFromInline
struct ZipFinished {
    @usableFromInline var bits = 0

    @inlinable
    mutating func insert(_ index: Int) {
        bits |= 1 << index
    }

    /// Whether upstream `index` has finished and its queue `isEmpty`: no tuple can be made again.
    @inlinable
    func contains(_ index: Int, _ isEmpty: Bool) -> Bool {
        isEmpty && bits & 1 << index != 0
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Pairs this publisher's values with `other`'s, in order: the first with the first, the
    /// second with the second, and so on. Finishes once an upstream has finished and all its
    /// values are paired; fails as soon as either fails. O(1) amortized per value.
    @inlinable
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// As `zip(_:)`, delivering `transform` of each pair.
    @inlinable
    public func zip<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Zips this publisher's values with those of two others, in order, as `zip(_:)` does.
    @inlinable
    public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q) -> Publishers.Zip3<Self, P, Q>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// As `zip(_:_:)`, delivering `transform` of each triple.
    @inlinable
    public func zip<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, publisher1, publisher2).map(transform)
    }

    /// Zips this publisher's values with those of three others, in order, as `zip(_:)` does.
    @inlinable
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R
    ) -> Publishers.Zip4<Self, P, Q, R> where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// As `zip(_:_:_:)`, delivering `transform` of each quadruple.
    @inlinable
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map(transform)
    }
}
#endif
