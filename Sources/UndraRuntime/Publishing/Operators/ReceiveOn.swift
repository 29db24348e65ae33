#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's values and completion on a scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are moved to `scheduler`.
        public let upstream: Upstream
        /// Where values and the completion are delivered.
        public let scheduler: Context
        /// The options values are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s values, delivered on `scheduler`; `receive(on:)` makes one.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to `upstream`; each value and the completion are scheduled,
        /// in order. Demand passes straight through to the upstream. The subscription itself is
        /// handed over on the subscribing thread, as in Combine. O(1) amortized per event, plus
        /// one scheduled closure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ScheduledEvents<S, Context, ReceiveOnOperator>(
                subscriber, scheduler: scheduler, options: options, timing: .init()))
        }
    }
}

extension Publisher {
    /// Delivers values and the completion on `scheduler`, in order. A value still waiting when
    /// the subscription is cancelled is not delivered.
    public func receive<S: Scheduler>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
#endif
