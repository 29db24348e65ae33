#if !canImport(Combine)
@testable import UndraRuntime

/// A publisher driven by hand, the way a misbehaving or a very simple user-written publisher
/// would be: `send` calls its latest subscriber directly, whatever the demand and even after a
/// cancel, and returns the demand the subscriber answered with. Its subscriptions log every
/// `request` and `cancel`. So a test can check exactly what an operator asks of its upstream, and
/// what it does with events that arrive when they should not.
final class ManualPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: `state` is under Locked's lock; the subscriber is called outside it.
    private struct State {
        var subscriber: AnySubscriber<Output, Failure>?
        var log: [String] = []
        var subscriptions = 0
    }

    private let state = Locked(State())

    /// Every `request(n)` and `cancel` made on its subscriptions, in order.
    var requests: [String] { state.withLock { $0.log } }

    /// How many subscribers it has had.
    var subscriptions: Int { state.withLock { $0.subscriptions } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        state.withLock { state in
            state.subscriber = AnySubscriber(subscriber)
            state.subscriptions += 1
        }
        subscriber.receive(subscription: ManualSubscription(publisher: self))
    }

    /// Hands `value` to the latest subscriber; returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        state.withLock { $0.subscriber }?.receive(value) ?? .none
    }

    /// Hands `completion` to the latest subscriber.
    func send(completion: Subscribers.Completion<Failure>) {
        state.withLock { $0.subscriber }?.receive(completion: completion)
    }

    fileprivate func record(_ entry: String) {
        state.withLock { $0.log.append(entry) }
    }

    private struct ManualSubscription: Subscription {
        let publisher: ManualPublisher
        let combineIdentifier = CombineIdentifier()

        func request(_ demand: Subscribers.Demand) {
            publisher.record("request \(demand)")
        }

        func cancel() {
            publisher.record("cancel")
        }
    }
}

extension Recorder {
    /// Every event as text ("1", "finished", "failure(TestError(code: 2))"): for failures of type
    /// `any Error`, which is not `Equatable`.
    var log: [String] {
        events.map { event in
            switch event {
            case .value(let value): "\(value)"
            case .finished: "finished"
            case .failure(let error): "failure(\(error))"
            }
        }
    }
}

/// Proves that a subscriber is never called twice at once: `run` counts the calls in progress,
/// and notes each time it finds another one already there.
final class OverlapGuard: Sendable {
    private let inside = TestAtomic<Int>(0)
    private let overlapCount = TestAtomic<Int>(0)

    /// How many calls found another one in progress.
    var overlaps: Int { overlapCount.load(ordering: .acquiring) }

    func run<T>(_ body: () -> T) -> T {
        if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlapCount.wrappingAdd(1, ordering: .acquiringAndReleasing)
        }
        defer { inside.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
        return body()
    }
}
#endif
