#if !canImport(Combine) || UNDRA_COMBINE_MODULE
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

        /// Subscribes `subscriber` to `upstream`; each subscription skips its own first `count`
        /// values, and asks the upstream for that many more with the downstream's first request.
        /// O(1) per value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, count: count))
        }

        /// `sink` after the skipped values: the upstream's own `sink` path, with a composed
        /// closure that counts them (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            var remaining = count
            return upstream._sink(receiveCompletion: receiveCompletion) { value in
                if remaining > 0 {
                    remaining -= 1
                } else {
                    receiveValue(value)
                }
            }
        }

        /// The subscriber it puts between `upstream` and the downstream, and the subscription it
        /// hands the downstream.
        @usableFromInline
        final class Inner<Downstream: Subscriber>: Subscriber, Subscription
        where Downstream.Input == Output, Downstream.Failure == Failure {
            /// The word behind `requested`, first in the object (`AtomicWord`).
            @usableFromInline var requestedWord = 0
            @inlinable var requested: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
            @usableFromInline let downstream: Downstream
            @usableFromInline let count: Int
            @usableFromInline let upstream = UpstreamSubscription()
            /// Only `receive(_:)` touches it, and the upstream never overlaps those calls.
            @exclusivity(unchecked) @usableFromInline var remaining: Int

            @inlinable
            init(downstream: Downstream, count: Int) {
                self.downstream = downstream
                self.count = count
                remaining = count
                assertAtomicWordsComeFirst(self, &requestedWord)
            }

            @usableFromInline
            func receive(subscription: Subscription) {
                if upstream.set(subscription) { downstream.receive(subscription: self) }
            }

            @inlinable
            func receive(_ input: Output) -> Subscribers.Demand {
                if remaining > 0 {
                    remaining -= 1
                    return .none
                }
                return downstream.receive(input)
            }

            @usableFromInline
            func receive(completion: Subscribers.Completion<Failure>) {
                upstream.release()
                downstream.receive(completion: completion)
            }

            @usableFromInline
            func request(_ demand: Subscribers.Demand) {
                let first = !requested.exchange(true, ordering: .relaxed)
                upstream.request(first ? demand + count : demand)
            }

            @usableFromInline
            func cancel() {
                upstream.cancel()
            }

            /// Combine's name for it.
            @usableFromInline
            var description: String { "Drop" }
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

extension Publishers.Drop.Inner: ChildlessCombineReflection {}
#endif
