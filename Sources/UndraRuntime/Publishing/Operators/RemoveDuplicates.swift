#if !canImport(Combine)
extension Publishers {
    /// A publisher that skips a value equivalent to the one it delivered last.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeated values are skipped.
        public let upstream: Upstream
        /// Returns true when its two arguments are equivalent (the later one is then skipped).
        public let predicate: (Output, Output) -> Bool

        /// A publisher of `upstream`'s values, less those `predicate` finds equivalent to the
        /// last one delivered; `removeDuplicates()` and `removeDuplicates(by:)` make one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes to `upstream`; each subscription compares against its own last value.
        /// O(1) per value, plus the predicate. Thread-safety: as the upstream's; the closures are
        /// called one at a time.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            var last: Output?
            return upstream.sink(receiveCompletion: receiveCompletion) { [predicate] value in
                if let last, predicate(last, value) { return }
                last = value
                receiveValue(value)
            }
        }
    }
}

extension Publisher where Output: Equatable {
    /// Skips a value equal to the previous one delivered. O(1) per value, plus `==`.
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}

extension Publisher {
    /// Skips a value for which `predicate(previous, value)` is true, where `previous` is the
    /// last value delivered. O(1) per value, plus the predicate.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}
#endif
