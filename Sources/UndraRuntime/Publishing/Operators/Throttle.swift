#if !canImport(Combine)
import Dispatch

extension Publishers {
    /// A publisher that delivers at most one value per `interval`: the first or the latest of
    /// the values received in that time.
    public struct Throttle<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are throttled.
        public let upstream: Upstream
        /// The shortest time between two deliveries.
        public let interval: DispatchQueue.SchedulerTimeType.Stride
        /// The serial queue that values and the completion are delivered on.
        public let scheduler: DispatchQueue
        /// Whether to deliver the latest value of an interval (true) or its first (false).
        public let latest: Bool

        /// A publisher of at most one of `upstream`'s values per `interval`;
        /// `throttle(for:scheduler:latest:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, interval: DispatchQueue.SchedulerTimeType.Stride, scheduler: DispatchQueue, latest: Bool
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Subscribes to `upstream`. Each value costs a lock, and at most one `asyncAfter` on
        /// `scheduler` per interval. The closures are called on `scheduler`, one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let relay = QueueRelay<Output, Failure, ThrottleState<Output, Failure>>(
                queue: scheduler, state: ThrottleState(),
                receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            let (interval, latest) = (interval, latest)
            // Delivers what is waiting: the value, then the completion if one came meanwhile.
            let emit: @Sendable () -> Void = {
                relay.emit { state in
                    state.emissionScheduled = false
                    guard let value = state.pending.take() else { return nil }
                    state.lastEmission = relay.queue.now
                    return .value(value)
                }
                relay.emit { state in state.pendingCompletion.take().map { .completion($0) } }
            }
            let subscription = upstream.sink(
                receiveCompletion: { completion in
                    var scheduleNow = false
                    guard relay.update({ state in
                        state.pendingCompletion = completion
                        scheduleNow = !state.emissionScheduled
                        state.emissionScheduled = true
                    }) else { return }
                    if scheduleNow { relay.queue.async(execute: emit) }
                },
                receiveValue: { value in
                    var emissionTime: DispatchQueue.SchedulerTimeType?
                    guard relay.update({ state in
                        if latest || !state.emissionScheduled { state.pending = value }
                        guard !state.emissionScheduled else { return }
                        state.emissionScheduled = true
                        // The first value of a quiet period goes at once; later ones wait
                        // until an interval has passed since the last delivery.
                        let now = relay.queue.now
                        emissionTime = max(now, state.lastEmission?.advanced(by: interval) ?? now)
                    }), let emissionTime else { return }
                    relay.queue.asyncAfter(deadline: emissionTime.dispatchTime, execute: emit)
                })
            return AnyCancellable {
                relay.cancel()
                subscription.cancel()
            }
        }
    }
}

/// The state of one throttle subscription.
struct ThrottleState<Output, Failure: Error> {
    /// The value to deliver at the next emission.
    var pending: Output?
    /// A completion that came while an emission was scheduled: it follows that emission.
    var pendingCompletion: Subscribers.Completion<Failure>?
    var emissionScheduled = false
    var lastEmission: DispatchQueue.SchedulerTimeType?
}

extension Publisher {
    /// Delivers at most one value per `interval`, on `scheduler` (a serial queue): the first
    /// value of a quiet period at once, then, at the end of each interval in which values came,
    /// the latest (`latest: true`) or the first (`latest: false`) of them.
    @inlinable
    public func throttle(
        for interval: DispatchQueue.SchedulerTimeType.Stride, scheduler: DispatchQueue, latest: Bool
    ) -> Publishers.Throttle<Self> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}
#endif
