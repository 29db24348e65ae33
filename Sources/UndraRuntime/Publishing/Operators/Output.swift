#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers the values at positions `range` (counted from 0), then
    /// finishes and ends its upstream subscription. `prefix(n)` is the range `0..<n`.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are taken.
        public let upstream: Upstream
        /// The positions of the values to deliver.
        public let range: CountableRange<Int>

        /// A publisher of `upstream`'s values at positions `range`; `prefix(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "range must not start below 0")
            self.upstream = upstream
            self.range = range
        }

        /// Subscribes `subscriber` to `upstream`; finishes, and cancels the upstream
        /// subscription, after the last position of `range` (at once for an empty range). O(1)
        /// per value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, range: range))
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
            @usableFromInline let range: CountableRange<Int>
            @usableFromInline let upstream = UpstreamSubscription()
            /// The position of the next value. Only the `receive` calls touch it, and the
            /// upstream never overlaps those.
            @exclusivity(unchecked) @usableFromInline var position = 0

            @inlinable
            init(downstream: Downstream, range: CountableRange<Int>) {
                self.downstream = downstream
                self.range = range
                assertAtomicWordsComeFirst(self, &requestedWord)
            }

            @usableFromInline
            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                guard range.isEmpty else { return downstream.receive(subscription: self) }
                upstream.cancel()
                downstream.receive(subscription: Subscriptions.empty)
                downstream.receive(completion: .finished)
            }

            @inlinable
            func receive(_ input: Output) -> Subscribers.Demand {
                guard position < range.upperBound else { return .none }
                let index = position
                position += 1
                // Values before the range were asked for on top of the downstream's demand.
                let demand = index >= range.lowerBound ? downstream.receive(input) : .none
                guard position < range.upperBound else {
                    upstream.cancel()
                    downstream.receive(completion: .finished)
                    return .none
                }
                return demand
            }

            @usableFromInline
            func receive(completion: Subscribers.Completion<Failure>) {
                guard position < range.upperBound else { return }
                position = range.upperBound
                upstream.release()
                downstream.receive(completion: completion)
            }

            @usableFromInline
            func request(_ demand: Subscribers.Demand) {
                let first = !requested.exchange(true, ordering: .relaxed)
                upstream.request(first ? demand + range.lowerBound : demand)
            }

            @usableFromInline
            func cancel() {
                upstream.cancel()
            }

            /// Combine's name for it.
            @usableFromInline
            var description: String { "Output" }
        }
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers the first `maxLength` values, then finishes (and ends the upstream
    /// subscription). O(1) per value.
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Delivers the value at position `index` (counted from 0), then finishes (and ends the
    /// upstream subscription); finishes with no value if the upstream finishes first. The
    /// upstream is asked for the values before it along with the subscriber's first request.
    /// O(1) per value.
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index...index)
    }

    /// Delivers the values at the positions in `range` (counted from 0), then finishes (and ends
    /// the upstream subscription). The upstream is asked for the values before the range along
    /// with the subscriber's first request. O(1) per value.
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers.Output.Inner: ChildlessCombineReflection {}
#endif
