#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of an operator that joins several upstreams into one downstream (`merge`,
/// `combineLatest`, `zip`): it keeps the upstream subscriptions, passes the downstream's demand on
/// to each of them, delivers through a ``SerialDownstream`` (one value at a time, within demand,
/// however many threads the upstreams deliver on), finishes when its ``JoinState`` says so (by
/// default, when every upstream has finished), and fails as soon as one fails, cancelling the
/// others.
///
/// Demand: what the downstream asks for, through `request(_:)` or through what its `receive(_:)`
/// returns, less what is already queued, is asked of every upstream. So the queue never holds
/// more than (upstreams − 1) × the largest request, and with unlimited demand every upstream is
/// asked for everything.
///
/// Thread-safety: every method from any thread; upstreams are called with no lock held.
///
/// Inlinable, with its state, ``SerialDownstream`` and ``FIFOQueue``: an operator's join is then
/// specialized where the publisher is written. Unspecialized, across the module, every value
/// looked up generic metadata, which was most of what a `zip` cost (30× the floor; now about 1×).
@usableFromInline
final class JoinSubscription<Downstream: Subscriber, State: JoinState>: Subscription, CustomStringConvertible {
    @usableFromInline
    typealias Serial = SerialDownstream<Downstream, Joined>

    @usableFromInline let serial: Serial
    @usableFromInline let description: String

    @usableFromInline
    struct Joined {
        @usableFromInline var state: State
        @usableFromInline var upstreams: [Subscription?]
        /// Everything asked of the upstreams so far: what an upstream that subscribes late is
        /// asked for at once.
        @usableFromInline var forwarded = Subscribers.Demand.none
        @usableFromInline var finished = 0
        /// Cancelled or completed: upstreams that subscribe now are cancelled.
        @usableFromInline var ended = false

        @inlinable
        init(state: State, upstreams: [Subscription?]) {
            self.state = state
            self.upstreams = upstreams
        }

        /// Ends the join: returns the upstream subscriptions still held, to cancel after unlocking.
        @inlinable
        mutating func end() -> [Subscription] {
            ended = true
            defer { upstreams = upstreams.map { _ in nil } }
            return upstreams.compactMap { $0 }
        }
    }

    @inlinable
    init(_ downstream: Downstream, upstreams count: Int, state: State, description: String) {
        serial = Serial(downstream, state: Joined(state: state, upstreams: Array(repeating: nil, count: count)))
        self.description = description
    }

