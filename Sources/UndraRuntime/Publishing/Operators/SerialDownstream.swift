#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The downstream end of an operator whose values come from several threads at once (`merge`,
/// `combineLatest`): values go in from anywhere, and come out one at a time, in the order they
/// went in, never beyond the downstream's demand, and with no lock held while the downstream runs.
///
/// The operator's own state (`State`) sits under the same lock as the queue, so that computing a
/// value from the state and queueing it is one step: values cannot overtake one another.
///
/// How: like a subject's delivery, one thread at a time delivers. A thread that brings work while
/// nobody delivers becomes the deliverer and drains the queue (as far as demand allows) before it
/// returns; a thread that finds someone delivering leaves its value in the queue for them.
///
/// Thread-safety: every method from any thread. Complexity: O(1) amortized per value.
@usableFromInline
final class SerialDownstream<Downstream: Subscriber, State>: @unchecked Sendable {
    // @unchecked: all mutable state is in `guarded`, under its lock; `downstream` is called only
    // by the thread that holds `delivering`.
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Completion = Subscribers.Completion<Downstream.Failure>

    @usableFromInline let downstream: Downstream
    @usableFromInline let guarded: WordLocked<Guarded>

    @usableFromInline
    struct Guarded {
        @usableFromInline var state: State
        @usableFromInline var demand = Subscribers.Demand.none
        /// Values waiting for demand or for the deliverer.
        @usableFromInline var queue = FIFOQueue<Input>()
        /// A completion waiting for the values before it (a failure waits for none).
        @usableFromInline var completion: Completion?
        @usableFromInline var delivering = false
        /// Completed or cancelled: nothing more goes out, and nothing more comes in.
        @usableFromInline var done = false

        @inlinable
        init(state: State) {
            self.state = state
        }

        @inlinable
        var queued: Int { queue.count }

        /// Adds `more` to the demand; returns how much of it the queue leaves uncovered (values
        /// the upstreams must still be asked for). Counted against the demand already there, not
        /// `more` alone: a queued value that the demand before already covered does not cover
        /// `more`.
        @inlinable
        mutating func add(_ more: Subscribers.Demand) -> Subscribers.Demand {
            let uncoveredBefore = demand - queued
            demand += more
            return (demand - queued) - uncoveredBefore
        }

        /// Takes `value` in, after those queued: to be delivered by this thread now, if nobody
        /// is delivering and nothing waits before it (the common case: no queue, one lock less
        /// per value), else queued, for this thread or for the one delivering.
        @inlinable
        mutating func admit(_ value: Input) -> Start {
            if delivering {
                queue.append(value)
                return .nothing
            }
            delivering = true
            if queued == 0, demand > 0 {
                demand -= 1
                return .value(value)
            }
            queue.append(value)
            return .queue
        }

        /// The next thing the deliverer does, or nil (then it stops delivering).
        @inlinable
        mutating func next() -> Delivery? {
            if demand > 0, !done, let value = queue.popFirst() {
                demand -= 1
                return .value(value)
            }
            if queued == 0, let completion = completion.take() {
                done = true
                return .completion(completion)
            }
            delivering = false
            return nil
        }
    }

    /// What a thread that brought a value does next.
    @usableFromInline
    enum Start {
        /// Nothing: the value was refused or queued for the thread delivering.
        case nothing
        /// It delivers this value, then the queue: it took over the delivery.
        case value(Input)
        /// It delivers the queue, where its value waits.
        case queue
    }

    @usableFromInline
    enum Delivery {
        case value(Input)
        case completion(Completion)
    }

    @inlinable
    init(_ downstream: Downstream, state: State) {
        self.downstream = downstream
        guarded = WordLocked(Guarded(state: state))
    }

