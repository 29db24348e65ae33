#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The value `replaceEmpty` and `replaceError` deliver in place of their upstream's ending,
/// while it waits for the downstream's demand: it goes at once if the demand is there, otherwise
/// at the next request.
///
/// Thread-safety: every method from any thread, under the lock of `state`. A value taken out is
/// released by the caller, outside the lock, since a release may run a deinit.
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

    /// The replacement is not needed: returns it, to be released by the caller.
    func discard() -> Output? {
        state.withLock { $0.output.take() }
    }

    /// The replacement is due: returns it if `hasDemand` says the requests so far cover it, or
    /// keeps it for the next request (nil then, or if cancelled).
    func due(hasDemand: (Subscribers.Demand) -> Bool) -> Output? {
        state.withLock { state -> Output? in
            guard hasDemand(state.requested) else {
                state.due = true
                return nil
            }
            return state.output.take()
        }
    }

    /// Counts a request of `demand` (more than none): returns the replacement if it was waiting
    /// for one.
    func request(_ demand: Subscribers.Demand) -> Output? {
        state.withLock { state -> Output? in
            state.requested += demand
            guard state.due else { return nil }
            state.due = false
            return state.output.take()
        }
    }

    /// The subscription is cancelled: returns the replacement, to be released by the caller.
    func cancel() -> Output? {
        state.withLock { state -> Output? in
            state.due = false
            return state.output.take()
        }
    }
}

extension Subscriber {
    /// Delivers a replacement, then `.finished`.
    func receive(replacement: Input) {
        _ = receive(replacement)
        receive(completion: .finished)
    }
}
#endif
