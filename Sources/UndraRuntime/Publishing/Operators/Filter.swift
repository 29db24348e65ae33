#if !canImport(Combine)
extension Publishers {
    /// A publisher that delivers only the values that a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns true for the values to deliver.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` accepts; `filter(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes to `upstream`, passing its completion through. O(1) per value, plus the
        /// predicate. Thread-safety: as the upstream's; the closures are called one at a time.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream.sink(receiveCompletion: receiveCompletion) { [isIncluded] in
                if isIncluded($0) { receiveValue($0) }
            }
        }
    }
}

extension Publisher {
    /// Delivers only the values for which `isIncluded` returns true. O(1) per value, plus the
    /// predicate.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}
#endif
