#if !canImport(Combine)
import Dispatch

extension Publishers {
    /// A publisher that delivers a value only once its upstream has been quiet for `dueTime`.
    public struct Debounce<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are debounced.
        public let upstream: Upstream
        /// How long the upstream must be quiet before its latest value is delivered.
        public let dueTime: DispatchQueue.SchedulerTimeType.Stride
        /// The serial queue that values and the completion are delivered on.
        public let scheduler: DispatchQueue

        /// A publisher of `upstream`'s values that are followed by `dueTime` of quiet;
        /// `debounce(for:scheduler:)` makes one.
        @inlinable
        public init(upstream: Upstream, dueTime: DispatchQueue.SchedulerTimeType.Stride, scheduler: DispatchQueue) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
        }

        /// Subscribes to `upstream`. Each value costs a lock and one `asyncAfter` on `scheduler`.
        /// The closures are called on `scheduler`, one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let relay = QueueRelay<Output, Failure, DebounceState<Output>>(
                queue: scheduler, state: DebounceState(),
                receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            let dueTime = dueTime
            let subscription = upstream.sink(
                receiveCompletion: { completion in
                    // As in Combine: a value still waiting is dropped; the completion goes at once.
                    guard relay.update({ $0.pending = nil }) else { return }
                    relay.queue.async { relay.emit { _ in .completion(completion) } }
                },
                receiveValue: { value in
                    var generation = 0
                    guard relay.update({ state in
                        state.pending = value
                        state.generation += 1
                        generation = state.generation
                    }) else { return }
                    // Each value schedules a delivery; only the newest one's finds its value.
                    let ownGeneration = generation
                    relay.queue.asyncAfter(deadline: relay.queue.now.advanced(by: dueTime).dispatchTime) {
                        relay.emit { state in
                            state.generation == ownGeneration ? state.pending.take().map { .value($0) } : nil
                        }
                    }
                })
            return AnyCancellable {
                relay.cancel()
                subscription.cancel()
            }
        }
    }
}

/// The state of one debounce subscription.
struct DebounceState<Output> {
    /// The latest value, waiting for the upstream to be quiet.
    var pending: Output?
    /// Counts values: a scheduled delivery delivers only if no value came after its own.
    var generation = 0
}

extension Publisher {
    /// Delivers a value only after `dueTime` has passed with no newer value, on `scheduler` (a
    /// serial queue). When the upstream completes, a value still waiting is dropped, as in
    /// Combine, and the completion is delivered.
    @inlinable
    public func debounce(
        for dueTime: DispatchQueue.SchedulerTimeType.Stride, scheduler: DispatchQueue
    ) -> Publishers.Debounce<Self> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
    }
}
#endif
