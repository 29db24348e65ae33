#if canImport(Combine)
@preconcurrency import Combine
#endif
import Dispatch

extension Publisher where Output: Sendable {
    /// The publisher's values and completion, delivered on the main actor, to sinks that take
    /// `@MainActor` closures: what main-actor code (a view model, a UIKit screen) subscribes with,
    /// so that the compiler, not the program at run time, checks where its closures run.
    ///
    ///     @MainActor final class ScoreViewModel {
    ///         private(set) var text = ""
    ///         private var subscription: AnyCancellable?
    ///         init(score: Score) {
    ///             subscription = score.$total.receive(on: MainActor.shared).sink { [weak self] total in
    ///                 self?.text = "\(total)"     // main-actor state, written with no hop
    ///             }
    ///         }
    ///     }
    ///
    /// Unlike `receive(on: DispatchQueue.main)`, an event that arrives on the main queue is
    /// delivered at once, not a turn later: a store whose core delivers on the main actor (the
    /// default, `Core.Delivery.main`) reaches its subscriber in the drain that applied the frame,
    /// one update per drain. An event from another thread is queued on the main queue; events
    /// keep their order either way. The values cross to the main actor, so they are `Sendable`.
    public func receive(on actor: MainActor) -> MainActorEvents<Self> {
        MainActorEvents(upstream: self)
    }
}

/// A publisher's events, delivered on the main actor: `receive(on: MainActor.shared)`. Its
/// subscribers are main-actor closures (`sink`) or any subscriber (`subscribe(_:)`), called on
/// the main queue.
///
/// It is not itself a `Publisher`: given both, Swift picks Combine's `sink`, whose closure has no
/// isolation, and a closure that touches main-actor state would not compile. Apply operators
/// before it (`$total.map(\.description).receive(on: MainActor.shared)`); `upstream` is the
/// publisher it delivers.
///
/// - Thread safety: `Sendable` when its upstream is; subscribe and cancel from any thread.
///   Values and the completion are delivered on the main queue, in order; once a subscription is
///   cancelled, nothing that was queued for it is delivered.
public struct MainActorEvents<Upstream: Publisher> where Upstream.Output: Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are delivered on the main actor.
    public let upstream: Upstream

    /// The events of `upstream`, delivered on the main actor.
    public init(upstream: Upstream) {
        self.upstream = upstream
    }

    /// Subscribes `subscriber`: its `receive` calls (but the subscription's, which comes on the
    /// subscribing thread, as with Combine's `receive(on:)`) run on the main queue.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.receive(subscriber: MainActorDelivery(downstream: subscriber))
    }

    /// Subscribes with main-actor closures, and asks for every value.
    public func sink(
        receiveCompletion: @escaping @MainActor (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping @MainActor (Output) -> Void
    ) -> AnyCancellable {
        // Every event reaches the sink on the main queue (`MainActorDelivery`), so asserting the
        // isolation never fails.
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { completion in MainActor.assumeIsolated { receiveCompletion(completion) } },
            receiveValue: { value in MainActor.assumeIsolated { receiveValue(value) } })
        subscribe(sink)
        return AnyCancellable(sink)
    }

    /// Subscribes with a main-actor closure, and asks for every value.
    public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable where Failure == Never {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension MainActorEvents: Sendable where Upstream: Sendable {}

/// Stands between an upstream publisher and its subscriber: forwards each event at once when it
/// arrives on the main queue and none is waiting there, and otherwise queues it on the main
/// queue behind those that are; the subscriber's demand goes to the upstream.
///
/// `@unchecked Sendable`: its state (`state`) is under that `Locked`'s lock; `downstream` is
/// immutable, and its events are called one at a time (the upstream's are serial, and those
/// queued run in order on the one main queue).
private final class MainActorDelivery<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
where Downstream.Input: Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct State {
        var upstream: (any Subscription)?
        /// Events queued on the main queue and not yet delivered.
        var queued = 0
        var cancelled = false
    }

    private let downstream: Downstream
    private let state = Locked(State())

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func receive(subscription: any Subscription) {
        let first = state.withLock { state in
            guard state.upstream == nil, !state.cancelled else { return false }
            state.upstream = subscription
            return true
        }
        guard first else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard mustQueue() else { return downstream.receive(input) }
        DispatchQueue.main.async { [self] in
            guard let upstream = dequeue() else { return }
            let demand = downstream.receive(input)
            if demand > .none { upstream.request(demand) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard mustQueue() else { return finish(completion) }
        DispatchQueue.main.async { [self] in
            guard dequeue() != nil else { return }
            finish(completion)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.cancelled ? nil : $0.upstream }?.request(demand)
    }

    func cancel() {
        let upstream = state.withLock { state -> (any Subscription)? in
            state.cancelled = true
            defer { state.upstream = nil }
            return state.upstream
        }
        upstream?.cancel()
    }

    /// Whether an event arriving now must wait on the main queue (counted as queued): it arrived
    /// elsewhere, or behind others that wait.
    private func mustQueue() -> Bool {
        let here = MainQueue.isCurrent
        return state.withLock { state in
            guard !here || state.queued > 0 else { return false }
            state.queued += 1
            return true
        }
    }

    /// Counts a queued event as delivered; the upstream, or nil if the subscription was cancelled.
    private func dequeue() -> (any Subscription)? {
        state.withLock { state in
            state.queued -= 1
            return state.cancelled ? nil : state.upstream
        }
    }

    private func finish(_ completion: Subscribers.Completion<Failure>) {
        let live = state.withLock { state in
            defer { state.upstream = nil; state.cancelled = true }
            return !state.cancelled
        }
        if live { downstream.receive(completion: completion) }
    }
}
