#if !canImport(Combine)
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

        /// Subscribes to `a`, then `b`. O(1) per value. Thread-safety: `a` and `b` may deliver on
        /// different threads at once; the closures are still called one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping ((A.Output, B.Output)) -> Void
        ) -> AnyCancellable {
            var latestA: A.Output?
            var latestB: B.Output?
            return subscribeJointly(
                to: a, and: b,
                receiveCompletion: receiveCompletion,
                receiveA: { value in
                    latestA = value
                    if let latestB { receiveValue((value, latestB)) }
                },
                receiveB: { value in
                    latestB = value
                    if let latestA { receiveValue((latestA, value)) }
                })
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
