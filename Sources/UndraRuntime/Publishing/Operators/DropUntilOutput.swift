#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that skips its upstream's values until a second publisher delivers a value.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are skipped, then delivered.
        public let upstream: Upstream
        /// The publisher whose first value opens the way.
        public let other: Other

        /// A publisher of `upstream`'s values from the moment `other` delivers one;
        /// `drop(untilOutputFrom:)` makes one.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Hands `subscriber` its subscription, then subscribes to `other`, asking it for one
        /// value, then to `upstream`, passing the subscriber's demand straight through. Values
        /// before `other`'s first are skipped and, as Apple documents, count against that demand.
        /// When `other` delivers, its subscription is cancelled; if it completes first, the
        /// subscriber gets that completion and the upstream subscription is cancelled. O(1) per
        /// value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gate = DropUntilOutputSubscription<Other.Output, S>(downstream: subscriber)
            subscriber.receive(subscription: gate)
            other.subscribe(gate.trigger)
            upstream.subscribe(gate)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Skips values until `publisher` delivers one, then delivers every value. If `publisher`
    /// completes without a value, completes the same way. O(1) per value.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P.Failure == Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

/// The subscription of `drop(untilOutputFrom:)`, its subscriber on the upstream, and (through
/// `trigger`) on the other publisher.
///
/// Thread-safety: every method from any thread; the state is under a lock, released while the
/// downstream and the upstreams are called. Before the trigger only completions reach the
/// downstream, and the first one ends everything, so no two calls to it overlap.
final class DropUntilOutputSubscription<TriggerOutput, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let state = Locked(Gate())

    private struct Gate {
        var upstream: Subscription?
        /// Asked for before the upstream's subscription came.
        var requested = Subscribers.Demand.none
        var other: Subscription?
        var open = false
        /// Completed or cancelled.
        var ended = false
    }

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// The subscriber to put on the other publisher.
    var trigger: Trigger { Trigger(gate: self) }

    func receive(subscription: Subscription) {
        let demand = state.withLock { gate -> Subscribers.Demand? in
            guard !gate.ended, gate.upstream == nil else { return nil }
            gate.upstream = subscription
            return gate.requested
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // Skipped values are not replaced: they count against the demand, as Apple documents.
        guard state.withLock({ $0.open && !$0.ended }) else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let other = state.withLock { gate -> Subscription?? in
            guard !gate.ended else { return nil }
            gate.ended = true
            gate.upstream = nil
            return .some(gate.other.take())
        }
        guard let other else { return }
        other?.cancel()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { gate -> Subscription? in
            guard !gate.ended else { return nil }
            guard let upstream = gate.upstream else {
                gate.requested += demand
                return nil
            }
            return upstream
        }?.request(demand)
    }

    func cancel() {
        let (upstream, other) = state.withLock { gate in
            gate.ended = true
            return (gate.upstream.take(), gate.other.take())
        }
        upstream?.cancel()
        other?.cancel()
    }

    var description: String { "DropUntilOutput" }

    // MARK: The other publisher

    fileprivate func receiveTrigger(subscription: Subscription) {
        let accepted = state.withLock { gate -> Bool in
            guard !gate.ended, !gate.open, gate.other == nil else { return false }
            gate.other = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    fileprivate func receiveTrigger() {
        let other = state.withLock { gate -> Subscription? in
            gate.open = true
            return gate.other.take()
        }
        other?.cancel()
    }

    fileprivate func receiveTrigger(completion: Subscribers.Completion<Failure>) {
        let upstream = state.withLock { gate -> Subscription?? in
            gate.other = nil
            guard !gate.open, !gate.ended else { return nil }
            gate.ended = true
            return .some(gate.upstream.take())
        }
        guard let upstream else { return }
        upstream?.cancel()
        downstream.receive(completion: completion)
    }

    /// The subscriber put on the other publisher.
    struct Trigger: Subscriber {
        let gate: DropUntilOutputSubscription
        var combineIdentifier: CombineIdentifier { gate.combineIdentifier }

        func receive(subscription: Subscription) {
            gate.receiveTrigger(subscription: subscription)
        }

        func receive(_ input: TriggerOutput) -> Subscribers.Demand {
            gate.receiveTrigger()
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            gate.receiveTrigger(completion: completion)
        }
    }
}
#endif
