#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that transforms each value with a closure that may throw; a throw fails it.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes each value delivered from each upstream value, or throws to fail.
        public let transform: (Upstream.Output) throws -> Output

        /// A publisher of `transform` of each of `upstream`'s values; `tryMap(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes `subscriber` to `upstream` through the transform; demand passes straight
        /// through. When `transform` throws, the upstream subscription is cancelled and the
        /// subscriber fails with the error. O(1) per value, plus `transform`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber, transform: TryMapTransform(transform), failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publishers.TryMap {
    /// Transforms each value of this `tryMap` further: one `TryMap` with the two closures. O(1)
    /// per value, plus the closures.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        Publishers.TryMap(upstream: upstream) { [first = self.transform] in transform(try first($0)) }
    }

    /// Transforms each value of this `tryMap` further, with a closure that may throw: one
    /// `TryMap` with the two closures.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        Publishers.TryMap(upstream: upstream) { [first = self.transform] in try transform(try first($0)) }
    }
}

extension Publisher {
    /// Transforms each value with `transform`; when it throws, cancels the upstream subscription
    /// and fails with the error. O(1) per value, plus `transform`.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

/// `tryMap`'s step, and `encode`'s and `decode`'s: deliver the transform's result, or fail with
/// what it threw.
@usableFromInline
struct TryMapTransform<Input, Output>: ValueTransform {
    @usableFromInline typealias Failure = any Error
    @usableFromInline let name: String
    @usableFromInline let transform: (Input) throws -> Output
    /// `.empty` for `tryMap`, `.coder` for `encode` and `decode`, as in Combine.
    @usableFromInline let mirror: TransformMirror

    @inlinable
    init(name: String = "TryMap", mirror: TransformMirror = .empty, _ transform: @escaping (Input) throws -> Output) {
        self.name = name
        self.mirror = mirror
        self.transform = transform
    }

    @inlinable
    func apply(_ input: Input) -> TransformResult<Output, Failure> {
        TransformResult { .deliver(try transform(input)) }
    }
}
#endif
