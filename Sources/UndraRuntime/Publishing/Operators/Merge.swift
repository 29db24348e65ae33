#if !canImport(Combine)
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

        /// Subscribes to `a`, then `b`. O(1) per value. Thread-safety: `a` and `b` may deliver on
        /// different threads at once; the closures are still called one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribeJointly(
                to: a, and: b, receiveCompletion: receiveCompletion, receiveA: receiveValue, receiveB: receiveValue)
        }
    }
}

extension Publisher {
    /// Delivers the values of this publisher and `other` as they come, one at a time even when
    /// they come from two threads at once. Finishes when both finish; fails as soon as either
    /// fails. O(1) per value.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}
#endif