    /// Runs `body` on the operator's state, under the lock. Call no user code from it.
    @inlinable
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        guarded.withLock { body(&$0.state) }
    }

    /// Runs `body` on the operator's state and the number of values waiting, under the lock.
    @inlinable
    func withState<Result>(_ body: (inout State, _ queued: Int) -> Result) -> Result {
        guarded.withLock { body(&$0.state, $0.queued) }
    }

    // `send`, `offer` and `request` return the demand the downstream added meanwhile (through
    // what its `receive(_:)` returned) beyond the values queued: what the operator should ask its
    // upstreams for, once this thread has stopped delivering.

    /// Under the lock, `update` changes the state and may make a value: it is delivered after the
    /// values already queued, now if this thread can, or by the thread delivering. Ignored once
    /// completed or cancelled.
    @discardableResult
    @inlinable
    func send(_ update: (inout State) -> Input?) -> Subscribers.Demand {
        send { state, _, _ in update(&state) }
    }

    /// As `send(_:)`, for an operator that bounds the queue (`buffer`): `update` also gets the
    /// values waiting, which it may take from (keeping what it takes in its own captures, to be
    /// released after unlocking), and the demand not yet used.
    @discardableResult
    @inlinable
    func send(_ update: (inout State, inout FIFOQueue<Input>, Subscribers.Demand) -> Input?) -> Subscribers.Demand {
        let start = guarded.withLock { guarded -> Start in
            guard !guarded.done, guarded.completion == nil,
                let value = update(&guarded.state, &guarded.queue, guarded.demand)
            else { return .nothing }
            return guarded.admit(value)
        }
        return deliver(start)
    }

    /// Delivers `value` after those queued if the downstream has demand left for it; otherwise
    /// drops it (for sources that cannot wait, such as notifications).
    @discardableResult
    @inlinable
    func offer(_ value: Input) -> Subscribers.Demand {
        let start = guarded.withLock { guarded -> Start in
            guard !guarded.done, guarded.completion == nil, guarded.demand > guarded.queued else { return .nothing }
            return guarded.admit(value)
        }
        return deliver(start)
    }

    /// Completes the downstream: a failure as soon as the value being delivered is done (the
    /// queued ones are dropped), `.finished` after the queued values. Only the first counts.
    @inlinable
    func complete(_ completion: Completion) {
        let (start, dropped) = guarded.withLock { guarded -> (Bool, FIFOQueue<Input>) in
            guard !guarded.done, guarded.completion == nil else { return (false, FIFOQueue()) }
            var dropped = FIFOQueue<Input>()
            if case .failure = completion { dropped = guarded.queue.removeAll() }
            guarded.completion = completion
            guard !guarded.delivering else { return (false, dropped) }
            guarded.delivering = true
            return (true, dropped)
        }
        withExtendedLifetime(dropped) {}
        // Nothing comes from the upstreams after a completion: the demand is not asked of them.
        if start { _ = deliver() }
    }

    /// Adds `demand`, and delivers what it lets out of the queue. Returns the part of `demand`
    /// that the queue does not cover: what the operator should ask its upstreams for.
    @inlinable
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        let (uncovered, start) = guarded.withLock { guarded -> (Subscribers.Demand, Bool) in
            guard !guarded.done else { return (.none, false) }
            let uncovered = guarded.add(demand)
            guard !guarded.delivering, guarded.queued > 0 || guarded.completion != nil else { return (uncovered, false) }
            guarded.delivering = true
            return (uncovered, true)
        }
        return start ? uncovered + deliver() : uncovered
    }

    /// Delivers nothing more: drops the queue and any waiting completion.
    @inlinable
    func cancel() {
        let dropped = guarded.withLock { guarded -> FIFOQueue<Input> in
            guarded.done = true
            guarded.completion = nil
            return guarded.queue.removeAll()
        }
        withExtendedLifetime(dropped) {}
    }

    /// Does what `start` says: a thread that took over the delivery delivers.
    @inlinable
    func deliver(_ start: Start) -> Subscribers.Demand {
        switch start {
        case .nothing: .none
        case .value(let value): deliver(first: .value(value))
        case .queue: deliver()
        }
    }

    /// This thread delivers `first`, if any, then until there is nothing it may deliver. Returns
    /// the demand the downstream added beyond the values that were queued when it added it.
    @inlinable
    func deliver(first: Delivery? = nil) -> Subscribers.Demand {
        var uncovered = Subscribers.Demand.none
        var delivery = first ?? guarded.withLock { $0.next() }
        while let current = delivery {
            switch current {
            case .value(let value):
                let more = downstream.receive(value)
                if more > 0 { uncovered += guarded.withLock { $0.add(more) } }
            case .completion(let completion):
                downstream.receive(completion: completion)
            }
            delivery = guarded.withLock { $0.next() }
        }
        return uncovered
    }
}
#endif
