#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// What an `AsyncPublisher` or `AsyncThrowingPublisher` iterator holds: its subscriber, which it
/// cancels when the iterator goes away (the subscription keeps the subscriber, not the other way
/// round, so nothing else would end it).
final class AsyncValuesLifetime<Input: Sendable, Failure: Error>: Sendable {
    let subscriber = AsyncValuesSubscriber<Input, Failure>()

    init<P: Publisher>(subscribingTo publisher: P) where P.Output == Input, P.Failure == Failure {
        publisher.receive(subscriber: subscriber)
    }

    deinit {
        subscriber.cancel()
    }
}

/// The subscriber behind `values`: each `next()` asks for one value and waits for it, the
/// publisher's completion or the task's cancellation.
///
/// Thread-safety: the publisher's events come on any thread, `next()` and `cancel()` from any
/// task; they meet under one lock, and the waiting task is resumed outside it. A value that comes
/// with nobody waiting (a publisher ignoring demand) is dropped.
final class AsyncValuesSubscriber<Input: Sendable, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: `state` is reached only under Locked's lock.

    /// A value, the end (nil), or the failure.
    typealias Event = Result<Input?, Failure>

    private struct State {
        var subscription: (any Subscription)?
        /// A `next()` came before the subscription: its request waits for it.
        var requestWaiting = false
        var waiting: CheckedContinuation<Event, Never>?
        /// Came with nobody waiting: the next `next()` takes it.
        var completion: Subscribers.Completion<Failure>?
        /// Cancelled, or the completion handed out: every `next()` returns nil.
        var ended = false
    }

    private let state = Locked(State())

    /// What `next()` does once it has looked at the state.
    private enum Step {
        case resume(Event)
        case request(any Subscription)
        case wait
    }

    func receive(subscription: any Subscription) {
        let request = state.withLock { state -> Bool? in
            guard !state.ended, state.completion == nil, state.subscription == nil else { return nil }
            state.subscription = subscription
            defer { state.requestWaiting = false }
            return state.requestWaiting
        }
        switch request {
        case nil: subscription.cancel()
        case true?: subscription.request(.max(1))
        case false?: break
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.waiting.take() }?.resume(returning: .success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let waiting = state.withLock { state -> CheckedContinuation<Event, Never>? in
            guard !state.ended, state.completion == nil else { return nil }
            state.subscription = nil
            guard let waiting = state.waiting.take() else {
                state.completion = completion
                return nil
            }
            state.ended = true
            return waiting
        }
        waiting?.resume(returning: Self.event(completion))
    }

    /// Asks for one value and waits for it; nil at the end or when the task is cancelled.
    func next() async -> Event {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let step = state.withLock { state -> Step in
                    if let completion = state.completion.take() {
                        state.ended = true
                        return .resume(Self.event(completion))
                    }
                    // A second `next()` at once is a misuse of the iterator: it ends there.
                    guard !state.ended, state.waiting == nil else { return .resume(.success(nil)) }
                    state.waiting = continuation
                    guard let subscription = state.subscription else {
                        state.requestWaiting = true
                        return .wait
                    }
                    return .request(subscription)
                }
                switch step {
                case .resume(let event): continuation.resume(returning: event)
                case .request(let subscription): subscription.request(.max(1))
                case .wait: break
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the iteration: the subscription is cancelled and a waiting `next()` returns nil.
    func cancel() {
        let (subscription, waiting) = state.withLock { state in
            state.ended = true
            state.completion = nil
            return (state.subscription.take(), state.waiting.take())
        }
        subscription?.cancel()
        waiting?.resume(returning: .success(nil))
    }

    private static func event(_ completion: Subscribers.Completion<Failure>) -> Event {
        switch completion {
        case .finished: .success(nil)
        case .failure(let error): .failure(error)
        }
    }
}
#endif
