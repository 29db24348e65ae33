#if !canImport(Combine)
extension Publishers {
    /// A publisher that transforms each value and delivers the non-nil results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes the value to deliver from each upstream value, or nil to deliver nothing.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher of the non-nil results of `transform`; `compactMap(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to `upstream`, passing its completion through. O(1) per value, plus
        /// `transform`. Thread-safety: as the upstream's; the closures are called one at a time.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream.sink(receiveCompletion: receiveCompletion) { [transform] in
                if let output = transform($0) { receiveValue(output) }
            }
        }
    }
}

extension Publisher {
    /// Transforms each value with `transform` and delivers the results that are not nil. O(1) per
    /// value, plus `transform`.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}
#endif
