#if !canImport(Combine)
extension Publishers {
    /// A publisher that skips a number of values first.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        @inlinable
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "count must not be negative")
            self.upstream = upstream
            self.count = count
        }

        /// Each subscription skips its own first `count` values.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            var remaining = count
            return upstream.sink(receiveCompletion: receiveCompletion) { value in
                if remaining > 0 {
                    remaining -= 1
                } else {
                    receiveValue(value)
                }
            }
        }
    }
}

extension Publisher {
    /// Skips the first `count` values. O(1) per value.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}
#endif
