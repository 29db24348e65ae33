#if !canImport(Combine)
@testable import UndraRuntime

/// A publisher written the way a Combine user writes one: its own `Subscription` class, which
/// delivers 0, 1, 2, … only as far as demand allows (synchronously, inside `request`), then
/// finishes after `limit` values. It logs every request and cancel, so that tests can check what
/// operators ask of their upstream.
final class CountingPublisher: Publisher, @unchecked Sendable {
    // @unchecked: `log` is under Locked's lock.
    typealias Output = Int
    typealias Failure = TestError

    let limit: Int
    private let log = Locked<[String]>([])

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Every `request(n)` and `cancel` made on its subscriptions, in order.
    var requests: [String] { log.withLock { $0 } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        subscriber.receive(subscription: CountingSubscription(subscriber: subscriber, publisher: self))
    }

    fileprivate func record(_ entry: String) {
        log.withLock { $0.append(entry) }
    }
}

private final class CountingSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == TestError {
    // @unchecked: `state` is under Locked's lock; the subscriber is called outside it, by the
    // one thread that holds `emitting`.
    private struct State {
        var subscriber: S?
        var demand = Subscribers.Demand.none
        var next = 0
        var emitting = false
    }

    private let state: Locked<State>
    private let publisher: CountingPublisher

    init(subscriber: S, publisher: CountingPublisher) {
        state = Locked(State(subscriber: subscriber))
        self.publisher = publisher
    }

    func request(_ demand: Subscribers.Demand) {
        publisher.record("request \(demand)")
        let start = state.withLock { state -> Bool in
            state.demand += demand
            guard !state.emitting else { return false }
            state.emitting = true
            return true
        }
        guard start else { return }
        while true {
            let step = state.withLock { state -> (S, Int?)? in
                guard let subscriber = state.subscriber else {
                    state.emitting = false
                    return nil
                }
                if state.next == publisher.limit {
                    state.subscriber = nil
                    return (subscriber, nil)
                }
                guard state.demand > 0 else {
                    state.emitting = false
                    return nil
                }
                state.demand -= 1
                state.next += 1
                return (subscriber, state.next - 1)
            }
            guard let (subscriber, value) = step else { return }
            guard let value else { return subscriber.receive(completion: .finished) }
            let more = subscriber.receive(value)
            state.withLock { $0.demand += more }
        }
    }

    func cancel() {
        publisher.record("cancel")
        let subscriber = state.withLock { $0.subscriber.take() }
        withExtendedLifetime(subscriber) {}
    }
}
#endif
