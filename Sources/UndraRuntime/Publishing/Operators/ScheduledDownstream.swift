#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The downstream end of an operator that delivers on a scheduler (`receive(on:)`, `debounce`,
/// `throttle`): the downstream subscriber and the operator's state, behind one lock.
///
/// Values travel through the state, never through the closures given to the scheduler, so an
/// operator needs no `Sendable` values. Cancelling lets the downstream and the state go at once:
/// a closure already scheduled then finds nothing to deliver (and a debounce scheduled a minute
/// ahead does not keep the subscriber's closures alive meanwhile).
///
/// Thread-safety: the upstream side calls ``update(_:)`` from its delivering thread; closures on
/// the scheduler call ``emit(_:)``; ``cancel()`` may come from anywhere. The downstream is called
/// outside the lock, only from ``emit(_:)``, so only from the scheduler, which must run one closure
/// at a time.
final class ScheduledDownstream<Downstream: Subscriber, State>: @unchecked Sendable {
    // @unchecked: everything mutable is in `guarded`, under its lock.
    typealias Event = ScheduledEvent<Downstream.Input, Downstream.Failure>

    private struct Guarded {
        /// nil once cancelled or completed.
        var downstream: Downstream?
        var state: State
    }

    private let guarded: Locked<Guarded>

    init(_ downstream: Downstream, state: State) {
        guarded = Locked(Guarded(downstream: downstream, state: state))
    }

    /// The downstream, unless the subscription has ended.
    var downstream: Downstream? {
        guarded.withLock { $0.downstream }
    }

    /// What `body` makes of the downstream (nil once ended) and the state, under the lock: for
    /// a mirror.
    func read<Result>(_ body: (Downstream?, State) -> Result) -> Result {
        guarded.withLock { body($0.downstream, $0.state) }
    }

    /// Runs `body` on the state and returns true, unless the subscription has ended.
    func update(_ body: (inout State) -> Void) -> Bool {
        guarded.withLock { guarded in
            guard guarded.downstream != nil else { return false }
            body(&guarded.state)
            return true
        }
    }

    /// On the scheduler: delivers the event that `pick` takes from the state, if any, unless the
    /// subscription has ended (a completion ends it). Returns the further demand the downstream
    /// asked for, for a value.
    @discardableResult
    func emit(_ pick: (inout State) -> Event?) -> Subscribers.Demand {
        let (event, downstream) = guarded.withLock { guarded -> (Event?, Downstream?) in
            guard let downstream = guarded.downstream, let event = pick(&guarded.state) else { return (nil, nil) }
            if case .completion = event { guarded.downstream = nil }
            return (event, downstream)
        }
        switch event {
        case .value(let value)?: return downstream?.receive(value) ?? .none
        case .completion(let completion)?: downstream?.receive(completion: completion)
        case nil: break
        }
        return .none
    }

    /// Ends the subscription: nothing more is delivered, and the downstream and the state go.
    func cancel() {
        // They leave the lock to be released: a release may run a deinit.
        let released = guarded.withLock { guarded in guarded.downstream.take() }
        withExtendedLifetime(released) {}
    }
}

/// What a ``ScheduledDownstream`` delivers.
enum ScheduledEvent<Output, Failure: Error> {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
}
#endif
