#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that ends the stream when its upstream stays quiet for too long.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher watched.
        public let upstream: Upstream
        /// How long the upstream may go without a value.
        public let interval: Context.SchedulerTimeType.Stride
        /// Where events are delivered, and time is measured.
        public let scheduler: Context
        /// The options deliveries are scheduled with.
        public let options: Context.SchedulerOptions?
        /// Makes the failure to end with on a timeout; nil: finish.
        public let customError: (() -> Upstream.Failure)?

        /// A publisher of `upstream`'s events that ends after `interval` without a value;
        /// `timeout(_:scheduler:options:customError:)` makes one.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Upstream.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        /// Subscribes `subscriber` to `upstream`, and starts the clock; each value restarts it.
        /// Values and the completion are delivered on the scheduler, in order. Demand passes
        /// straight through (Combine's asks the upstream for everything: see
        /// docs/PUBLISHING.md). O(1) amortized per value, plus one scheduled closure; the clock
        /// costs one closure per `interval` at most.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let customError = customError
            let timing = ScheduledEvents<S, Context, TimeoutOperator>.Timing(
                timeout: (interval, { customError.map { .failure($0()) } ?? .finished }))
            upstream.receive(subscriber: ScheduledEvents(
                subscriber, scheduler: scheduler, options: options, timing: timing))
        }
    }
}

extension Publisher {
    /// Ends the stream if `interval` passes without a value (counted from the subscription,
    /// then from each value): finishes, or fails with `customError()`; the upstream subscription
    /// is cancelled. Values and the completion are delivered on `scheduler`, in order.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}
#endif
