#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's values while a predicate accepts them, and
    /// finishes at the first it rejects.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are taken.
        public let upstream: Upstream
        /// Returns true for the values to deliver, until it first returns false.
        public let predicate: (Output) -> Bool

        /// A publisher of `upstream`'s values before the first that `predicate` rejects;
        /// `prefix(while:)` makes one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes `subscriber` to `upstream`; demand passes straight through. At the first
        /// value the predicate rejects (which is not delivered), cancels the upstream subscription
        /// and finishes. O(1) per value, plus the predicate.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: WhileTransform<Output, Failure>(name: "PrefixWhile", .prefix) { .success(predicate($0)) },
                failure: { $0 }))
        }
    }

    /// A publisher that delivers its upstream's values while a predicate that may throw accepts
    /// them, and finishes at the first it rejects; a throw fails it.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher whose first values are taken.
        public let upstream: Upstream
        /// Returns true for the values to deliver, until it first returns false; or throws to
        /// fail.
        public let predicate: (Output) throws -> Bool

        /// A publisher of `upstream`'s values before the first that `predicate` rejects;
        /// `tryPrefix(while:)` makes one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``PrefixWhile/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: WhileTransform<Output, any Error>(name: "TryPrefixWhile", .prefix) { value in
                    Result { try predicate(value) }
                },
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publisher {
    /// Delivers values while `predicate` returns true; at the first it rejects, finishes (and
    /// ends the subscription to this publisher). O(1) per value, plus the predicate.
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// As `prefix(while:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    @inlinable
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}
#endif
