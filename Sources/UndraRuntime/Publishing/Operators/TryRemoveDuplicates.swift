#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that skips a value equivalent to the one it delivered last, by a predicate
    /// that may throw; a throw fails it.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher whose repeated values are skipped.
        public let upstream: Upstream
        /// Returns true when its two arguments are equivalent (the later one is then skipped), or
        /// throws to fail.
        public let predicate: (Output, Output) throws -> Bool

        /// A publisher of `upstream`'s values, less those `predicate` finds equivalent to the
        /// last one delivered; `tryRemoveDuplicates(by:)` makes one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes `subscriber` to `upstream`; each subscription compares against its own last
        /// value, a skipped value asks the upstream for one more in its place, and a throw cancels
        /// the upstream subscription and fails the subscriber with the error. O(1) per value,
        /// plus the predicate.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber, transform: TryRemoveDuplicatesTransform(predicate),
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publisher {
    /// Skips a value for which `predicate(previous, value)` is true, where `previous` is the last
    /// value delivered; when the predicate throws, cancels the upstream subscription and fails
    /// with the error. O(1) per value, plus the predicate.
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

/// `tryRemoveDuplicates`'s step: the last value delivered.
@usableFromInline
struct TryRemoveDuplicatesTransform<Input>: ValueTransform {
    @usableFromInline typealias Output = Input
    @usableFromInline typealias Failure = any Error
    @usableFromInline let predicate: (Input, Input) throws -> Bool
    @usableFromInline var last: Input?

    @inlinable
    init(_ predicate: @escaping (Input, Input) throws -> Bool) {
        self.predicate = predicate
    }

    @inlinable
    var name: String { "TryRemoveDuplicates" }

    @inlinable
    var mirror: TransformMirror { .removeDuplicates(last: last as Any) }

    @inlinable
    mutating func apply(_ input: Input) -> TransformResult<Input, Failure> {
        do {
            if let last, try predicate(last, input) { return .skip }
        } catch {
            return .fail(error)
        }
        last = input
        return .deliver(input)
    }
}
#endif
