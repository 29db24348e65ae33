#if !canImport(Combine)
@testable import UndraRuntime

/// A recording subscriber for the time-based operators: it logs each event with the virtual time
/// it arrived at, in milliseconds ("1@100", "finished@250", "failure 3@300", "subscribed@0"), so
/// that a test reads "send these at these times, expect this timeline".
///
/// Like ``Recorder`` it asks for `demand` when subscribed, for what `onValue` returns after each
/// value, and for more through `request(_:)`. Thread-safe.
final class Timeline<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: `state` is under its lock; the rest is set once, in init.
    private struct State {
        var log: [String] = []
        var subscription: Subscription?
    }

    private let state = Locked(State())
    private let scheduler: VirtualTimeScheduler
    private let demand: Subscribers.Demand
    private let onValue: (Input) -> Subscribers.Demand

    init<P: Publisher>(
        _ publisher: P, on scheduler: VirtualTimeScheduler, demand: Subscribers.Demand = .unlimited,
        onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }
    ) where P.Output == Input, P.Failure == Failure {
        self.scheduler = scheduler
        self.demand = demand
        self.onValue = onValue
        publisher.subscribe(self)
    }

    /// Every event, in order, with its time in milliseconds.
    var log: [String] { state.withLock { $0.log } }

    private func record(_ event: String) {
        let time = scheduler.now.nanoseconds / 1_000_000
        state.withLock { $0.log.append("\(event)@\(time)") }
    }

    func receive(subscription: Subscription) {
        state.withLock { $0.subscription = subscription }
        record("subscribed")
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        record("\(input)")
        return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: record("finished")
        case .failure(let error as TestError): record("failure \(error.code)")
        case .failure(let error): record("failure \(error)")
        }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.subscription }?.request(demand)
    }

    func cancel() {
        state.withLock { $0.subscription }?.cancel()
    }
}

extension VirtualTimeScheduler {
    /// Advances the clock by `milliseconds`.
    func advance(ms milliseconds: Int) {
        advance(by: .milliseconds(milliseconds))
    }
}
#endif
