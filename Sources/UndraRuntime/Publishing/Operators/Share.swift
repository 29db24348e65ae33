#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that shares one subscription to its upstream among all its subscribers, as
    /// in Combine: a multicast through a `PassthroughSubject`, connected while anyone is
    /// subscribed.
    ///
    /// A class, compared by identity, as in Combine. Its subject lives as long as it does: once
    /// the upstream has completed, later subscribers get the completion at once; if every
    /// subscriber cancels first, the next one subscribes to the upstream again.
    ///
    /// Thread-safety: subscribe and cancel from any thread. Complexity: a value costs what a
    /// subject's send costs (a `sink` gets the subject's direct path).
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher shared.
        public let upstream: Upstream

        @usableFromInline let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// A publisher that shares `upstream`; `share()` makes one.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            inner = Autoconnect(upstream: Multicast(upstream: upstream, createSubject: { PassthroughSubject() }))
        }

        /// Subscribes `subscriber` to the shared subject, connecting it to the upstream if it is
        /// the first.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.receive(subscriber: subscriber)
        }

        /// `sink` on the shared subject's direct path.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            inner._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Whether the two are the same instance.
        @inlinable
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publishers.Share: Sendable where Upstream: Sendable, Upstream.Output: Sendable {}

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers, as in Combine: the
    /// first subscriber starts it, the last cancel ends it. A value reaches the subscribers that
    /// are there when it comes.
    @inlinable
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}
#endif
