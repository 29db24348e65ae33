#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// `flatMap`'s subscription as the subscribers on its inner publishers see it: typed by the
/// inner publishers' output and failure only, its events reached through closures.
///
/// Why not the subscription itself: a subscriber whose type held the whole flat-map subscription
/// type (upstream input, inner publisher, downstream) was not specialized where the publisher is
/// written. The inner publisher's `receive(subscriber:)`, and all it reached (the inner
/// subscription's delivery, the merge), then ran generic code compiled in this module, looking up
/// generic metadata at each value (`flatMap` to `Just` cost over 100× its floor). The closures
/// are made by the inlinable ``FlatMapSubscription/innerEvents`` where the types are known, so
/// they run specialized.
///
/// Thread-safety: immutable; the closures are the subscription's, which any thread may call.
@usableFromInline
class FlatMapHub<Output, Failure: Error> {
    @usableFromInline let events: FlatMapInnerEvents<Output, Failure>

    @inlinable
    init(events: FlatMapInnerEvents<Output, Failure>) {
        self.events = events
    }
}

/// The hub, for the ``DeliverAndRequestNext`` its ``SerialDownstream`` delivers through (made
/// before the hub, so it is set just after).
///
/// Thread-safety: `hub` is set once, in the hub's initializer, before the hub is handed to
/// anyone. `unowned(unsafe)`: the hub owns the serial downstream that owns this link, and calls
/// into it while it delivers, so it outlives every use.
@usableFromInline
final class FlatMapHubLink<Output, Failure: Error> {
    @usableFromInline unowned(unsafe) var hub: FlatMapHub<Output, Failure>?

    @inlinable
    init() {}
}

/// What a ``FlatMapHub`` does with each event of an inner publisher, the publisher being known
/// by its index (the rank of the upstream value it was made of), and with the delivery of the
/// value of one (`requestNext`).
@usableFromInline
struct FlatMapInnerEvents<Output, Failure: Error> {
    @usableFromInline let subscription: (FlatMapHub<Output, Failure>, Subscription, Int) -> Void
    @usableFromInline let value: (FlatMapHub<Output, Failure>, Output, Int) -> Void
    @usableFromInline let completion: (FlatMapHub<Output, Failure>, Subscribers.Completion<Failure>, Int) -> Void
    @usableFromInline let requestNext: (FlatMapHub<Output, Failure>, Int) -> Void

    @inlinable
    init(
        subscription: @escaping (FlatMapHub<Output, Failure>, Subscription, Int) -> Void,
        value: @escaping (FlatMapHub<Output, Failure>, Output, Int) -> Void,
        completion: @escaping (FlatMapHub<Output, Failure>, Subscribers.Completion<Failure>, Int) -> Void,
        requestNext: @escaping (FlatMapHub<Output, Failure>, Int) -> Void
    ) {
        self.subscription = subscription
        self.value = value
        self.completion = completion
        self.requestNext = requestNext
    }
}

/// What `flatMap` subscribes to each inner publisher: passes its events to the hub, with the
/// index of the publisher. Asks for nothing itself (the hub requests through the subscription).
@usableFromInline
struct FlatMapInnerSubscriber<Input, Failure: Error>: Subscriber {
    @usableFromInline let hub: FlatMapHub<Input, Failure>
    @usableFromInline let index: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(hub: FlatMapHub<Input, Failure>, index: Int) {
        self.hub = hub
        self.index = index
    }

    @inlinable
    func receive(subscription: Subscription) {
        hub.events.subscription(hub, subscription, index)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        hub.events.value(hub, input, index)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        hub.events.completion(hub, completion, index)
    }
}

/// "FlatMap", with the flat-map subscription's identity as "parentSubscription", as Combine's
/// subscribers on the inner publishers.
extension FlatMapInnerSubscriber: CombineReflection {
    @usableFromInline
    var description: String { "FlatMap" }

    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [("parentSubscription", CombineIdentifier(hub))]) }
}
#endif
