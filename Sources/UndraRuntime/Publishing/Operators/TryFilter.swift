#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers only the values that a predicate accepts; the predicate may
    /// throw, which fails it.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns true for the values to deliver, or throws to fail.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` accepts; `tryFilter(_:)` makes
        /// one.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes `subscriber` to `upstream` through the predicate; a rejected value asks the
        /// upstream for one more in its place; a throw cancels the upstream subscription and
        /// fails the subscriber with the error. O(1) per value, plus the predicate.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber, transform: TryFilterTransform(isIncluded),
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publishers.TryFilter {
    /// Filters the values of this `tryFilter` further: one `TryFilter` with both predicates.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        Publishers.TryFilter(upstream: upstream) { [first = self.isIncluded] in try first($0) && isIncluded($0) }
    }

    /// Filters the values of this `tryFilter` further, with a predicate that may throw: one
    /// `TryFilter` with both predicates.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        Publishers.TryFilter(upstream: upstream) { [first = self.isIncluded] in try first($0) && isIncluded($0) }
    }
}

extension Publisher {
    /// Delivers only the values for which `isIncluded` returns true; when it throws, cancels the
    /// upstream subscription and fails with the error. O(1) per value, plus the predicate.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

/// `tryFilter`'s step.
@usableFromInline
struct TryFilterTransform<Input>: ValueTransform {
    @usableFromInline typealias Output = Input
    @usableFromInline typealias Failure = any Error
    @usableFromInline let isIncluded: (Input) throws -> Bool

    @inlinable
    init(_ isIncluded: @escaping (Input) throws -> Bool) {
        self.isIncluded = isIncluded
    }

    @inlinable
    var name: String { "TryFilter" }

    @inlinable
    var mirror: TransformMirror { .downstream }

    @inlinable
    func apply(_ input: Input) -> TransformResult<Input, Failure> {
        TransformResult { try isIncluded(input) ? .deliver(input) : .skip }
    }
}
#endif
