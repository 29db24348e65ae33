#if !canImport(Combine)
extension Publishers {
    /// A publisher that transforms each value with a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// Makes each value delivered from each upstream value.
        public let transform: (Upstream.Output) -> Output

        /// A publisher of `transform` of each of `upstream`'s values; `map(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
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
            upstream.sink(receiveCompletion: receiveCompletion) { [transform] in receiveValue(transform($0)) }
        }
    }
}

extension Publisher {
    /// Transforms each value with `transform`. O(1) per value, plus `transform`.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}
#endif
