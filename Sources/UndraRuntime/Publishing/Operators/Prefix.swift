#if !canImport(Combine)
extension Publishers {
    /// A publisher that delivers the values at positions `range` (counted from 0), then
    /// finishes and ends its upstream subscription. `prefix(n)` is the range `0..<n`.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are taken.
        public let upstream: Upstream
        /// The positions of the values to deliver.
        public let range: Range<Int>

        /// A publisher of `upstream`'s values at positions `range`; `prefix(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, range: Range<Int>) {
            precondition(range.lowerBound >= 0, "range must not start below 0")
            self.upstream = upstream
            self.range = range
        }

        /// Subscribes to `upstream`; finishes, and cancels the upstream subscription, after the
        /// last position of `range`. O(1) per value. Thread-safety: as the upstream's; the
        /// closures are called one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            guard !range.isEmpty else {
                receiveCompletion(.finished)
                return AnyCancellable {}
            }
            // Delivery is serial, so `position` needs no lock. `subscription` does: the upstream
            // may finish us before its `sink` returns (a CurrentValueSubject's first value).
            let subscription = SubscriptionGroup()
            var position = 0
            let range = range
            subscription.add(upstream.sink(
                receiveCompletion: { completion in
                    if position < range.upperBound { receiveCompletion(completion) }
                },
                receiveValue: { value in
                    guard position < range.upperBound else { return }
                    if range.contains(position) { receiveValue(value) }
                    position += 1
                    if position == range.upperBound {
                        receiveCompletion(.finished)
                        subscription.cancel()
                    }
                }))
            return AnyCancellable(subscription)
        }
    }
}

extension Publisher {
    /// Delivers the first `maxLength` values, then finishes (and ends the upstream
    /// subscription). O(1) per value.
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }
}
#endif
