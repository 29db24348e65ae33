#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of an operator that may move to a new upstream when the current one fails
/// (`catch`, `tryCatch`, `retry`): the downstream sees one subscription and one count of demand,
/// whichever upstream is serving it.
///
/// Each upstream is numbered (its *generation*, 0 for the first); only the current one's events
/// count, so a late event of an upstream that was left behind is ignored. The downstream gets
/// this subscription when the first upstream subscribes; each later upstream is asked at once
/// for the demand not yet served.
///
/// A restart asked for while another one runs (an upstream that fails during its own
/// `subscribe`, as `Fail` does) is run by the thread already restarting, once its `subscribe`
/// returns: a `retry` of a publisher that fails at once loops instead of growing the stack.
///
/// Thread-safety: every method from any thread. No lock is held while the downstream, an
/// upstream or the operator's closures run. Complexity: O(1) per event.
final class RestartingSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, under its lock.
    private struct State {
        /// nil once completed or cancelled.
        var downstream: Downstream?
        var upstream: Subscription?
        var generation = 0
        /// What the downstream asked for and has not received yet.
        var demand = Subscribers.Demand.none
        var downstreamSubscribed = false
        /// A thread is running a restart's `subscribe`.
        var restarting = false
        /// A restart asked for meanwhile, for that thread to run next.
        var pendingRestart: ((Int) -> Void)?
    }

    private let state: Locked<State>
    let description: String

    init(_ downstream: Downstream, description: String) {
        state = Locked(State(downstream: downstream))
        self.description = description
    }

    /// The subscriber to put on upstream `generation`: its values and `.finished` go downstream;
    /// `failed` decides what its failure does (pass it on, or restart).
    func side<Failure: Error>(
        generation: Int, failed: @escaping (Failure) -> Void
    ) -> RestartingSide<Downstream.Input, Failure, Downstream> {
        RestartingSide(relay: self, generation: generation, failed: failed)
    }

    /// Upstream `generation` has subscribed: the first hands the downstream this subscription;
    /// a later one is asked for the demand not yet served.
    func receive(subscription: Subscription, generation: Int) {
        let accepted = state.withLock { state -> (first: Downstream?, demand: Subscribers.Demand)? in
            guard let downstream = state.downstream, state.generation == generation, state.upstream == nil
            else { return nil }
            state.upstream = subscription
            defer { state.downstreamSubscribed = true }
            return (state.downstreamSubscribed ? nil : downstream, state.demand)
        }
        guard let accepted else { return subscription.cancel() }
        if let first = accepted.first {
            first.receive(subscription: self)
        } else if accepted.demand > 0 {
            subscription.request(accepted.demand)
        }
    }

    /// A value from upstream `generation`; returns the downstream's further demand.
    func receive(_ input: Downstream.Input, generation: Int) -> Subscribers.Demand {
        let downstream = state.withLock { state -> Downstream? in
            guard state.generation == generation, let downstream = state.downstream else { return nil }
            state.demand -= 1
            return downstream
        }
        guard let downstream else { return .none }
        let more = downstream.receive(input)
        if more > 0 { state.withLock { $0.demand += more } }
        return more
    }

    /// Ends the downstream with `completion`, if upstream `generation` is the current one.
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>, generation: Int) {
        let ended = state.withLock { state -> (Downstream, Subscription?)? in
            guard state.generation == generation, let downstream = state.downstream.take() else { return nil }
            return (downstream, state.upstream.take())
        }
        guard let (downstream, _) = ended else { return }
        downstream.receive(completion: completion)
    }

    /// Leaves upstream `generation` (it has failed) for the next: `subscribe(next)` subscribes
    /// the new upstream with the generation `next`. Ignored if `generation` is not the current
    /// one, or the subscription has ended.
    func restart(after generation: Int, _ subscribe: @escaping (Int) -> Void) {
        // The failed upstream's subscription leaves the lock to be released (a release may run a
        // deinit).
        let (first, failed) = state.withLock { state -> ((Int, (Int) -> Void)?, Subscription?) in
            guard state.generation == generation, state.downstream != nil else { return (nil, nil) }
            state.generation += 1
            let failed = state.upstream.take()
            guard !state.restarting else {
                state.pendingRestart = subscribe
                return (nil, failed)
            }
            state.restarting = true
            return ((state.generation, subscribe), failed)
        }
        withExtendedLifetime(failed) {}
        var step = first
        while let (next, body) = step {
            body(next)
            step = state.withLock { state in
                guard let pending = state.pendingRestart.take(), state.downstream != nil else {
                    state.restarting = false
                    return nil
                }
                return (state.generation, pending)
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { state -> Subscription? in
            guard state.downstream != nil else { return nil }
            state.demand += demand
            return state.upstream
        }?.request(demand)
    }

    func cancel() {
        // All three leave the lock to be released; the upstream is cancelled.
        let (downstream, upstream, pending) = state.withLock { state in
            (state.downstream.take(), state.upstream.take(), state.pendingRestart.take())
        }
        upstream?.cancel()
        withExtendedLifetime((downstream, pending)) {}
    }

    /// Combine's children: none for `retry`; "downstream" and "demand" (what it asked for and
    /// has not received) for `catch` and `tryCatch`, read under the lock. The downstream shows
    /// as nil once the subscription has ended (Combine's keeps it).
    var customMirror: Mirror {
        guard description != "Retry" else { return Mirror(self, children: EmptyCollection<Mirror.Child>()) }
        let (downstream, demand) = state.withLock { ($0.downstream, $0.demand) }
        let shown: Any = if let downstream { downstream } else { downstream as Any }
        return Mirror(self, children: [("downstream", shown), ("demand", demand)])
    }
}

extension RestartingSubscription: CombineReflection {}

/// The subscriber a ``RestartingSubscription`` puts on one of its upstreams.
///
/// It reflects as its subscription, as Combine's subscribers for these operators do.
struct RestartingSide<Input, Failure: Error, Downstream: Subscriber>: Subscriber, CombineReflection
where Downstream.Input == Input {
    let relay: RestartingSubscription<Downstream>
    let generation: Int
    let failed: (Failure) -> Void
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: Subscription) {
        relay.receive(subscription: subscription, generation: generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        relay.receive(input, generation: generation)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: relay.complete(.finished, generation: generation)
        case .failure(let error): failed(error)
        }
    }

    var description: String { relay.description }

    var customMirror: Mirror { relay.customMirror }
}
#endif
