#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers each of its upstream's events, the completion included, a fixed
    /// time after it came, on a scheduler.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are delayed.
        public let upstream: Upstream
        /// How long each event waits.
        public let interval: Context.SchedulerTimeType.Stride
        /// How far from `interval` a delivery may be, give or take.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// Where the events are delivered.
        public let scheduler: Context
        /// The options deliveries are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s events, each `interval` later, on `scheduler`;
        /// `delay(for:tolerance:scheduler:options:)` makes one.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to `upstream`. As in Combine, the subscriber gets its
        /// subscription on the scheduler too, and each value and the completion `interval` after
        /// they came, in order. Demand passes straight through. O(1) amortized per event, plus
        /// one scheduled closure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let timing = ScheduledEvents<S, Context, DelayOperator>.Timing(
                delay: interval, tolerance: tolerance, subscriptionOnScheduler: true)
            upstream.receive(subscriber: ScheduledEvents(
                subscriber, scheduler: scheduler, options: options, timing: timing))
        }
    }
}

extension Publisher {
    /// Delivers each value, and the completion, `interval` after it came, on `scheduler`, in
    /// order (`tolerance`: the scheduler's finest if nil). A value still waiting when the
    /// subscription is cancelled is not delivered.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler, options: options)
    }
}
#endif
