#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of a publisher of a sequence's elements (`Publishers.Sequence`, `Record`):
/// each request lets out that many more elements, then the completion comes right after the
/// last one (without waiting for demand).
///
/// A request made from inside the subscriber, while elements are being delivered, adds to the
/// demand and the delivery goes on: never nested, never two at once.
///
/// Thread-safety: `request` and `cancel` from any thread; the iterator and the demand are under
/// a lock, released while the subscriber runs.
final class SequenceSubscription<Downstream: Subscriber, Elements: Sequence>: Subscription, CustomStringConvertible,
    @unchecked Sendable
where Elements.Element == Downstream.Input {
    // @unchecked: all mutable state is in `state`, under its lock; the subscriber is called by
    // the one thread that holds `delivering`.
    private struct State {
        var downstream: Downstream?
        var iterator: Elements.Iterator
        /// The element after the last one let out, read ahead to know when the sequence ends.
        var next: Elements.Element?
        var demand = Subscribers.Demand.none
        var delivering = false
    }

    private let state: Locked<State>
    private let completion: Subscribers.Completion<Downstream.Failure>

    /// The elements of `iterator` (whose first element is `first`), then `completion`.
    private init(
        _ downstream: Downstream, iterator: Elements.Iterator, first: Elements.Element,
        completion: Subscribers.Completion<Downstream.Failure>
    ) {
        state = Locked(State(downstream: downstream, iterator: iterator, next: first))
        self.completion = completion
    }

    /// Subscribes `subscriber` to `elements`, then `completion`: with no elements, it gets an
    /// empty subscription and the completion at once.
    static func subscribe(
        _ subscriber: Downstream, to elements: Elements, completion: Subscribers.Completion<Downstream.Failure>
    ) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscriber.receive(subscription: SequenceSubscription(subscriber, iterator: iterator, first: first, completion: completion))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let start = state.withLock { state -> Bool in
            state.demand += demand
            guard !state.delivering, state.downstream != nil else { return false }
            state.delivering = true
            return true
        }
        guard start else { return }
        while let (downstream, element, last) = state.withLock({ state -> (Downstream, Elements.Element, Bool)? in
            guard state.demand > 0, let downstream = state.downstream, let element = state.next else {
                state.delivering = false
                return nil
            }
            state.demand -= 1
            state.next = state.iterator.next()
            if state.next == nil { state.downstream = nil }
            return (downstream, element, state.next == nil)
        }) {
            let more = downstream.receive(element)
            if last {
                downstream.receive(completion: completion)
                state.withLock { $0.delivering = false }
                return
            }
            if more > 0 { state.withLock { $0.demand += more } }
        }
    }

    func cancel() {
        let downstream = state.withLock { $0.downstream.take() }
        withExtendedLifetime(downstream) {}
    }

    var description: String { "\(Elements.self)" }
}
#endif
