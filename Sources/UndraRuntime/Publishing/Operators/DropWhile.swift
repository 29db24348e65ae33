#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that skips its upstream's values while a predicate accepts them, then delivers
    /// every value.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are skipped.
        public let upstream: Upstream
        /// Returns true for the values to skip, until it first returns false.
        public let predicate: (Output) -> Bool

        /// A publisher of `upstream`'s values from the first that `predicate` rejects;
        /// `drop(while:)` makes one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes `subscriber` to `upstream`; each skipped value asks the upstream for one
        /// more in its place; once a value is delivered, the predicate is not called again. O(1)
        /// per value, plus the predicate while skipping.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: WhileTransform<Output, Failure>(name: "DropWhile", .drop) { .success(predicate($0)) },
                failure: { $0 }))
        }
    }

    /// A publisher that skips its upstream's values while a predicate that may throw accepts
    /// them, then delivers every value; a throw fails it.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher whose first values are skipped.
        public let upstream: Upstream
        /// Returns true for the values to skip, until it first returns false; or throws to fail.
        public let predicate: (Output) throws -> Bool

        /// A publisher of `upstream`'s values from the first that `predicate` rejects;
        /// `tryDrop(while:)` makes one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// As ``DropWhile/receive(subscriber:)``; when the predicate throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: WhileTransform<Output, any Error>(name: "TryDropWhile", .drop) { value in
                    Result { try predicate(value) }
                },
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publisher {
    /// Skips values while `predicate` returns true, then delivers every value from the first it
    /// rejects. O(1) per value, plus the predicate while skipping.
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// As `drop(while:)`, with a predicate that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    @inlinable
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}
#endif