    /// Upstream `index` has subscribed: keeps its subscription and asks it for what the others
    /// were asked for.
    @inlinable
    func receive(subscription: Subscription, from index: Int) {
        let demand = serial.withState { joined -> Subscribers.Demand? in
            guard !joined.ended, joined.upstreams[index] == nil else { return nil }
            joined.upstreams[index] = subscription
            return joined.forwarded
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    /// A value from an upstream: `update` folds it into the state, and may make a value for the
    /// downstream. If the state is then exhausted, the downstream finishes after the queued values.
    @inlinable
    func receive(_ update: (inout State) -> Downstream.Input?) {
        var others: [Subscription]?
        let more = serial.send { joined in
            let value = update(&joined.state)
            if joined.state.isExhausted, !joined.ended { others = joined.end() }
            return value
        }
        if let others {
            for upstream in others { upstream.cancel() }
            serial.complete(.finished)
        } else {
            forward(more)
        }
    }

    /// Upstream `index` has completed: a failure ends everything at once; a `.finished` ends it
    /// when the state says so, after the values queued.
    @inlinable
    func receive(completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
        let others = serial.withState { joined -> [Subscription]? in
            guard !joined.ended else { return nil }
            joined.upstreams[index] = nil
            if case .finished = completion {
                joined.finished += 1
                guard joined.state.finishes(afterUpstream: index, finished: joined.finished, of: joined.upstreams.count)
                else { return nil }
            }
            return joined.end()
        }
        guard let others else { return }
        for upstream in others { upstream.cancel() }
        serial.complete(completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        forward(serial.request(demand))
    }

    /// Asks every upstream for `demand` more.
    @inlinable
    func forward(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let upstreams = serial.withState { joined -> [Subscription] in
            joined.forwarded += demand
            return joined.upstreams.compactMap { $0 }
        }
        for upstream in upstreams { upstream.request(demand) }
    }

    @inlinable
    func cancel() {
        serial.cancel()
        for upstream in serial.withState({ $0.end() }) { upstream.cancel() }
    }

    /// The subscriber to put on upstream `index`, folding its values with `fold`.
    @inlinable
    func side<Input>(
        _ index: Int, _ fold: @escaping (inout State, inout Input?) -> Downstream.Input?
    ) -> JoinSide<Input, Downstream, State> {
        JoinSide(join: self, index: index, fold: fold)
    }
}

/// What a ``JoinSubscription``'s operator keeps between values, and when its downstream finishes.
@usableFromInline
protocol JoinState {
    /// Upstream `index` has finished, the `finished`th of `count`: whether the downstream
    /// finishes now (after the values queued; the other upstreams are cancelled). By default,
    /// once all have.
    @inlinable
    mutating func finishes(afterUpstream index: Int, finished: Int, of count: Int) -> Bool

    /// Whether no more values can be made, checked after each value: the downstream then
    /// finishes after the values queued. By default, never.
    @inlinable
    var isExhausted: Bool { get }
}

extension JoinState {
    @inlinable
    func finishes(afterUpstream index: Int, finished: Int, of count: Int) -> Bool {
        finished == count
    }

    @inlinable
    var isExhausted: Bool { false }
}

/// The state of an operator that keeps none (`merge`).
@usableFromInline
struct StatelessJoin: JoinState {}

/// The subscriber a ``JoinSubscription`` puts on upstream `index`: `fold` turns each of its
/// values into a change of the state, and maybe a value for the downstream. It runs under the
/// lock, so it swaps what it replaces into its `inout` argument (released after unlocking: a
/// release may run user code).
@usableFromInline
struct JoinSide<Input, Downstream: Subscriber, State: JoinState>: Subscriber {
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline let join: JoinSubscription<Downstream, State>
    @usableFromInline let index: Int
    @usableFromInline let fold: (inout State, inout Input?) -> Downstream.Input?
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(join: JoinSubscription<Downstream, State>, index: Int, fold: @escaping (inout State, inout Input?) -> Downstream.Input?) {
        self.join = join
        self.index = index
        self.fold = fold
    }

    @inlinable
    func receive(subscription: Subscription) {
        join.receive(subscription: subscription, from: index)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        var incoming: Input? = input
        join.receive { fold(&$0, &incoming) }
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        join.receive(completion: completion, from: index)
    }
}

/// The state of a join whose subscription reflects as Combine's (`merge`, `combineLatest`; not
/// `zip`, whose subscription Combine gives only a name).
@usableFromInline
protocol ReflectedJoinState: JoinState {
    /// The children of Combine's subscription for the operator, from the join's parts.
    func mirrorChildren(downstream: Any, upstreams: [Subscription?], demand: Subscribers.Demand) -> [Mirror.Child]
}

extension StatelessJoin: ReflectedJoinState {
    /// None, as Combine's `Merge`.
    @usableFromInline
    func mirrorChildren(downstream: Any, upstreams: [Subscription?], demand: Subscribers.Demand) -> [Mirror.Child] { [] }
}

extension JoinSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible, CombineReflection
where State: ReflectedJoinState {
    /// The operator's children (``ReflectedJoinState``): the state, the upstreams and the
    /// demand left are read under the join's lock.
    @usableFromInline
    var customMirror: Mirror {
        let (state, upstreams) = serial.withState { ($0.state, $0.upstreams) }
        let demand = serial.guarded.withLock { $0.demand }
        return Mirror(self, children: state.mirrorChildren(downstream: serial.downstream, upstreams: upstreams, demand: demand))
    }
}

/// A merge's side is "Merge", with its join's identity as "parentSubscription", as Combine's.
extension JoinSide: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, CombineReflection
where State == StatelessJoin {
    @usableFromInline
    var description: String { join.description }

    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [("parentSubscription", join.combineIdentifier)]) }
}

extension JoinSubscription where State == StatelessJoin {
    /// The subscriber to put on upstream `index` of a merge: each value goes downstream as is.
    @inlinable
    func mergeSide(_ index: Int) -> JoinSide<Downstream.Input, Downstream, StatelessJoin> {
        side(index) { _, value in value.take() }
    }
}
#endif
