#if !canImport(Combine)
import Dispatch
@testable import UndraRuntime

/// The one recording subscriber of the publishing tests: it records every event a publisher
/// delivers, in order, so that a test reads "send these, expect this log".
///
/// It is a real ``Subscriber``: it asks for `demand` when it gets its subscription (unlimited
/// unless told otherwise), asks for what `onValue` returns after each value, and `request(_:)`
/// asks for more from outside. `subscriptions` counts the subscriptions it received.
///
/// Thread-safe (events may arrive on any thread); `wait(forEvents:)` blocks until that many
/// events have arrived, for publishers that deliver on a queue or a thread.
final class Recorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: `state` is under Locked's lock; `arrivals` is a semaphore; the closures are
    // set once, before any event.
    enum Event {
        case value(Input)
        case finished
        case failure(Failure)
    }

    private struct State {
        var events: [Event] = []
        var subscription: Subscription?
        var subscriptions = 0
    }

    private let state = Locked(State())
    private let arrivals = DispatchSemaphore(value: 0)
    private let initialDemand: Subscribers.Demand
    private let onValue: (Input) -> Subscribers.Demand

    /// A recorder not yet subscribed to anything.
    init(demand: Subscribers.Demand = .unlimited, onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }) {
        initialDemand = demand
        self.onValue = onValue
    }

    /// Subscribes to `publisher` at once.
    convenience init<P: Publisher>(
        _ publisher: P, demand: Subscribers.Demand = .unlimited,
        onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }
    ) where P.Output == Input, P.Failure == Failure {
        self.init(demand: demand, onValue: onValue)
        publisher.subscribe(self)
    }

    func receive(subscription: Subscription) {
        state.withLock { state in
            state.subscriptions += 1
            state.subscription = subscription
        }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        record(.value(input))
        return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: record(.finished)
        case .failure(let error): record(.failure(error))
        }
    }

    private func record(_ event: Event) {
        state.withLock { $0.events.append(event) }
        arrivals.signal()
    }

    var events: [Event] { state.withLock { $0.events } }

    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    var subscriptions: Int { state.withLock { $0.subscriptions } }

    /// Asks the subscription for `demand` more values.
    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.subscription }?.request(demand)
    }

    func cancel() {
        state.withLock { $0.subscription }?.cancel()
    }

    /// Waits until `count` more events have arrived; false if they did not within `seconds`.
    func wait(forEvents count: Int, seconds: Double = 10) -> Bool {
        (0..<count).allSatisfy { _ in arrivals.wait(timeout: .now() + seconds) == .success }
    }
}

extension Recorder.Event: Equatable where Input: Equatable, Failure: Equatable {}

/// A shared, ordered log of what several subscribers did, for stories about interleavings.
final class Journal: @unchecked Sendable {
    // @unchecked: `entries` is under Locked's lock.
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }
}

/// A value handed to other threads by a test that knows what it does with it: the thing under
/// test is what must be thread-safe (a sink's `cancel`, say), not the test's plumbing.
struct Shared<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// An object whose release a test can watch through a weak reference.
final class Canary: Sendable {}

struct TestError: Error, Hashable, Codable {
    var code = 1
}
#endif
