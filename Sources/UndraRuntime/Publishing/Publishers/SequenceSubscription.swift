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
@usableFromInline
final class SequenceSubscription<Downstream: Subscriber, Elements: Sequence>: Subscription, CustomStringConvertible,
    @unchecked Sendable
where Elements.Element == Downstream.Input {
    // @unchecked: all mutable state is in `state`, under its lock; the subscriber is called by
    // the one thread that holds `delivering`.
    @usableFromInline
    struct State {
        @usableFromInline var downstream: Downstream?
        @usableFromInline var iterator: Elements.Iterator
        /// The element after the last one let out, read ahead to know when the sequence ends.
        @usableFromInline var next: Elements.Element?
        @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var delivering = false

        @inlinable
        init(downstream: Downstream, iterator: Elements.Iterator, next: Elements.Element) {
            self.downstream = downstream
            self.iterator = iterator
            self.next = next
        }
    }

    @usableFromInline let state: Locked<State>
    @usableFromInline let completion: Subscribers.Completion<Downstream.Failure>
    /// The elements, for the mirror only (Combine's shows them); no delivery reads them. Kept
    /// with the iterator, which for a collection holds them anyway.
    @usableFromInline let elements: Elements
    /// Whose subscription this is, for the name and children of the mirror.
    @usableFromInline let publisher: SequencePublisherKind
    /// What `request(_:)` does, made where the types are known (``deliverer``, passed in by the
    /// caller: a closure made in this initializer is not specialized). `request(_:)` is reached
    /// through `any Subscription`, whose witness is the generic method compiled in this module:
    /// so it only calls this, and the work runs specialized. Unspecialized, every element looked
    /// up generic metadata (`operators.collect.100` cost 11× its floor, a `flatMap` to `Just` 150×).
    @usableFromInline let deliver: (SequenceSubscription, Subscribers.Demand) -> Void

    /// The elements of `iterator` (whose first element is `first`), then `completion`.
    @inlinable
    init(
        _ downstream: Downstream, elements: Elements, iterator: Elements.Iterator, first: Elements.Element,
        completion: Subscribers.Completion<Downstream.Failure>, publisher: SequencePublisherKind,
        deliver: @escaping (SequenceSubscription, Subscribers.Demand) -> Void
    ) {
        state = Locked(State(downstream: downstream, iterator: iterator, next: first))
        self.completion = completion
        self.elements = elements
        self.publisher = publisher
        self.deliver = deliver
    }

    /// What ``deliver`` must be: ``deliver(_:)``.
    @inlinable
    static var deliverer: (SequenceSubscription, Subscribers.Demand) -> Void {
        { subscription, demand in subscription.deliver(demand) }
    }

    /// Subscribes `subscriber` to `elements`, then `completion`: with no elements, it gets an
    /// empty subscription and the completion at once. `publisher` says whose subscription it is.
    @inlinable
    static func subscribe(
        _ subscriber: Downstream, to elements: Elements, completion: Subscribers.Completion<Downstream.Failure>,
        of publisher: SequencePublisherKind
    ) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscriber.receive(subscription: SequenceSubscription(
            subscriber, elements: elements, iterator: iterator, first: first, completion: completion, publisher: publisher,
            deliver: deliverer))
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        deliver(self, demand)
    }

    /// Adds `demand`, and lets out the elements it allows, unless another call is doing so.
    @inlinable
    func deliver(_ demand: Subscribers.Demand) {
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

    @inlinable
    func cancel() {
        let downstream = state.withLock { $0.downstream.take() }
        withExtendedLifetime(downstream) {}
    }

    /// Whether it has not finished nor been cancelled; under the lock.
    @usableFromInline
    var isActive: Bool { state.withLock { $0.downstream != nil } }

    /// As Combine's: the elements while it is active; once it has finished or been cancelled,
    /// "Sequence" (`Publishers.Sequence`) or "Cancelled Events" (`Record`).
    @usableFromInline
    var description: String {
        if isActive { return String(describing: elements) }
        return switch publisher {
        case .sequence: "Sequence"
        case .record: "Cancelled Events"
        }
    }

    /// Combine's children: "sequence" (the elements while active, then none), and for a `Record`
    /// "completion".
    @usableFromInline
    var customMirror: Mirror {
        let sequence: Any = isActive ? elements : [Elements.Element]()
        return switch publisher {
        case .sequence: Mirror(self, children: [("sequence", sequence)])
        case .record: Mirror(self, children: [("sequence", sequence), ("completion", completion)])
        }
    }
}

extension SequenceSubscription: CombineReflection {}

/// The publisher a ``SequenceSubscription`` is for, as its reflection tells them apart.
@usableFromInline
enum SequencePublisherKind {
    case sequence
    case record
}
#endif
