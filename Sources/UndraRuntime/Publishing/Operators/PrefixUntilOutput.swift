#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's values until a second publisher delivers a
    /// value, then finishes.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are delivered.
        public let upstream: Upstream
        /// The publisher whose first value ends it.
        public let other: Other

        /// A publisher of `upstream`'s values until `other` delivers one;
        /// `prefix(untilOutputFrom:)` makes one.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Hands `subscriber` its subscription, then subscribes to `other`, asking it for one
        /// value, then to `upstream`, passing the subscriber's demand through. When `other`
        /// delivers, both subscriptions are cancelled and the subscriber finishes; `other`'s own
        /// completion changes nothing. O(1) amortized per value.
        ///
        /// Thread-safety: `other` may deliver while a value of `upstream` is being delivered on
        /// another thread; the subscriber still gets one call at a time, the completion last.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gate = PrefixUntilOutputSubscription<Other.Output, Other.Failure, S>(downstream: subscriber)
            subscriber.receive(subscription: gate)
            other.subscribe(gate.trigger)
            upstream.subscribe(gate)
        }
    }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Delivers values until `publisher` delivers one, then finishes (and ends the subscription to
    /// both). O(1) amortized per value.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

/// The subscription of `prefix(untilOutputFrom:)`, its subscriber on the upstream, and (through
/// `trigger`) on the other publisher. Values and the trigger's finish go out through a
/// ``SerialDownstream``, since the two publishers may deliver on two threads at once.
final class PrefixUntilOutputSubscription<TriggerOutput, TriggerFailure: Error, Downstream: Subscriber>: Subscriber,
    Subscription, TriggerReceiver, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let serial: SerialDownstream<Downstream, TriggerGate>

    init(downstream: Downstream) {
        serial = SerialDownstream(downstream, state: TriggerGate())
    }

    /// The subscriber to put on the other publisher.
    var trigger: TriggerSubscriber<TriggerOutput, PrefixUntilOutputSubscription> { TriggerSubscriber(receiver: self) }

    func receive(subscription: Subscription) {
        guard let demand = serial.withState({ $0.accept(upstream: subscription) }) else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        serial.send { _ in input }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        serial.withState { $0.end().other }?.cancel()
        serial.complete(completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let uncovered = serial.request(demand)
        guard uncovered > 0 else { return }
        serial.withState { $0.request(uncovered) }?.request(uncovered)
    }

    func cancel() {
        serial.cancel()
        let (upstream, other) = serial.withState { $0.end() }
        upstream?.cancel()
        other?.cancel()
    }

    var description: String { "PrefixUntilOutput" }

    // MARK: The other publisher

    func receiveTrigger(subscription: Subscription) {
        guard serial.withState({ $0.accept(other: subscription) }) else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    func receiveTrigger() {
        let ended = serial.withState { gate -> (upstream: Subscription?, other: Subscription?)? in
            guard !gate.ended else { return nil }
            return gate.end()
        }
        guard let ended else { return }
        ended.upstream?.cancel()
        ended.other?.cancel()
        serial.complete(.finished)
    }

    func receiveTrigger(completion: Subscribers.Completion<TriggerFailure>) {
        serial.withState { $0.other = nil }
    }
}
#endif
