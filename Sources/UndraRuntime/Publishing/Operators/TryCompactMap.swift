#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that transforms each value with a closure that may throw, and delivers the
    /// non-nil results; a throw fails it.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes the value to deliver, or nil to deliver nothing, or throws to fail.
        public let transform: (Upstream.Output) throws -> Output?

        /// A publisher of the non-nil results of `transform`; `tryCompactMap(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes `subscriber` to `upstream` through the transform; a nil result asks the
        /// upstream for one more value in its place; a throw cancels the upstream subscription
        /// and fails the subscriber with the error. O(1) per value, plus `transform`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: TryCompactMapTransform(transform),
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publishers.TryCompactMap {
    /// Transforms the results of this `tryCompactMap` further: one `TryCompactMap` with both
    /// closures.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
        Publishers.TryCompactMap(upstream: upstream) { [first = self.transform] in
            try first($0).flatMap(transform)
        }
    }
}

extension Publisher {
    /// Transforms each value with `transform` and delivers the results that are not nil; when it
    /// throws, cancels the upstream subscription and fails with the error. O(1) per value, plus
    /// `transform`.
    @inlinable
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

/// `tryCompactMap`'s step.
@usableFromInline
struct TryCompactMapTransform<Input, Output>: ValueTransform {
    @usableFromInline typealias Failure = any Error
    @usableFromInline let transform: (Input) throws -> Output?

    @inlinable
    init(_ transform: @escaping (Input) throws -> Output?) {
        self.transform = transform
    }

    @inlinable
    var name: String { "TryCompactMap" }

    @inlinable
    var mirror: TransformMirror { .downstream }

    @inlinable
    func apply(_ input: Input) -> TransformResult<Output, Failure> {
        TransformResult { try transform(input).map { .deliver($0) } ?? .skip }
    }
}
#endif
