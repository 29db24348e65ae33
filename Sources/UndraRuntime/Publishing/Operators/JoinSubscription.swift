#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of an operator that joins several upstreams into one downstream (`merge`,
/// `combineLatest`): it keeps the upstream subscriptions, passes the downstream's demand on to
/// each of them, delivers through a ``SerialDownstream`` (one value at a time, within demand,
/// however many threads the upstreams deliver on), finishes when every upstream has finished,
/// and fails as soon as one fails, cancelling the others.
///
/// Demand: what the downstream asks for, less what is already queued, is asked of every
/// upstream. So the queue never holds more than (upstreams − 1) × the largest request, and with
/// unlimited demand every upstream is asked for everything.
///
/// Thread-safety: every method from any thread; upstreams are called with no lock held.
final class JoinSubscription<Downstream: Subscriber, State>: Subscription, CustomStringConvertible {
    typealias Serial = SerialDownstream<Downstream, Joined>

    let serial: Serial

    struct Joined {
        var state: State
        var upstreams: [Subscription?]
        /// Everything asked of the upstreams so far: what an upstream that subscribes late is
        /// asked for at once.
        var forwarded = Subscribers.Demand.none
        var finished = 0
        var cancelled = false
    }

    init(_ downstream: Downstream, upstreams count: Int, state: State) {
        serial = Serial(downstream, state: Joined(state: state, upstreams: Array(repeating: nil, count: count)))
    }

    /// Upstream `index` has subscribed: keeps its subscription and asks it for what the others
    /// were asked for.
    func receive(subscription: Subscription, from index: Int) {
        let demand = serial.withState { joined -> Subscribers.Demand? in
            guard !joined.cancelled, joined.upstreams[index] == nil else { return nil }
            joined.upstreams[index] = subscription
            return joined.forwarded
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    /// A value from an upstream: `update` folds it into the state, and may make a value for the
    /// downstream. What the downstream asks for meanwhile is asked of every upstream, as a request.
    func receive(_ update: (inout State) -> Downstream.Input?) {
        forward(serial.send { update(&$0.state) })
    }

    /// Upstream `index` has completed: a failure ends everything at once; the last `.finished`
    /// finishes the downstream after the values queued.
    func receive(completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
        let (others, complete) = serial.withState { joined -> ([Subscription], Bool) in
            guard !joined.cancelled else { return ([], false) }
            joined.upstreams[index] = nil
            if case .failure = completion {
                joined.cancelled = true
                return (joined.upstreams.compactMap { $0 }, true)
            }
            joined.finished += 1
            return ([], joined.finished == joined.upstreams.count)
        }
        for upstream in others { upstream.cancel() }
        if complete { serial.complete(completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        forward(serial.request(demand))
    }

    /// Asks every upstream for `demand` more.
    private func forward(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let upstreams = serial.withState { joined -> [Subscription] in
            joined.forwarded += demand
            return joined.upstreams.compactMap { $0 }
        }
        for upstream in upstreams { upstream.request(demand) }
    }

    func cancel() {
        serial.cancel()
        let upstreams = serial.withState { joined -> [Subscription] in
            joined.cancelled = true
            defer { joined.upstreams = joined.upstreams.map { _ in nil } }
            return joined.upstreams.compactMap { $0 }
        }
        for upstream in upstreams { upstream.cancel() }
    }

    var description: String { "Join" }
}

/// The subscriber a ``JoinSubscription`` puts on upstream `index`: `fold` turns each of its
/// values into a change of the state, and maybe a value for the downstream. It runs under the
/// lock, so it swaps what it replaces into its `inout` argument (released after unlocking: a
/// release may run user code).
struct JoinSide<Input, Downstream: Subscriber, State>: Subscriber {
    typealias Failure = Downstream.Failure

    let join: JoinSubscription<Downstream, State>
    let index: Int
    let fold: (inout State, inout Input?) -> Downstream.Input?
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: Subscription) {
        join.receive(subscription: subscription, from: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        var incoming: Input? = input
        join.receive { fold(&$0, &incoming) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        join.receive(completion: completion, from: index)
    }
}
#endif
