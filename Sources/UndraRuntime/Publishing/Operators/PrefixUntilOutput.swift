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
    Subscription, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let serial: SerialDownstream<Downstream, Gate>

    private struct Gate {
        var upstream: Subscription?
        /// Asked for before the upstream's subscription came.
        var requested = Subscribers.Demand.none
        var other: Subscription?
        /// Triggered, completed or cancelled.
        var ended = false
    }

    init(downstream: Downstream) {
        serial = SerialDownstream(downstream, state: Gate())
    }

    /// The subscriber to put on the other publisher.
    var trigger: Trigger { Trigger(gate: self) }

    func receive(subscription: Subscription) {
        let demand = serial.withState { gate -> Subscribers.Demand? in
            guard !gate.ended, gate.upstream == nil else { return nil }
            gate.upstream = subscription
            return gate.requested
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        serial.send { _ in input }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let other = serial.withState { gate -> Subscription? in
            gate.ended = true
            gate.upstream = nil
            return gate.other.take()
        }
        other?.cancel()
        serial.complete(completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let uncovered = serial.request(demand)
        guard uncovered > 0 else { return }
        serial.withState { gate -> Subscription? in
            guard let upstream = gate.upstream else {
                gate.requested += uncovered
                return nil
            }
            return upstream
        }?.request(uncovered)
    }

    func cancel() {
        serial.cancel()
        let (upstream, other) = serial.withState { gate in
            gate.ended = true
            return (gate.upstream.take(), gate.other.take())
        }
        upstream?.cancel()
        other?.cancel()
    }

    var description: String { "PrefixUntilOutput" }

    // MARK: The other publisher

    fileprivate func receiveTrigger(subscription: Subscription) {
        let accepted = serial.withState { gate -> Bool in
            guard !gate.ended, gate.other == nil else { return false }
            gate.other = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    fileprivate func receiveTrigger() {
        let ended = serial.withState { gate -> (upstream: Subscription?, other: Subscription?)? in
            guard !gate.ended else { return nil }
            gate.ended = true
            return (gate.upstream.take(), gate.other.take())
        }
        guard let ended else { return }
        ended.upstream?.cancel()
        ended.other?.cancel()
        serial.complete(.finished)
    }

    fileprivate func receiveTriggerCompletion() {
        serial.withState { $0.other = nil }
    }

    /// The subscriber put on the other publisher.
    struct Trigger: Subscriber {
        let gate: PrefixUntilOutputSubscription
        var combineIdentifier: CombineIdentifier { gate.combineIdentifier }

        func receive(subscription: Subscription) {
            gate.receiveTrigger(subscription: subscription)
        }

        func receive(_ input: TriggerOutput) -> Subscribers.Demand {
            gate.receiveTrigger()
            return .none
        }

        func receive(completion: Subscribers.Completion<TriggerFailure>) {
            gate.receiveTriggerCompletion()
        }
    }
}
#endif
