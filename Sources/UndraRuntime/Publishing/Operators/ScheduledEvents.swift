#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscriber and subscription of an operator that delivers its upstream's events on a
/// scheduler, in the order they came: `receive(on:)` (as soon as the scheduler can), `delay`
/// (each event `delay` after it came) and `timeout` (as soon as the scheduler can, ending the
/// stream when the upstream stays quiet too long).
///
/// Every event goes into a queue, and each event schedules one closure that delivers the oldest
/// waiting: so the order holds even on a scheduler that may run two closures due at nearly the
/// same time in the other order. Demand passes straight through: the downstream's requests go to
/// the upstream, and so does what its `receive(_:)` returns, once the value has been delivered.
///
/// Timeout: one closure at a time waits for the deadline (the last value's time, or the
/// subscription's, plus the interval). When it runs and a value has moved the deadline, it waits
/// again for the new one: a value costs no closure of its own for the timer.
///
/// Thread-safety: the upstream side from its delivering thread, `request` and `cancel` from any;
/// the downstream is called only from the scheduler, which must run one closure at a time.
final class ScheduledEvents<Downstream: Subscriber, Context: Scheduler, Operator: ScheduledOperator>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
{
    // @unchecked: its state is in `relay` and `upstream`, each under a lock.
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure
    typealias Stride = Context.SchedulerTimeType.Stride

    /// When and how the events go.
    struct Timing {
        /// How long each event waits before it is delivered; nil: as soon as possible.
        var delay: Stride?
        var tolerance: Stride?
        /// Whether the downstream gets its subscription on the scheduler (`delay`) or at once.
        var subscriptionOnScheduler = false
        /// How long the upstream may stay quiet, and how the stream then ends.
        var timeout: (interval: Stride, end: () -> Subscribers.Completion<Failure>)?
    }

    struct State {
        var events = FIFOQueue<ScheduledEvent<Input, Failure>>()
        /// No more events come in: the upstream completed, or timed out.
        var ended = false
        /// When the upstream will have been quiet for too long (`timeout` only).
        var deadline: Context.SchedulerTimeType?
    }

    let relay: ScheduledDownstream<Downstream, State>
    let upstream = UpstreamSubscription()
    let scheduler: Context
    let options: Context.SchedulerOptions?
    let timing: Timing

    /// The operator's name (``ScheduledOperator``).
    var description: String { Operator.name }

    init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?, timing: Timing) {
        relay = ScheduledDownstream(downstream, state: State())
        self.scheduler = scheduler
        self.options = options
        self.timing = timing
    }

    func receive(subscription: Subscription) {
        guard upstream.set(subscription) else { return }
        if let timeout = timing.timeout {
            let deadline = scheduler.now.advanced(by: timeout.interval)
            guard relay.update({ $0.deadline = deadline }) else { return }
            waitForTimeout(until: deadline)
        }
        if timing.subscriptionOnScheduler {
            scheduler.schedule(options: options) { [self] in relay.downstream?.receive(subscription: self) }
        } else {
            relay.downstream?.receive(subscription: self)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let now = timing.timeout == nil ? nil : scheduler.now
        var accepted = false
        _ = relay.update { state in
            guard !state.ended else { return }
            accepted = true
            state.events.append(.value(input))
            if let now, let timeout = timing.timeout { state.deadline = now.advanced(by: timeout.interval) }
        }
        if accepted { scheduleDelivery() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        var accepted = false
        _ = relay.update { state in
            guard !state.ended else { return }
            accepted = true
            state.ended = true
            state.events.append(.completion(completion))
        }
        guard accepted else { return }
        upstream.release()
        scheduleDelivery()
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        relay.cancel()
        upstream.cancel()
    }

    /// Schedules the delivery of the oldest waiting event.
    private func scheduleDelivery() {
        if let delay = timing.delay {
            scheduler.schedule(after: scheduler.now.advanced(by: delay),
                               tolerance: timing.tolerance ?? scheduler.minimumTolerance, options: options) { [self] in
                deliverOldest()
            }
        } else {
            scheduler.schedule(options: options) { [self] in deliverOldest() }
        }
    }

    /// On the scheduler: delivers the oldest waiting event, and asks the upstream for what the
    /// downstream asks for in return.
    private func deliverOldest() {
        upstream.request(relay.emit { $0.events.popFirst() })
    }

    private func waitForTimeout(until deadline: Context.SchedulerTimeType) {
        scheduler.schedule(after: deadline, tolerance: timing.tolerance ?? scheduler.minimumTolerance,
                           options: options) { [self] in
            checkTimeout()
        }
    }

    /// On the scheduler, at a deadline: waits again if a value has moved it; otherwise ends the
    /// stream, cancelling the upstream.
    private func checkTimeout() {
        guard let timeout = timing.timeout else { return }
        let now = scheduler.now
        var later: Context.SchedulerTimeType?
        var timedOut = false
        _ = relay.update { state in
            guard !state.ended, let deadline = state.deadline else { return }
            if now < deadline {
                later = deadline
            } else {
                state.ended = true
                timedOut = true
            }
        }
        if let later { return waitForTimeout(until: later) }
        guard timedOut else { return }
        upstream.cancel()
        // `end` may call the user's `customError`: outside the lock.
        let completion = timeout.end()
        _ = relay.update { $0.events.append(.completion(completion)) }
        // This closure is the completion's own: it delivers the oldest event (values still
        // waiting go first, each by its own closure).
        deliverOldest()
    }
}
/// Which operator a ``ScheduledEvents`` serves: its name, and (``ReflectedScheduledOperator``)
/// whether its subscription reflects, as a type, so that it costs no stored field.
protocol ScheduledOperator {
    static var name: String { get }
}

/// An operator whose subscription Combine reflects: its name, no children (`receive(on:)`,
/// `timeout`; `delay`'s has no reflection of its own in Combine).
protocol ReflectedScheduledOperator: ScheduledOperator {}

extension ScheduledEvents: CustomReflectable, CustomPlaygroundDisplayConvertible, CombineReflection,
    ChildlessCombineReflection where Operator: ReflectedScheduledOperator {}

/// `receive(on:)`.
enum ReceiveOnOperator: ReflectedScheduledOperator {
    static var name: String { "ReceiveOn" }
}

/// `timeout`.
enum TimeoutOperator: ReflectedScheduledOperator {
    static var name: String { "Timeout" }
}

/// `delay`.
enum DelayOperator: ScheduledOperator {
    static var name: String { "Delay" }
}
#endif
