#if !canImport(Combine)
extension Publishers {
    /// A publisher that delivers only the values that a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

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
