#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The value `replaceEmpty` and `replaceError` deliver in place of their upstream's ending,
/// while it waits for the downstream's demand: it goes at once if the demand is there, otherwise
/// at the next request.
///
/// Thread-safety: every method from any thread; the state is under a lock, released before the
/// replacement is delivered or dropped (a release may run a deinit).
struct PendingReplacement<Output> {
    private let state: Locked<State>

    private struct State {
        var output: Output?
        /// What the downstream has asked for.
        var requested = Subscribers.Demand.none
        /// The replacement is due: it goes at the next request.
        var due = false
    }

    init(_ output: Output) {
        state = Locked(State(output: output))
    }

    /// The replacement will not be delivered: drops it, outside the lock.
    func discard() {
        let dropped = state.withLock { state -> Output? in
            state.due = false
            return state.output.take()
        }
        withExtendedLifetime(dropped) {}
    }

    /// The replacement is due: delivers it to `downstream`, then `.finished`, if `hasDemand`
    /// says the requests so far cover it, or keeps it for the next request.
    func deliverWhenDue<S: Subscriber>(to downstream: S, hasDemand: (Subscribers.Demand) -> Bool) where S.Input == Output {
        let output = state.withLock { state -> Output? in
            guard hasDemand(state.requested) else {
                state.due = true
                return nil
            }
            return state.output.take()
        }
        // None: it goes at the next request (or the subscription was cancelled).
        if let output { Self.deliver(output, to: downstream) }
    }

    /// The downstream asks for `demand` (more than none): delivers the replacement if it was
    /// waiting for a request, or passes the request on to `upstream`.
    func request<S: Subscriber>(_ demand: Subscribers.Demand, upstream: UpstreamSubscription, downstream: S)
    where S.Input == Output {
        let output = state.withLock { state -> Output? in
            state.requested += demand
            guard state.due else { return nil }
            state.due = false
            return state.output.take()
        }
        guard let output else { return upstream.request(demand) }
        Self.deliver(output, to: downstream)
    }


    private static func deliver<S: Subscriber>(_ output: Output, to downstream: S) where S.Input == Output {
        _ = downstream.receive(output)
        downstream.receive(completion: .finished)
    }
}
#endif
