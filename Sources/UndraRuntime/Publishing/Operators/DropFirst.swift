#if !canImport(Combine)
extension Publishers {
    /// A publisher that skips a number of values first.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are skipped.
        public let upstream: Upstream
        /// How many values each subscription skips.
        public let count: Int

        /// A publisher of `upstream`'s values after the first `count`; `dropFirst(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "count must not be negative")
            self.upstream = upstream
            self.count = count
        }

        /// Subscribes to `upstream`; each subscription skips its own first `count` values. O(1)
        /// per value. Thread-safety: as the upstream's; the closures are called one at a time.
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
